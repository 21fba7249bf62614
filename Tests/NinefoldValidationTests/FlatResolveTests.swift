import Foundation
import NinefoldResolution
import NinefoldScene
import NinefoldValidation
import Testing

/// `ninefold resolve --class C` prints a flat document that validates against the schema and,
/// validated on its own for C, gives the same frames and layout findings as the original.
@Suite struct FlatResolveTests {
    static var documents: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: repositoryPath("Documents"))) ?? []
        return names.filter { $0.hasSuffix(".xml") }.sorted()
    }

    @Test(arguments: documents)
    func flatDocumentGivesTheSameLayout(_ name: String) throws {
        let scene = try SceneReader().read(contentsOf: repositoryPath("Documents/" + name))
        for sizeClass in SizeClass.all {
            let original = Validator.validate(scene, path: name, classes: [sizeClass])
            let flatText = SceneWriter().write(Resolver(scene: scene).resolve(sizeClass).flattened())
            let flat = try SceneReader().read(string: flatText, path: "flat-" + name)
            let again = Validator.validate(flat, path: name, classes: [sizeClass])
            let before = try #require(original.classes.first), after = try #require(again.classes.first)
            #expect(after.status == before.status, "\(name) \(sizeClass)")
            #expect(after.views.map { $0.id } == before.views.map { $0.id })
            for (lhs, rhs) in zip(after.views, before.views) {
                #expect(lhs.frame == rhs.frame, "\(name) \(sizeClass) \(lhs.id)")
            }
            // Resolution findings belong to the variations, which the flat document no longer has.
            let layoutKinds = { (result: ClassResult) in
                result.findings.map { $0.kind }.filter { !["resolution-tie", "uninstalled-reference", "shadowed-declaration"].contains($0) }
            }
            #expect(layoutKinds(after) == layoutKinds(before), "\(name) \(sizeClass)")
        }
    }
}
