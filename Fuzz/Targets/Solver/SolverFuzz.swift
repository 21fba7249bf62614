import FuzzSupport
import NinefoldSolver
import ReferenceLP

/// The solver's public API driven by a random stream of operations — add, remove, edit a
/// constant, add or remove an edit variable, suggest a value — decoded from the fuzzer's bytes.
/// After every step, every variable's value is finite and every required constraint in the
/// solver holds within the tolerance (relative to the magnitudes involved). Every refused
/// constraint must really conflict with the required ones (checked with the dense reference,
/// Tests/ReferenceLP, for small systems). At the end of the stream, for systems small enough for
/// the reference, every value lies in the reference's range of optimal values.
/// Numbers come from the ranges the scene format allows (multipliers 1e-3…1e3, constants to
/// 1e6, priorities 1…1000 mixed), so this also probes conditioning at the extremes.
struct ByteStream {
    var bytes: [UInt8]
    var position = 0

    var isEmpty: Bool { position >= bytes.count }

    mutating func next() -> Int {
        defer { position += 1 }
        return position < bytes.count ? Int(bytes[position]) : 0
    }

    mutating func pick<T>(_ values: [T]) -> T { values[next() % values.count] }
}

let coefficients: [Double] = [1, -1, 2, -2, 0.5, 1e-3, -1e-3, 1e3, -1e3, 3, 16.0 / 9]
let constants: [Double] = [0, 1, -1, 8, 20, 100, -100, 375, 667, 0.5, 1e6, -1e6, 999_999.5, 1e-6]
let priorities: [Double] = [1000, 1000, 1000, 999, 750, 751, 500, 251, 250, 50, 1]
let relations: [Relation] = [.equal, .lessThanOrEqual, .greaterThanOrEqual]
let variableCount = 4
/// The dense reference is exact but slow; it checks systems up to this many constraints.
let referenceLimit = 10
/// The solver's tolerances are absolute (Tolerance.pivot, Tolerance.frame), so they decide
/// feasibility reliably only while values stay within about 1e6; a constant of 1e6 against a
/// multiplier of 1e-3 makes values of 1e9, where a feasible constraint can be refused as a
/// conflict, or a lower priority level win over a higher one (Fuzz/Regressions/fuzz-solver,
/// Documentation/Reliability.md). Conflicts and optima are checked against the reference only
/// inside this domain until the solver's tolerances are relative.
let absoluteToleranceDomain = 1e6

/// The largest value a system's numbers can force: a constant divided by a coefficient.
func magnitude(of constraints: [Constraint]) -> Double {
    constraints.map { constraint in
        let smallest = constraint.expression.terms.map { abs($0.coefficient) }.filter { $0 > 0 }.min() ?? 1
        return abs(constraint.expression.constant) / min(1, smallest)
    }.max() ?? 0
}

/// How far a required constraint may miss: the solver's frame tolerance (1e-6 points) relative
/// to the largest magnitude in the system — its values and what its numbers can force — and to
/// the constraint's largest coefficient (1000·v = 0 missing by 1e-3 leaves v 1e-6 off).
/// Doubles carry ~16 significant digits, and the tableau mixes every row, so a constraint on
/// small values shares the rounding of the system's largest.
func allowedViolation(_ constraint: Constraint, systemScale: Double) -> Double {
    let coefficients = constraint.expression.terms.map { abs($0.coefficient) }
    return Tolerance.frame * max(1, systemScale, coefficients.max() ?? 1)
}

/// An inequality moved inwards by the miss `allowedViolation` grants it; equalities as they are.
/// A refusal is wrong only when the reference can satisfy the required constraints with that
/// margin: at the boundary the solver (which counts a miss below 1e-6 as holding, SCENE-FORMAT §4)
/// and the reference (1e-9 per standard-form row, so 1e-6 through a coefficient of 1e3) may
/// disagree either way (Fuzz/Regressions/fuzz-solver/conflict-at-the-tolerance: `v3 = 0`,
/// `2000·v3 + 1e-6 ≤ 0`, `1000·v3 + 0.5·v0 + 1e-6 ≤ 0`, then `v0 = 0`, refused by a miss of
/// exactly 1e-6 that the reference absorbs by moving v3 by 5e-10).
func tightened(_ constraint: Constraint, systemScale: Double) -> Constraint {
    var moved = constraint
    let margin = allowedViolation(constraint, systemScale: systemScale)
    switch constraint.relation {
    case .equal: break
    case .lessThanOrEqual: moved.expression.constant += margin
    case .greaterThanOrEqual: moved.expression.constant -= margin
    }
    return moved
}

func reference(_ constraint: Constraint, _ variables: [Variable]) -> ReferenceConstraint {
    var row = Array(repeating: 0.0, count: variables.count)
    for term in constraint.expression.terms { row[term.variable.index] += term.coefficient }
    let relation: ReferenceConstraint.Relation = switch constraint.relation {
    case .equal: .equal
    case .lessThanOrEqual: .lessThanOrEqual
    case .greaterThanOrEqual: .greaterThanOrEqual
    }
    return ReferenceConstraint(coefficients: row, constant: constraint.expression.constant, relation: relation,
                               priority: constraint.priority.value)
}

@main enum SolverFuzzMain {
    static func main() { LibFuzzer.run(fuzzSolver) }
}

func fuzzSolver(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var stream = ByteStream(bytes: LibFuzzer.bytes(data, size))
    var solver = Solver()
    let variables = (0..<variableCount).map { solver.makeVariable(named: "v\($0)") }
    var steps = 0
    while !stream.isEmpty && steps < 64 {
        steps += 1
        switch stream.next() % 6 {
        case 0, 1:
            let first = stream.pick(variables)
            var expression = stream.pick(coefficients) * first
            if stream.next() % 3 != 0 {
                let second = stream.pick(variables)
                expression = expression + stream.pick(coefficients) * second
            }
            expression = expression + stream.pick(constants)
            let constraint = Constraint(expression, stream.pick(relations), priority: Priority(stream.pick(priorities)))
            let before = solver.constraintIDs.map(solver.constraint)
            do {
                try solver.add(constraint)
            } catch {
                let held = before.filter(\.priority.isRequired) + [constraint]
                let scale = magnitude(of: before + [constraint])
                if held.count <= referenceLimit, scale <= absoluteToleranceDomain,
                   ReferenceLP.feasible(held.map { reference(tightened($0, systemScale: scale), variables) },
                                        variables: variableCount) {
                    fatalError("a constraint was refused as conflicting, but the reference can satisfy it: \(constraint)")
                }
            }
        case 2:
            let ids = solver.constraintIDs
            if !ids.isEmpty { solver.remove(ids[stream.next() % ids.count]) }
        case 3:
            let ids = solver.constraintIDs
            if !ids.isEmpty { try? solver.updateConstant(of: ids[stream.next() % ids.count], to: stream.pick(constants)) }
        case 4:
            let variable = stream.pick(variables)
            if stream.next() % 4 == 0 {
                solver.removeEditVariable(variable)
            } else {
                solver.addEditVariable(variable, priority: Priority(stream.pick(priorities)))
            }
        default:
            solver.suggestValue(stream.pick(constants), for: stream.pick(variables))
        }
        checkConsistency(solver, variables)
    }
    compareWithReference(solver, variables)
    return 0
}

/// Cheap enough for every step: finite values, required constraints held.
func checkConsistency(_ solver: Solver, _ variables: [Variable]) {
    let value = { (variable: Variable) in solver.value(of: variable) }
    for variable in variables where !value(variable).isFinite {
        fatalError("\(solver.name(of: variable)) = \(value(variable))")
    }
    let held = solver.constraintIDs.map(solver.constraint)
    let scale = max(magnitude(of: held), variables.map { abs(value($0)) }.max() ?? 0)
    for constraint in held where constraint.priority.isRequired {
        let violation = constraint.violation(value)
        guard violation <= allowedViolation(constraint, systemScale: scale) else {
            fatalError("a required constraint misses by \(violation): \(constraint)")
        }
    }
}

/// Once per input, on the final state: the dense reference's feasibility and optimal ranges.
func compareWithReference(_ solver: Solver, _ variables: [Variable]) {
    let value = { (variable: Variable) in solver.value(of: variable) }
    let held = solver.constraintIDs.map(solver.constraint)
    guard held.count <= referenceLimit, magnitude(of: held) <= absoluteToleranceDomain else { return }
    // The reference is exact to 1e-9 where the solver, as the format says, treats values within
    // 1e-6 as equal: required constraints 1e-6 apart are infeasible to the reference and held
    // by the solver (checkConsistency has already proved they hold within tolerance). And the
    // reference keeps each optimised level within an absolute 1e-9 of its optimum, which
    // rounding at coefficients of 1e3 can exceed. Either way it finds no optimum, and there is
    // nothing to compare against.
    let result = ReferenceLP.solve(held.map { reference($0, variables) }, variables: variableCount)
    guard result.feasible else { return }
    // Chains of multipliers (v2 = −1e6·v3 through 1e3 and 1e-3) reach beyond the domain even
    // when no single constraint does: then too the system is outside it.
    let ends = result.ranges.flatMap { [$0.lower, $0.upper] }.filter(\.isFinite).map(abs)
    guard ends.allSatisfy({ $0 <= absoluteToleranceDomain }) else { return }
    // Values are compared to 1e-6 of the largest magnitude in the system: a variable tied by a
    // 1e-3 multiplier to a value near 1e6 is only determined to that precision in doubles.
    let scale = max(1, magnitude(of: held), variables.map { abs(value($0)) }.max() ?? 1)
    let slack = Tolerance.frame * scale
    for (index, variable) in variables.enumerated() {
        let range = result.ranges[index]
        guard value(variable) >= range.lower - slack, value(variable) <= range.upper + slack else {
            fatalError("v\(index) = \(value(variable)) lies outside the optimal range [\(range.lower), \(range.upper)] of \(held)")
        }
    }
}
