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

    /// The chain above over class variables 10, 20, 30 and 40 of many (v0 → 10, v1 → 20, v2 → 30,
    /// v3 → 40), numbered by `mentioned` rather than renumbered: variable k of the answer is
    /// `mentioned[k]`, so the answer is the one above, entry for entry (the rule and its work
    /// list see the same variables in the same order).
    @Test func numbersByTheMentionedVariables() {
        let v = [10, 20, 30, 40].map { Variable(index: $0) }
        let constraints = [
            Constraint(v[0] - 10, .equal),
            Constraint(v[1] - (v[0] + v[2]) - 8, .equal),
            Constraint(v[3] - v[1] - 4, .equal),
            Constraint(v[2] - 5, .greaterThanOrEqual, priority: Priority(750)),
        ]
        let resolution = DirectResolution(mentioned: [10, 20, 30, 40], constraints: constraints)
        #expect(resolution.definitions.map(\.variable.index) == [3, 1, 0])
        #expect(resolution.definitions.map(\.constraint) == [2, 1, 0])
        #expect(resolution.isRemoved == [true, true, false, true])
        #expect(resolution.isConstraintRemoved == [true, true, true, false])
        var values = [0, 0, 5, 0.0]
        resolution.substitute(constraints, into: &values)
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

    /// A row at p = 10 holding an item q ≥ p of size s, q + s ≤ p + 30, s = 20 at 750; the group
    /// {p, q} is the row moving with its item. Only the pin p = 10 changes when both move (in
    /// q − p and q + s − p the group's coefficients cancel), so q is re-expressed as q′ + p, p
    /// is then in the pin alone and leaves with it, and what remains is q′ ≥ 0, q′ + s ≤ 30,
    /// s = 20: the row's content without its position. Values with q′ = 0, s = 20: p = 10 from
    /// the pin, q = q′ + p = 10.
    @Test func takesOutTheEquationThatPlacesAGroup() {
        let (p, q, s) = (Variable(index: 0), Variable(index: 1), Variable(index: 2))
        let constraints = [
            Constraint(p - 10, .equal),
            Constraint(q - p, .greaterThanOrEqual),
            Constraint(q + s - p - 30, .lessThanOrEqual),
            Constraint(s - 20, .equal, priority: Priority(750)),
        ]
        let resolution = DirectResolution(variableCount: 3, constraints: constraints, groups: [[p, q]])
        #expect(resolution.definitions.map(\.variable.index) == [0])
        #expect(resolution.definitions.map(\.constraint) == [0])
        #expect(resolution.isRemoved == [true, false, false])
        #expect(resolution.anchors == [-1, 0, -1])
        #expect(resolution.isReplaced == [true, true, false])
        #expect(resolution.isConstraintRemoved == [true, false, false, false])
        let transformed = resolution.transformed(constraints)
        #expect(transformed[1] == Constraint(Expression(q), .greaterThanOrEqual))
        #expect(transformed[2] == Constraint(q + s - 30, .lessThanOrEqual))
        #expect(transformed[3] == constraints[3])
        let values = resolution.values(constraints, variableCount: 3) { $0.index == 1 ? 0 : $0.index == 2 ? 20 : .nan }
        #expect(values == [10, 10, 20])
    }

    /// The same row with its item also pinned (q = 12): moving the group now changes two
    /// constraints, so neither places it alone and nothing is taken out (p and q are each in
    /// more than one constraint, and the pins are not alone in any).
    @Test func keepsAGroupThatTwoConstraintsPlace() {
        let (p, q, s) = (Variable(index: 0), Variable(index: 1), Variable(index: 2))
        let constraints = [
            Constraint(p - 10, .equal),
            Constraint(q - p, .greaterThanOrEqual),
            Constraint(q + s - p - 30, .lessThanOrEqual),
            Constraint(q - 12, .equal),
        ]
        let resolution = DirectResolution(variableCount: 3, constraints: constraints, groups: [[p, q]])
        #expect(resolution.definitions.isEmpty)
        #expect(resolution.anchors == [-1, -1, -1])
        #expect(resolution.transformed(constraints) == constraints)
    }

    /// Groups that overlap without one holding the other are not a family the rule can use:
    /// {p, q} and {s, q} with p = 10, 0 ≤ q − p − s ≤ 5 and s = 40. Each group's coefficients
    /// cancel in both bounds (q against p, q against s), so each is placed by its pin alone and
    /// both are applied; but q, re-expressed against p, cannot also be against s, so s's group
    /// is not what moves with s, its root's coefficients would not cancel, and the groups are
    /// ignored. The singleton rule alone removes nothing (every variable is in two or more).
    @Test func ignoresGroupsThatOverlap() {
        let (p, q, s) = (Variable(index: 0), Variable(index: 1), Variable(index: 2))
        let constraints = [
            Constraint(p - 10, .equal),
            Constraint(q - p - s, .greaterThanOrEqual),
            Constraint(q - p - s - 5, .lessThanOrEqual),
            Constraint(s - 40, .equal),
        ]
        let resolution = DirectResolution(variableCount: 3, constraints: constraints, groups: [[p, q], [s, q]])
        #expect(resolution.definitions.isEmpty)
        #expect(resolution.anchors == [-1, -1, -1])
    }
}
