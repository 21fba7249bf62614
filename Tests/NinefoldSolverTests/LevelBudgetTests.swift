import NinefoldSolver
import Testing

/// How much of a higher priority level a lower one may take through costs of rounding size
/// (Documentation/Solver.md, "A level's budget"): a level's budget is the frame tolerance times
/// its coefficients' sum (at most the frame tolerance), spent once across all such moves, and a
/// cost below the entering threshold is still taken when its move gains more than the budget.
@Suite struct LevelBudgetTests {
    /// Fuzz/Regressions/fuzz-solver/refactor-gives-up-hair, as the fuzz target decodes it.
    /// Required `0.001·v0 + 1000·v3 = 0` (v3 = −1e-6·v0), `1000·v2 + 0.001·v0 + 0.5 ≥ 0` with
    /// `16/9·v2 = 0` (so v0 ≥ −500), `−0.001·v2 + 20 ≥ 0`, `−v0 − 2·v1 + 20 = 0`; priority 251
    /// `−0.001·v3 + 8 = 0` wants v3 = 8000, so v0 as low as it goes: v0 = −500, v3 = 5e-4,
    /// v1 = 260, the level's error 8 − 5e-7. Priority 1 `0.001·v2 − 1000·v0 + 20 ≤ 0` (v0 ≥ 0.02)
    /// gives way. Before, v0 = 0.02: the move's reduced cost at priority 251 is exactly 1e-12 a
    /// unit of priority 1's error, at the threshold, over a step of 500,020.
    @Test func aCostOfTheThresholdIsTakenOverALongStep() throws {
        var solver = Solver()
        let v = (0..<4).map { solver.makeVariable(named: "v\($0)") }
        let low = try solver.add(Constraint(0.001 * v[2] - 1000 * v[0] + 8, .lessThanOrEqual, priority: Priority(1)))
        try solver.updateConstant(of: low, to: 20)
        try solver.add(Constraint(-0.001 * v[3] + 8, .equal, priority: Priority(251)))
        try solver.add(Constraint(0.001 * v[0] + 1000 * v[3], .equal))
        try solver.add(Constraint(1000 * v[2] + 0.001 * v[0] + 0.5, .greaterThanOrEqual))
        try solver.add(Constraint(-0.001 * v[2] + 20, .greaterThanOrEqual))
        try solver.add(Constraint(-1 * v[0] - 2 * v[1] + 20, .equal))
        try solver.add(Constraint((16.0 / 9) * v[2], .equal))
        #expect(abs(solver.value(of: v[3]) - 5e-4) <= Tolerance.frame)
        #expect(abs(solver.value(of: v[0]) + 500) <= 1e-3)
        #expect(abs(solver.value(of: v[1]) - 260) <= 1e-3)
    }

    /// Fuzz/Regressions/fuzz-solver/priority-750-hair, as the fuzz target decodes it. Required
    /// `1000·v2 + 0.001·v0 − 100 = 0` (v2 = 0.1 − 1e-6·v0), `−1000·v0 + 100 ≥ 0` (v0 ≤ 0.1),
    /// `−0.001·v1 = 0`; priority 750 v2's edit at 0, so v0 as high as it goes: v0 = 0.1, the
    /// level's error 0.0999999. Priorities 251 and 50 pull v0 down (priority 50 `v0 + 8 ≤ 0`),
    /// which may cost priority 750 at most its budget, 1e-6 (coefficients summing to 1). Before,
    /// two moves of rounding-size cost took v0 to −8 and gave 8.1e-6 of it up.
    @Test func slightMovesShareOneBudget() throws {
        var solver = Solver()
        let v = (0..<4).map { solver.makeVariable(named: "v\($0)") }
        solver.addEditVariable(v[2], priority: Priority(750))
        let edit = try #require(solver.constraintIDs.first)
        try solver.add(Constraint(1000 * v[2] + 0.001 * v[0] - 100, .equal))
        try solver.add(Constraint(-1000 * v[0] + 100, .greaterThanOrEqual))
        try solver.add(Constraint(1000 * v[2] + 1e-6, .equal, priority: Priority(50)))
        for constant in [8.0, 8, -100] { try solver.updateConstant(of: edit, to: constant) }
        try solver.add(Constraint(1 * v[0] + 8, .lessThanOrEqual, priority: Priority(50)))
        try solver.add(Constraint(1000 * v[2] - 1 * v[2] + 20, .greaterThanOrEqual, priority: Priority(251)))
        try solver.add(Constraint(1 * v[0] + 1000 * v[1] + 0.5, .lessThanOrEqual, priority: Priority(251)))
        solver.suggestValue(0, for: v[2])
        try solver.add(Constraint(-0.001 * v[1], .equal))
        #expect(abs(solver.value(of: v[2])) <= 0.0999999 + Tolerance.frame)
        #expect(abs(solver.value(of: v[1])) <= Tolerance.frame)
    }

    /// Fuzz/Regressions/fuzz-solver/broken-tableau-after-slight-pivots, as the fuzz target decodes
    /// it. Required `0.001·v1 − 1000·v0 = 0` (v1 = 1e6·v0) and `0.001·v3 + 1000·v1 ≥ 0`
    /// (v1 ≥ −1e-6·v3); priority 999 edits v0 = 0 and v3 = −1e6. With v3 at −1e6, v1 ≥ 1 and so
    /// v0 ≥ 1e-6; moving v3 up by d lowers that bound on v0 by only 1e-12·d, so the level's
    /// optimum is v3 = −1e6, v1 = 1, v0 = 1e-6, error 1e-6. Priority 751 `0.001·v1 + v0 + 20 ≤ 0`
    /// and priority 250 `−1000·v0 + 0.001·v3 + 0.5 ≥ 0` pull the other way through slight costs.
    /// Before, priority 751's slight move swapped an inequality's pair in its row (the long step),
    /// the budget then refused the move, and the swapped slack stayed negative: the tableau was
    /// no longer feasible and v3 ended at −499.9995, priority 999 given up by 999,500.
    @Test func aRefusedSlightMoveLeavesTheTableauFeasible() throws {
        var solver = Solver()
        let v = (0..<4).map { solver.makeVariable(named: "v\($0)") }
        let tie = try solver.add(Constraint(0.001 * v[1] - 1000 * v[0] + 20, .equal))
        try solver.updateConstant(of: tie, to: 0)
        let pull = try solver.add(Constraint(0.001 * v[1] + 1 * v[0] + 375, .lessThanOrEqual, priority: Priority(751)))
        try solver.updateConstant(of: pull, to: 20)
        solver.suggestValue(0, for: v[0])
        solver.suggestValue(-1_000_000, for: v[3])
        try solver.add(Constraint(1 * v[0] + 667, .equal, priority: Priority(250)))
        try solver.add(Constraint(-1000 * v[0] + 0.001 * v[3] + 0.5, .greaterThanOrEqual, priority: Priority(250)))
        try solver.add(Constraint(3 * v[0] - 1, .equal, priority: Priority(251)))
        try solver.add(Constraint(0.001 * v[3] + 1000 * v[1], .greaterThanOrEqual))
        expectRequiredConstraintsHold(solver)
        #expect(abs(solver.value(of: v[3]) + 1_000_000) <= Tolerance.frame)
        #expect(abs(solver.value(of: v[0]) - 1e-6) <= Tolerance.frame)
        #expect(abs(solver.value(of: v[1]) - 1) <= 1e-3)
    }

    /// Fuzz/Regressions/fuzz-solver/priority-251-given-up-after-rows-of-5e13, as the fuzz target
    /// decodes it. Required `1000·v2 − 0.001·v3 + 20 = 0` (v3 = 1e6·v2 + 20000) and
    /// `−v2 − v1 − 1 ≥ 0` (v1 ≤ −1 − v2); priority 751 `16/9·v1 − 1000·v3 + 20 ≥ 0`, that is
    /// 1e9·v2 ≤ 16/9·v1 − 19999980; priority 251 `0.001·v2 − 100 ≥ 0` wants v2 as high as it
    /// goes; priority 250 edits v1 to 0. Priority 751 holds and priority 251 is best with both
    /// bounds tight: v1 = −1 − v2 and v2 = −(19999980 + 16/9) / (1e9 + 16/9), about −0.02, v1
    /// about −0.98. Priority 251's cost of moving c3's slack is 0.001 × 1e-9 = 1e-12 a unit, at
    /// the rounding threshold, and it was neither priced out nor budgeted: priority 250 moved
    /// the slack by 9.8e8 back to v1 = 0, v2 = −1, giving priority 251 up by 9.8e-4.
    @Test func aCostAtTheThresholdIsKeptWithinTheBudget() throws {
        var solver = Solver()
        let v = (0..<4).map { solver.makeVariable(named: "v\($0)") }
        try solver.add(Constraint(0.001 * v[2] - 100, .greaterThanOrEqual, priority: Priority(251)))
        solver.addEditVariable(v[1], priority: Priority(250))
        try solver.add(Constraint(1000 * v[2] - 0.001 * v[3] + 20, .equal))
        try solver.add(Constraint((16.0 / 9) * v[1] - 1000 * v[3] + 20, .greaterThanOrEqual, priority: Priority(751)))
        try solver.add(Constraint(-1 * v[2] - 1 * v[1] - 1, .greaterThanOrEqual))
        solver.suggestValue(20, for: v[2])
        solver.removeEditVariable(v[2])
        expectRequiredConstraintsHold(solver)
        let best = -(19_999_980 + 16.0 / 9) / (1e9 + 16.0 / 9)
        #expect(abs(solver.value(of: v[2]) - best) <= Tolerance.frame)
        #expect(abs(solver.value(of: v[1]) + 1 + best) <= Tolerance.frame)
    }

    /// Fuzz/Regressions/fuzz-solver/priority-750-given-up-by-tiny-cost-budget, as the fuzz
    /// target decodes it. Priority 750 `v3 + 1e-6 ≤ 0` (its constant updated from 0); v3's edit
    /// (priority 999) moved about and then removed, so nothing above priority 750 reaches v3;
    /// v1's edit at 375 (priority 999), which required `0.001·v0 − 1000·v1 + 20 ≤ 0` allows;
    /// priority 500 `0.001·v3 − 1000·v0 + 1e-6 = 0` and priority 251 `v0 ≤ 0` below. So
    /// priority 750 holds: v3 at most −1e-6. Budgeting every cost below the threshold, a cost
    /// of rounding at priority 999 froze the symbol priority 750 had to move, and v3 stayed at
    /// 0.0625.
    @Test func aCostOfRoundingIsNotBudgeted() throws {
        var solver = Solver()
        let v = (0..<4).map { solver.makeVariable(named: "v\($0)") }
        let bound = try solver.add(Constraint(1 * v[3], .lessThanOrEqual, priority: Priority(750)))
        let tie = try solver.add(Constraint(0.001 * v[0] - 1000 * v[1] + 667, .lessThanOrEqual))
        try solver.add(Constraint(0.001 * v[3] - 1000 * v[0] + 1e-6, .equal, priority: Priority(500)))
        solver.suggestValue(1e-6, for: v[3])
        let edit = try #require(solver.constraintIDs.last)
        let low = try solver.add(Constraint(1 * v[0] + 100, .lessThanOrEqual, priority: Priority(251)))
        try solver.updateConstant(of: tie, to: 20)
        solver.suggestValue(8, for: v[1])
        try solver.updateConstant(of: edit, to: 0.5)
        solver.suggestValue(375, for: v[3])
        solver.suggestValue(8, for: v[3])
        solver.remove(edit)
        solver.suggestValue(375, for: v[1])
        try solver.updateConstant(of: bound, to: 1e-6)
        try solver.updateConstant(of: low, to: 0)
        expectRequiredConstraintsHold(solver)
        #expect(solver.value(of: v[3]) <= -1e-6 + Tolerance.frame)
        #expect(abs(solver.value(of: v[1]) - 375) <= Tolerance.frame)
    }

    /// Fuzz/Regressions/fuzz-solver/priority-500-given-up-by-a-half, as the fuzz target decodes
    /// it. Required `0.001·v1 − 1000·v2 − 1 ≥ 0` (v2 ≤ −0.001 + 1e-6·v1); priority 999
    /// `1001·v1 + 1e-6 ≤ 0` and v2's edit at 0.5; priority 750 `1.001·v1 + 0.5 ≤ 0`; priority
    /// 500 `v1 ≥ 1` and the required bound again; priority 251 `0.5·v2 + 375 ≥ 0`. Priority 999
    /// gains 1e-6 a unit of v1 up to v1 = −1e-6/1001, where its first constraint starts costing
    /// 1001 a unit: v1 = −9.99e-10, v2 = −0.001. Priority 750 wants v1 at −0.4995, a move that
    /// costs priority 999 1e-6 a unit, real, which read as slight beside its terms near 1000:
    /// v1 came out −0.4995, priority 999 5e-7 short, and priority 500 0.4995 short of what its
    /// optimum allows.
    @Test func aRealCostOfABillionthIsNotSlight() throws {
        var solver = Solver()
        let v = (0..<4).map { solver.makeVariable(named: "v\($0)") }
        let pin = try solver.add(Constraint(3 * v[0] + 8, .equal))
        let floor = try solver.add(Constraint(0.5 * v[2] + 1e-6, .greaterThanOrEqual, priority: Priority(251)))
        try solver.add(Constraint(1 * v[1] - 1, .greaterThanOrEqual, priority: Priority(500)))
        try solver.add(Constraint(0.001 * v[1] - 1000 * v[2] - 1, .greaterThanOrEqual, priority: Priority(500)))
        try solver.add(Constraint(0.001 * v[1] - 1000 * v[2] - 1, .greaterThanOrEqual))
        try solver.add(Constraint(1 * v[1] + 1000 * v[1] + 1e-6, .lessThanOrEqual, priority: Priority(999)))
        try solver.updateConstant(of: floor, to: 375)
        try solver.add(Constraint(1 * v[1] + 0.001 * v[1] + 0.5, .lessThanOrEqual, priority: Priority(750)))
        solver.suggestValue(0.5, for: v[2])
        solver.remove(pin)
        #expect(abs(solver.value(of: v[1]) + 1e-6 / 1001) <= Tolerance.frame)
        #expect(abs(solver.value(of: v[2]) + 0.001) <= Tolerance.frame)
    }
}
