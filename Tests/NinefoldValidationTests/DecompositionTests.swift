import NinefoldLayout
import NinefoldResolution
@testable import NinefoldValidation
import NinefoldScene
import NinefoldSolver
import Testing
import SeededRandom

/// The layout stage solves each connected component of a class on its own solver and shares
/// identical components across the nine classes (Documentation/Solver.md, "Decomposition").
/// These tests hold that path to the one it replaced — one solver holding the whole class —
/// on random documents (several components per class: the axes, free views, sizes pinned
/// alone; aspect ratios that join the axes; per-class variations; conflicts), in all nine
/// classes through one shared cache, answer by answer.
@Suite struct DecompositionTests {
    @Test func decomposedAndSharedSolvesAnswerAsTheWholeSolver() throws {
        var random = SplitMix64(state: 20261125)
        var cache = SolveCache()
        var conflicts = 0, ambiguous = 0, componentsPerClass: [Int] = []
        for trial in 0..<150 {
            let document = RandomDocument.make(&random)
            var scene = try SceneReader().read(string: document, path: "random-\(trial).xml")
            if trial % 2 == 1 {
                // As the generated benchmark scenes: no variation, and canvases of three widths
                // and one height, so classes share their whole layout and not only components.
                scene.root = Self.withoutVariations(scene.root)
                scene.canvases = SizeClass.all.map { sizeClass in
                    Canvas(sizeClass: sizeClass, width: sizeClass.width == .compact ? 320 : sizeClass.width == .regular ? 700 : 500,
                           height: 600)
                }
            }
            let resolver = Resolver(scene: scene)
            for resolved in resolver.resolveAll() {
                // Components asked of the cache and components direct resolution answered
                // alone (no cache entry) are the class's components.
                let before = cache.requested + cache.resolved
                let shared = LayoutEngine.solve(resolved, safeArea: resolved.safeArea, cache: &cache)
                componentsPerClass.append(cache.requested + cache.resolved - before)
                let context = "trial \(trial) \(resolved.sizeClass)"
                // A layout taken from an earlier class is that of this class's own system.
                #expect(shared.system.scene == resolved, "\(context)")
                #expect(shared.system.constraints.map(\.constraint) == LayoutEngine.build(resolved).constraints.map(\.constraint),
                        "\(context)")
                let whole = LayoutEngine.solveWhole(shared.system)
                compare(shared, whole.layout, whole: whole.solver, context: context)
                conflicts += shared.conflicts.count
                ambiguous += shared.system.views.filter { !shared.solver.optimalRange(of: $0.variables.x).isPoint }.count
            }
        }
        // The comparison means something only if the generator reaches what it is meant to:
        // conflicts, ambiguity, classes of several components, and components shared.
        #expect(conflicts >= 50, "\(conflicts)")
        #expect(ambiguous >= 50, "\(ambiguous)")
        // A class whose layout was taken whole asks for no component (a third of the classes of
        // the odd trials at least); the others must often have several.
        #expect(componentsPerClass.filter { $0 == 0 }.count >= 150)
        #expect(componentsPerClass.filter { $0 >= 4 }.count >= componentsPerClass.count / 3)
        #expect(cache.solved * 2 < cache.requested, "\(cache.solved) of \(cache.requested)")
        // And components direct resolution answers alone, with no solver (`ResolvedComponents`),
        // are compared above only if the generator makes some.
        #expect(cache.resolved > 0)
    }

    func compare(_ shared: SolvedLayout, _ reference: SolvedLayout, whole: Solver, context: String) {
        let system = shared.system
        // The same constraints are kept and left out, with the same minimal conflicts.
        #expect(shared.solverIDs.map { $0 == nil } == reference.solverIDs.map { $0 == nil }, "\(context)")
        #expect(shared.conflicts.map(\.broken) == reference.conflicts.map(\.broken), "\(context)")
        #expect(shared.conflicts.map(\.constraints) == reference.conflicts.map(\.constraints), "\(context)")
        // The same frames, exactly: each component sees the pivots the whole solver makes on it.
        #expect(shared.frames.map(\.frame) == reference.frames.map(\.frame), "\(context)")
        // Every variable's value and optimal range, to rounding: a component whose variables are
        // all points may be solved with its chains taken out (direct resolution,
        // Documentation/Solver.md), and back substitution adds the same terms in another order
        // than the tableau (32.333333333333336 against 32.33333333333333), so the two agree to
        // 1e-12 of the value, a million times finer than the frame tolerance; infinite bounds
        // exactly.
        func agrees(_ mine: Double, _ theirs: Double) -> Bool {
            mine == theirs || abs(mine - theirs) <= 1e-12 * max(1, abs(theirs))
        }
        for index in 0..<whole.variableCount {
            let variable = Variable(index: index)
            #expect(agrees(shared.solver.value(of: variable), whole.value(of: variable)), "\(context) \(whole.name(of: variable))")
            let range = shared.solver.optimalRange(of: variable)
            let expectedRange = whole.optimalRange(of: variable)
            #expect(agrees(range.lower, expectedRange.lower) && agrees(range.upper, expectedRange.upper),
                    "\(context) \(whole.name(of: variable)) \(range) \(expectedRange)")
            // Ties, as layout indices (the ids of the two solutions differ only in numbering).
            let tied = shared.solver.tiedConstraints(movingWith: variable).compactMap { shared.index(of: $0) }
            let expected = whole.tiedConstraints(movingWith: variable).compactMap { reference.index(of: $0) }
            #expect(Set(tied) == Set(expected), "\(context) \(whole.name(of: variable))")
        }
        // The redundancy rule's question, asked of every kept required constraint at once.
        let candidates = system.constraints.indices.filter { system.constraints[$0].isRequired }
        let implied = shared.solver.impliedConstraints(among: candidates.compactMap { shared.solverIDs[$0] })
            .compactMap { shared.index(of: $0) }
        let expectedImplied = whole.impliedConstraints(among: candidates.compactMap { reference.solverIDs[$0] })
            .compactMap { reference.index(of: $0) }
        #expect(Set(implied) == Set(expectedImplied), "\(context)")
        // Right and bottom edges: the whole solver with one fresh variable per edge.
        let pairs = system.views.flatMap { [($0.variables.x, $0.variables.width), ($0.variables.y, $0.variables.height)] }
        let largest = shared.solver.largestSums(pairs.map { (start: $0.0, length: $0.1) })
        var probe = whole
        var edges: [Variable?] = []
        for (start, length) in pairs {
            let edge = probe.makeVariable(named: "edge")
            edges.append((try? probe.add(Constraint(edge - (start + length), .equal))).map { _ in edge })
        }
        probe.optimize()
        for (answer, edge) in zip(largest, edges) {
            let expected = edge.map { probe.optimalRange(of: $0).upper }
            #expect(answer.map { close($0, expected) } ?? (expected == nil), "\(context): \(String(describing: answer)) vs \(String(describing: expected))")
        }
    }

    /// Equal within the format's frame tolerance, infinities exactly: the sum of two parts'
    /// maxima and the maximum of the sum on one solver add the same terms in another order.
    func close(_ lhs: Double, _ rhs: Double?) -> Bool {
        guard let rhs else { return false }
        return lhs.isInfinite || rhs.isInfinite ? lhs == rhs : abs(lhs - rhs) <= Tolerance.frame
    }

    /// Validating a document shares resolution, layouts and the analysis of a shared layout
    /// across its classes; every class's result must be the one validating that class alone
    /// gives (resolved, solved and analysed by itself): verdict, findings, frames, free ranges
    /// and reaches.
    @Test func validatingTheDocumentEqualsValidatingEachClassAlone() throws {
        var random = SplitMix64(state: 20261127)
        for trial in 0..<60 {
            var scene = try SceneReader().read(string: RandomDocument.make(&random), path: "random-\(trial).xml")
            if trial % 3 != 0 {
                scene.root = Self.withoutVariations(scene.root)
                scene.canvases = SizeClass.all.map { Canvas(sizeClass: $0, width: $0.height == .compact ? 560 : 400, height: 700) }
            }
            let resolver = Resolver(scene: scene)
            let together = Validator.validate(scene, path: "random").classes
            let alone = ConflictRule.suggestingSizeClassFix(SizeClass.all.map { Validator.validate(resolver.resolve($0), path: "random") })
            for (shared, single) in zip(together, alone) {
                let context = "trial \(trial) \(single.sizeClass)"
                #expect(shared.sizeClass == single.sizeClass && shared.status == single.status, "\(context)")
                #expect(shared.findings == single.findings, "\(context)")
                #expect(shared.views.map(\.id) == single.views.map(\.id), "\(context)")
                for (one, other) in zip(shared.views, single.views) {
                    #expect(one.frame == other.frame && one.ambiguous == other.ambiguous && one.ranges == other.ranges
                                && one.reach == other.reach, "\(context) \(one.id)")
                }
            }
        }
    }

    /// A document without variations resolves every class as its own resolution does, though
    /// only the first is resolved and the others take their canvas; one with variations (or
    /// with findings, which name their class) resolves each class itself.
    @Test func sharedResolutionEqualsResolvingEachClass() throws {
        var random = SplitMix64(state: 20261126)
        var sharedDocuments = 0
        for trial in 0..<150 {
            var scene = try SceneReader().read(string: RandomDocument.make(&random), path: "random-\(trial).xml")
            if trial % 2 == 0 { scene.root = Self.withoutVariations(scene.root) }
            let resolver = Resolver(scene: scene)
            let one = SizeClass.all.map(resolver.resolve)
            #expect(resolver.resolveAll() == one, "trial \(trial)")
            let reversed = Array(SizeClass.all.reversed())
            #expect(resolver.resolve(reversed) == reversed.map(resolver.resolve), "trial \(trial)")
            if trial % 2 == 0 && one[0].findings.isEmpty { sharedDocuments += 1 }
        }
        // Of the 75 documents stripped of variations, those whose first class has no finding (a
        // view uninstalled by its base declaration often leaves an uninstalled reference) take
        // the shared path; the comparison must cover a fair number of them.
        #expect(sharedDocuments >= 20, "\(sharedDocuments)")
    }

    static func withoutVariations(_ view: View) -> View {
        var view = view
        view.variations = []
        view.constraints = view.constraints.map { constraint in
            var constraint = constraint
            constraint.variations = []
            return constraint
        }
        view.subviews = view.subviews.map(withoutVariations)
        return view
    }
}
