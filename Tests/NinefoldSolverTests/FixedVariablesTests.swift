import NinefoldSolver
import Testing

/// The fixing rules on small systems whose answers follow by hand.
@Suite struct FixedVariablesTests {
    /// v0 = 10 fixes v0; then v1 − v0 = 5 has one unknown: v1 = 15; v2 + v3 = v1 has two and
    /// stays, as does the wish on v2. So v0 and v1 are fixed by constraints 0 and 1, and the
    /// substituted third constraint reads v2 + v3 − 15 = 0.
    @Test func fixesAChainFromItsPin() {
        let v = (0..<4).map { Variable(index: $0) }
        let constraints = [
            Constraint(v[0] - 10, .equal),
            Constraint(v[1] - v[0] - 5, .equal),
            Constraint(v[2] + v[3] - v[1], .equal),
            Constraint(v[2] - 4, .equal, priority: Priority(750)),
        ]
        let fixed = FixedVariables(variableCount: 4, constraints: constraints)
        #expect(fixed.values == [10, 15, nil, nil])
        #expect(fixed.isFixing == [true, true, false, false])
        #expect(fixed.isConstant == [false, false, false, false])
        let substituted = fixed.substituted(constraints)
        #expect(substituted[2] == Constraint(v[2] + v[3] - 15, .equal))
        #expect(fixed.holds(constraints))
    }

    /// With x = 2 fixed, a + b = 10 + x and a − b = x form a square block in a and b:
    /// a = (12 + 2) / 2 = 7, b = 12 − 7 = 5. A repeated pin x = 2 is left with no variable
    /// (constant) and holds; x = 3 instead would not.
    @Test func solvesASquareBlockAndChecksConstants() {
        let (x, a, b) = (Variable(index: 0), Variable(index: 1), Variable(index: 2))
        var constraints = [
            Constraint(x - 2, .equal),
            Constraint(a + b - x - 10, .equal),
            Constraint(a - b - x, .equal),
            Constraint(x - 2, .equal),
        ]
        let fixed = FixedVariables(variableCount: 3, constraints: constraints)
        #expect(fixed.values == [2, 7, 5])
        #expect(fixed.steps.map(\.constraints) == [[0], [1, 2]])
        #expect(fixed.isConstant == [false, false, false, true])
        #expect(fixed.holds(constraints))
        constraints[3] = Constraint(x - 3, .equal)
        #expect(!FixedVariables(variableCount: 3, constraints: constraints).holds(constraints))
    }

    /// Two blocks found in one round come out in the order of their first rows, each with its
    /// rows in order and its variables ascending: x + y = 10 and x − y = 2 (rows 0 and 1) give
    /// x = 6, y = 4; a + 4b = 9, b + c = 5, 5a + c = 8 (rows 2 to 4) give a = 1, b = 2, c = 3.
    /// The second block's partial pivoting takes row 4 first (|5| in a's column), then row 2
    /// (|4| against |1| in b's), so its row order is a cycle of all three rows, which the
    /// solution's permutation follows.
    @Test func solvesTwoBlocksInOrderOfTheirFirstRows() {
        let (a, b, c, x, y) = (Variable(index: 0), Variable(index: 1), Variable(index: 2), Variable(index: 3), Variable(index: 4))
        let constraints = [
            Constraint(x + y - 10, .equal),
            Constraint(x - y - 2, .equal),
            Constraint(a + 4 * b - 9, .equal),
            Constraint(b + c - 5, .equal),
            Constraint(5 * a + c - 8, .equal),
        ]
        let fixed = FixedVariables(variableCount: 5, constraints: constraints)
        #expect(fixed.steps.map(\.constraints) == [[0, 1], [2, 3, 4]])
        #expect(fixed.steps.map(\.variables) == [[3, 4], [0, 1, 2]])
        let expected: [Double] = [1, 2, 3, 6, 4]
        for (value, wanted) in zip(fixed.values, expected) {
            #expect(abs((value ?? .nan) - wanted) < 1e-12)
        }
        #expect(fixed.isFixing == [true, true, true, true, true])
    }

    /// Nothing is fixed where the rules do not apply: a singular block (a + b = 4 twice over:
    /// 2a + 2b = 8), an inequality with one variable, an optional equality with one variable.
    @Test func leavesSingularBlocksAndInequalities() {
        let (a, b, c, d) = (Variable(index: 0), Variable(index: 1), Variable(index: 2), Variable(index: 3))
        let constraints = [
            Constraint(a + b - 4, .equal),
            Constraint(2 * a + 2 * b - 8, .equal),
            Constraint(c - 1, .greaterThanOrEqual),
            Constraint(d - 1, .equal, priority: Priority(500)),
        ]
        let fixed = FixedVariables(variableCount: 4, constraints: constraints)
        #expect(fixed.count == 0)
        #expect(fixed.values == [nil, nil, nil, nil])
    }

    /// x = 5 (0), y − x = 1 (1), x = 5 again (2), y = 6 (3): every variable fixed, all
    /// equalities. Asked about all four, the solver's reverse scan drops 3 (y = 6 follows from 0
    /// and 1), then 2 (x = 5 follows from 0), then keeps 1 and 0 (each needed once 2 and 3 are
    /// gone). Asked about 0 only, 0 is implied (2 repeats it). Both are the solver's answers too.
    @Test func impliedEqualitiesMatchTheSolver() throws {
        let (x, y) = (Variable(index: 0), Variable(index: 1))
        let constraints = [
            Constraint(x - 5, .equal),
            Constraint(y - x - 1, .equal),
            Constraint(x - 5, .equal),
            Constraint(y - 6, .equal),
        ]
        let fixed = FixedVariables(variableCount: 2, constraints: constraints)
        #expect(fixed.implied(among: [0, 1, 2, 3], in: constraints, counted: { _ in true }) == [2, 3])
        #expect(fixed.implied(among: [0], in: constraints, counted: { _ in true }) == [0])
        var solver = Solver()
        _ = solver.makeVariable(named: "x")
        _ = solver.makeVariable(named: "y")
        let ids = try constraints.map { try solver.add($0) }
        #expect(solver.impliedConstraints(among: ids).map(\.index) == [2, 3])
        #expect(solver.impliedConstraints(among: [ids[0]]).map(\.index) == [0])
        // A required inequality is not answered here (the caller asks a solver).
        let bounded = constraints + [Constraint(y - 10, .lessThanOrEqual)]
        let withBound = FixedVariables(variableCount: 2, constraints: bounded)
        #expect(withBound.implied(among: [0], in: bounded, counted: { _ in true }) == nil)
    }
}
