import NinefoldSolver
import Testing

/// A cost below the entering threshold is taken when its move, run on past the breakpoints the
/// level gains beyond (as the long step runs), gains the level more than its budget
/// (Documentation/Solver.md, "A tiny cost's move is judged past its breakpoints").
@Suite struct TinyCostLongStepTests {
    /// Fuzz/Regressions/fuzz-solver/priority-999-given-up-by-5e-4-through-a-5e-13-cost, as the
    /// fuzz target decodes it (values read from an optimised copy, the solver left pending).
    /// Priority 999 wants v2 = 375 (the suggestion's edit). Required `0.001·v1 + 2·v2 + 20 = 0`
    /// makes v2 = −10 − 0.0005·v1, so v2 = 375 needs v1 = (−20 − 2·375) / 0.001 = −770,000, and
    /// required `1000·v1 + 0.001·v0 ≥ 0` then needs v0 ≥ 1000·770,000 / 0.001 = 7.7e11. Nothing
    /// of a priority above 999 bounds v0, so the edit can be met exactly, whatever it costs
    /// priority 251 (`6·v1 ≥ 1e6`) and priority 1 (v1's edit at 0). The solver stopped at
    /// v2 = −10: the cost of moving the bound's slack was −4.99e-13 a unit, and the first
    /// breakpoint (priority 1's edit of v1) came after a gain of 5e-7, below the budget.
    @Test func aTinyCostWhoseMoveRunsPastABreakpointIsTaken() throws {
        var solver = Solver()
        let v = (0..<4).map { solver.makeVariable(named: "v\($0)") }
        _ = try? solver.add(Constraint(1.7777777777777777 * v[0] + 1000 * v[0] + 999_999.5, .greaterThanOrEqual, priority: Priority(251)))
        solver.suggestValue(375, for: v[2])
        solver.addEditVariable(v[1], priority: Priority(1))
        _ = try? solver.add(Constraint(3 * v[2] + 1000 * v[3] + 20, .greaterThanOrEqual, priority: Priority(50)))
        solver.addEditVariable(v[3], priority: Priority(1000))
        try solver.add(Constraint(0.001 * v[1] + 2 * v[2] + 20, .equal))
        try solver.add(Constraint(1000 * v[1] + 0.001 * v[0], .greaterThanOrEqual))
        solver.removeEditVariable(v[0])
        _ = try? solver.add(Constraint(3 * v[1] + 3 * v[1] - 1_000_000, .greaterThanOrEqual, priority: Priority(251)))
        solver.removeEditVariable(v[3])
        expectRequiredConstraintsHold(solver)
        #expect(abs(solver.value(of: v[2]) - 375) <= Tolerance.frame)
        // v1 = −1000·(20 + 2·v2): v2's tolerance allows v1 two thousand times as much.
        #expect(abs(solver.value(of: v[1]) + 770_000) <= 2000 * Tolerance.frame)
        #expect(solver.value(of: v[0]) >= 7.7e11 * (1 - 1e-12))
    }
}
