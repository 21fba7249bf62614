import NinefoldSolver
import Testing

/// An optimum whose restricted rows the ratio test let fall below zero by less than the pivot
/// tolerance is raised by dual pivots and minimised again (Documentation/Solver.md, "Rows an
/// optimum leaves slightly below zero").
@Suite struct SlightlyNegativeRowTests {
    /// Fuzz/Regressions/fuzz-solver/priority-1-given-up-beside-a-quarter, as the fuzz target
    /// decodes it. Priority 999 `−2·v2 + 0.5 ≥ 0` (v2 ≤ 0.25); priority 750 `−0.001·v0 ≥ 0`
    /// (v0 ≤ 0) and `1000·v0 + 0.001·v2 ≥ 0` (v0 ≥ −1e-6·v2), which hold together exactly when
    /// v2 ≥ 0; priority 1 `−1000·v0 + (16/9)·v2 + 1e6 ≤ 0`, whose error 1e6 − 1000·v0 + (16/9)·v2
    /// is least, within those, at v0 = 0 and v2 = 0: 1e6. The solver answered v2 = 0.25,
    /// v0 = −2.5e-7 (priority 1 given up by 0.44), at a basis holding the first priority-750
    /// error at −2.5e-10: a vertex that is not one, whose costs priced the move to v2 = 0 out.
    @Test func aLevelIsNotGivenUpAtARowLeftBelowZero() throws {
        var solver = Solver()
        let v = (0..<4).map { solver.makeVariable(named: "v\($0)") }
        solver.remove(try solver.add(Constraint(0.001 * v[3], .equal, priority: Priority(750))))
        let upper = try solver.add(Constraint(-0.001 * v[0] + 100, .greaterThanOrEqual, priority: Priority(750)))
        try solver.add(Constraint(-1000 * v[0] + (16.0 / 9) * v[2] + 1_000_000, .lessThanOrEqual, priority: Priority(1)))
        let lower = try solver.add(Constraint(1000 * v[0] + 0.001 * v[2] + 667, .greaterThanOrEqual, priority: Priority(750)))
        solver.remove(try solver.add(Constraint(3 * v[3] + 1 * v[1] + 20, .equal)))
        try solver.add(Constraint(-2 * v[2] + 0.5, .greaterThanOrEqual, priority: Priority(999)))
        try solver.updateConstant(of: upper, to: 0)
        try solver.updateConstant(of: lower, to: 0)
        #expect(abs(solver.value(of: v[0])) <= Tolerance.frame)
        #expect(abs(solver.value(of: v[2])) <= Tolerance.frame)
    }
}
