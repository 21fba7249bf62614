import NinefoldSolver
import Testing

/// Fuzz/Regressions/fuzz-solver/removal-breaks-required: removing a wish pivoted its marker
/// through a user variable's row that held 4e-14 of it (rounding), and a required equality added
/// next missed by 2.
@Suite struct RemovalPivotTests {
    /// The stream as the fuzz target decoded it. What is left after the removals: required
    /// `v1 + 2·v3 + 8 = 0`, `v3 + 1 ≤ 0`, `−v0 + v1 + 667 = 0` and `v2 = 0`, and no wish. Any v3 ≤ −1
    /// with v1 = −8 − 2·v3 and v0 = v1 + 667 meets them, and v2 = 0 is the only constraint on v2,
    /// so v2 = 0 and every required constraint holds. Removing the priority-250 wish pivoted its
    /// error marker in through v0's row, the first user row mentioning it, whose cell was
    /// 4.1e-14 (rounding left by removing the bound); v2's row, holding 1.0 of it, was filled
    /// with 1e16s instead, and the solver answered v2 = −2.
    @Test func aRemovedWishLeavesThroughItsLargestUserCell() throws {
        var solver = Solver()
        let v = (0..<4).map { solver.makeVariable(named: "v\($0)") }
        let wish = try solver.add(Constraint(1 * v[2] - 1000 * v[1] + 667, .equal, priority: Priority(250)))
        let bound = try solver.add(Constraint(-1000 * v[2] + 1 * v[0], .lessThanOrEqual))
        let sum = try solver.add(Constraint(1 * v[1] + 2 * v[3] + 8, .equal))
        let ceiling = try solver.add(Constraint(1 * v[3] + 1, .lessThanOrEqual))
        let offset = try solver.add(Constraint(-1 * v[0] + 1 * v[1] + 667, .equal))
        solver.remove(bound)
        solver.remove(wish)
        let zero = try solver.add(Constraint(Expression(v[2]), .equal))
        #expect(abs(solver.value(of: v[2])) <= Tolerance.frame)
        for id in [sum, ceiling, offset, zero] { #expect(solver.violation(of: id) <= Tolerance.frame) }
    }
}

/// Fuzz/Regressions/fuzz-solver/refused-feasible-bound: a required equality accepted within its
/// tolerance had its residual zeroed into the rows, which kept it exact at the old bound's value
/// after that bound was removed, and a feasible equality was refused.
@Suite struct RefusalAfterRemovalTests {
    /// The stream up to the refused add, with the equality given a second term on a variable
    /// pinned at zero: the input's `−0.001·v0 = 0` may miss by 1e-9 (`Tolerance.allowedMiss`: v0
    /// within 1e-6 of 0), so beside `v0 ≥ 0.001` it is now refused, and the history below needs
    /// it accepted within its allowance. `−0.001·v0 + 1000·v1 = 0` after `v1 = 0` reduces to the
    /// same row (v1's row is the constant 0) and may miss by 1e-3.
    ///
    /// Required: `v0 ≥ 0.001` (written `−0.001·v0 + 1e-6 ≤ 0`, allowed 1e-9 in its units, so
    /// v0 ≥ 0.000999), `v3 + 2·v0 + 8 ≤ 0` (its constant updated from 375), `v1 = 0` and the
    /// equality; the edits v3 = 0 and v0 = 0.001 at priority 999. `v0 = 0` (v0 within 1e-6 of
    /// 0), `2·v3 + 8 = 0` (v3 = −4, so v0 ≤ −2) and `−1000·v0 = 0` (v0 within 1e-9 of 0) really
    /// conflict with `v0 ≥ 0.001`, and are refused; the equality misses at v0 = 0.001 by 1e-6 in
    /// its own units, within its 1e-3, and is accepted with that residual zeroed into the rows.
    private static func history() throws -> (Solver, [Variable], pin: ConstraintID, lastEquality: ConstraintID,
                                             sum: ConstraintID) {
        var solver = Solver()
        let v = (0..<4).map { solver.makeVariable(named: "v\($0)") }
        let floor = try solver.add(Constraint(-0.001 * v[0] + 1e-6, .lessThanOrEqual))
        solver.addEditVariable(v[3], priority: .required)
        #expect(refusal(of: Constraint(Expression(v[0]), .equal), by: &solver) != nil)
        let sum = try solver.add(Constraint(1 * v[3] + 2 * v[0] + 375, .lessThanOrEqual))
        try solver.updateConstant(of: sum, to: 8)
        #expect(refusal(of: Constraint(2 * v[3] + 8, .equal), by: &solver) != nil)
        let pin = try solver.add(Constraint(Expression(v[1]), .equal))
        let equality = try solver.add(Constraint(-0.001 * v[0] + 1000 * v[1], .equal))
        #expect(refusal(of: Constraint(-1000 * v[0], .equal), by: &solver) != nil)
        solver.addEditVariable(v[0], priority: .required)
        solver.remove(floor)
        return (solver, v, pin, equality, sum)
    }

    /// With `v0 ≥ 0.001` gone, the equality holds exactly at v0 = 0, and so does `−2·v0 = 0`: it
    /// must be accepted. Then v0 = 0 (the edit v0 = 0.001 loses 0.001 at priority 999), and
    /// `v3 + 8 ≤ 0` gives v3 ≤ −8, so the edit v3 = 0 settles at v3 = −8. The solver used to keep
    /// v0 = 0.001 as exact (the zeroed residual) and refuse. Two decisions now accept it: the
    /// tableau rebuilt after the removal (`removedSinceBuild`) and the refused constraint tried
    /// first (`acceptsWhenFirst`); either alone does.
    @Test func aFeasibleEqualityIsAccepted() throws {
        let (start, v, _, _, sum) = try Self.history()
        var solver = start
        let doubled = refusal(of: Constraint(-2 * v[0], .equal), by: &solver)
        #expect(doubled == nil)
        #expect(abs(solver.value(of: v[0])) <= Tolerance.frame)
        #expect(abs(solver.value(of: v[3]) + 8) <= Tolerance.frame)
        #expect(solver.violation(of: sum) <= Tolerance.frame)
    }

    /// After the same history, `v0 − 3 = 0` is a real conflict by the rule: even with v1 at the
    /// end of its allowance (1e-6, so 1000·v1 = 1e-3), the equality reads −0.003 + 0.001 and
    /// misses by 2e-3, twice its allowance. (At v0 = 1 it misses by exactly its 1e-3 and holds;
    /// at v0 = 2 it holds with v1 = 1e-6.) Still refused, and the pin, the equality and the
    /// refused constraint are each needed, so the minimal set is the three of them.
    @Test func aRealConflictIsStillRefused() throws {
        let (start, v, pin, equality, _) = try Self.history()
        var solver = start
        let conflict = try #require(refusal(of: Constraint(1 * v[0] - 3, .equal), by: &solver))
        #expect(conflict.constraints.count == 3)
        #expect(Array(conflict.constraints.prefix(2)) == [pin, equality])
    }
}

/// Fuzz/Regressions/fuzz-solver/transient-magnitude-rounding and transient-magnitude-wish: the
/// rows kept the rounding of values near 1e12 and 1e15 that constraints since removed or updated
/// had forced, and the optimum of what was left, all small numbers, was off by a power of two.
@Suite struct StaleRoundingTests {
    /// The first stream. What is left: the edit v0 = 20 (priority 999) and priority 750
    /// `−2·v2 + 0.5·v1 + 1 ≥ 0`. Nothing else mentions v0, so v0 = 20 exactly, and the wish holds
    /// at many points (v1 = v2 = 0 among them), so both levels' errors are zero. On the way, the
    /// priority-500 wish `0.001·v0 − 2·v2 + 999999.5 = 0` with v2 pulled towards 1e9 took v0
    /// towards 2e12; the solver used to answer v0 = 19.999755859375, one ulp of 2e12 short.
    @Test func anEditAloneOnItsVariableIsMetExactly() throws {
        var solver = Solver()
        let v = (0..<4).map { solver.makeVariable(named: "v\($0)") }
        let slope = try solver.add(Constraint(-0.001 * v[2] + 16.0 / 9 * v[1] + 1, .greaterThanOrEqual, priority: Priority(1)))
        solver.suggestValue(1, for: v[1])
        solver.suggestValue(1, for: v[1])
        let far = try solver.add(Constraint(0.001 * v[0] - 2 * v[2] + 999_999.5, .equal, priority: Priority(500)))
        try solver.updateConstant(of: slope, to: 1e6)
        solver.suggestValue(20, for: v[0])
        solver.remove(far)
        solver.removeEditVariable(v[3])
        solver.remove(slope)
        let wish = try solver.add(Constraint(-2 * v[2] + 0.5 * v[1] + 1, .greaterThanOrEqual, priority: Priority(750)))
        solver.removeEditVariable(v[1])
        #expect(abs(solver.value(of: v[0]) - 20) <= Tolerance.frame)
        #expect(solver.violation(of: wish) <= Tolerance.frame)
    }

    /// The second stream. What is left: required `v2 ≤ −20000` (`0.001·v2 + 20 ≤ 0`, its constant
    /// updated from 1e6) and `v1 ≤ 8`; priority 999, the edit v3 = 0; priority 251
    /// `−v1 + 0.5·v1 + 0.5 = 0`, that is v1 = 1; priority 250 `−1000·v2 + 0.001·v1 + 8 ≤ 0`, that is
    /// v2 ≥ 0.008 + 1e-6·v1, which v2 ≤ −20000 forbids. Level by level: v3 = 0; v1 = 1, which
    /// v1 ≤ 8 allows; then priority 250 is least violated at v2 = −20000 (error 2e7 + 8.001), and
    /// moving v1 would cost priority 251. While the bound read `v2 ≤ −1e9`, priority 250 had
    /// pulled v1 towards −1e15; the solver used to answer v1 = 1.1249961853, giving priority 251
    /// up by about 2⁻⁴.
    @Test func aWishIsNotGivenUpToStaleRounding() throws {
        var solver = Solver()
        let v = (0..<4).map { solver.makeVariable(named: "v\($0)") }
        let first = try solver.add(Constraint(-0.001 * v[0] + 2 * v[3] + 8, .equal))
        let sign = try solver.add(Constraint(16.0 / 9 * v[0], .lessThanOrEqual, priority: Priority(999)))
        try solver.updateConstant(of: first, to: 100)
        solver.remove(first)
        let pull = try solver.add(Constraint(-1000 * v[2] + 0.001 * v[1] + 1, .lessThanOrEqual, priority: Priority(250)))
        solver.suggestValue(0, for: v[3])
        let bound = try solver.add(Constraint(0.001 * v[2] + 1e6, .lessThanOrEqual))
        try solver.updateConstant(of: pull, to: 8)
        solver.remove(sign)
        let ceiling = try solver.add(Constraint(-1 * v[1] + 8, .greaterThanOrEqual))
        let one = try solver.add(Constraint(-1 * v[1] + 0.5 * v[1] + 0.5, .equal, priority: Priority(251)))
        try solver.updateConstant(of: bound, to: 20)
        #expect(abs(solver.value(of: v[3])) <= Tolerance.frame)
        #expect(abs(solver.value(of: v[1]) - 1) <= Tolerance.frame)
        #expect(abs(solver.value(of: v[2]) + 20000) <= Tolerance.frame)
        #expect(solver.violation(of: one) <= Tolerance.frame)
        for id in [bound, ceiling] { #expect(solver.violation(of: id) <= Tolerance.frame) }
    }
}

/// Fuzz/Regressions/fuzz-solver/stale-artificial-column: phase one judged its residual by its
/// cost row's constant, 2.7e-5 of rounding for an artificial variable it had already pivoted out
/// (so exactly zero), refused the add, and left the artificial variable's column in the rows.
@Suite struct ArtificialColumnTests {
    /// The stream (updates to a constant a constraint already has are left out: they change
    /// nothing). Required: `−1000·v2 − 2·v1 − 1 = 0` (v1 = −500·v2 − 0.5) and `−v0 + v1 + c = 0`
    /// with c updated 667 → 375 → 8; the edits v2 (priority 999, suggested 1e6, then 375, 20, 8)
    /// and v0, and two wishes. Every update of the required equality rebuilds the tableau, and
    /// during one rebuild phase one pivoted its artificial variable out, read 2.7e-5 as the
    /// residual and refused; the column left behind was a freedom the optimiser later used, and
    /// `−v0 + v1 + 8 = 0` missed by 6367. Both equalities must hold. The values reach 2e6 and the
    /// terms 2e9 on the way, where an ulp is 2.4e-7 and a tableau's rounding some 1e-5, so they
    /// are held to 1e-6 of that scale (1e-3), as the fuzz target holds them; 6367 is far outside.
    @Test func aPivotedOutArtificialVariableIsAccepted() throws {
        var solver = Solver()
        let v = (0..<4).map { solver.makeVariable(named: "v\($0)") }
        try solver.add(Constraint(-0.001 * v[2] + 0.5 * v[0] + 1e6, .equal, priority: Priority(751)))
        solver.suggestValue(1e6, for: v[2])
        let edit = try #require(solver.constraintIDs.last)
        try solver.add(Constraint(Expression([Term(v[0], 16.0 / 9), Term(v[0], 1000)], constant: 1), .equal,
                                  priority: Priority(500)))
        let tie = try solver.add(Constraint(-1000 * v[2] - 2 * v[1] - 1, .equal))
        let offset = try solver.add(Constraint(-1 * v[0] + 1 * v[1] + 667, .equal))
        try solver.updateConstant(of: edit, to: 375)
        try solver.updateConstant(of: offset, to: 375)
        try solver.updateConstant(of: edit, to: 20)
        solver.addEditVariable(v[0], priority: .required)
        try solver.updateConstant(of: offset, to: 8)
        try solver.updateConstant(of: edit, to: 8)
        for id in [tie, offset] { #expect(solver.violation(of: id) <= 1e-3) }
    }
}

/// Fuzz/Regressions/fuzz-solver/tiny-subject-rounding: a row was solved for a user variable whose
/// cell was 2e-9 next to cells of 1, which put that variable at 5e10 until the batch was
/// optimised; the rounding of 5e10 stayed.
@Suite struct SubjectThresholdTests {
    /// Four constraints, added to a fresh solver in this order (what a rebuild replayed in one
    /// fuzz stream). Required: `−2·v3 − 1000·v1 ≥ 0` (v1 ≤ −v3/500) and
    /// `−1000·v2 + 0.001·v1 − 100 ≤ 0` (v2 ≥ 1e-6·v1 − 0.1); priority 750, v2 = 100; priority
    /// 999, `0.5·v3 + 20 ≥ 0` (v3 ≥ −40). v1 = v3 = 0, v2 = 100 meets all four, so both levels'
    /// errors are zero: v3 ≥ −40 and v2 = 100. Adding the wish v2 = 100 solved its row for v3,
    /// whose cell there was 2e-9, and the solver answered v3 = −40.00000762939453 (2⁻¹⁷ short).
    @Test func aRowIsNotSolvedForATinyCell() throws {
        var solver = Solver()
        let v = (0..<4).map { solver.makeVariable(named: "v\($0)") }
        let sum = try solver.add(Constraint(-2 * v[3] - 1000 * v[1], .greaterThanOrEqual))
        let floor = try solver.add(Constraint(-1000 * v[2] + 0.001 * v[1] - 100, .lessThanOrEqual))
        try solver.add(Constraint(1 * v[2] - 100, .equal, priority: Priority(750)))
        let bound = try solver.add(Constraint(0.5 * v[3] + 20, .greaterThanOrEqual, priority: Priority(999)))
        #expect(solver.violation(of: bound) <= Tolerance.frame)
        #expect(abs(solver.value(of: v[2]) - 100) <= Tolerance.frame)
        for id in [sum, floor] { #expect(solver.violation(of: id) <= Tolerance.frame) }
    }
}

/// Fuzz/Regressions/fuzz-solver/refused-update-drops-required: a refused constant update put the
/// old constants back by adding them again after a rebuild, which could refuse the old constraint
/// too and drop it silently.
@Suite struct RefusedUpdateTests {
    /// Required `−1000·v3 + 667 = 0` (v3 = 0.667) and `1000·v0 − 0.001·v3 = 0` (v0 = 6.67e-7),
    /// the edit v3 at priority 500, then required `v0 ≤ 0`, accepted: it misses by 6.67e-7, less
    /// than 1e-6. Updating the first equality to `−1000·v3 + 1 = 0` (v3 = 0.001) rebuilds the
    /// tableau with `v0 ≤ 0` held exactly before the equality comes back, and then the new
    /// constant misses by 1 in its units (1000·0.001), more than its 1e-3: refused, as a miss at
    /// the tolerance may be. Accepted or refused, the equality must still be in the solver with
    /// one of its two constants, and every required constraint must hold; the solver used to drop
    /// it, leaving v3 = 0.
    @Test func aRefusedUpdateKeepsTheConstraint() throws {
        var solver = Solver()
        let v = (0..<4).map { solver.makeVariable(named: "v\($0)") }
        let pin = try solver.add(Constraint(-1000 * v[3] + 667, .equal))
        let tie = try solver.add(Constraint(1000 * v[0] - 0.001 * v[3], .equal))
        solver.addEditVariable(v[3], priority: Priority(500))
        let sign = try solver.add(Constraint(1 * v[0], .lessThanOrEqual))
        do {
            try solver.updateConstant(of: pin, to: 1)
            #expect(abs(solver.value(of: v[3]) - 0.001) <= Tolerance.frame)
        } catch {
            #expect(solver.constraint(pin).expression.constant == 667)
            #expect(abs(solver.value(of: v[3]) - 0.667) <= Tolerance.frame)
        }
        #expect(solver.contains(pin))
        for id in [pin, tie, sign] { #expect(solver.violation(of: id) <= Tolerance.frame) }
    }
}

/// Fuzz/Regressions/fuzz-solver/threshold-refuses-feasible-equality: a feasible required
/// equality refused after a real conflict had been refused.
@Suite struct ThresholdRefusalTests {
    /// The stream as the fuzz target decoded it (`NINEFOLD_FUZZ_TRACE=1`). Required:
    /// `−0.001·v1 − 2·v3 + 8 ≤ 0` (v3 ≥ 4 − 0.0005·v1) and `−2·v3 + 8 ≥ 0` (v3 ≤ 4), with v3's
    /// edit at priority 999 suggested 667, −667 and then 375. `0.5·v1 + 667 = 0` is a real
    /// conflict: v1 = −1334 asks v3 ≥ 4 + 0.667 against v3 ≤ 4. `1000·v1 + 0.001·v0 + 0.5 = 0` is
    /// not: it only ties v0 to v1 (v0 = −500 − 1e6·v1), and any v1 ≥ 0 then meets the first
    /// bound with v3 = 4. So it is accepted, and the edit (375, beyond the bound) leaves v3 at
    /// its bound 4, whatever v1 ≥ 0 and v0 the solver picks.
    @Test func anEqualityTyingAFreeVariableIsAcceptedAfterAConflict() throws {
        var solver = Solver()
        let v = (0..<4).map { solver.makeVariable(named: "v\($0)") }
        solver.suggestValue(667, for: v[3])
        let floor = try solver.add(Constraint(-0.001 * v[1] - 2 * v[3] + 8, .lessThanOrEqual))
        solver.suggestValue(-667, for: v[3])
        let ceiling = try solver.add(Constraint(-2 * v[3] + 8, .greaterThanOrEqual))
        solver.suggestValue(375, for: v[3])
        let conflict = try #require(refusal(of: Constraint(0.5 * v[1] + 667, .equal), by: &solver))
        #expect(conflict.constraints.count == 3)
        #expect(Set(conflict.constraints).isSuperset(of: [floor, ceiling]))
        let tie = try solver.add(Constraint(1000 * v[1] + 0.001 * v[0] + 0.5, .equal))
        for id in [floor, ceiling, tie] { #expect(solver.violation(of: id) <= Tolerance.frame * 1000) }
        #expect(abs(solver.value(of: v[3]) - 4) <= Tolerance.frame)
        #expect(solver.value(of: v[1]) >= -Tolerance.frame)
    }
}

/// Fuzz/Regressions/fuzz-solver/stale-tie-face: rows that had held values a hundred times the
/// optimum's turned a reduced cost of exactly zero into 2.3e-10, and a lower level could not
/// move along a face of a higher level's optima.
@Suite struct StaleTieTests {
    /// The stream (seven steps). What is left: required `−0.001·v2 − 0.001·v3 + 100 = 0`
    /// (v2 + v3 = 1e5); priority 999 the edits v2 = 0 (the value it had) and v3 = 0.5; priority
    /// 750 `v1 = 0`; priority 500 `16/9·v1 − 0.001·v3 − 1 = 0`. Priority 999's error
    /// |v2| + |v3 − 0.5| is 99999.5 for every v3 from 0.5 to 1e5 (a face of optima); priority 750
    /// takes v1 = 0; priority 500's error is then 0.001·v3 + 1, least at v3 = 0.5: v2 = 99999.5,
    /// error 1.0005. On the way priority 751 `v2 − 0.001·v1 + 8 = 0` (removed last) had put v1
    /// near 1.4e7, and v3's row read 0.9999999997671694 of an error where the exact cell is 1, so
    /// priority 999's cost for moving along the face was 2.3e-10 instead of 0: a slight cost
    /// that allowed a move of at most 4300 where 99999.5 was needed, and the solver answered
    /// v3 = 1e5, error 101. The rows' peak (1.4e7) was 142 times the optimum's values, under the
    /// factor of 1000 that rebuilt them (`holdsStaleRounding`); ten does.
    @Test func aLowerLevelMovesAlongAFaceAfterLargeValues() throws {
        var solver = Solver()
        let v = (0..<4).map { solver.makeVariable(named: "v\($0)") }
        solver.addEditVariable(v[2], priority: .required)
        let wish = try solver.add(Constraint(16.0 / 9 * v[1] - 0.001 * v[3] - 1, .equal, priority: Priority(500)))
        try solver.add(Constraint(Expression(v[1]), .equal, priority: Priority(750)))
        let far = try solver.add(Constraint(1 * v[2] - 0.001 * v[1] + 8, .equal, priority: Priority(751)))
        let sum = try solver.add(Constraint(-0.001 * v[2] - 0.001 * v[3] + 100, .equal))
        solver.suggestValue(0.5, for: v[3])
        solver.remove(far)
        #expect(abs(solver.value(of: v[3]) - 0.5) <= Tolerance.frame)
        #expect(abs(solver.value(of: v[2]) - 99999.5) <= Tolerance.frame)
        #expect(abs(solver.violation(of: wish) - 1.0005) <= 1e-6)
        #expect(solver.violation(of: sum) <= Tolerance.allowedMiss(of: solver.constraint(sum)))
    }
}
