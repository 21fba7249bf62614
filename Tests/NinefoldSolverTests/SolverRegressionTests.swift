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

/// Fuzz/Regressions/fuzz-solver/required-inequality-missed, reduced to the two required
/// constraints that broke: `1000·v + 0.5 ≤ 0` (so v ≤ −0.0005) and then `−0.001·v = 0`.
@Suite struct ArtificialResidualTests {
    /// The equality's miss, 0.001·|v|, is smallest on the inequality's boundary v = −0.0005,
    /// where it is 5e-7: within Tolerance.frame (1e-6), so both hold and the equality is
    /// accepted. The solver used to divide that 5e-7 residual by the slack's coefficient 1e-6
    /// when pivoting the artificial variable out, putting the slack at −0.5, v at 0, and
    /// missing the inequality by 0.5.
    @Test func residualWithinToleranceKeepsTheRequiredInequality() throws {
        var solver = Solver()
        let v = solver.makeVariable(named: "v")
        let inequality = try solver.add(Constraint(1000 * v + 0.5, .lessThanOrEqual))
        let equality = try solver.add(Constraint(-0.001 * v, .equal))
        #expect(solver.violation(of: inequality) <= Tolerance.frame)
        #expect(solver.violation(of: equality) <= Tolerance.frame)
        #expect(abs(solver.value(of: v) + 0.0005) <= Tolerance.frame)
    }

    /// The fuzz input's whole stream, decoded from Fuzz/Targets/Solver/SolverFuzz.swift's byte
    /// format: the same two required constraints arrive after edits, removals and a wish whose
    /// terms cancel (`−v1 + v1 + 1e-6 ≤ 0`). The required inequality must hold after each add.
    @Test func fuzzStreamKeepsTheRequiredInequality() throws {
        var solver = Solver()
        let v = (0..<4).map { solver.makeVariable(named: "v\($0)") }
        let first = try solver.add(Constraint(0.5 * v[3] + 100, .greaterThanOrEqual, priority: Priority(999)))
        let second = try solver.add(Constraint(-1000 * v[2] - 1000 * v[1] + 1e6, .equal, priority: Priority(50)))
        try solver.updateConstant(of: first, to: 1e6)
        try solver.updateConstant(of: first, to: 8)
        solver.remove(first)
        solver.addEditVariable(v[0], priority: Priority(50))
        solver.suggestValue(-100, for: v[2])
        solver.remove(second)
        solver.remove(try solver.add(Constraint(-1 * v[0] - 1, .lessThanOrEqual, priority: Priority(500))))
        let inequality = try solver.add(Constraint(1000 * v[1] + 0.5, .lessThanOrEqual))
        try solver.add(Constraint(-1 * v[1] + 1 * v[1] + 1e-6, .lessThanOrEqual, priority: Priority(50)))
        #expect(solver.violation(of: inequality) <= Tolerance.frame)
        // As above: −0.001·v1 = 0 misses by 5e-7 at v1 = −0.0005, within tolerance, so it is kept.
        let equality = try solver.add(Constraint(-0.001 * v[1], .equal))
        #expect(solver.violation(of: inequality) <= Tolerance.frame)
        #expect(solver.violation(of: equality) <= Tolerance.frame)
        #expect(abs(solver.value(of: v[1]) + 0.0005) <= Tolerance.frame)
    }
}
