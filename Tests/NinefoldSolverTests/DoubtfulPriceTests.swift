import NinefoldSolver
import Testing

/// A small system whose levels priced out, with a cost the rows cannot tell from rounding, a
/// symbol a lower level would move is refactorised after its minimisation (Documentation/Solver.md,
/// "A doubtful price a lower level pays for is asked of the refactorisation").
@Suite struct DoubtfulPriceTests {
    /// Fuzz/Regressions/fuzz-solver/priority-50-given-up-by-a-half-at-small-values, as the fuzz
    /// target decodes it (values read from an optimised copy, the solver left pending). After
    /// v2's edit at 667 is removed, priority 50 wants v0 = 0. Priority 999's
    /// `−2·v2 + v0 + 1e-6 ≥ 0` then needs v2 ≤ 5e-7, which the required bounds allow
    /// (`−0.001·v2 − v0 + 0.5 ≥ 0`, and `−0.001·v2 + 0.5·v1 + 100 ≥ 0` with v1 held at
    /// −199.9995 by its edit, which leaves v2 ≤ 0.2499), and priority 500's
    /// `0.001·(v3 − v0) + 100 ≤ 0` only asks v3 ≤ v0 − 1e5. So every level can be met exactly,
    /// v0 = 0 among them. The solver left v0 = 0.49975 (v2 = 0.2499, where the removed edit had
    /// pushed it): priority 999's cost for the slack that lowers v0 and v2 was 4.08e-10, rounding
    /// summed from terms near 2000, and it priced the slack out of priority 50's reach.
    @Test func aDoubtfulPriceALowerLevelPaysForIsRefactorised() throws {
        var solver = Solver()
        let v = (0..<4).map { solver.makeVariable(named: "v\($0)") }
        try solver.add(Constraint(-0.001 * v[2] + 0.5 * v[1] + 100, .greaterThanOrEqual))
        let wish = try solver.add(Constraint(1 * v[0], .equal, priority: Priority(50)))
        try solver.add(Constraint(-0.001 * v[2] - 1 * v[0] + 0.5, .greaterThanOrEqual))
        solver.removeEditVariable(v[1])
        solver.suggestValue(667, for: v[2])
        solver.removeEditVariable(v[0])
        let bound = try solver.add(Constraint(-0.001 * v[0] + 0.001 * v[3] + 100, .lessThanOrEqual, priority: Priority(500)))
        let tie = try solver.add(Constraint(-2 * v[2] + 1 * v[0] + 1e-6, .greaterThanOrEqual, priority: Priority(999)))
        solver.addEditVariable(v[1], priority: Priority(1000))
        let held = solver.value(of: v[1])
        solver.removeEditVariable(v[2])
        expectRequiredConstraintsHold(solver)
        #expect(abs(solver.value(of: v[1]) - held) <= Tolerance.frame)
        #expect(solver.violation(of: tie) <= Tolerance.frame)
        #expect(solver.violation(of: bound) <= Tolerance.frame)
        #expect(solver.violation(of: wish) <= Tolerance.frame)
    }
}
