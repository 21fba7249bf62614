import NinefoldSolver
import Testing

/// Inputs the solver fuzz target found (Fuzz/Regressions/fuzz-solver), as plain tests.
@Suite struct SolverRegressionTests {
    /// Fuzz/Regressions/fuzz-solver/removed-duplicate-equality: with v ≥ −1, two copies of
    /// v = 0 (written v = 0 and −v = 0), removing the first copy must leave the second in
    /// force. A wish v ≤ −8 then pulls v down, but the required −v = 0 keeps it at 0 (the
    /// solver used to leave v at −1, where the redundant copy's row had come to depend on the
    /// slack of v ≥ −1).
    @Test func removingOneCopyOfARequiredEqualityKeepsTheOther() throws {
        var solver = Solver()
        let v = solver.makeVariable(named: "v")
        let w = solver.makeVariable(named: "w")
        try solver.add(Constraint(v + 1, .greaterThanOrEqual))
        try solver.add(Constraint(w - 1, .lessThanOrEqual))
        let first = try solver.add(Constraint(Expression(v), .equal))
        let second = try solver.add(Constraint(-v, .equal))
        solver.remove(first)
        #expect(solver.contains(second))
        try solver.add(Constraint(v + 8, .lessThanOrEqual, priority: Priority(750)))
        #expect(abs(solver.value(of: v)) <= Tolerance.frame)
        #expect(solver.violation(of: second) <= Tolerance.frame)
    }

    /// The same with three copies, removed in every order but one: the last copy holds.
    @Test(arguments: [[0, 1], [1, 0], [0, 2], [2, 0], [1, 2], [2, 1]])
    func anyRemainingCopyHolds(removed: [Int]) throws {
        var solver = Solver()
        let v = solver.makeVariable(named: "v")
        try solver.add(Constraint(v + 1, .greaterThanOrEqual))
        let copies = try [Expression(v) - 5, -v + 5, 2 * Expression(v) - 10].map { try solver.add(Constraint($0, .equal)) }
        for index in removed { solver.remove(copies[index]) }
        try solver.add(Constraint(v + 8, .lessThanOrEqual, priority: Priority(750)))
        // v = 5 is required by the remaining copy; the wish v ≤ −8 loses.
        #expect(abs(solver.value(of: v) - 5) <= Tolerance.frame)
    }
}


extension SolverRegressionTests {
    /// Fuzz/Regressions/fuzz-solver/removed-equalities-stall-optimum: after removing both copies
    /// of v = 0 (and v + 2w + 20 ≤ 0), the only constraint left is the wish 3v + 8 ≤ 0 (written
    /// v + 2v + 8: terms of one variable add up), so v must reach −8/3 (the solver used to stay
    /// at 0, not moving the variable the removals had freed).
    @Test func removingBothCopiesFreesTheVariable() throws {
        var solver = Solver()
        let v = solver.makeVariable(named: "v"), w = solver.makeVariable(named: "w")
        let bound = try solver.add(Constraint(v + 2 * w + 20, .lessThanOrEqual))
        let first = try solver.add(Constraint(Expression(v), .equal))
        let second = try solver.add(Constraint(Expression(v), .equal))
        try solver.add(Constraint(Expression([Term(v, 1), Term(v, 2)], constant: 8), .lessThanOrEqual,
                                  priority: Priority(750)))
        // v = −8 cannot join v = 0.
        #expect(throws: Conflict.self) { try solver.add(Constraint(v + 8, .equal)) }
        solver.remove(bound)
        solver.remove(first)
        solver.remove(second)
        #expect(abs(solver.value(of: v) + 8.0 / 3) <= Tolerance.frame)
    }
}
