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
