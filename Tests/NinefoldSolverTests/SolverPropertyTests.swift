import NinefoldSolver
import ReferenceLP
import Testing
import SeededRandom

/// Thousands of random small systems: the solver agrees with the dense reference on feasibility,
/// on every variable's range over the optimal solutions (and so on values where unique), and
/// every conflict it reports is infeasible and minimal.
@Suite struct SolverPropertyTests {
    static let priorities: [Double] = [1000, 1000, 1000, 750, 500, 251, 250, 250]

    static func randomSystem(_ random: inout SplitMix64) -> (variables: Int, constraints: [ReferenceConstraint]) {
        let variables = 1 + random.below(4)
        let count = 1 + random.below(7)
        var constraints: [ReferenceConstraint] = []
        for _ in 0..<count {
            var coefficients = (0..<variables).map { _ in Double(random.below(5) - 2) }
            if coefficients.allSatisfy({ $0 == 0 }) { coefficients[random.below(variables)] = 1 }
            let relation: ReferenceConstraint.Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][random.below(3)]
            constraints.append(ReferenceConstraint(coefficients: coefficients, constant: Double(random.below(21) - 10),
                                                   relation: relation, priority: priorities[random.below(priorities.count)]))
        }
        // Keep most systems bounded so ranges are interesting, but not all.
        if random.below(4) != 0 {
            for variable in 0..<variables {
                var low = Array(repeating: 0.0, count: variables)
                low[variable] = 1
                constraints.append(ReferenceConstraint(coefficients: low, constant: 50, relation: .greaterThanOrEqual,
                                                       priority: 1000))
                constraints.append(ReferenceConstraint(coefficients: low, constant: -50, relation: .lessThanOrEqual,
                                                       priority: 1000))
            }
        }
        return (variables, constraints)
    }

    static func convert(_ constraint: ReferenceConstraint, _ variables: [Variable]) -> Constraint {
        let terms = zip(variables, constraint.coefficients).filter { $0.1 != 0 }.map { Term($0.0, $0.1) }
        let relation: Relation = switch constraint.relation {
        case .equal: .equal
        case .lessThanOrEqual: .lessThanOrEqual
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
        return Constraint(Expression(terms, constant: constraint.constant), relation, priority: Priority(constraint.priority))
    }

    static func close(_ a: Double, _ b: Double) -> Bool {
        if a.isInfinite || b.isInfinite { return a == b }
        return abs(a - b) <= 1e-6 * max(1, abs(a), abs(b))
    }

    @Test func randomSystemsMatchTheDenseReference() {
        var random = SplitMix64(state: 4242)
        var conflicts = 0
        var ambiguous = 0
        for trial in 0..<3000 {
            let (count, constraints) = Self.randomSystem(&random)
            var solver = Solver()
            let variables = (0..<count).map { solver.makeVariable(named: "x\($0)") }
            var accepted: [ReferenceConstraint] = []
            for constraint in constraints {
                do {
                    try solver.add(Self.convert(constraint, variables))
                    accepted.append(constraint)
                } catch {
                    conflicts += 1
                    ConflictPropertyTests.expectMinimal(error.constraints.map { constraints[$0.index] }, variables: count,
                                                        trial: trial)
                    #expect(!ReferenceLP.feasible(accepted + [constraint], variables: count),
                            "trial \(trial): a feasible constraint was rejected")
                }
            }
            let reference = ReferenceLP.solve(accepted, variables: count)
            #expect(reference.feasible, "trial \(trial): accepted system infeasible")
            guard reference.feasible else { continue }
            for (index, variable) in variables.enumerated() {
                let range = solver.optimalRange(of: variable)
                let expected = reference.ranges[index]
                #expect(Self.close(range.lower, expected.lower) && Self.close(range.upper, expected.upper),
                        "trial \(trial) x\(index): \(range) vs [\(expected.lower), \(expected.upper)]")
                if Self.close(expected.lower, expected.upper) {
                    #expect(Self.close(solver.value(of: variable), expected.lower), "trial \(trial) x\(index) value")
                } else {
                    ambiguous += 1
                }
            }
        }
        // The generator must exercise both kinds of interesting case.
        #expect(conflicts > 100)
        #expect(ambiguous > 100)
    }

    /// Removing constraints in random order leaves the same answer as building without them.
    @Test func removalMatchesRebuilding() {
        var random = SplitMix64(state: 99)
        for trial in 0..<500 {
            let (count, constraints) = Self.randomSystem(&random)
            var solver = Solver()
            let variables = (0..<count).map { solver.makeVariable(named: "x\($0)") }
            var kept: [(ConstraintID, ReferenceConstraint)] = []
            for constraint in constraints {
                if let id = try? solver.add(Self.convert(constraint, variables)) { kept.append((id, constraint)) }
            }
            var remaining: [ReferenceConstraint] = []
            for (id, constraint) in kept {
                if random.below(2) == 0 { solver.remove(id) } else { remaining.append(constraint) }
            }
            let reference = ReferenceLP.solve(remaining, variables: count)
            guard reference.feasible else {
                Issue.record("trial \(trial): remaining system infeasible")
                continue
            }
            for (index, variable) in variables.enumerated() {
                let range = solver.optimalRange(of: variable)
                #expect(Self.close(range.lower, reference.ranges[index].lower)
                         && Self.close(range.upper, reference.ranges[index].upper), "trial \(trial) x\(index)")
            }
        }
    }
}
