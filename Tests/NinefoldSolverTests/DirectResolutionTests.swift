import NinefoldSolver
import Testing

/// Direct resolution's rule on small systems whose answers follow from the rule by hand.
@Suite struct DirectResolutionTests {
    /// v0 = 10, v1 = v0 + v2 + 8, v3 = v1 + 4, v2 ≥ 5 (an optional wish at 750).
    /// v3 is in one constraint, a required equality: removed first. Then v1 is in one (its chain
    /// link), then v0 (its pin): removed in that order. v2 stays, in the wish.
    /// Back substitution with v2 = 5: v0 = 10, v1 = 10 + 5 + 8 = 23, v3 = 23 + 4 = 27.
    @Test func removesAChainFromItsEnd() {
        let v = (0..<4).map { Variable(index: $0) }
        let constraints = [
            Constraint(v[0] - 10, .equal),
            Constraint(v[1] - (v[0] + v[2]) - 8, .equal),
            Constraint(v[3] - v[1] - 4, .equal),
            Constraint(v[2] - 5, .greaterThanOrEqual, priority: Priority(750)),
        ]
        let resolution = DirectResolution(variableCount: 4, constraints: constraints)
        #expect(resolution.definitions.map(\.variable.index) == [3, 1, 0])
        #expect(resolution.definitions.map(\.constraint) == [2, 1, 0])
        #expect(resolution.isRemoved == [true, true, false, true])
        #expect(resolution.isConstraintRemoved == [true, true, true, false])
        let values = resolution.values(constraints, variableCount: 4) { $0.index == 2 ? 5 : .nan }
        #expect(values == [10, 23, 5, 27])
    }

    /// Nothing is removed where the rule does not apply: v0 is alone only in an inequality; v1
    /// alone only in an optional equality; v2 is alone in a required equality but with a
    /// coefficient of 0.001 next to 1 (below the solver's subject threshold of 1e-2), and v3 is
    /// in two constraints.
    @Test func keepsWhatTheRuleDoesNotCover() {
        let v = (0..<4).map { Variable(index: $0) }
        let constraints = [
            Constraint(v[0] - v[3], .greaterThanOrEqual),
            Constraint(v[1] - v[3], .equal, priority: Priority(500)),
            Constraint(0.001 * v[2] - v[3] - 1, .equal),
        ]
        let resolution = DirectResolution(variableCount: 4, constraints: constraints)
        #expect(resolution.definitions.isEmpty)
        #expect(resolution.isRemoved == [false, false, false, false])
    }
}
