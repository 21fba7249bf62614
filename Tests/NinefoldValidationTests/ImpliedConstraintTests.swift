import Foundation
import NinefoldScene
import NinefoldValidation
import Testing

/// A verdict is never flipped by a constraint the others imply (Documentation/Reliability.md).
/// The simplest implied constraint is a second copy of one already there: whatever holds the
/// original holds the copy, in every class where both are installed.
@Suite struct ImpliedConstraintTests {
    static let documents: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: repositoryPath("Documents"))) ?? []
        return names.filter { $0.hasSuffix(".xml") }.sorted().map { "Documents/" + $0 }
    }()

    /// Appends a copy, under a new id, of the first required constraint the root holds
    /// or, failing that, of any view's.
    static func withCopiedConstraint(_ scene: Scene) -> Scene? {
        var copy = scene
        func firstConstraint(_ view: View) -> Constraint? {
            view.constraints.first { ($0.attributes.priority ?? .required).isRequired }
                ?? view.subviews.lazy.compactMap(firstConstraint).first
        }
        guard var duplicate = firstConstraint(scene.root) else { return nil }
        duplicate.id = "implied-copy"
        copy.root.constraints.append(duplicate)
        return copy
    }

    @Test(arguments: documents)
    func aCopiedConstraintChangesNoStatusAndNoFrame(_ document: String) throws {
        let scene = try SceneReader().read(contentsOf: repositoryPath(document))
        let copied = try #require(Self.withCopiedConstraint(scene))
        let before = Validator.validate(scene, path: document)
        let after = Validator.validate(copied, path: document)
        for (old, new) in zip(before.classes, after.classes) {
            #expect(old.status == new.status, "\(document) \(old.sizeClass): \(old.status) became \(new.status)")
            // A unique layout is the one solution, so it cannot move either.
            guard old.status == .unique else { continue }
            let oldFrames = Dictionary(uniqueKeysWithValues: old.views.map { ($0.id, $0.frame) })
            for view in new.views {
                let frame = try #require(oldFrames[view.id])
                let moved = zip([frame.x, frame.y, frame.width, frame.height],
                                [view.frame.x, view.frame.y, view.frame.width, view.frame.height])
                    .contains { abs($0 - $1) > 1e-6 * max(1, abs($0)) }
                #expect(!moved, "\(document) \(old.sizeClass): \(view.id) moved from \(frame) to \(view.frame)")
            }
        }
    }
}
