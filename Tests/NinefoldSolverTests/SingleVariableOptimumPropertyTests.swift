@testable import NinefoldSolver
import Testing
import SeededRandom

/// The closed form for one variable under non-required constraints (`SingleVariableOptimum`)
/// against the simplex on the same constraints: whenever it answers, the solver's value is that
/// point and its optimal range is that point (so the answer is the unique optimum, whatever the
/// pivots); whenever it declines on a system it accepts the shape of, the solver's range is not a
/// point (a tie or an unbounded side, where the vertex shown depends on pivots and the caller
/// keeps the solver). Targets come from a few values and priorities from a few levels, so that
/// kinks coincide, levels tie, and pairs conflict (a hugging wish above a compression one).
@Suite struct SingleVariableOptimumPropertyTests {
    static let priorities: [Double] = [250, 251, 500, 750, 999]

    static func system(_ random: inout SplitMix64, variable: Variable) -> [Constraint] {
        (0..<(1 + random.below(5))).map { _ in
            let coefficient: Double = random.below(2) == 0 ? 1 : -1
            let target = [0, 0.1, 0.3, 10, 20, 69.5][random.below(6)]
            let relation: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][random.below(3)]
            // a·x + c with a·t + c = 0: c = −a·t.
            let expression = Expression([Term(variable, coefficient)], constant: -coefficient * target)
            return Constraint(expression, relation, priority: Priority(priorities[random.below(priorities.count)]))
        }
    }

    static func solved(_ constraints: [Constraint], variables: Int) -> Solver {
        var solver = Solver()
        for index in 0..<variables { _ = solver.makeVariable(named: "v\(index)") }
        for constraint in constraints { _ = try? solver.add(constraint) }
        solver.optimize()
        return solver
    }

    @Test func answersExactlyWhenTheOptimumIsAPoint() {
        var random = SplitMix64(state: 2613)
        var points = 0
        var declined = 0
        for _ in 0..<4000 {
            // Variable 1 of two, so that the closed form must not assume index 0.
            let variable = Variable(index: 1)
            let constraints = Self.system(&random, variable: variable)
            let solver = Self.solved(constraints, variables: 2)
            let range = solver.optimalRange(of: variable)
            if let value = SingleVariableOptimum.value(of: constraints) {
                points += 1
                #expect(range.isPoint, "\(constraints)")
                #expect(abs(solver.value(of: variable) - value) <= Tolerance.frame, "\(constraints)")
                #expect(abs(range.lower - value) <= Tolerance.frame && abs(range.upper - value) <= Tolerance.frame)
            } else {
                declined += 1
                #expect(!range.isPoint, "\(constraints)")
            }
        }
        // Both answers must be reached: with this seed about 0.7 of the systems are points.
        #expect(points > 1000)
        #expect(declined > 500)
    }

    /// Shapes the closed form does not take: a required constraint (it can conflict and be
    /// implied), a coefficient other than ±1, a second variable, nothing at all.
    @Test func declinesWhatItDoesNotSolve() {
        let x = Variable(index: 0)
        let y = Variable(index: 1)
        let wish = Constraint(Expression(x) - 10, .equal, priority: Priority(750))
        #expect(SingleVariableOptimum.value(of: [wish]) == 10)
        #expect(SingleVariableOptimum.value(of: [wish, Constraint(Expression(x) - 5, .greaterThanOrEqual)]) == nil)
        #expect(SingleVariableOptimum.value(of: [Constraint(Expression([Term(x, 2)], constant: -10), .equal,
                                                            priority: Priority(750))]) == nil)
        #expect(SingleVariableOptimum.value(of: [wish, Constraint(Expression(y) - 3, .equal, priority: Priority(750))]) == nil)
        #expect(SingleVariableOptimum.value(of: []) == nil)
    }

    /// A label's pair: hugging `w ≤ 69.5` at 251 and compression `w ≥ 69.5` at 750 meet at the
    /// text's width, the one point that misses neither. With a wish `w = 100` at 500 between
    /// them, compression (750) still holds w ≥ 69.5, the wish (500) then pulls w to 100 and
    /// hugging (251) can only be missed: 100. With the wish at 250, below hugging, hugging
    /// holds w ≤ 69.5 first: 69.5.
    @Test func labelPairs() {
        let w = Variable(index: 0)
        let pair = [Constraint(Expression(w) - 69.5, .lessThanOrEqual, priority: Priority(251)),
                    Constraint(Expression(w) - 69.5, .greaterThanOrEqual, priority: Priority(750))]
        #expect(SingleVariableOptimum.value(of: pair) == 69.5)
        #expect(SingleVariableOptimum.value(of: pair + [Constraint(Expression(w) - 100, .equal, priority: Priority(500))]) == 100)
        #expect(SingleVariableOptimum.value(of: pair + [Constraint(Expression(w) - 100, .equal, priority: Priority(250))]) == 69.5)
        // Hugging alone leaves w anywhere below 69.5: no point.
        #expect(SingleVariableOptimum.value(of: [pair[0]]) == nil)
    }
}
