import ReferenceLP
import Testing

/// The exact reference (Tests/ReferenceLP/ExactLP.swift) that confirms the fuzz target's
/// findings, on systems whose answers are derived by hand, including ones where the float
/// reference's tolerances (1e-9 per pivot, 1e-7 in phase one) give a wrong answer.
@Suite struct ExactLPTests {
    typealias Relation = ReferenceConstraint.Relation

    static func constraint(_ coefficients: [Double], _ constant: Double, _ relation: Relation,
                           priority: Double = 1000) -> ExactConstraint? {
        ExactConstraint(ReferenceConstraint(coefficients: coefficients, constant: constant, relation: relation,
                                            priority: priority))
    }

    static func rational(_ value: Double) throws -> Rational { try #require(Rational(exactly: value)) }

    /// 2^exponent, by doubling or halving exactly.
    static func power(_ exponent: Int) -> Rational {
        var result = Rational.one
        for _ in 0..<abs(exponent) { result = exponent > 0 ? result * Rational(2) : result / Rational(2) }
        return result
    }

    @Test func doublesConvertExactly() throws {
        // 0.1 is stored as 0x3FB999999999999A: significand 0x1999999999999A = 7205759403792794
        // times 2^-56, which is 3602879701896397 / 2^55 in lowest terms.
        #expect(try Self.rational(0.1) == Rational(3_602_879_701_896_397) / Self.power(55))
        #expect(try Self.rational(-0.5) == Rational(-1) / Rational(2))
        #expect(try Self.rational(1e6) == Rational(1_000_000))
        #expect(try Self.rational(16.0 / 9) != Rational(16) / Rational(9))
        // The smallest subnormal, 2^-1074, and the largest finite double, (2^53 − 1)·2^971.
        #expect(try Self.rational(.leastNonzeroMagnitude) == Self.power(-1074))
        #expect(try Self.rational(.greatestFiniteMagnitude) == (Self.power(53) - .one) * Self.power(971))
        #expect(Rational(exactly: .infinity) == nil)
        #expect(Rational(exactly: .nan) == nil)
    }

    @Test func arithmeticStaysInLowestTerms() {
        let third = Rational(1) / Rational(3)
        let sixth = Rational(1) / Rational(6)
        #expect(third + sixth == Rational(1) / Rational(2))
        #expect(third - third == .zero)
        #expect((Rational(-2) / Rational(-4)).denominator == 2)
        #expect(Rational(-3) / Rational(6) < .zero)
        #expect(sixth < third)
    }

    /// x + y = 1 and x − y = 0 meet at exactly (1/2, 1/2).
    @Test func feasiblePointIsExact() throws {
        let system = [try #require(Self.constraint([1, 1], -1, .equal)),
                      try #require(Self.constraint([1, -1], 0, .equal))]
        let point = try #require(ExactLP.feasiblePoint(system, variables: 2))
        #expect(point == [Rational(1) / Rational(2), Rational(1) / Rational(2)])
    }

    /// x ≤ 0 and x ≥ 1e-12 conflict by 1e-12. The float reference accepts a phase-one
    /// infeasibility of 1e-7 and finds a point; the exact one finds none.
    @Test func aConflictBelowTheFloatTolerance() throws {
        let rows = [ReferenceConstraint(coefficients: [1], constant: 0, relation: .lessThanOrEqual, priority: 1000),
                    ReferenceConstraint(coefficients: [1], constant: -1e-12, relation: .greaterThanOrEqual,
                                        priority: 1000)]
        #expect(ReferenceLP.feasiblePoint(rows, variables: 1) != nil)
        #expect(ExactLP.feasiblePoint(rows.compactMap(ExactConstraint.init), variables: 1) == nil)
    }

    /// Fuzz/Regressions/fuzz-solver/required-missed-by-99: required `3·v2 − 1000·v3 + 1 = 0` and
    /// `3·v2 − 1000·v3 + 100 = 0` put one amount a = 3·v2 − 1000·v3 at −1 and at −100. Each may
    /// miss by its allowance, 1e-6 × 1000 = 1e-3; with bands of twice that the two need
    /// |a + 1| ≤ 2e-3 and |a + 100| ≤ 2e-3, which no a meets. With bands of 50 each, a = −50.5
    /// meets both (49.5 off each).
    @Test func parallelEqualitiesConflictAsBands() throws {
        let first = try #require(Self.constraint([0, 0, 3, -1000], 1, .equal))
        let second = try #require(Self.constraint([0, 0, 3, -1000], 100, .equal))
        let allowance = try Self.rational(2e-3)
        #expect(ExactLP.feasiblePoint(first.band(allowance) + second.band(allowance), variables: 4) == nil)
        let wide = Rational(50)
        let point = try #require(ExactLP.feasiblePoint(first.band(wide) + second.band(wide), variables: 4))
        #expect(first.violation(at: point) <= wide && second.violation(at: point) <= wide)
    }

    /// The final state of Fuzz/Regressions/fuzz-solver/witness-required-hair, where the float reference
    /// "proved" priority 250 could be 7899.99998401 against the solver's 7900. Required:
    /// `v1 − v3 − 1e6 ≤ 0`, `−v3 − 1e6 = 0`, `−1000·v1 + c·v0 + 8 ≤ 0` with c the double nearest
    /// 0.001; priority 999: `v3 + 100 = 0`; priority 250: `v0 − v1 + 100 = 0`.
    ///
    /// By hand: v3 = −1e6 is forced, so priority 999's least error is 999900, and v1 ≤ 0. The third
    /// row needs 1000·v1 ≥ c·v0 + 8, so c·v0 + 8 ≤ 0 (v0 ≤ −8/c) and v0 − v1 ≤ v0·(1 − c/1000) − 0.008,
    /// which grows with v0; the most v0 − v1 can be is at v0 = −8/c, v1 = 0: −8/c. Priority 250's
    /// error |v0 − v1 + 100| is then at least 8/c − 100, just under 7900 (c is 2.1e-20 above
    /// 0.001), and that is its exact optimum. The solver's v0 = −8000, v1 = 0 has error 7900,
    /// 1.7e-13 more: optimal to any tolerance. The float reference's point moved v1 to 1.6e-11,
    /// inside its own tolerances, and gained 1.6e-5 through the ratio of 1e6 between 1000 and c.
    @Test func aFloatRoundingIsNoBetterOptimum() throws {
        let rows = [
            ReferenceConstraint(coefficients: [0, 1, 0, -1], constant: -1e6, relation: .lessThanOrEqual, priority: 1000),
            ReferenceConstraint(coefficients: [0, 0, 0, -1], constant: -1e6, relation: .equal, priority: 1000),
            ReferenceConstraint(coefficients: [1, -1, 0, 0], constant: 100, relation: .equal, priority: 250),
            ReferenceConstraint(coefficients: [0.001, -1000, 0, 0], constant: 8, relation: .lessThanOrEqual,
                                priority: 1000),
            ReferenceConstraint(coefficients: [0, 0, 0, 1], constant: 100, relation: .equal, priority: 999),
        ]
        let system = rows.compactMap(ExactConstraint.init)
        #expect(system.count == rows.count)
        let c = try Self.rational(0.001)
        let expected = Rational(8) / c - Rational(100)
        let optima = try #require(ExactLP.lexicographicOptima(system, variables: 4))
        #expect(optima == [999: Rational(999_900), 250: expected])
        #expect(expected < Rational(7900) && Rational(7900) - expected < Rational(1) / Rational(1_000_000_000_000))
        // The exact optimum's point meets every required row exactly.
        let (error, point) = try #require(ExactLP.levelOptimum(system, variables: 4, level: 250,
                                                                bounds: [999: Rational(999_900)]))
        #expect(error == expected)
        for row in system where row.priority >= 1000 { #expect(row.violation(at: point) == .zero) }
        // The float reference, asked the same, answers 1.6e-5 lower: a rounding, not an optimum.
        let float = try #require(ReferenceLP.levelOptimum(rows, variables: 4, level: 250, bounds: [999: 999_900]))
        #expect(float < 7900 - 1e-5)
    }

    /// A box on the variables: the least error of priority 1's `x = 2e6` is 1e6 when |x| ≤ 1e6,
    /// and 0 without the box.
    @Test func theBoxBoundsTheOptimum() throws {
        let wish = try #require(Self.constraint([1], -2e6, .equal, priority: 1))
        let boxed = try #require(ExactLP.levelOptimum([wish], variables: 1, level: 1, bounds: [:], box: Rational(1_000_000)))
        #expect(boxed.error == Rational(1_000_000) && boxed.values == [Rational(1_000_000)])
        #expect(ExactLP.levelOptimum([wish], variables: 1, level: 1, bounds: [:])?.error == .zero)
    }

    /// A higher level's bound binds a lower one: priority 500 wants x = 10, priority 100 wants
    /// x = 0, required x ≥ 1. Priority 500's optimum is 0 (x = 10), and with it held, priority
    /// 100's is 10; with priority 500 allowed an error of 4, priority 100 gets 6 (x = 6).
    @Test func higherLevelsBindLowerOnes() throws {
        let system = [try #require(Self.constraint([1], -1, .greaterThanOrEqual)),
                      try #require(Self.constraint([1], -10, .equal, priority: 500)),
                      try #require(Self.constraint([1], 0, .equal, priority: 100))]
        #expect(ExactLP.lexicographicOptima(system, variables: 1) == [500: .zero, 100: Rational(10)])
        #expect(ExactLP.levelOptimum(system, variables: 1, level: 100, bounds: [500: Rational(4)])?.error == Rational(6))
        // Required x ≤ 0 beside x ≥ 1: no point, so no optimum.
        let conflicting = system + [try #require(Self.constraint([1], 0, .lessThanOrEqual))]
        #expect(ExactLP.lexicographicOptima(conflicting, variables: 1) == nil)
    }
}
