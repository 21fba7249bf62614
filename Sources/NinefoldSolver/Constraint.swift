/// How a constraint's expression compares with zero.
public enum Relation: String, Sendable, Codable {
    case equal, lessThanOrEqual, greaterThanOrEqual
}

/// A priority from 1 to 1000; 1000 is required, everything below is optional.
///
/// Optional priorities are *strictly* lexicographic: no amount of violation at priority p is
/// worth any violation above p. That is why the solver keeps one objective per priority level
/// instead of folding priorities into one weight.
public struct Priority: Hashable, Comparable, Sendable, Codable {
    public let value: Double

    /// Values are clamped into 1...1000 so that every priority is meaningful.
    public init(_ value: Double) {
        self.value = min(1000, max(1, value.isFinite ? value : 1))
    }

    public static let required = Priority(1000)

    public var isRequired: Bool { value >= 1000 }

    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.value < rhs.value }
}

/// `expression relation 0`, at a priority.
public struct Constraint: Equatable, Sendable {
    public var expression: Expression
    public var relation: Relation
    public var priority: Priority

    public init(_ expression: Expression, _ relation: Relation, priority: Priority = .required) {
        self.expression = expression
        self.relation = relation
        self.priority = priority
    }

    /// How far the constraint misses at the given values (0 when it holds).
    public func violation(_ value: (Variable) -> Double) -> Double {
        let amount = expression.evaluate(value)
        switch relation {
        case .equal: return abs(amount)
        case .lessThanOrEqual: return max(0, amount)
        case .greaterThanOrEqual: return max(0, -amount)
        }
    }
}

/// Names a constraint added to a solver. Ids are never reused, so a rejected or removed
/// constraint's id still identifies it in reports.
public struct ConstraintID: Hashable, Comparable, Sendable {
    public let index: Int

    public init(index: Int) { self.index = index }

    public static func < (lhs: ConstraintID, rhs: ConstraintID) -> Bool { lhs.index < rhs.index }
}

/// Required constraints that cannot hold together: irreducible (drop any one and the rest
/// can), sorted, including the constraint whose addition failed.
public struct Conflict: Error, Equatable, Sendable {
    public let constraints: [ConstraintID]

    public init(constraints: [ConstraintID]) { self.constraints = constraints }
}

/// The values a variable takes over a set of solutions; infinite ends are unbounded.
public struct ValueRange: Equatable, Sendable, CustomStringConvertible {
    public let lower: Double
    public let upper: Double

    public init(lower: Double, upper: Double) {
        self.lower = lower
        self.upper = upper
    }

    public var isPoint: Bool { upper - lower <= Tolerance.frame }

    public var description: String {
        func show(_ value: Double) -> String {
            value.isInfinite ? (value < 0 ? "-∞" : "∞") : "\(value)"
        }
        return "[\(show(lower)), \(show(upper))]"
    }
}

/// The tolerances, in one place so they can be documented and reasoned about.
public enum Tolerance {
    /// Pivots, ratio tests and reduced costs ignore coefficients smaller than this (cells are
    /// kept: see `cancellation`).
    public static let pivot = 1e-9
    /// A sum of tableau cells is rounding left over from a cancellation, and dropped, when it is
    /// below this times the larger term. Relative, never absolute: coefficients of 1e-3 and 1e3
    /// make real cells of 1e-9 and below, and real cancellations of 1e-9 relative (x0's row in
    /// `ExtremeValueTests` trial 471 keeps −1e-6 from terms of 1e3); rounding leaves ~1e-16.
    public static let cancellation = 1e-12
    /// Two values closer than this are the same point (SCENE-FORMAT §4: 1e-6 points).
    public static let frame = 1e-6

    /// How far a required constraint may miss, in its own units, and still hold: SCENE-FORMAT
    /// §4's "1e-6 points" read as moving the constraint's most effective variable by `frame`
    /// would satisfy it, so `frame` times its largest coefficient (terms on one variable added
    /// up). Points are in the variables, a miss is in the row: `1000·v0 = 0` read `0 = 7.45e-6`
    /// when v0 held 7.45e-9 of rounding, an implied equality the rule accepts (fuzz-solver
    /// `implied-duplicate-refused`). No floor of one: `−0.001·v0 + 1e-6 = 0` misses by 1e-6 at
    /// v0 = 0, which is v0 a thousandth of a point from where it holds, so it does not hold there
    /// (`small-coefficient-miss`: a floor let it miss by 1e-3 points). The solver decides with
    /// this (`Solver.place`, phase one, `holds`) and the fuzz target checks with it
    /// (Documentation/Solver.md, "How far a required row may miss").
    ///
    /// Read from `Expression.largestMergedMagnitude`, which allocates nothing: building the
    /// normalised expression (a dictionary, a sort, two arrays) on every add was an eighth of
    /// solving dynamic-height-label-and-text-field (Documentation/Performance.md, "Branch solveradd").
    public static func allowedMiss(of constraint: Constraint) -> Double {
        frame * constraint.expression.largestMergedMagnitude
    }

    /// How far a required constraint may miss at a point and still hold there: `allowedMiss`,
    /// or the rounding of evaluating it at that point, `cancellation` times the size of its own
    /// terms (|constant| + Σ |coefficient × value|), whichever is larger. The second only counts
    /// where the constraint's terms pass 1e6 times its largest coefficient, values no layout
    /// reaches: there an ulp of a term is already near 1e-6 points, and no solver working in
    /// doubles can promise the absolute rule. Judged against the constraint's own terms, never
    /// against the system's largest value: a required `3·v2 − 1000·v3 + 100 = 0` missed by 99
    /// next to its parallel `… + 1 = 0` (terms near 8e12) is a conflict accepted, not rounding
    /// (fuzz-solver `required-missed-by-99`; Documentation/Solver.md, "Accepted adds checked as
    /// written").
    public static func allowedMiss(of constraint: Constraint, at value: (Variable) -> Double) -> Double {
        max(allowedMiss(of: constraint), cancellation * terms(of: constraint, at: value))
    }

    /// The size of a constraint's terms at a point, |constant| + Σ |coefficient × value|: what
    /// the rounding of evaluating it in doubles there is relative to.
    public static func terms(of constraint: Constraint, at value: (Variable) -> Double) -> Double {
        var terms = abs(constraint.expression.constant)
        for term in constraint.expression.terms { terms += abs(term.coefficient * value(term.variable)) }
        return terms
    }
}
