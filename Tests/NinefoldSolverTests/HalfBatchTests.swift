import NinefoldSolver
import Testing

/// Fuzz/Regressions/fuzz-solver/minimized-half-batch: minimising the objective before every
/// constraint of a batch is in lets a level take a value the whole system never asks for, and
/// its rounding stays.
@Suite struct HalfBatchTests {
    /// The stream as the fuzz target decoded it (four steps). Priority 750 `−0.001·v3 + 667 = 0`
    /// and the edit v1 = 0 (priority 750, the value v1 had), the edit v0 = 1e-6 (priority 999),
    /// then required `0.001·v1 + 1000·v3 + 1 = 0`, so v3 = −0.001 − 1e-6·v1. v0 = 1e-6 exactly.
    /// Priority 750's error is |0.001·(0.001 + 1e-6·v1) + 667| + |v1| = 667.000001 + 1e-9·v1 +
    /// |v1| (v1 near 0): lowering v1 by one gains 1e-9 and costs 1, so v1 = 0 and v3 = −0.001.
    /// The rows passed 6.67e11 on the way (v1 = −6.67e11 meets the first wish), so the solver
    /// rebuilt them by priority; placing the edit of v1 last, it minimised first, which with the
    /// edit not yet there took v1 to −6.67e11 again, and answered v1 = −2⁻¹³ (an ulp of 1e12).
    @Test func anEditIsNotGivenUpToTheOptimumOfAHalfBuiltSystem() throws {
        var solver = Solver()
        let v = (0..<4).map { solver.makeVariable(named: "v\($0)") }
        let wish = try solver.add(Constraint(-0.001 * v[3] + 667, .equal, priority: Priority(750)))
        solver.addEditVariable(v[1], priority: Priority(750))
        solver.suggestValue(1e-6, for: v[0])
        let tie = try solver.add(Constraint(0.001 * v[1] + 1000 * v[3] + 1, .equal))
        #expect(abs(solver.value(of: v[0]) - 1e-6) <= Tolerance.frame)
        #expect(abs(solver.value(of: v[1])) <= Tolerance.frame)
        #expect(abs(solver.value(of: v[3]) + 0.001) <= Tolerance.frame)
        #expect(solver.violation(of: tie) <= Tolerance.allowedMiss(of: solver.constraint(tie)))
        #expect(abs(solver.violation(of: wish) - 667.000001) <= 1e-6)
    }

    /// Fuzz/Regressions/fuzz-solver/refusal-after-half-optimum. Priority 500
    /// `0.001·v0 + 1000·v3 + 100 = 0`, the edit v0 = −100 (priority 999), the edit v1 (priority
    /// 500), priority 999 `0.001·v1 + 0.5 ≥ 0` added and removed, required `−0.002·v3 + 100 = 0`
    /// (v3 = 50000, written `−0.001·v3 − 0.001·v3 + 100`), then required `−0.001·v3 = 0`, which
    /// `v3 = 50000` contradicts: refused, with both in the conflict. Nothing else holds v0, so
    /// priority 999 keeps v0 = −100 (priority 500 would need v0 = −5.00001e13). While the
    /// required equality was pending, the wish's row had v0 at −5e10; the refusal was decided on
    /// a minimised tableau, and the solver then answered v0 = −100.00000762939453 (an ulp of
    /// 5e10), since that minimisation skipped the checks `optimize()` makes for such rounding.
    @Test func aRefusalLeavesTheRoundingChecksToTheNextOptimum() throws {
        var solver = Solver()
        let v = (0..<4).map { solver.makeVariable(named: "v\($0)") }
        try solver.add(Constraint(0.001 * v[0] + 1000 * v[3] + 100, .equal, priority: Priority(500)))
        solver.suggestValue(-100, for: v[0])
        solver.addEditVariable(v[1], priority: Priority(500))
        let bound = try solver.add(Constraint(0.001 * v[1] + 0.5, .greaterThanOrEqual, priority: Priority(999)))
        solver.remove(bound)
        let fixed = try solver.add(Constraint(-0.001 * v[3] - 0.001 * v[3] + 100, .equal))
        let conflict = try #require(refusal(of: Constraint(-0.001 * v[3], .equal), by: &solver))
        #expect(conflict.constraints.count == 2)
        #expect(conflict.constraints.first == fixed)
        #expect(abs(solver.value(of: v[0]) + 100) <= Tolerance.frame)
        #expect(abs(solver.value(of: v[3]) - 50000) <= Tolerance.frame)
    }
}

/// Fuzz/Regressions/fuzz-solver/chain-cost-rounding: a level's cost row that once summed terms of
/// 1e9 held rounding above the pivot tolerance, which the minimisation read as an unbounded move
/// and stopped at, leaving the levels below it unoptimised.
@Suite struct ChainCostRoundingTests {
    /// The stream (twelve steps). What is left: required `1000·v1 = 0` (v1 = 0); priority 999 the
    /// edit v0 = 0 (the value it had); priority 500 `1000·v1 + 1 = 0` (error 1 whatever happens)
    /// and `0.001·v2 − 0.001·v3 + 1 ≤ 0` (v2 ≤ v3 − 1000); priority 251 `−0.001·v2 − 1000·v3 = 0`
    /// (v2 = −1e6·v3); priority 250 `0.5·v3 = 0` and `−v2 + 2·v1 ≤ 0` (v2 ≥ 0). Priority 500 meets
    /// its inequality, and priority 251 can then be met too: v2 = −1e6·v3 ≤ v3 − 1000 holds for
    /// v3 ≥ 1000/1000001. Priority 250's error is then 0.5·v3 + 1e6·v3, least at the smallest such
    /// v3: v3 = 1000/1000001 = 0.000999999…, v2 = −1e9/1000001 = −999.999000001. The solver
    /// answered v3 = 0, v2 = −1000, missing priority 251 by 1: priority 500's cost row held
    /// ±2.57e-8 (rounding of its cells of 1e9 from the pending vertex) on the errors of
    /// `0.5·v3 = 0`, the minimisation found nothing blocking that "improvement" and stopped.
    @Test func aLevelBelowRoundingOfAChainIsStillOptimised() throws {
        var solver = Solver()
        let v = (0..<4).map { solver.makeVariable(named: "v\($0)") }
        try solver.add(Constraint(0.5 * v[3], .equal, priority: Priority(250)))
        solver.addEditVariable(v[1], priority: Priority(50))
        try solver.add(Constraint(-1 * v[2] + 2 * v[1], .lessThanOrEqual, priority: Priority(250)))
        let chain = try solver.add(Constraint(-0.001 * v[2] - 1000 * v[3], .equal, priority: Priority(251)))
        // The target removes v1's edit by its id (the solver's second constraint, c1), and later
        // the edit of v2 that `suggestValue` made (c4).
        solver.remove(ConstraintID(index: 1))
        solver.suggestValue(0, for: v[2])
        try solver.add(Constraint(1000 * v[1] + 1, .equal, priority: Priority(500)))
        solver.remove(ConstraintID(index: 4))
        try solver.add(Constraint(-0.001 * v[3] + 0.001 * v[2] + 1, .lessThanOrEqual, priority: Priority(500)))
        solver.addEditVariable(v[1], priority: .required)
        solver.addEditVariable(v[0], priority: .required)
        try solver.add(Constraint(1000 * v[1], .equal))
        #expect(abs(solver.value(of: v[3]) - 1000.0 / 1_000_001) <= Tolerance.frame)
        #expect(abs(solver.value(of: v[2]) + 1e9 / 1_000_001) <= Tolerance.frame)
        #expect(solver.violation(of: chain) <= 1e-6)
    }
}

/// Fuzz/Regressions/fuzz-solver/rebuild-drops-shared-miss: a rebuild after a removal could not
/// place again a required constraint that had held only by sharing allowances, and dropped it
/// from the tableau while the solver still listed it.
@Suite struct SharedMissRebuildTests {
    /// The stream (ten steps). Required `2·v1 + 1e-6 = 0` (its constant updated from 8),
    /// `−2·v3 = 0`, `0.001·v1 + v3 + 1e-6 = 0` and `−2·v3 + 1e-6 = 0`; priority 999 `v3 = 0` and
    /// v0's edit. With `−2·v3 = 0` pinning v3 = 0, the last two hold within their allowances
    /// (`Tolerance.allowedMiss`: 1e-6 and 2e-6), missing by 9.995e-7 and 1e-6. Then the pin is
    /// removed. By the rule what is left holds where |2·v1 + 1e-6| ≤ 2e-6,
    /// |0.001·v1 + v3 + 1e-6| ≤ 1e-6 and |−2·v3 + 1e-6| ≤ 2e-6: with v1 = −5e-7, v3 from −5e-7 to
    /// 5e-10, and priority 999 takes v3 = 0 there. Placed exactly, no order holds the last two
    /// (the third exact gives v3 = −9.995e-7, and the fourth misses by 3e-6; the fourth exact
    /// gives v3 = 5e-7, and the third misses by 1.4995e-6), so the rebuild refused the fourth and
    /// the solver answered a point that missed it by 3e-6 while still listing it.
    @Test func aRebuildKeepsConstraintsThatHeldBySharingTheirAllowances() throws {
        var solver = Solver()
        let v = (0..<4).map { solver.makeVariable(named: "v\($0)") }
        let first = try solver.add(Constraint(2 * v[1] + 8, .equal))
        let pin = try solver.add(Constraint(-2 * v[3], .equal))
        try solver.updateConstant(of: pin, to: 0)
        try solver.add(Constraint(Expression(v[3]), .equal, priority: Priority(999)))
        try solver.updateConstant(of: first, to: 1e-6)
        try solver.add(Constraint(0.001 * v[1] + 1 * v[3] + 1e-6, .equal))
        try solver.updateConstant(of: pin, to: 0)
        solver.suggestValue(0, for: v[0])
        let last = try solver.add(Constraint(-2 * v[3] + 1e-6, .equal))
        solver.remove(pin)
        #expect(solver.contains(last))
        #expect(solver.constraintIDs.count == 5)
        for id in solver.constraintIDs where solver.constraint(id).priority.isRequired {
            #expect(solver.violation(of: id) <= Tolerance.allowedMiss(of: solver.constraint(id)) * (1 + 1e-9))
        }
        #expect(abs(solver.value(of: v[3])) <= Tolerance.frame)
    }
}

/// Fuzz/Regressions/fuzz-solver/duplicate-pin-missed-after-its-twin-is-removed: a rebuild whose
/// every replay refused a constraint left the solver answering without it (Solver.swift,
/// `rebuildIfNeeded`).
@Suite struct RefusedFirstRebuildTests {
    /// Required `1000·v0 + 0.001·v2 = 0` and `−1000·v2 − 0.001·v3 + b ≤ 0` (b raised from 8 to
    /// 100 to 1e6), priority 250 `−2·v3 + v1 + 20 ≤ 0`, priority 999 `1000·v1 + 1.78·v0 + c ≤ 0`
    /// (c raised from 0.5 to 1e6), required `v0 = 0` twice; then the first `v0 = 0` is removed.
    ///
    /// What is left pins v0 = 0, so v2 = −1e6·v0 = 0, and the bound asks v3 ≥ 1e9 (priority 250
    /// then holds for any v1 ≤ 2e9 − 20, and priority 999 asks v1 ≤ −1000). Each replay of the
    /// rebuild read the remaining `v0 = 0` as `0.001 + 1e-9·slack − 1e-12·v3 = 0`, met only
    /// through the real cell of −1e-12, which phase one takes for rounding, and refused it; the
    /// solver answered v0 = −0.000999, the pin missed by a thousand times its allowance.
    @Test func aConstraintEveryReplayRefusedIsPlacedFirst() throws {
        var solver = Solver()
        let v = (0..<4).map { solver.makeVariable(named: "v\($0)") }
        try solver.add(Constraint(1000 * v[0] + 0.001 * v[2], .equal))
        let bound = try solver.add(Constraint(-1000 * v[2] - 0.001 * v[3] + 8, .lessThanOrEqual))
        try solver.updateConstant(of: bound, to: 100)
        try solver.add(Constraint(-2 * v[3] + 1 * v[1] + 20, .lessThanOrEqual, priority: Priority(250)))
        let wish = try solver.add(Constraint(1000 * v[1] + 1.7777777777777777 * v[0] + 0.5, .lessThanOrEqual,
                                             priority: Priority(999)))
        try solver.updateConstant(of: bound, to: 1e6)
        let first = try solver.add(Constraint(1 * v[0], .equal))
        try solver.add(Constraint(1 * v[0], .equal))
        try solver.updateConstant(of: wish, to: 1e6)
        solver.remove(first)
        expectRequiredConstraintsHold(solver)
        #expect(abs(solver.value(of: v[0])) <= 1e-6)
        #expect(solver.value(of: v[3]) >= 1e9 - 1e-3)
        #expect(solver.value(of: v[1]) <= -1000 + 1e-6)
    }
}
