import NinefoldSolver
import Testing

/// A small system whose rows held large cells is refactorised at its optimum, even when its
/// values stayed small (Documentation/Solver.md, "Large cells, small values").
@Suite struct CellPeakTests {
    /// Fuzz/Open/fuzz-solver/priority-251-given-up-by-one, as the fuzz target decodes it.
    /// Required `v0 + 1000·v3 + 1 ≤ 0`, v2's edit at 999 (to 0), priority 251 `−0.001·v3 +
    /// 1000·v2 = 0`, `3·v0 + 20 = 0` and `1000·v0 − 1 = 0`, required `−v0 + 0.001·v2 ≤ 0`,
    /// priority 751 `2.78·v2 + 1 ≤ 0`, then required `v2 = 20`. With v2 = 20 fixed, v0 ≥ 0.02,
    /// and priority 251's three errors all grow with v0 (by 3 and 1000 a unit) and shrink as v3
    /// rises (0.001 a unit), which the first bound caps at (−1 − v0)/1000: so v0 = 0.02 and
    /// v3 = −0.00102, priority 251's error 20039.06000102. The solver's rows had held cells of
    /// 1e9 (v0 solved from the first two through v3's 0.001) at values below 7, and it answered
    /// v0 = 0.0210009, the level 1.0 worse.
    @Test func largeCellsAtSmallValuesDoNotGiveALevelUp() throws {
        var solver = Solver()
        let v = (0..<4).map { solver.makeVariable(named: "v\($0)") }
        try solver.add(Constraint(v[0] + 1000 * v[3] + 1, .lessThanOrEqual))
        solver.addEditVariable(v[2], priority: .required)
        try solver.add(Constraint(-0.001 * v[3] + 1000 * v[2], .equal, priority: Priority(251)))
        try solver.add(Constraint(3 * v[0] + 20, .equal, priority: Priority(251)))
        try solver.add(Constraint(1000 * v[0] - 1, .equal, priority: Priority(251)))
        try solver.add(Constraint(-1 * v[0] + 0.001 * v[2], .lessThanOrEqual))
        try solver.add(Constraint(v[2] + 1.7777777777777777 * v[2] + 1, .lessThanOrEqual, priority: Priority(751)))
        try solver.add(Constraint(-1 * v[2] + 20, .equal))
        expectRequiredConstraintsHold(solver)
        #expect(abs(solver.value(of: v[2]) - 20) <= 1e-12)
        #expect(abs(solver.value(of: v[0]) - 0.02) <= 1e-12)
        #expect(abs(solver.value(of: v[3]) + 0.00102) <= 1e-12)
    }
}
