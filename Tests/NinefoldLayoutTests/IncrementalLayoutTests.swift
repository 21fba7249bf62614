import NinefoldResolution
import NinefoldScene
import Testing
@testable import NinefoldLayout

/// One solver walked through all nine classes gives the frames a fresh solve gives.
@Suite struct IncrementalLayoutTests {
    private static let documents = ["two-equal-width-buttons.xml", "two-buttons-with-size-class-based-layouts.xml",
                                    "simple-stack-view.xml", "nested-stack-views.xml", "dynamic-stack-view.xml",
                                    "size-classes.xml", "diary-table-view-cell.xml", "quiz-view.xml"]

    @Test(arguments: documents)
    func walkingTheNineClassesMatchesFreshSolves(document: String) throws {
        let path = LayoutFixture.repositoryRoot.appendingPathComponent("Documents").appendingPathComponent(document).path
        let resolver = Resolver(scene: try SceneReader().read(contentsOf: path))
        let classes = SizeClass.all.map { resolver.resolve($0) }
        guard let first = classes.first else { return }
        var incremental = IncrementalLayout(first)
        for scene in classes.dropFirst() {
            let moved = incremental.move(to: scene)
            let fresh = LayoutEngine.solve(scene)
            #expect(moved.conflicts.count == fresh.conflicts.count)
            for (id, variables) in fresh.system.views {
                // Compare where the fresh solve is determined; ambiguous values may differ.
                let determined = [variables.x, variables.y, variables.width, variables.height]
                    .allSatisfy { fresh.solver.optimalRange(of: $0).isPoint }
                guard determined else { continue }
                #expect(moved.frame(of: id) == fresh.frame(of: id), "\(document) \(scene.sizeClass) \(id)")
            }
        }
    }

    @Test func aCanvasChangeUpdatesConstantsInsteadOfRebuilding() throws {
        let path = LayoutFixture.repositoryRoot.appendingPathComponent("Documents/two-equal-width-buttons.xml").path
        let resolver = Resolver(scene: try SceneReader().read(contentsOf: path))
        var incremental = IncrementalLayout(resolver.resolve(LayoutFixture.compactRegular))
        let moved = incremental.move(to: resolver.resolve(SizeClass(width: .regular, height: .regular)))
        let statistics = incremental.lastMove
        #expect(!statistics.rebuilt)
        #expect(statistics.added == 0 && statistics.removed == 0)
        // Root width and height, the two margin constraints (16 → 20) and the two constraints to
        // the bottom layout guide (667 → 1024).
        #expect(statistics.updated == 6)
        #expect(statistics.kept == moved.system.constraints.count - 6)
        // 768 wide, margins 20: (728 − 8) / 2 each.
        #expect(close(moved.frame(of: "shortButton")?.width ?? -1, 360))
        #expect(close(moved.frame(of: "longButton")?.y ?? -1, 1024 - 20 - 30))
    }

    /// A move to the class it is already in changes no constraint, so every component's system
    /// is the one solved before: all are reused, none solved again, and the frames stay.
    @Test func aMoveThatChangesNothingSolvesNothing() throws {
        let path = LayoutFixture.repositoryRoot.appendingPathComponent("Documents/nested-stack-views.xml").path
        let resolver = Resolver(scene: try SceneReader().read(contentsOf: path))
        let scene = resolver.resolve(LayoutFixture.compactRegular)
        var incremental = IncrementalLayout(scene)
        let before = incremental.current
        let moved = incremental.move(to: scene)
        let statistics = incremental.lastMove
        #expect(statistics.solved == 0)
        #expect(statistics.reused > 0)
        #expect(statistics.kept == moved.system.constraints.count)
        #expect(statistics.updated == 0 && statistics.added == 0 && statistics.removed == 0)
        for (id, _) in before.system.views { #expect(moved.frame(of: id) == before.frame(of: id), "\(id)") }
    }
}
