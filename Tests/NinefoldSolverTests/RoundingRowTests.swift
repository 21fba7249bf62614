import NinefoldSolver
import Testing

/// A new row whose every cell is below the pivot tolerance is rounding, not a way to meet it:
/// it is `0 = c`, implied when c is within the allowed miss and a conflict otherwise
/// (Documentation/Solver.md, "A row of rounding is `0 = c`"; fuzz-solver `required-missed-by-4`).
@Suite struct RoundingRowTests {
    /// Fuzz/Regressions/fuzz-solver/required-missed-by-4, as the fuzz target decodes it.
    /// Priority 999 `−1000·v3 + v0 + c0 ≤ 0` and `−v3 + 0.001·v2 + c1 ≤ 0`, priority 251
    /// `3·v3 − 1000·v0 + c2 = 0`, their constants updated on the way, v1's edit, then required
    /// `3·v0 + 2·v0 + 20 = 0`, that is v0 = −4, and required `v0 = 0`.
    ///
    /// The last two contradict each other whatever the rest: `5·v0 + 20 = 0` and `v0 = 0` would
    /// need 20 = 0, a miss of 20 where each allows 1e-6 times its largest coefficient. So `v0 = 0`
    /// must be refused, with exactly those two as the minimal conflict. Before the fix it was
    /// accepted: substituting v0's row left `−4 + ε·v2 = 0` with ε about 2e-22 of rounding, v2
    /// was solved for (the row's largest cell), and v2 = −1.9e22 "met" it, leaving
    /// `5·v0 + 20 = 0` missed by 20.
    @Test func aConflictIsNotMetThroughACellOfRounding() throws {
        var solver = Solver()
        let v = (0..<4).map { solver.makeVariable(named: "v\($0)") }
        let c0 = try solver.add(Constraint(-1000 * v[3] + 1 * v[0], .lessThanOrEqual, priority: Priority(999)))
        let c1 = try solver.add(Constraint(-1 * v[3] + 0.001 * v[2], .lessThanOrEqual, priority: Priority(999)))
        let c2 = try solver.add(Constraint(-1000 * v[0] + 3 * v[3], .equal, priority: Priority(251)))
        for (id, constant) in [(c0, 100.0), (c1, 100), (c2, 100), (c0, 1), (c1, 100)] {
            try solver.updateConstant(of: id, to: constant)
        }
        solver.addEditVariable(v[1], priority: Priority(251))
        try solver.updateConstant(of: c1, to: -1)
        let pin = try solver.add(Constraint(3 * v[0] + 2 * v[0] + 20, .equal))
        try solver.updateConstant(of: c2, to: 8)
        try solver.updateConstant(of: c0, to: -1)
        let zero = Constraint(1 * v[0], .equal)
        let conflict = try #require(throws: Conflict.self) { try solver.add(zero) }
        #expect(conflict.constraints.count == 2)
        #expect(conflict.constraints.contains(pin))
        // The refusal leaves the solver as it was: v0 = −4 from the required equality.
        #expect(abs(solver.value(of: v[0]) + 4) <= Tolerance.frame)
        #expect(abs(solver.value(of: v[2])) < 1e6)
    }
}

/// A row of small but real cells is not rounding (`Solver.roundingCell`).
@Suite struct RealSmallCellTests {
    /// Fuzz/Regressions/fuzz-solver/real-cells-taken-for-rounding, as the fuzz target decodes
    /// it. Required `0.001·v1 − 1000·v0 = 0` (v1 = 1e6·v0) and `0.5·v2 + 1000·v1 + 100 ≤ 0`,
    /// v1's edit at 1e6 (priority 999), then required `v0 = 0`. So v1 = 0 and v2 ≤ −200; the
    /// edit gives way. Before, `v0 = 0` read `−1e-7 − 1e-9·s − 5e-10·v2 = 0` (v0 = 1e-6·v1 and
    /// v1 = −0.0005·v2 through the bound), cells all at or below the pivot tolerance, and was
    /// taken as implied: nothing was stored, the edit took v2 to −2e9 and v0 to 1.
    @Test func aRequiredEqualityOfSmallCellsIsStored() throws {
        var solver = Solver()
        let v = (0..<4).map { solver.makeVariable(named: "v\($0)") }
        try solver.add(Constraint(0.001 * v[1] - 1000 * v[0], .equal))
        try solver.add(Constraint(1 * v[3] + 100, .equal, priority: Priority(750)))
        solver.suggestValue(1_000_000, for: v[1])
        try solver.add(Constraint(0.5 * v[2] + 1000 * v[1] + 100, .lessThanOrEqual))
        try solver.add(Constraint(1 * v[0], .equal))
        #expect(abs(solver.value(of: v[0])) <= Tolerance.frame)
        #expect(abs(solver.value(of: v[1])) <= 1e-3)
        #expect(solver.value(of: v[2]) <= -200 + Tolerance.frame)
        #expect(abs(solver.value(of: v[3]) + 100) <= Tolerance.frame)
    }
}

/// Phase one keeps a row of small but real cells when it pivots its row out.
@Suite struct PhaseOneSmallCellTests {
    /// Fuzz/Regressions/fuzz-solver/phase-one-drops-real-cells, as the fuzz target decodes it.
    /// Required `0.001·v1 − 1000·v0 = 0` (v1 = 1e6·v0) and `1000.001·v1 + 375 ≤ 0` (written
    /// `1000·v1 + 0.001·v1`), priority 751 `0.001·v0 + 0.001·v1 + 375 ≤ 0`, then required
    /// `v0 = 0`: exactly, v1 = 0 breaks the bound, but by the rule v0 = −3.75e-7 (within its
    /// allowance of 1e-6) lets v1 = −0.375, so it is accepted, and then every required
    /// constraint must hold within its allowance. Before, phase one dropped the row of
    /// `v0 = 0` (cells near 1e-9, at the pivot tolerance), and v0 ended 0.375 off.
    @Test func aRequiredEqualityAcceptedThroughPhaseOneStaysHeld() throws {
        var solver = Solver()
        let v = (0..<4).map { solver.makeVariable(named: "v\($0)") }
        try solver.add(Constraint(0.001 * v[1] - 1000 * v[0], .equal))
        try solver.add(Constraint(0.001 * v[0] + 0.001 * v[1] + 375, .lessThanOrEqual, priority: Priority(751)))
        try solver.add(Constraint(1000 * v[1] + 0.001 * v[1] + 375, .lessThanOrEqual))
        try solver.add(Constraint(1 * v[0], .equal))
        expectRequiredConstraintsHold(solver)
    }
}

/// Reading a value never recurses, whatever a rebuild leaves pending.
@Suite struct PendingCopyTests {
    /// Fuzz/Regressions/fuzz-solver/pending-copy-recursion, as the fuzz target decodes it: the
    /// removal of one of two copies of required `v0 = 0` rebuilds a tableau whose phase one had
    /// left rows that miss a required constraint; the rebuild inside that rebuild left the
    /// optimised copy pending, and `value(of:)` asked the copy again until the stack overflowed.
    /// What holds: v0 = 0 (required), so `2·v1 + v0 = 0` gives v1 = 0, which meets
    /// `2·v1 + 1e-6 ≤ 0` within its allowance of 2e-6 (v1's edit at −1e6 gives way).
    @Test func aValueIsReadAfterARebuildOfBrokenRows() throws {
        var solver = Solver()
        let v = (0..<4).map { solver.makeVariable(named: "v\($0)") }
        let wish = try solver.add(Constraint(0.001 * v[0] + 0.001 * v[1] - 1_000_000, .greaterThanOrEqual,
                                             priority: Priority(751)))
        try solver.updateConstant(of: wish, to: 0)
        solver.suggestValue(-1_000_000, for: v[1])
        try solver.add(Constraint(2 * v[1] + 1e-6, .lessThanOrEqual))
        try solver.add(Constraint(2 * v[1] + 1 * v[0], .equal))
        let first = try solver.add(Constraint(1 * v[0], .equal))
        try solver.add(Constraint(1 * v[0], .equal))
        solver.remove(first)
        #expect(abs(solver.value(of: v[0])) <= Tolerance.frame)
        expectRequiredConstraintsHold(solver)
    }
}
