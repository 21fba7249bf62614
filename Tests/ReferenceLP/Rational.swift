import BigInt

/// An exact rational number over arbitrary-precision integers, always in lowest terms with a
/// positive denominator (so equal values have equal representations).
///
/// Why it exists: the dense reference (`ReferenceLP`) works in doubles with absolute tolerances
/// (1e-9 per pivot, 1e-7 in phase one), and through the format's coefficient ratios of 1e6
/// (1e3 against 1e-3) its rounding can "prove" an optimum better than any that exists. The exact
/// reference (`ExactLP`) decides the same questions with no rounding at all, so a verdict it
/// confirms is about the solver, never about the reference.
public struct Rational: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let numerator: BigInt
    /// Always positive.
    public let denominator: BigInt

    public static let zero = Rational(0)
    public static let one = Rational(1)

    public init(_ integer: Int) {
        numerator = BigInt(integer)
        denominator = 1
    }

    /// `numerator / denominator` reduced to lowest terms; the denominator must not be zero.
    public init(_ numerator: BigInt, _ denominator: BigInt) {
        precondition(!denominator.isZero, "a rational with a zero denominator")
        if numerator.isZero {
            self.numerator = 0
            self.denominator = 1
            return
        }
        let divisor = numerator.greatestCommonDivisor(with: denominator)
        var top = numerator / divisor
        var bottom = denominator / divisor
        if bottom.sign == .minus {
            top.negate()
            bottom.negate()
        }
        self.numerator = top
        self.denominator = bottom
    }

    /// Already in lowest terms with a positive denominator: no gcd needed.
    private init(reduced numerator: BigInt, _ denominator: BigInt) {
        self.numerator = numerator
        self.denominator = denominator
    }

    /// Exactly the value of a finite double, nil for an infinity or NaN. A double is an integer
    /// significand times a power of two (subnormals included), so nothing is rounded: this is
    /// what lets the exact reference judge the very numbers the solver and the fuzz target hold.
    public init?(exactly value: Double) {
        guard value.isFinite else { return nil }
        if value == 0 {
            self = .zero
            return
        }
        // value = ±significand · 2^exponent, with the implicit leading bit for normal numbers.
        let normal = value.exponentBitPattern != 0
        let significand = normal ? value.significandBitPattern | (1 << 52) : value.significandBitPattern
        let exponent = normal ? Int(value.exponentBitPattern) - 1075 : -1074
        // An odd significand over a power of two is already in lowest terms.
        let zeros = significand.trailingZeroBitCount
        var top = BigInt(significand >> UInt64(zeros))
        if value < 0 { top.negate() }
        let power = exponent + zeros
        if power >= 0 {
            self.init(reduced: top << power, 1)
        } else {
            self.init(reduced: top, BigInt(1) << -power)
        }
    }

    public var isZero: Bool { numerator.isZero }
    public var isNegative: Bool { numerator.sign == .minus && !numerator.isZero }
    public var isPositive: Bool { numerator.sign == .plus && !numerator.isZero }
    public var magnitude: Rational { isNegative ? -self : self }

    /// The nearest double (or close to it: for messages and traces only, never for a verdict).
    public var approximation: Double {
        // Scale both to at most 1000 bits so the conversion neither overflows nor underflows.
        let excess = max(0, max(numerator.bitWidth, denominator.bitWidth) - 1000)
        return Double(numerator >> excess) / Double(denominator >> excess)
    }

    public var description: String {
        denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator) (≈ \(approximation))"
    }

    public static func + (left: Rational, right: Rational) -> Rational {
        if left.isZero { return right }
        if right.isZero { return left }
        if left.denominator == right.denominator {
            return Rational(left.numerator + right.numerator, left.denominator)
        }
        return Rational(left.numerator * right.denominator + right.numerator * left.denominator,
                        left.denominator * right.denominator)
    }

    public static prefix func - (value: Rational) -> Rational {
        var top = value.numerator
        top.negate()
        return Rational(reduced: top, value.denominator)
    }

    public static func - (left: Rational, right: Rational) -> Rational { left + -right }

    public static func * (left: Rational, right: Rational) -> Rational {
        if left.isZero || right.isZero { return .zero }
        if left.denominator == 1 && right.denominator == 1 {
            return Rational(reduced: left.numerator * right.numerator, 1)
        }
        return Rational(left.numerator * right.numerator, left.denominator * right.denominator)
    }

    /// The divisor must not be zero.
    public static func / (left: Rational, right: Rational) -> Rational {
        precondition(!right.isZero, "division of a rational by zero")
        return Rational(left.numerator * right.denominator, left.denominator * right.numerator)
    }

    /// a − f·x with one reduction instead of two: the simplex's elimination step, where nearly
    /// all of the exact reference's time goes (a greatest common divisor per operation).
    public static func subtracting(_ a: Rational, _ f: Rational, _ x: Rational) -> Rational {
        if f.isZero || x.isZero { return a }
        let productDenominator = f.denominator * x.denominator
        let product = f.numerator * x.numerator
        if a.isZero { return Rational(-product, productDenominator) }
        if a.denominator == productDenominator {
            return Rational(a.numerator - product, productDenominator)
        }
        return Rational(a.numerator * productDenominator - product * a.denominator,
                        a.denominator * productDenominator)
    }

    public static func += (left: inout Rational, right: Rational) { left = left + right }
    public static func -= (left: inout Rational, right: Rational) { left = left - right }

    public static func < (left: Rational, right: Rational) -> Bool {
        left.numerator * right.denominator < right.numerator * left.denominator
    }
}
