import NinefoldSolver
import Testing

/// A cost row drops a sum as rounding only at 1e-14 of its terms, not at the rows' 1e-12
/// (Documentation/Solver.md, "A cost row's cancellation"): a real reduced cost can be the
/// difference of terms a million times larger, and dropping it leaves a level short.
@Suite struct CostRowCancellationTests {
    /// Fuzz/Regressions/fuzz-solver/priority-750-given-up-by-a-third, as the fuzz target decodes
    /// it. Required `−0.001·v0 + 1000·v3 + 8 ≤ 0`, `−0.001·v3 + 3·v2 + 1 ≥ 0` and
    /// `3·v1 + 20 ≥ 0`; priority 500 v3's edit (at −0.008), priority 999 v0's edit (ending at 1);
    /// priority 750 `v0 + 2·v1 + 20 ≤ 0` and `0.001·v2 + 667 ≤ 0`.
    ///
    /// With v0 = 1: v3 ≤ (0.001 − 8)/1000, and v2 ≥ (0.001·v3 − 1)/3, so v2 reaches −667000 (the
    /// second wish met exactly) once v3 ≤ 3000·(−667000) + 1000 = −2,000,999,000: priority 750
    /// outranks the edit of v3 at 500. The first wish is short by 1 − 40/3 + 20 = 23/3 at
    /// v1 = −20/3. Moving v3 down gains priority 750 only 0.001 × 0.001/3 a unit, and its cell in
    /// the level's row was −1000000.0000003333 + 1e6: kept as rounding by the rows' rule
    /// (1e-12 of 1e6 is 1e-6), it was dropped, and v3 stayed at −0.008 with the level 667 short.
    @Test func aCostOfAThirdOfAMillionthBesideTermsOfAMillionIsKept() throws {
        var solver = Solver()
        let v = (0..<4).map { solver.makeVariable(named: "v\($0)") }
        let bound = try solver.add(Constraint(-0.001 * v[0] + 1000 * v[3] + 8, .lessThanOrEqual))
        try solver.add(Constraint(-0.001 * v[3] + 3 * v[2] + 1, .greaterThanOrEqual))
        solver.addEditVariable(v[3], priority: Priority(500))
        solver.suggestValue(1e-6, for: v[0])
        let edit = try #require(solver.constraintIDs.last)
        try solver.updateConstant(of: edit, to: 8)
        try solver.updateConstant(of: bound, to: 8)
        try solver.add(Constraint(3 * v[1] + 20, .greaterThanOrEqual))
        try solver.add(Constraint(1 * v[0] + 2 * v[1] + 20, .lessThanOrEqual, priority: Priority(750)))
        try solver.add(Constraint(0.001 * v[2] + 667, .lessThanOrEqual, priority: Priority(750)))
        try solver.updateConstant(of: edit, to: -1)
        #expect(abs(solver.value(of: v[0]) - 1) <= Tolerance.frame)
        #expect(abs(solver.value(of: v[1]) + 20.0 / 3) <= Tolerance.frame)
        #expect(abs(solver.value(of: v[2]) + 667_000) <= 1e-3)
        #expect(solver.value(of: v[3]) <= -2_000_999_000 + 1)
    }
}
