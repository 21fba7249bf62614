import Foundation
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

/// How far a required constraint may miss: the format's rule (`Tolerance.allowedMiss`: 1e-6
/// points, so 1e-6 times the constraint's largest coefficient in its own units; 1000·v = 0
/// missing by 1e-3 leaves v 1e-6 off), or 1e-6 of the largest magnitude in the system — its
/// values and what its numbers can force — where that is more. Doubles carry ~16 significant
/// digits, and the tableau mixes every row, so a constraint on small values shares the rounding
/// of the system's largest. Not the rule times the magnitude: with values near 667000 that
/// let `1000·v3 − 0.001·v0 = 0` miss by 667, and hid a miss of 666.87
/// (Regressions/fuzz-solver/one-batch-magnitude-equality). No floor of 1e-6: a system of small
/// numbers is checked by the rule itself (Regressions/fuzz-solver/small-coefficient-miss).
/// The factor 1 + 1e-9 is rounding of the evaluation: the solver accepts a miss of just under
/// 1e-6 on its tableau, which the values evaluated here read as 1.0000000000287557e-06
/// (Regressions/fuzz-solver/miss-at-the-tolerance).
func allowedViolation(_ constraint: Constraint, systemScale: Double) -> Double {
    max(Tolerance.allowedMiss(of: constraint), Tolerance.frame * systemScale) * (1 + 1e-9)
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

/// `NINEFOLD_FUZZ_TRACE=1 fuzz-solver INPUT` prints each operation the input decodes to, with
/// the solver's answer: how a finding's stream is read into a regression test.
let tracing = ProcessInfo.processInfo.environment["NINEFOLD_FUZZ_TRACE"] != nil

/// Written to standard error unbuffered, so the lines before a failure are never lost.
func trace(_ line: @autoclosure () -> String) {
    if tracing { FileHandle.standardError.write(Data((line() + "\n").utf8)) }
}

func text(_ constraint: Constraint) -> String {
    let terms = constraint.expression.terms.map { "\($0.coefficient)·v\($0.variable.index)" }.joined(separator: " + ")
    let relation = switch constraint.relation {
    case .equal: "="
    case .lessThanOrEqual: "≤"
    case .greaterThanOrEqual: "≥"
    }
    return "\(terms) + \(constraint.expression.constant) \(relation) 0 @\(constraint.priority.value)"
}

@main enum SolverFuzzMain {
    static func main() { LibFuzzer.run(fuzzSolver) }
}

func fuzzSolver(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var stream = ByteStream(bytes: LibFuzzer.bytes(data, size))
    streamPeak = 0
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
                let id = try solver.add(constraint)
                trace("add \(text(constraint)) -> c\(id.index)")
            } catch {
                trace("add \(text(constraint)) REFUSED")
                let held = before.filter(\.priority.isRequired) + [constraint]
                let scale = magnitude(of: before + [constraint])
                // A refusal is wrong when the required constraints can hold with room to spare:
                // the reference's point meets every inequality moved inwards by its allowed miss
                // (`tightened`), and every constraint within half the rule's allowance
                // (`Tolerance.allowedMiss`, not the system's magnitude, which a constant of 8
                // elsewhere raised to 8e-6 for a row of 0.001·v2), checked here on the constraints
                // as written (the reference itself accepts an absolute 1e-7). At
                // the boundary, where two constraints must share their allowances to hold
                // together, the solver may refuse (Documentation/Solver.md, "How far a required
                // row may miss"): `0.999·v0 + 1e-6 = 0` then `0.001·v0 = 0` hold together only
                // with v0 within 1e-9 of −1e-6, each almost at its allowance.
                if held.count <= referenceLimit, scale <= absoluteToleranceDomain,
                   let point = ReferenceLP.feasiblePoint(held.map { reference(tightened($0, systemScale: scale), variables) },
                                                         variables: variableCount),
                   held.allSatisfy({ $0.violation { point[$0.index] } <= Tolerance.allowedMiss(of: $0) / 2 }) {
                    fatalError("a constraint was refused as conflicting, but the reference can satisfy it: \(constraint)")
                }
            }
        case 2:
            let ids = solver.constraintIDs
            if !ids.isEmpty {
                let id = ids[stream.next() % ids.count]
                trace("remove c\(id.index)")
                solver.remove(id)
            }
        case 3:
            let ids = solver.constraintIDs
            if !ids.isEmpty {
                let id = ids[stream.next() % ids.count]
                let constant = stream.pick(constants)
                do {
                    try solver.updateConstant(of: id, to: constant)
                    trace("updateConstant c\(id.index) to \(constant)")
                } catch {
                    trace("updateConstant c\(id.index) to \(constant) REFUSED")
                }
            }
        case 4:
            let variable = stream.pick(variables)
            if stream.next() % 4 == 0 {
                trace("removeEditVariable v\(variable.index)")
                solver.removeEditVariable(variable)
            } else {
                let priority = Priority(stream.pick(priorities))
                trace("addEditVariable v\(variable.index) @\(priority.value)")
                solver.addEditVariable(variable, priority: priority)
            }
        default:
            let suggested = stream.pick(constants)
            let variable = stream.pick(variables)
            trace("suggestValue \(suggested) for v\(variable.index)")
            solver.suggestValue(suggested, for: variable)
        }
        checkConsistency(solver, variables)
    }
    trace("values " + settledValues(solver, variables).enumerated().map { "v\($0) = \($1)" }.joined(separator: ", "))
    checkOptimality(solver, variables)
    return 0
}

/// The values `solver` answers, read from one optimised copy: `Solver.value(of:)` on a solver
/// with pending work optimises a fresh copy for every call, which was two thirds of this
/// target's time (Documentation/Reliability.md, "Throughput"). The solver itself stays pending,
/// so the stream goes on exercising adds and removals on an unoptimised tableau.
func settledValues(_ solver: Solver, _ variables: [Variable]) -> [Double] {
    var settled = solver
    settled.optimize()
    return variables.map { settled.value(of: $0) }
}

/// The largest value any step of the current stream has shown, named in a failure: a final state
/// inside the domain can still carry the rounding of values far outside it that constraints
/// since removed had forced (Fuzz/Regressions/fuzz-solver/transient-magnitude-rounding), and a finding
/// that says so is triaged at a glance. The fuzzer calls the target on one thread only.
nonisolated(unsafe) var streamPeak = 0.0

/// Cheap enough for every step: finite values, required constraints held.
func checkConsistency(_ solver: Solver, _ variables: [Variable]) {
    let values = settledValues(solver, variables)
    streamPeak = max(streamPeak, values.map(abs).max() ?? 0)
    let value = { (variable: Variable) in values[variable.index] }
    for variable in variables where !value(variable).isFinite {
        fatalError("\(solver.name(of: variable)) = \(value(variable))")
    }
    let held = solver.constraintIDs.map(solver.constraint)
    let scale = max(magnitude(of: held), values.map(abs).max() ?? 0)
    for constraint in held where constraint.priority.isRequired {
        let violation = constraint.violation(value)
        guard violation <= allowedViolation(constraint, systemScale: scale) else {
            fatalError("a required constraint misses by \(violation): \(constraint)")
        }
    }
}

/// Once per input, on the final state: is the solver's point the lexicographic optimum? Level by
/// level, from the highest priority down, the dense reference finds the least error the level can
/// have (the sum of its constraints' violations, what the solver minimises) while every higher
/// level keeps exactly its own least error, with no allowance added; the level's error at the
/// solver's values must not exceed it by more than the format's point tolerance allows
/// (`levelTolerance`). That is the definition of a
/// lexicographic optimum, checked one level at a time, so a point that gives up any level for a
/// lower one fails at that level. Documentation/Reliability.md ("The solver target's final
/// check") says why this replaced a comparison with the reference's optimal ranges, whose
/// allowance of 1e-9 per level let a lower level move far from the solver's exact answer.
///
/// Required constraints are given to the reference through the solver's point: one the point
/// misses (within the tolerance `checkConsistency` has already enforced) is moved by that miss, so
/// the point meets the system the reference solves, and the question is only whether the solver
/// chose the best point of the system it actually holds.
func checkOptimality(_ solver: Solver, _ variables: [Variable]) {
    let values = settledValues(solver, variables)
    let value = { (variable: Variable) in values[variable.index] }
    let held = solver.constraintIDs.map(solver.constraint)
    guard held.count <= referenceLimit, magnitude(of: held) <= absoluteToleranceDomain,
          variables.allSatisfy({ abs(value($0)) <= absoluteToleranceDomain }) else { return }
    let system = held.map { constraint in
        var row = reference(constraint, variables)
        if constraint.priority.isRequired { row.constant -= requiredMiss(constraint, value) }
        return row
    }
    let levels = Set(held.map(\.priority.value).filter { $0 < Priority.required.value }).sorted(by: >)
    var optima: [Double: Double] = [:]
    for level in levels {
        let members = held.filter { $0.priority.value == level }
        let error = members.reduce(0) { $0 + $1.violation(value) }
        // The reference's pivots and ratio tests ignore entries below an absolute 1e-9, and its
        // phase one accepts an absolute 1e-7; with coefficients of 1e-3 and 1e3 it can then find
        // no point meeting its own optimum (or the solver's error) of a higher level. It has
        // nothing to compare with, as `solve` finding no optimum had nothing before.
        guard let (found, witness) = ReferenceLP.levelOptimumPoint(system, variables: variableCount, level: level,
                                                                    bounds: optima) else {
            return
        }
        // A sum of violations is never below zero; the reference's rounding once said −1e-6.
        let best = max(0, found)
        trace("level \(level): error \(error), reference \(best) at \(witness), bounds \(optima)")
        if error > best + levelTolerance(members, value) {
            // The reference's better error must come from a point that keeps what it was asked
            // to keep and has that error; any other is no witness, and there is nothing to
            // compare (`isWitness`).
            guard isWitness(witness, system, level: level, error: best, bounds: optima),
                  keepsHigherLevels(witness, from: values, system, bounds: optima) else { return }
            fatalError("priority \(level) is given up: its error is \(error) where \(best) is possible with every "
                       + "higher level at its optimum \(optima); values \(values) (the stream's values reached \(streamPeak)); "
                       + "\(held)")
        }
        // The bound on this level for the levels below: its optimum, or the solver's error where
        // that is lower (the reference's rounding), so that neither's rounding is room a lower
        // level could spend.
        // A reference point that is no witness (it gives a higher level up against the solver's
        // point) proves no optimum either: passed down, its error made the levels below follow
        // its trade (`crossing-row-slack`); the solver's error is passed down instead.
        let honest = isWitness(witness, system, level: level, error: best, bounds: optima)
            && keepsHigherLevels(witness, from: values, system, bounds: optima)
        optima[level] = honest ? min(best, error) : error
    }
}

/// Whether the reference's point for a level lies within the domain the target checks (values
/// of at most 1e6), meets every required row and every higher level's bound, and has the level's
/// error the reference claims, to rounding, evaluated on the rows as written. The reference's pivots ignore entries
/// below an absolute 1e-9 and its phase one accepts an absolute 1e-7, and through a ratio of 1e6
/// (coefficients of 1e3 against 1e-3) that slack buys a lower level a million times what it
/// costs: in `reference-hair-through-a-million` its point moved v3 off priority 999's edit by
/// 1.25e-10 (an error of 1.25e-10 where the bound was 0) to meet priority 50 exactly, a level
/// the exact lexicographic optimum, the solver's, misses by 2.5e-4. Rounding is 1e-12 of the
/// terms a row sums (at least of 1): four orders above a double's rounding at the reference's
/// ratios of 1e3, so a point that keeps its bounds passes, and a witness wrongly refused here
/// only costs the check that level, never a false finding. The claimed error is checked too: a
/// campaign of that branch found the reference claiming 0 for priority 50's
/// `−0.001·v0 + 1e-6 ≥ 0` at its own point v0 = 8.008 (fixed there by a required
/// `−0.999·v0 + 8 = 0`), which misses by 0.008.
func isWitness(_ point: [Double], _ system: [ReferenceConstraint], level: Double, error claimed: Double,
               bounds: [Double: Double]) -> Bool {
    func miss(_ row: ReferenceConstraint) -> (violation: Double, terms: Double) {
        let amount = zip(row.coefficients, point).reduce(row.constant) { $0 + $1.0 * $1.1 }
        let terms = zip(row.coefficients, point).reduce(abs(row.constant)) { $0 + abs($1.0 * $1.1) }
        let violation = switch row.relation {
        case .equal: abs(amount)
        case .lessThanOrEqual: max(0, amount)
        case .greaterThanOrEqual: max(0, -amount)
        }
        return (violation, terms)
    }
    // A point beyond the domain is outside what the target checks: the solver's cost threshold
    // (`Tolerance.cancellation`) treats a gain of 5e-13 per unit as rounding, and the reference
    // found priority 751's optimum 6.67e-4 better by moving v2 to −1.3e9 (each unit of v2 moving
    // v0's bound by 5e-10), where the solver's point stayed within 1.
    guard point.allSatisfy({ abs($0) <= absoluteToleranceDomain }) else { return false }
    let rounding = { (terms: Double) in 1e-12 * max(1, terms) }
    for row in system where row.priority >= Priority.required.value {
        let (violation, terms) = miss(row)
        if violation > rounding(terms) { return false }
    }
    for (higher, bound) in bounds {
        let misses = system.filter { $0.priority == higher }.map(miss)
        let error = misses.reduce(0) { $0 + $1.violation }
        if error > bound + rounding(misses.reduce(0) { $0 + $1.terms }) { return false }
    }
    let own = system.filter { $0.priority == level }.map(miss)
    return own.reduce(0) { $0 + $1.violation } <= claimed + rounding(own.reduce(0) { $0 + $1.terms })
}

/// Whether the reference's point keeps every higher level at or below the solver's own error
/// there, measured as the change in each constraint's violation between the two points, computed
/// from the change in the variables rather than by subtracting sums. The bound a level passes
/// down is never above the solver's error at that level (`checkOptimality`), so a point worse
/// than the solver's at a higher level breaks that bound by at least as much: whatever it gains
/// lower down was bought by giving a higher level up, and it shows nothing about the solver.
/// `isWitness` cannot see this when a level's error is large: it compares sums, and a sum near
/// 1e6 rounds to 1.2e-10. In the input this was written for (a 10-minute campaign of branch
/// fuzzsolver4: required `3·v1 + 100 = 0`, `v0 ≥ −100` and `1000·v3 − 0.001·v0 + 8 = 0`,
/// priority 999 the edits v1 = 1e6 and v3 = −1, priority 500 `v0 = 100`) priority 999's error
/// is 1000033.33 (v1's edit, which nothing can help) + 0.9919 (v3's), and v3 = 1e-6·v0 − 0.008
/// is best at v0 = −100, the solver's exact answer, giving priority 500 an error of 200. The
/// reference held priority 999's sum at 1000034.3252333333 and moved v0 by 2.27e-5 towards
/// 100, costing v3's edit 2.27e-11, below the sum's rounding, and claimed priority 500 could be
/// 199.9999773: a trade at the ratio of 1e6 between 1e3 and 1e-3, paid for in rounding.
///
/// Each constraint's change is exact up to the rounding of the products coefficient × change:
/// when the constraint stays on one side of its relation the change of its violation is the
/// change of its amount (or none); only when it crosses, where the amount itself is no larger
/// than the change, is the violation evaluated at both points, and then the rounding of the
/// terms at the solver's point is allowed too. 1e-12 of those magnitudes is four orders above a
/// double's rounding; this can only refuse a witness, never raise a finding.
func keepsHigherLevels(_ point: [Double], from solverPoint: [Double], _ system: [ReferenceConstraint],
                       bounds: [Double: Double]) -> Bool {
    for higher in bounds.keys {
        var change = 0.0
        var rounding = 0.0
        for row in system where row.priority == higher {
            let amount = zip(row.coefficients, solverPoint).reduce(row.constant) { $0 + $1.0 * $1.1 }
            let steps = zip(row.coefficients, zip(point, solverPoint)).map { $0 * ($1.0 - $1.1) }
            let delta = steps.reduce(0, +)
            rounding += 1e-12 * steps.reduce(0) { $0 + abs($1) }
            let moved = amount + delta
            if amount > 0 && moved >= 0 {
                change += row.relation == .greaterThanOrEqual ? 0 : delta
            } else if amount < 0 && moved <= 0 {
                change += row.relation == .lessThanOrEqual ? 0 : -delta
            } else {
                // Each evaluation may be off by `slack`, the rounding of the terms it sums; the
                // least the change can be is the least the violation at the witness can be
                // minus the most it can be at the solver's point, each a violation, never below
                // zero. Added to the level's rounding instead, this row's slack (2e-6 for terms
                // of 1e6 at its boundary) hid a certain loss of 5e-12 on another row of the level
                // (`crossing-row-slack`).
                let slack = 1e-12 * zip(row.coefficients, solverPoint).reduce(abs(row.constant)) { $0 + abs($1.0 * $1.1) }
                let least = switch row.relation {
                case .equal: max(0, abs(moved) - slack)
                case .lessThanOrEqual: max(0, moved - slack)
                case .greaterThanOrEqual: max(0, -moved - slack)
                }
                let most = switch row.relation {
                case .equal: abs(amount) + slack
                case .lessThanOrEqual: max(0, amount + slack)
                case .greaterThanOrEqual: max(0, -amount + slack)
                }
                change += least - most
            }
        }
        trace("  level \(higher): change \(change), rounding \(rounding)")
        if change > rounding { return false }
    }
    return true
}

/// How far the solver's point puts a required constraint off its relation, signed so that
/// subtracting it from the constant makes the point meet the constraint exactly: the residual for
/// an equality, the excess for an inequality the point breaks, and nothing when it holds.
func requiredMiss(_ constraint: Constraint, _ value: (Variable) -> Double) -> Double {
    let amount = constraint.expression.evaluate(value)
    switch constraint.relation {
    case .equal: return amount
    case .lessThanOrEqual: return max(0, amount)
    case .greaterThanOrEqual: return min(0, amount)
    }
}

/// How far a level's error at the solver's point may exceed the level's optimum: what moving each
/// variable by the format's point tolerance (1e-6, SCENE-FORMAT §4) can change it by, the sum of
/// the level's coefficients' magnitudes times 1e-6, plus rounding of 1e-9 of the magnitude of the
/// terms it sums (each constant and each coefficient times its value). A point within 1e-6 of the
/// optimum in every variable passes; nothing looser is allowed, because a level given up for a
/// lower one can cost it as little as 4e-4 (Regressions/fuzz-solver/optimum-outside-range, where
/// the level's coefficients sum to 2), which a tolerance relative to the system's scale (1e-6 of
/// 1e6 there) would hide.
func levelTolerance(_ members: [Constraint], _ value: (Variable) -> Double) -> Double {
    let coefficients = members.reduce(0.0) { sum, constraint in
        constraint.expression.terms.reduce(sum) { $0 + abs($1.coefficient) }
    }
    let terms = members.reduce(0.0) { sum, constraint in
        constraint.expression.terms.reduce(sum + abs(constraint.expression.constant)) {
            $0 + abs($1.coefficient * value($1.variable))
        }
    }
    return Tolerance.frame * coefficients + 1e-9 * max(1, terms)
}
