import NinefoldSolver
import Testing

/// A required row whose phase-one remains hold only cells below `Tolerance.cancellation`, some
/// of them real (above `Solver.roundingCell`), is not taken as implied (Documentation/Solver.md,
/// "A row of tiny real cells is not implied").
@Suite struct TinyRealRowTests {
    /// Fuzz/Regressions/fuzz-solver/tiny-real-row-taken-as-implied, as the fuzz target decodes it.
    /// v0's edit (priority 999), required `−2000·v0 − 1 ≥ 0` (v0 ≤ −0.0005) and
    /// `0.001·v0 − 1000·v1 = 0` (v1 = 1e-6·v0); v0 suggested to −1e6; v2's edit; priority 999
    /// `0.002·v0 ≥ 0`; then required `−0.001·v1 = 0`. Exactly, the last and the second give
    /// v0 = 0, which the first forbids; by the rule they hold together near v0 = −0.0005 (the
    /// second then misses by 5e-7 of its 1e-3, the last by 5e-13 of its 1e-9), and a required
    /// constraint held as exactly as the others allow leaves the edit no room: v0 = −0.0005.
    /// The last one's row read `5e-13 + 5e-13·slack = 0` and was taken as implied, so nothing
    /// kept it: the edit took v0 to −1e6, and it missed by 0.001.
    @Test func aRowOfTinyRealCellsStillHoldsWhenAnEditPulls() throws {
        var solver = Solver()
        let v = (0..<4).map { solver.makeVariable(named: "v\($0)") }
        solver.addEditVariable(v[0], priority: .required)
        try solver.add(Constraint(-1000 * v[0] - 1000 * v[0] - 1, .greaterThanOrEqual))
        try solver.add(Constraint(0.001 * v[0] - 1000 * v[1], .equal))
        solver.suggestValue(-1_000_000, for: v[0])
        solver.addEditVariable(v[2], priority: .required)
        try solver.add(Constraint(0.001 * v[0] + 0.001 * v[0], .greaterThanOrEqual, priority: Priority(999)))
        try solver.add(Constraint(-0.001 * v[1], .equal))
        expectRequiredConstraintsHold(solver)
        #expect(abs(solver.value(of: v[0]) + 0.0005) <= Tolerance.frame)
    }
}

/// A required equality whose row on the current rows is all below `Solver.roundingCell` is read
/// again on the refactorised rows, where real cells survive (Documentation/Solver.md, "A row
/// below the rounding cut is read again on refactorised rows").
@Suite struct RefactorizedRowTests {
    /// Fuzz/Regressions/fuzz-solver/thousandth-equality-implied-through-a-1e-15-cell, as the
    /// fuzz target decodes it. Required `1000·v0 + 0.001·v2 = 0` (v2 = −1e6·v0) and
    /// `−1000·v2 − 0.001·v3 + 8 = 0` (v3 = 8000 − 1e6·v2 = 8000 + 1e12·v0), priority 1
    /// `2·v3 = 0`, then required `−0.001·v0 = 0`. Held exactly, the last fixes v0 = 0, so v2 = 0
    /// and v3 = 8000; by the format's rule it may miss by 1e-9 (1e-6 of its 0.001), and at
    /// v3 = 0 (priority 1 met) it misses by 8e-12, so either point is an answer while priority 1
    /// is there. Its row read `8e-12 − 1e-15·v3 = 0`, a real product of the multipliers with
    /// nothing cancelled, below the rounding cut, and was taken as implied: nothing kept it, and
    /// once priority 1 was removed, v0's edit at 1 (priority 999) took v0 to 1 and v3 to 1e12,
    /// the equality missed by 0.001. Kept, it holds |0.001·v0| ≤ 1e-9, so the edit moves v0 by
    /// at most 1e-6.
    @Test func aThousandthEqualityThroughProductsOfMultipliersIsKept() throws {
        var solver = Solver()
        let v = (0..<4).map { solver.makeVariable(named: "v\($0)") }
        try solver.add(Constraint(1000 * v[0] + 0.001 * v[2], .equal))
        try solver.add(Constraint(-1000 * v[2] - 0.001 * v[3] + 8, .equal))
        let wish = try solver.add(Constraint(2 * v[3], .equal, priority: Priority(1)))
        try solver.add(Constraint(-0.001 * v[0], .equal))
        expectRequiredConstraintsHold(solver)
        solver.remove(wish)
        solver.addEditVariable(v[0], priority: Priority(999))
        solver.suggestValue(1, for: v[0])
        expectRequiredConstraintsHold(solver)
        #expect(abs(solver.value(of: v[0])) <= 1e-6)
    }
}

/// A required equality added to a small system whose rows passed `Solver.refactoredPeak` is made
/// on refactorised rows, so a cell of rounding in them is not solved through
/// (Documentation/Solver.md, "A required equality past the peaks is made on refactorised rows").
@Suite struct StaleCellPinTests {
    /// Fuzz/Regressions/fuzz-solver/required-pin-through-a-rounding-cell, as the fuzz target
    /// decodes it (one batch, values read from an optimised copy). Required `3·v3 + v0 = 0`,
    /// `−v0 − 0.001·v2 = 0` and `−v3 = 0` fix v0 = v2 = v3 = 0, and the last add, required
    /// `v0 = 0`, is implied by them; nothing required holds v1. Priority 999 holds v1's edit at
    /// 999999.5, v0's at 0 and `v3 − 0.001·v2 + 8 = 0` (8 off whatever v1 is), so its optimum
    /// is v1 = 999999.5, whatever priority 750's `v0 + 0.001·v1 = 0` and `v3 + 3·v1 = 0` (which
    /// want v1 = 0) lose. After the edit at 999999.5 v0's row held cells of 1.8e-12 for priority
    /// 750's errors where the exact ones are zero; `v0 = 0` was solved through one, which tied
    /// the two errors and so v1 = 0: priority 999 given up by 999999.5.
    @Test func anImpliedPinIsNotSolvedThroughARoundingCell() throws {
        var solver = Solver()
        let v = (0..<4).map { solver.makeVariable(named: "v\($0)") }
        try solver.add(Constraint(1 * v[0] + 0.001 * v[1], .equal, priority: Priority(750)))
        try solver.add(Constraint(1 * v[3] + 3 * v[1], .equal, priority: Priority(750)))
        try solver.add(Constraint(3 * v[3] + 1 * v[0], .equal))
        try solver.add(Constraint(-1 * v[0] - 0.001 * v[2], .equal))
        try solver.add(Constraint(-1 * v[3], .equal))
        solver.suggestValue(999_999.5, for: v[1])
        try solver.add(Constraint(1 * v[3] - 0.001 * v[2] + 8, .equal, priority: Priority(999)))
        solver.suggestValue(0, for: v[0])
        solver.addEditVariable(v[3], priority: .required)
        try solver.add(Constraint(1 * v[0], .equal))
        expectRequiredConstraintsHold(solver)
        #expect(abs(solver.value(of: v[1]) - 999_999.5) <= Tolerance.frame)
    }
}
