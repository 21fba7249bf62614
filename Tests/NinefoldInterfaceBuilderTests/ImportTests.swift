import Foundation
import NinefoldInterfaceBuilder
import NinefoldScene
import NinefoldValidation
import Testing

/// `ninefold import` writes each layout with SceneWriter; reading that document back must give
/// the same frames, verdicts and findings as reading the IB file directly (SCENE-FORMAT §7).
struct ImportTests {
    static let fixtures = ["Basic.storyboard", "SizeClasses.storyboard", "Autoresizing.storyboard", "Cells.xib",
                           "Controls.storyboard", "Mixed.storyboard", "StackScroll.storyboard", "Collection.storyboard", "Unmodelled.xib", "PreservedMargins.xib", "FramelessCell.xib",
                           "Configured.storyboard"]

    @Test(arguments: fixtures)
    func importedDocumentsCheckTheSame(_ name: String) throws {
        let documents = try Fixture.documents(name).filter { (try? $0.result.get()) != nil }
        #expect(!documents.isEmpty)
        for document in documents {
            let direct = try document.result.get().scene
            let written = SceneWriter().write(direct)
            let imported = try SceneReader().read(string: written, path: "imported.xml")
            let left = Validator.validate(direct, path: document.name)
            let right = Validator.validate(imported, path: document.name)
            for (a, b) in zip(left.classes, right.classes) {
                #expect(a.status == b.status, "\(document.name) \(a.sizeClass)")
                #expect(a.canvas == b.canvas)
                #expect(a.views.map(\.id) == b.views.map(\.id))
                #expect(a.views.map(\.frame) == b.views.map(\.frame), "\(document.name) \(a.sizeClass)")
                #expect(a.views.map(\.ambiguous) == b.views.map(\.ambiguous))
                // Locations differ by design: the IB file's lines versus the written document's.
                #expect(a.findings.map(Self.comparable) == b.findings.map(Self.comparable), "\(document.name) \(a.sizeClass)")
            }
        }
    }

    static func comparable(_ finding: Finding) -> String {
        let message = finding.message.replacingOccurrences(of: #"line \d+"#, with: "line N", options: .regularExpression)
        return "\(finding.kind) \(finding.severity) \(message) \(finding.views) \(finding.constraints)"
    }
}
