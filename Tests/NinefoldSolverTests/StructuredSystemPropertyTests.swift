import NinefoldSolver
import ReferenceLP
import Testing
import SeededRandom

/// Random systems shaped like layouts, checked against the dense reference LP: several
/// independent components, chains of required equalities that fix one variable from the previous
/// one (what a direct resolution would substitute away), duplicated required equalities (implied
/// ones), ties between equal optional priorities, and conflicting required constraints. Each
/// system is also re-constanted in one batch, as a size-class change does.
@Suite struct StructuredSystemPropertyTests {
    typealias Random = SplitMix64

    struct System {
        var variables: Int
        var constraints: [ReferenceConstraint]
    }

    static func unit(_ variable: Int, _ count: Int, _ value: Double = 1) -> [Double] {
        var coefficients = Array(repeating: 0.0, count: count)
        coefficients[variable] = value
        return coefficients
    }

    /// Two or three components of two or three variables each. Every constraint stays inside one
    /// component, so the components share nothing.
    static func structuredSystem(_ random: inout Random) -> System {
        let groups = (0..<(2 + random.below(2))).map { _ in 2 + random.below(2) }
        let count = groups.reduce(0, +)
        var constraints: [ReferenceConstraint] = []
        var first = 0
        for size in groups {
            let members = Array(first..<(first + size))
            first += size
            // Anchor and chain: x0 = a, x(k) = x(k-1) + d, as pins and "trailing = leading + gap" do.
            if random.below(3) != 0 {
                constraints.append(ReferenceConstraint(coefficients: unit(members[0], count),
                                                       constant: -Double(random.below(20)), relation: .equal,
                                                       priority: 1000))
            }
            for index in members.dropFirst() where random.below(2) == 0 {
                var coefficients = unit(index, count)
                coefficients[index - 1] = -1
                constraints.append(ReferenceConstraint(coefficients: coefficients, constant: -Double(random.below(10)),
                                                       relation: .equal, priority: 1000))
            }
            // A few random rows inside the component, required or optional.
            for _ in 0..<random.below(4) {
                var coefficients = Array(repeating: 0.0, count: count)
                for index in members { coefficients[index] = Double(random.below(5) - 2) }
                if coefficients.allSatisfy({ $0 == 0 }) { coefficients[members[0]] = 1 }
                let relation: ReferenceConstraint.Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][random.below(3)]
                constraints.append(ReferenceConstraint(coefficients: coefficients, constant: Double(random.below(21) - 10),
                                                       relation: relation,
                                                       priority: SolverPropertyTests.priorities[random.below(8)]))
            }
            // A tie: two optional pulls of equal priority in opposite directions.
            if random.below(2) == 0 {
                let variable = members[random.below(size)]
                let priority = [250.0, 500, 750][random.below(3)]
                constraints.append(ReferenceConstraint(coefficients: unit(variable, count), constant: -Double(random.below(10)),
                                                       relation: .lessThanOrEqual, priority: priority))
                constraints.append(ReferenceConstraint(coefficients: unit(variable, count), constant: -Double(20 + random.below(10)),
                                                       relation: .greaterThanOrEqual, priority: priority))
            }
            // A duplicate of an earlier required equality (implied), sometimes with another
            // constant (a conflict).
            let equalities = constraints.filter { $0.priority >= 1000 && $0.relation == .equal }
            if !equalities.isEmpty && random.below(2) == 0 {
                var copy = equalities[random.below(equalities.count)]
                if random.below(3) == 0 { copy.constant += 1 }
                constraints.append(copy)
            }
            // Bounds keep most components bounded.
            if random.below(4) != 0 {
                for index in members {
                    constraints.append(ReferenceConstraint(coefficients: unit(index, count), constant: 100,
                                                           relation: .greaterThanOrEqual, priority: 1000))
                    constraints.append(ReferenceConstraint(coefficients: unit(index, count), constant: -100,
                                                           relation: .lessThanOrEqual, priority: 1000))
                }
            }
        }
        // Shuffle, so components interleave in the order of adding as views do in documents.
        for index in constraints.indices.reversed() {
            constraints.swapAt(index, random.below(index + 1))
        }
        return System(variables: count, constraints: constraints)
    }

    /// Adds every constraint as LayoutEngine does (a conflicting required one is left out) and
    /// checks each conflict against the reference. Returns the solver, ids and accepted rows.
    static func build(_ system: System, trial: Int, conflicts: inout Int)
        -> (Solver, [Variable], [(ConstraintID, ReferenceConstraint)]) {
        var solver = Solver()
        let variables = (0..<system.variables).map { solver.makeVariable(named: "x\($0)") }
        var accepted: [(ConstraintID, ReferenceConstraint)] = []
        for constraint in system.constraints {
            do {
                let id = try solver.add(SolverPropertyTests.convert(constraint, variables))
                accepted.append((id, constraint))
            } catch {
                conflicts += 1
                ConflictPropertyTests.expectMinimal(error.constraints.map { system.constraints[$0.index] },
                                                    variables: system.variables, trial: trial)
                #expect(!ReferenceLP.feasible(accepted.map(\.1) + [constraint], variables: system.variables),
                        "trial \(trial): a feasible constraint was rejected")
            }
        }
        return (solver, variables, accepted)
    }

    static func expectRanges(_ solver: Solver, _ variables: [Variable], _ constraints: [ReferenceConstraint],
                             trial: Int, ambiguous: inout Int) {
        let reference = ReferenceLP.solve(constraints, variables: variables.count)
        #expect(reference.feasible, "trial \(trial): accepted system infeasible")
        guard reference.feasible else { return }
        for (index, variable) in variables.enumerated() {
            let range = solver.optimalRange(of: variable)
            let expected = reference.ranges[index]
            #expect(SolverPropertyTests.close(range.lower, expected.lower)
                     && SolverPropertyTests.close(range.upper, expected.upper),
                    "trial \(trial) x\(index): \(range) vs [\(expected.lower), \(expected.upper)]")
            if SolverPropertyTests.close(expected.lower, expected.upper) {
                #expect(SolverPropertyTests.close(solver.value(of: variable), expected.lower), "trial \(trial) x\(index)")
            } else {
                ambiguous += 1
            }
        }
    }

    @Test func structuredSystemsMatchTheDenseReference() {
        var random = Random(state: 2026)
        var conflicts = 0
        var ambiguous = 0
        var updated = 0
        for trial in 0..<2000 {
            let system = Self.structuredSystem(&random)
            var (solver, variables, accepted) = Self.build(system, trial: trial, conflicts: &conflicts)
            solver.optimize()
            Self.expectRanges(solver, variables, accepted.map(\.1), trial: trial, ambiguous: &ambiguous)
            // A size-class change: new constants for some constraints, in one batch.
            var changes: [(id: ConstraintID, constant: Double)] = []
            var changed = accepted
            for (position, entry) in accepted.enumerated() where random.below(3) == 0 {
                let constant = entry.1.constant + Double(random.below(5) - 2)
                changes.append((entry.0, constant))
                changed[position].1.constant = constant
            }
            do {
                try solver.updateConstants(changes)
                updated += 1
                #expect(ReferenceLP.feasible(changed.map(\.1), variables: system.variables), "trial \(trial)")
                Self.expectRanges(solver, variables, changed.map(\.1), trial: trial, ambiguous: &ambiguous)
            } catch {
                // Refused: the new constants cannot hold, and the old answer stands.
                #expect(!ReferenceLP.feasible(changed.map(\.1), variables: system.variables), "trial \(trial)")
                Self.expectRanges(solver, variables, accepted.map(\.1), trial: trial, ambiguous: &ambiguous)
            }
        }
        #expect(conflicts > 100)
        #expect(ambiguous > 100)
        #expect(updated > 100)
    }

    /// The one-pass redundancy check reports exactly what the definition says: scanning required
    /// equalities from the last back, one is implied when the required constraints still kept
    /// (itself excluded) pin its expression to zero. The reference decides that with a witness
    /// variable equal to the expression: implied exactly when the witness's range is [0, 0].
    @Test func impliedEqualitiesMatchTheReverseScanDefinition() {
        var random = Random(state: 77)
        var implied = 0
        for trial in 0..<800 {
            let system = Self.structuredSystem(&random)
            var conflicts = 0
            let (solver, _, accepted) = Self.build(system, trial: trial, conflicts: &conflicts)
            let required = accepted.filter { $0.1.priority >= 1000 }
            let candidates = required.filter { $0.1.relation == .equal }
            let found = Set(solver.impliedConstraints(among: candidates.map(\.0)))
            // The reverse scan's definition, decided by the reference LP (shared with
            // RedundancyPropertyTests, whose candidates include inequalities).
            let expected = RedundancyPropertyTests.referenceScan(candidates, required: required,
                                                                 variables: system.variables)
            implied += expected.count
            #expect(found == expected, "trial \(trial): \(found.sorted()) vs \(expected.sorted())")
        }
        #expect(implied > 100)
    }
}
