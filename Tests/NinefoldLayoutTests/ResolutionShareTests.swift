import Foundation
@testable import NinefoldLayout
import NinefoldResolution
import NinefoldScene
import NinefoldSolver
import SeededRandom
import Testing

/// A component that needs a solver is handed its share of the class's direct resolution
/// (`ResolvedComponents.shares`) instead of being resolved again. The share must be exactly what
/// `DirectResolution` finds for the component alone: the same definitions in the same order, so
/// the same constraints leave and back substitution reads the same equations in the same order.
/// Checked on every component of every class of the bundled documents, and on random classes
/// made of several chains whose variables and constraints are interleaved, so that the class's
/// work list mixes the components' removals.
@Suite struct ResolutionShareTests {
    /// Compares each component's share with a fresh resolution of the component in its own
    /// numbering (the numbering `LayoutEngine.solve` gives it); returns how many definitions
    /// the shares held in all.
    static func compareShares(_ system: LayoutSystem, context: String) -> Int {
        let resolved = ResolvedComponents(system)
        let decomposition = Decomposition(system, mentioned: resolved.mentioned)
        var local = Array(repeating: -1, count: system.blank.variableCount)
        for component in 0..<decomposition.count {
            for (position, variable) in decomposition.variables(component).enumerated() { local[variable.index] = position }
        }
        let shares = resolved.shares(of: decomposition, local: local)
        #expect(shares.count == decomposition.count, "\(context)")
        var total = 0
        for component in 0..<min(shares.count, decomposition.count) {
            let members = Array(decomposition.members(component))
            let variables = Array(decomposition.variables(component))
            let constraints = members.map { index in
                let constraint = system.constraints[index].constraint
                let terms = constraint.expression.terms.map { Term(Variable(index: local[$0.variable.index]), $0.coefficient) }
                return Constraint(Expression(terms, constant: constraint.expression.constant), constraint.relation,
                                  priority: constraint.priority)
            }
            let fresh = DirectResolution(variableCount: variables.count, constraints: constraints)
            let handed = DirectResolution(definitions: shares[component], variableCount: variables.count,
                                          constraintCount: members.count)
            #expect(handed.definitions == fresh.definitions, "\(context) component \(component)")
            #expect(handed.isRemoved == fresh.isRemoved, "\(context) component \(component)")
            #expect(handed.isConstraintRemoved == fresh.isConstraintRemoved, "\(context) component \(component)")
            #expect(handed.anchors == fresh.anchors, "\(context) component \(component)")
            total += shares[component].count
        }
        return total
    }

    @Test func everyBundledDocumentsSharesAreTheComponentsOwnResolution() throws {
        let folder = LayoutFixture.repositoryRoot.appendingPathComponent("Documents")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".xml") }.sorted()
        #expect(names.count >= 15)
        var definitions = 0
        for name in names {
            let scene = try SceneReader().read(contentsOf: folder.appendingPathComponent(name).path)
            for resolved in Resolver(scene: scene).resolveAll() {
                definitions += Self.compareShares(LayoutEngine.build(resolved), context: "\(name) \(resolved.sizeClass)")
            }
        }
        // Every document pins its root frame by required equalities, which direct resolution
        // removes: the comparison reached real definitions.
        #expect(definitions > 100)
    }

    /// Chains `p(i+1) = p(i) + s(i) + gap` with wishes and now and then a second pin (which keeps
    /// a chain in the tableau), as DirectResolutionPropertyTests makes them, three to a class:
    /// chain c's variable k is the class's `3k + c` and the constraints of the three are dealt
    /// out in a random interleaving.
    @Test func interleavedChainsShareTheirOwnResolutions() throws {
        var random = SplitMix64(state: 2026_1124)
        let scene = try LayoutFixture.resolved(xml: """
        <?xml version="1.0" encoding="UTF-8"?>
        <scene version="1" name="Test"><view id="root"/></scene>
        """)
        var definitions = 0
        for trial in 0..<300 {
            let chains = (0..<3).map { _ in DirectResolutionPropertyTests.system(&random) }
            let width = chains.map(\.count).max() ?? 0
            // Odd trials add a thousand variables no constraint mentions, so that the class is
            // resolved in the numbering of its mentioned variables (`ResolvedComponents.mentioned`).
            var blank = Solver()
            for _ in 0..<(3 * width + (trial % 2 == 1 ? 1000 : 0)) { _ = blank.makeVariable(named: "v") }
            var queues = chains.enumerated().map { chain, system in
                system.constraints.map { constraint in
                    let terms = constraint.expression.terms.map { Term(Variable(index: 3 * $0.variable.index + chain), $0.coefficient) }
                    return Constraint(Expression(terms, constant: constraint.expression.constant), constraint.relation,
                                      priority: constraint.priority)
                }[...]
            }
            var constraints: [LayoutConstraint] = []
            while queues.contains(where: { !$0.isEmpty }) {
                let open = queues.indices.filter { !queues[$0].isEmpty }
                let chain = open[random.below(open.count)]
                if let next = queues[chain].popFirst() {
                    constraints.append(LayoutConstraint(constraint: next, origin: .rootFrame("root"), notation: "", location: nil))
                }
            }
            let system = LayoutSystem(scene: scene, views: [], scrollContent: [], constraints: constraints, blank: blank)
            #expect((ResolvedComponents(system).mentioned != nil) == (trial % 2 == 1), "trial \(trial)")
            definitions += Self.compareShares(system, context: "trial \(trial)")
        }
        #expect(definitions > 1000)
    }
}
