@testable import NinefoldLayout
import NinefoldResolution
import NinefoldScene
import NinefoldSolver
import Testing
import SeededRandom

/// A class on another canvas takes an earlier class's system with only the constants that read
/// the canvas made again (`SystemEdit`, Documentation/Solver.md, "Nine classes as edits"). These
/// tests hold every edit to the system the builder makes for that class from scratch, on random
/// documents that name the root's guides, across canvases on both sides of the 400-point width
/// where a view controller's root changes its side margins (16 below, 20 from there:
/// `Margins.of`; then the constraints naming the root are made again too), and safe areas that
/// differ (no edit).
@Suite struct SystemEditTests {
    /// Widths 320 and 360 give the root side margins of 16, 500 and 700 of 20; heights differ too.
    static func canvas(_ sizeClass: SizeClass, trial: Int) -> Canvas {
        let widths: [SizeClassValue: Double] = [.compact: 320, .any: 500, .regular: 700]
        let heights: [SizeClassValue: Double] = [.compact: 360, .any: 600, .regular: 800]
        var canvas = Canvas(sizeClass: sizeClass, width: widths[sizeClass.width] ?? 500, height: heights[sizeClass.height] ?? 600)
        if sizeClass == SizeClass(width: .compact, height: .compact) { canvas.width = 360 }
        // Every third document gives the compact-height classes a safe area of their own.
        if trial % 3 == 0 && sizeClass.height == .compact {
            canvas.safeAreaInsets = EdgeInsets(top: 0, left: 44, bottom: 21, right: 44)
        }
        return canvas
    }

    /// `RandomDocument` with constraints on the root's guides added, some optional so that
    /// most layouts still hold.
    static func withGuides(_ document: String, _ random: inout SplitMix64) -> String {
        let count = document.components(separatedBy: "<view id=\"v").count - 1
        var added = ""
        for number in 0..<(1 + random.below(3)) {
            let view = "v\(random.below(max(count, 1)))"
            let (first, item, second) = random.pick([
                ("top", "topLayoutGuide", "bottom"), ("bottom", "bottomLayoutGuide", "top"),
                ("leading", "safeArea", "leading"), ("trailing", "safeArea", "trailing"), ("width", "safeArea", "width"),
                ("centerY", "safeArea", "centerY"),
            ])
            added += "      <constraint id=\"g\(number)\" firstItem=\"\(view)\" firstAttribute=\"\(first)\" secondItem=\"\(item)\" "
                + "secondAttribute=\"\(second)\" constant=\"\(random.pick(["0", "8", "-10"]))\" "
                + "multiplier=\"\(first == "width" ? "0.5" : "1")\" priority=\"\(random.pick([1000, 750, 250]))\"/>\n"
        }
        return document.replacingOccurrences(of: "    </constraints>", with: added + "    </constraints>")
    }

    @Test func anEditIsTheSystemTheBuilderMakes() throws {
        var random = SplitMix64(state: 20261124)
        var edits = 0, marginEdits = 0, refused = 0, changedGuides = 0, changedRootMargins = 0, unchanged = 0
        for trial in 0..<80 {
            var scene = try SceneReader().read(string: Self.withGuides(RandomDocument.make(&random), &random),
                                               path: "random-\(trial).xml")
            scene.root = DecompositionTests.withoutVariations(scene.root)
            scene.canvases = SizeClass.all.map { Self.canvas($0, trial: trial) }
            let classes = Resolver(scene: scene).resolveAll()
            let built = classes.map { LayoutEngine.build($0, overrides: [:], safeArea: $0.safeArea) }
            for (earlier, before) in zip(classes, built) {
                for (later, expected) in zip(classes, built) {
                    let context = "trial \(trial) \(earlier.sizeClass) → \(later.sizeClass)"
                    let edit = SystemEdit(from: before, to: later, safeArea: later.safeArea)
                    // The scenes differ only in their canvases (no variation) and the root is a
                    // plain view, so an edit is made exactly when the safe areas agree; the
                    // root's side margins are 16 on one canvas and 20 on the other when the two
                    // widths lie on either side of 400, and then the constraints naming the root
                    // are made again too.
                    let sameMargins = (earlier.canvas.value.width < 400) == (later.canvas.value.width < 400)
                    #expect((edit != nil) == (earlier.safeArea == later.safeArea), "\(context)")
                    guard let edit else {
                        refused += 1
                        continue
                    }
                    edits += 1
                    if !sameMargins { marginEdits += 1 }
                    let made = edit.system
                    #expect(made.scene == later, "\(context)")
                    #expect(made.constraints.count == expected.constraints.count, "\(context)")
                    for (mine, theirs) in zip(made.constraints, expected.constraints) {
                        #expect(mine.constraint == theirs.constraint && mine.origin == theirs.origin
                                    && mine.notation == theirs.notation && mine.location == theirs.location,
                                "\(context): \(mine.notation) vs \(theirs.notation)")
                    }
                    #expect(made.canvasConstants.map(\.index) == expected.canvasConstants.map(\.index), "\(context)")
                    // What changed is exactly what differs between the two classes' own builds.
                    let differs = zip(before.constraints, expected.constraints).map {
                        $0.constraint.expression.constant.bitPattern != $1.constraint.expression.constant.bitPattern
                    }
                    #expect(edit.changed == differs, "\(context)")
                    for (index, changed) in edit.changed.enumerated() where changed {
                        guard let id = expected.constraints[index].origin.documentID else { continue }
                        if id.hasPrefix("g") { changedGuides += 1 } else { changedRootMargins += 1 }
                    }
                    if !edit.changed.contains(true) { unchanged += 1 }
                }
            }
        }
        // Each path must be reached: edits, edits across the margin step, refusals (safe area),
        // guide constants and root-margin constants that change, and a class edited into
        // itself (nothing changes).
        #expect(edits >= 1000, "\(edits)")
        #expect(marginEdits >= 1000, "\(marginEdits)")
        #expect(refused >= 500, "\(refused)")
        #expect(changedGuides >= 200, "\(changedGuides)")
        #expect(changedRootMargins >= 200, "\(changedRootMargins)")
        #expect(unchanged >= 80 * 9, "\(unchanged)")
    }

    /// Solving all nine classes through one cache edits the classes whose canvases differ only
    /// in constants, and each such class's layout is the one solving it alone gives.
    @Test func editedClassesSolveAsClassesSolvedAlone() throws {
        var random = SplitMix64(state: 20261128)
        var edited = 0
        for trial in 0..<60 {
            var scene = try SceneReader().read(string: Self.withGuides(RandomDocument.make(&random), &random),
                                               path: "random-\(trial).xml")
            scene.root = DecompositionTests.withoutVariations(scene.root)
            scene.canvases = SizeClass.all.map { Self.canvas($0, trial: trial) }
            var cache = SolveCache()
            for resolved in Resolver(scene: scene).resolveAll() {
                let before = cache.edited
                let shared = LayoutEngine.solve(resolved, safeArea: resolved.safeArea, cache: &cache)
                let alone = LayoutEngine.solve(resolved)
                let context = "trial \(trial) \(resolved.sizeClass)"
                edited += cache.edited - before
                #expect(shared.system.constraints.map(\.constraint) == alone.system.constraints.map(\.constraint), "\(context)")
                #expect(shared.frames.map(\.frame) == alone.frames.map(\.frame), "\(context)")
                #expect(shared.solverIDs.map { $0 == nil } == alone.solverIDs.map { $0 == nil }, "\(context)")
                #expect(shared.conflicts.map(\.constraints) == alone.conflicts.map(\.constraints), "\(context)")
                #expect(shared.conflicts.map(\.broken) == alone.conflicts.map(\.broken), "\(context)")
                let variables = (0..<shared.solver.variableCount).map { Variable(index: $0) }
                #expect(shared.solver.optimalRanges(of: variables) == alone.solver.optimalRanges(of: variables), "\(context)")
                #expect(variables.map(shared.solver.value) == variables.map(alone.solver.value), "\(context)")
            }
        }
        // Every class after the first edits an earlier one unless its safe area is its own
        // (compact height, every third document): 8 classes, or 5.
        #expect(edited >= 60 * 5, "\(edited)")
    }
}
