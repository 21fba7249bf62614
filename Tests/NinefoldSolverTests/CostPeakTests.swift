import NinefoldSolver
import Testing

/// A small system whose cost rows summed terms above `Solver.refactoredCostPeak` is refactorised
/// after its minimisation, so a real cost those terms cancelled down to is not lost
/// (Documentation/Solver.md, "A cost row whose terms passed 1e5 is refactorised").
@Suite struct CostPeakTests {
    /// Fuzz/Regressions/fuzz-solver/priority-999-given-up-by-0.999-to-spare-500, as the fuzz
    /// target decodes it (one batch after the first suggestion, values read from an optimised
    /// copy, as the target reads them). Priority 999 holds v0's edit at 0, `−1000·v2 + 0.001·v1
    /// + 1 = 0`, `0.001·v0 + 8 ≤ 0` and v2's edit at 1; required `v3 + 8 = 0` and, last,
    /// `v0 = 0`. With v0 = 0 the bound's error is 8 whatever the rest, and the other three
    /// meet exactly at v2 = 1 and v1 = (1000·1 − 1) / 0.001 = 999000, so priority 999's optimum
    /// is 8 there, whatever priority 500's `0.001·v2 − 1000·v1 = 0` (then 1e9 off) and
    /// priority 1's want. The solver answered v2 = 0.001, v1 = 1e-9: priority 999 at 8.999,
    /// given up for priority 500, because its cost for priority 500's error, −1e-9, had been
    /// summed from terms of 1001000 and dropped as a cancellation.
    @Test func aCostCancelledFromLargeTermsIsFoundAgain() throws {
        var solver = Solver()
        let v = (0..<4).map { solver.makeVariable(named: "v\($0)") }
        try solver.add(Constraint(0.001 * v[0] - 1000 * v[1] + 1e-6, .equal, priority: Priority(1)))
        try solver.add(Constraint(0.001 * v[2] - 1000 * v[1], .equal, priority: Priority(500)))
        try solver.add(Constraint(3.0 * v[3] + 0.5 * v[3] + 375, .greaterThanOrEqual, priority: Priority(751)))
        solver.suggestValue(0, for: v[0])
        try solver.add(Constraint(-1000 * v[2] + 0.001 * v[1] + 1, .equal, priority: Priority(999)))
        try solver.add(Constraint(1 * v[3] + 8, .equal))
        try solver.add(Constraint(0.001 * v[0] + 8, .lessThanOrEqual, priority: Priority(999)))
        solver.suggestValue(1, for: v[2])
        try solver.add(Constraint(1 * v[0] + 667, .lessThanOrEqual, priority: Priority(250)))
        #expect(abs(solver.value(of: v[2]) - 1) <= Tolerance.frame)
        try solver.add(Constraint(1 * v[0], .equal))
        expectRequiredConstraintsHold(solver)
        #expect(abs(solver.value(of: v[0])) <= Tolerance.frame)
        #expect(abs(solver.value(of: v[2]) - 1) <= Tolerance.frame)
        // v1 = (1000·v2 − 1) / 0.001 moves 1e6 per unit of v2, so v2's frame tolerance allows
        // v1 a million times as much.
        #expect(abs(solver.value(of: v[1]) - 999_000) <= Tolerance.frame * 1e6)
    }
}
