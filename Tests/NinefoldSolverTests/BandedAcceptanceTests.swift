import NinefoldSolver
import Testing

/// A required constraint refused on the tableau and then accepted as bands of its allowance
/// (`acceptsBanded`) must hold at the optimum too, not only at the vertex the replay reached
/// (Documentation/Solver.md, "A banded acceptance is checked at the optimum").
@Suite struct BandedAcceptanceTests {
    /// Fuzz/Regressions/fuzz-solver/parallel-equalities-accepted-at-1e16, as the fuzz target
    /// decodes it. Required `3·v3 − v0 + 8 = 0` and, last, required `3·v3 − v0 = 0` say
    /// 3·v3 − v0 is both −8 and 0: no point meets both within their allowances (3e-6 each), so
    /// the second is refused, and the least conflicting set is the two of them. The solver
    /// accepted it: the banded replay went through a pending vertex where v1 reached 6.8e15,
    /// and the miss of 8 was within the rounding of terms of that size.
    @Test func parallelEqualitiesWithDifferentConstantsConflict() throws {
        var solver = Solver()
        let v = (0..<4).map { solver.makeVariable(named: "v\($0)") }
        try solver.add(Constraint(1 * v[0] + 0.001 * v[1], .equal, priority: Priority(50)))
        try solver.add(Constraint(1 * v[3] + 3 * v[1], .equal, priority: Priority(750)))
        let first = try solver.add(Constraint(3 * v[3] - 1 * v[0] + 8, .equal))
        try solver.add(Constraint(1 * v[0] - 0.001 * v[2] + 100, .lessThanOrEqual))
        solver.addEditVariable(v[0], priority: Priority(750))
        let count = solver.constraintIDs.count
        var conflict: Conflict?
        do {
            try solver.add(Constraint(3 * v[3] - 1 * v[0], .equal))
        } catch {
            conflict = error
        }
        #expect(conflict != nil)
        #expect(conflict?.constraints.count == 2)
        #expect(conflict?.constraints.first == first)
        #expect(solver.constraintIDs.count == count)
        expectRequiredConstraintsHold(solver)
    }
}
