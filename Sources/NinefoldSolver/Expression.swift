/// An unknown of the system, created by `Solver.makeVariable(named:)`.
public struct Variable: Hashable, Comparable, Sendable {
    public let index: Int

    public init(index: Int) { self.index = index }

    public static func < (lhs: Variable, rhs: Variable) -> Bool { lhs.index < rhs.index }
}

/// `coefficient × variable`.
public struct Term: Hashable, Sendable {
    public var variable: Variable
    public var coefficient: Double

    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// A linear expression: a sum of terms plus a constant. Terms on the same variable may repeat;
/// the solver adds them up.
public struct Expression: Equatable, Sendable {
    public var terms: [Term]
    public var constant: Double

    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    public init(_ variable: Variable) {
        self.init([Term(variable)])
    }

    /// The terms with repeated variables merged and zero coefficients dropped, by variable index.
    public var normalized: Expression {
        var sums: [Variable: Double] = [:]
        for term in terms { sums[term.variable, default: 0] += term.coefficient }
        let merged = sums.filter { $0.value != 0 }.sorted { $0.key < $1.key }.map { Term($0.key, $0.value) }
        return Expression(merged, constant: constant)
    }

    /// The largest magnitude among `normalized`'s coefficients (0 when it has none), without
    /// building it. Each variable's sum is added up in the order of its terms, from zero, as
    /// `normalized` adds them, so the sums, and the largest, are the same bit for bit. Layout
    /// rows have a handful of terms: a pass per first occurrence costs less than the dictionary;
    /// long expressions take `normalized`.
    public var largestMergedMagnitude: Double {
        guard terms.count <= Self.pairwiseMergeLimit else {
            return normalized.terms.map { abs($0.coefficient) }.max() ?? 0
        }
        var largest = 0.0
        for index in terms.indices {
            let variable = terms[index].variable
            guard !terms[..<index].contains(where: { $0.variable == variable }) else { continue }
            var sum = 0.0
            for later in index..<terms.count where terms[later].variable == variable { sum += terms[later].coefficient }
            largest = max(largest, abs(sum))
        }
        return largest
    }

    /// The sum of the magnitudes of the coefficients as written: how much the expression can
    /// change when every variable moves by one (`Tableau.budget`). Terms on one variable are not
    /// merged first, as the fuzz target's level tolerance does not merge them either.
    public var coefficientWeight: Double {
        terms.reduce(0) { $0 + abs($1.coefficient) }
    }

    /// Up to this many terms, `largestMergedMagnitude` compares them pairwise.
    static let pairwiseMergeLimit = 16

    /// The value of the expression when each variable takes `value(variable)`.
    public func evaluate(_ value: (Variable) -> Double) -> Double {
        terms.reduce(constant) { $0 + $1.coefficient * value($1.variable) }
    }
}

public prefix func - (expression: Expression) -> Expression {
    Expression(expression.terms.map { Term($0.variable, -$0.coefficient) }, constant: -expression.constant)
}

public prefix func - (variable: Variable) -> Expression { -Expression(variable) }

public func + (lhs: Expression, rhs: Expression) -> Expression {
    Expression(lhs.terms + rhs.terms, constant: lhs.constant + rhs.constant)
}

/// `lhs + -rhs` (lhs's terms, then rhs's negated; `lhs.constant + -rhs.constant`) built in one
/// array, without the negated copy in between: layout building subtracts two sides for every
/// generated constraint.
public func - (lhs: Expression, rhs: Expression) -> Expression {
    var terms: [Term] = []
    terms.reserveCapacity(lhs.terms.count + rhs.terms.count)
    terms.append(contentsOf: lhs.terms)
    for term in rhs.terms { terms.append(Term(term.variable, -term.coefficient)) }
    return Expression(terms, constant: lhs.constant + -rhs.constant)
}

public func * (coefficient: Double, expression: Expression) -> Expression {
    Expression(expression.terms.map { Term($0.variable, coefficient * $0.coefficient) },
               constant: coefficient * expression.constant)
}

public func * (coefficient: Double, variable: Variable) -> Expression { Expression([Term(variable, coefficient)]) }

public func + (lhs: Expression, rhs: Double) -> Expression { Expression(lhs.terms, constant: lhs.constant + rhs) }
public func - (lhs: Expression, rhs: Double) -> Expression { lhs + -rhs }
public func + (lhs: Variable, rhs: Double) -> Expression { Expression(lhs) + rhs }
public func - (lhs: Variable, rhs: Double) -> Expression { Expression(lhs) - rhs }
public func + (lhs: Variable, rhs: Variable) -> Expression { Expression(lhs) + Expression(rhs) }
public func - (lhs: Variable, rhs: Variable) -> Expression { Expression(lhs) - Expression(rhs) }
public func + (lhs: Expression, rhs: Variable) -> Expression { lhs + Expression(rhs) }
public func - (lhs: Expression, rhs: Variable) -> Expression { lhs - Expression(rhs) }
public func + (lhs: Variable, rhs: Expression) -> Expression { Expression(lhs) + rhs }
public func - (lhs: Variable, rhs: Expression) -> Expression { Expression(lhs) - rhs }
