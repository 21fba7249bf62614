@testable import NinefoldSolver
import ReferenceLP
import SeededRandom
import Testing

/// The redundancy check of a component with required inequalities skips the probe solver of a
/// candidate that the solver's solution shows can move (`movableCandidates`), where it once built
/// one for every candidate (`impliedConstraintsByProbes`). Implication is a property of the
/// constraint sets alone, so the two must report the same candidates on every system; these
/// systems are built so that inequalities decide many answers (pairs of bounds pinning a variable
/// that no equality pins, limits that leave an equality free), and both are held to the dense
/// reference LP too.
@Suite struct RedundancyPropertyTests {
    /// Two or three variables, one component or two, with required equalities (some duplicated or
    /// following from others), required inequalities (some pairs pinning a variable or a
    /// difference), and optional constraints, which never imply anything.
    static func system(_ random: inout SplitMix64) -> (variables: Int, constraints: [ReferenceConstraint]) {
        let variables = 2 + random.below(2)
        var constraints: [ReferenceConstraint] = []
        func row(_ pairs: [(Int, Double)]) -> [Double] {
            var coefficients = Array(repeating: 0.0, count: variables)
            for (variable, value) in pairs { coefficients[variable] += value }
            return coefficients
        }
        for _ in 0..<(3 + random.below(5)) {
            let first = random.below(variables)
            let second = random.below(variables)
            // x, or x − y as a gap between two edges, or a random combination.
            let coefficients: [Double] = switch random.below(3) {
            case 0: row([(first, 1)])
            case 1: first == second ? row([(first, 1)]) : row([(first, 1), (second, -1)])
            default: row((0..<variables).map { ($0, Double(random.below(5) - 2)) })
            }
            guard coefficients.contains(where: { $0 != 0 }) else { continue }
            let constant = Double(random.below(11) - 5)
            switch random.below(6) {
            case 0, 1:
                constraints.append(ReferenceConstraint(coefficients: coefficients, constant: constant,
                                                       relation: .equal, priority: 1000))
            case 2:
                // Both sides of the same value: pinned by inequalities alone.
                constraints.append(ReferenceConstraint(coefficients: coefficients, constant: constant,
                                                       relation: .lessThanOrEqual, priority: 1000))
                constraints.append(ReferenceConstraint(coefficients: coefficients, constant: constant,
                                                       relation: .greaterThanOrEqual, priority: 1000))
            case 3:
                let relation: ReferenceConstraint.Relation = random.below(2) == 0 ? .lessThanOrEqual : .greaterThanOrEqual
                constraints.append(ReferenceConstraint(coefficients: coefficients, constant: constant,
                                                       relation: relation, priority: 1000))
            case 4:
                // A copy of an earlier required constraint: implied by it.
                let earlier = constraints.filter { $0.priority >= 1000 }
                if !earlier.isEmpty { constraints.append(earlier[random.below(earlier.count)]) }
            default:
                constraints.append(ReferenceConstraint(coefficients: coefficients, constant: constant,
                                                       relation: [.equal, .lessThanOrEqual, .greaterThanOrEqual][random.below(3)],
                                                       priority: [250.0, 500, 750][random.below(3)]))
            }
        }
        return (variables, constraints)
    }

    /// Adds the system, leaving out required constraints the ones before refuse, as the layout
    /// engine does, and optimises; returns the solver and the accepted constraints with their ids.
    static func build(_ system: (variables: Int, constraints: [ReferenceConstraint]))
        -> (Solver, [(ConstraintID, ReferenceConstraint)]) {
        var solver = Solver()
        let variables = (0..<system.variables).map { solver.makeVariable(named: "x\($0)") }
        var accepted: [(ConstraintID, ReferenceConstraint)] = []
        for constraint in system.constraints {
            if let id = try? solver.add(SolverPropertyTests.convert(constraint, variables)) {
                accepted.append((id, constraint))
            }
        }
        // Optimised, as the layout engine leaves a solved component: the point the movable
        // candidates are shown from is the solution's.
        solver.optimize()
        return (solver, accepted)
    }

    /// The reverse scan's definition, decided by the reference LP: from the last candidate back,
    /// one is implied when the witness `w = expression` ranges within what its relation allows
    /// (within the frame tolerance) over the required constraints still kept, itself excluded.
    static func referenceScan(_ candidates: [(ConstraintID, ReferenceConstraint)],
                              required: [(ConstraintID, ReferenceConstraint)], variables: Int) -> Set<ConstraintID> {
        var kept = Set(required.map(\.0))
        var implied: Set<ConstraintID> = []
        for (id, constraint) in candidates.reversed() {
            let others = required.filter { kept.contains($0.0) && $0.0 != id }.map { entry in
                ReferenceConstraint(coefficients: entry.1.coefficients + [0], constant: entry.1.constant,
                                    relation: entry.1.relation, priority: 1000)
            }
            let witness = ReferenceConstraint(coefficients: constraint.coefficients.map { -$0 } + [1],
                                              constant: -constraint.constant, relation: .equal, priority: 1000)
            let reference = ReferenceLP.solve(others + [witness], variables: variables + 1)
            guard let range = reference.ranges.last else { continue }
            let confined = switch constraint.relation {
            case .equal: abs(range.lower) <= 1e-6 && abs(range.upper) <= 1e-6
            case .lessThanOrEqual: range.upper <= 1e-6
            case .greaterThanOrEqual: range.lower >= -1e-6
            }
            if confined {
                implied.insert(id)
                kept.remove(id)
            }
        }
        return implied
    }

    /// Every required constraint is a candidate (equalities as the redundancy rule asks, and
    /// inequalities, which `impliedConstraints` answers as well). Counts keep the test honest:
    /// many systems must have a required inequality (with two or three variables, nearly always
    /// in a candidate's component), many candidates must be implied there, many not, and many
    /// must be shown movable without a probe.
    @Test func skippingMovableCandidatesMatchesProbePerCandidate() {
        var random = SplitMix64(state: 1313)
        var withInequalities = 0
        var impliedThere = 0
        var keptThere = 0
        var shown = 0
        for trial in 0..<2000 {
            let system = Self.system(&random)
            let (solver, accepted) = Self.build(system)
            let required = accepted.filter { $0.1.priority >= 1000 }
            let ids = required.map(\.0)
            let found = solver.impliedConstraints(among: ids)
            let probed = solver.impliedConstraintsByProbes(among: ids)
            #expect(found == probed, "trial \(trial): \(found) vs \(probed)")
            let expected = Self.referenceScan(required, required: required, variables: system.variables)
            #expect(Set(found) == expected, "trial \(trial): \(found.sorted()) vs reference \(expected.sorted())")
            // What the solution shows movable is never implied, whatever the others kept.
            let movable = solver.movableCandidates(ids, candidates: ids)
            #expect(movable.isDisjoint(with: expected), "trial \(trial): \(movable.sorted()) vs \(expected.sorted())")
            shown += movable.count
            if required.contains(where: { $0.1.relation != .equal }) {
                withInequalities += 1
                impliedThere += found.count
                keptThere += ids.count - found.count
            }
        }
        #expect(withInequalities > 1200)
        #expect(impliedThere > 1200)
        #expect(keptThere > 3000)
        #expect(shown > 1500)
    }
}
