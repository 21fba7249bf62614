/// A linear constraint in exact rationals: Σ coefficients[i]·x_i + constant (relation) 0, with
/// `priority` 1000 for required (as `ReferenceConstraint`, whose relations it shares).
public struct ExactConstraint: Sendable {
    public var coefficients: [Rational]
    public var constant: Rational
    public var relation: ReferenceConstraint.Relation
    public var priority: Double

    public init(coefficients: [Rational], constant: Rational, relation: ReferenceConstraint.Relation,
                priority: Double) {
        self.coefficients = coefficients
        self.constant = constant
        self.relation = relation
        self.priority = priority
    }

    /// The float reference's constraint, every number converted exactly; nil when one is not
    /// finite (there is no exact question to ask then).
    public init?(_ constraint: ReferenceConstraint) {
        var coefficients: [Rational] = []
        for coefficient in constraint.coefficients {
            guard let exact = Rational(exactly: coefficient) else { return nil }
            coefficients.append(exact)
        }
        guard let constant = Rational(exactly: constraint.constant) else { return nil }
        self.init(coefficients: coefficients, constant: constant, relation: constraint.relation,
                  priority: constraint.priority)
    }

    /// Σ coefficients[i]·point[i] + constant, exactly.
    public func amount(at point: [Rational]) -> Rational {
        zip(coefficients, point).reduce(constant) { $0 + $1.0 * $1.1 }
    }

    /// How far `point` is off the relation: |amount| for an equality, the excess for an
    /// inequality it breaks, zero when it holds. A level's error is the sum of these.
    public func violation(at point: [Rational]) -> Rational {
        let value = amount(at: point)
        switch relation {
        case .equal: return value.magnitude
        case .lessThanOrEqual: return value.isPositive ? value : .zero
        case .greaterThanOrEqual: return value.isNegative ? -value : .zero
        }
    }

    /// The constraint widened to the band of `margin` on each side it may miss: an equality
    /// becomes −margin ≤ amount ≤ margin (two inequalities), an inequality moves outwards by
    /// `margin`. "Feasible within each constraint's allowance" is then plain feasibility of
    /// the bands, a question the exact simplex answers with no tolerance of its own.
    public func band(_ margin: Rational) -> [ExactConstraint] {
        var below = self
        below.relation = .lessThanOrEqual
        below.constant = constant - margin
        var above = self
        above.relation = .greaterThanOrEqual
        above.constant = constant + margin
        switch relation {
        case .equal: return [below, above]
        case .lessThanOrEqual: return [below]
        case .greaterThanOrEqual: return [above]
        }
    }
}

/// The exact counterpart of `ReferenceLP`'s feasibility and level questions: textbook two-phase
/// simplex with Bland's rule (which cannot cycle, so every run ends) on rationals, with no
/// tolerance anywhere. Slow (each entry is a pair of big integers), so the fuzz target asks it
/// only to confirm what the fast float reference suspects; the systems it sees are small (at most
/// 10 constraints over 4 variables).
///
/// The standard form is the float reference's: each variable x_i = z⁺ − z⁻ (free), one slack per
/// inequality, one error column per optional inequality and two (above and below) per optional
/// equality, one row `Σ errors + slack = bound` per bounded level.
public enum ExactLP {
    /// A point meeting every required constraint exactly (one value per variable), or nil when
    /// none exists. Optional constraints are ignored.
    public static func feasiblePoint(_ constraints: [ExactConstraint], variables: Int) -> [Rational]? {
        let form = StandardForm(constraints.filter { $0.priority >= 1000 }, variables: variables, bounds: [:])
        var tableau = Tableau(rows: form.rows, columns: form.columns)
        guard tableau.reachFeasibility() else { return nil }
        return form.point(tableau.columnValues())
    }

    /// The least total error priority `level` can have (the sum of its constraints' violations)
    /// while every required constraint holds exactly and each priority in `bounds` keeps its total
    /// error at most the bound given, with the point where it is reached; nil when no point meets
    /// all that. `box`, when given, bounds every variable's magnitude (a required constraint
    /// −box ≤ x_i ≤ box each): the fuzz target judges the solver only inside the domain where its
    /// absolute tolerances decide, and a gain found only far outside it is not the solver's fault.
    public static func levelOptimum(_ constraints: [ExactConstraint], variables: Int, level: Double,
                                    bounds: [Double: Rational], box: Rational? = nil)
        -> (error: Rational, values: [Rational])? {
        let form = StandardForm(boxed(constraints, variables: variables, box: box), variables: variables,
                                bounds: bounds)
        var tableau = Tableau(rows: form.rows, columns: form.columns)
        guard tableau.reachFeasibility() else { return nil }
        var costs = Array(repeating: Rational.zero, count: form.columns)
        for (column, owner) in form.errors where owner == level { costs[column] = .one }
        // Every cost is an error column's 1 and errors are never negative: never unbounded.
        guard let error = tableau.minimize(costs) else { return nil }
        return (error, form.point(tableau.columnValues()))
    }

    /// Every optional level's exact lexicographic optimum from the highest priority down to
    /// `lowest` (all of them when nil): each level's least error with every higher level held at
    /// its own exact optimum. Nil when the required constraints (and the box) admit no point.
    ///
    /// One tableau serves every level (one phase one, then one phase two a level): after a level's
    /// optimum, every column off the basis whose reduced cost is positive is held at zero from then
    /// on. At an optimal basis a feasible point's cost is the optimum plus Σ reduced cost · column,
    /// so the points keeping the optimum are exactly those with every such column at zero: the
    /// same face as a bound row `Σ errors ≤ optimum` (`levelOptimum`), without a new row and a new
    /// phase one for each level, which made the fuzz target's exact check ten times slower.
    public static func lexicographicOptima(_ constraints: [ExactConstraint], variables: Int,
                                           box: Rational? = nil) -> [Double: Rational]? {
        let form = StandardForm(boxed(constraints, variables: variables, box: box), variables: variables,
                                bounds: [:])
        var tableau = Tableau(rows: form.rows, columns: form.columns)
        guard tableau.reachFeasibility() else { return nil }
        var optima: [Double: Rational] = [:]
        for level in Set(constraints.map(\.priority).filter { $0 < 1000 }).sorted(by: >) {
            var costs = Array(repeating: Rational.zero, count: form.columns)
            for (column, owner) in form.errors where owner == level { costs[column] = .one }
            guard let error = tableau.minimize(costs) else { return nil }
            optima[level] = error
            tableau.holdPricedOutColumns()
        }
        return optima
    }

    /// The constraints with, when `box` is given, −box ≤ x_i ≤ box for every variable.
    static func boxed(_ constraints: [ExactConstraint], variables: Int, box: Rational?) -> [ExactConstraint] {
        guard let box else { return constraints }
        var all = constraints
        for variable in 0..<variables {
            var coefficients = Array(repeating: Rational.zero, count: variables)
            coefficients[variable] = .one
            all += ExactConstraint(coefficients: coefficients, constant: .zero, relation: .equal,
                                   priority: 1000).band(box)
        }
        return all
    }

    /// The problem `A z = b, z ≥ 0` built from constraints and level bounds.
    struct StandardForm {
        var rows: [(a: [Rational], b: Rational)] = []
        var columns: Int
        /// (column, priority) of every error column.
        var errors: [(Int, Double)] = []
        let variables: Int

        init(_ constraints: [ExactConstraint], variables: Int, bounds: [Double: Rational]) {
            self.variables = variables
            // The same columns as the float reference's (`StandardFormColumns`).
            let plan = StandardFormColumns(constraints.map { ($0.relation, $0.priority) }, variables: variables)
            columns = plan.columns
            errors = plan.errors
            let extra = plan.entries.map { $0.map { ($0.column, Rational($0.sign)) } }
            var boundSlacks: [(Double, Int)] = []
            for priority in bounds.keys.sorted(by: >) {
                boundSlacks.append((priority, columns))
                columns += 1
            }
            for (constraint, entries) in zip(constraints, extra) {
                var a = Array(repeating: Rational.zero, count: columns)
                for (index, coefficient) in constraint.coefficients.enumerated() {
                    a[2 * index] += coefficient
                    a[2 * index + 1] -= coefficient
                }
                for (column, value) in entries { a[column] += value }
                rows.append((a, -constraint.constant))
            }
            // Σ errors at `priority` + slack = bound.
            for (priority, slack) in boundSlacks {
                var a = Array(repeating: Rational.zero, count: columns)
                for (column, owner) in errors where owner == priority { a[column] = .one }
                a[slack] = .one
                rows.append((a, bounds[priority] ?? .zero))
            }
        }

        /// x_i = z⁺ − z⁻.
        func point(_ z: [Rational]) -> [Rational] {
            (0..<variables).map { z[2 * $0] - z[2 * $0 + 1] }
        }
    }

    /// A dense simplex tableau: rows of [entries…, right-hand side], the basis, and the reduced
    /// cost row kept up to date through every pivot (recomputing it costs a row of rational
    /// products per column, the expensive part here).
    struct Tableau {
        var table: [[Rational]]
        var basis: [Int]
        /// Columns of the problem; artificial columns follow them during phase one only.
        let columns: Int
        var width: Int
        /// Columns held at zero (`holdPricedOutColumns`): never chosen to enter.
        var held: Set<Int> = []
        /// The reduced costs of the last `run`, the right-hand side's entry last.
        var reduced: [Rational] = []

        init(rows: [(a: [Rational], b: Rational)], columns: Int) {
            self.columns = columns
            let m = rows.count
            width = columns + m
            // Rows signed so that b ≥ 0, and one artificial column per row as the first basis.
            table = rows.enumerated().map { index, row in
                let flip = row.b.isNegative
                var entries = row.a.map { flip ? -$0 : $0 }
                entries += (0..<m).map { $0 == index ? Rational.one : .zero }
                entries.append(flip ? -row.b : row.b)
                return entries
            }
            basis = Array(columns..<(columns + m))
        }

        /// Phase one: minimise the artificials' sum. False when it stays above zero (no feasible
        /// point). Otherwise drives the artificials out of the basis (a row where only artificials
        /// remain is a redundant equation and is dropped) and deletes their columns.
        mutating func reachFeasibility() -> Bool {
            var costs = Array(repeating: Rational.zero, count: width)
            for column in columns..<width { costs[column] = .one }
            guard let infeasibility = run(costs, allowed: width), infeasibility.isZero else { return false }
            var row = 0
            while row < table.count {
                if basis[row] >= columns {
                    if let column = (0..<columns).first(where: { !table[row][$0].isZero }) {
                        pivot(row: row, column: column)
                    } else {
                        table.remove(at: row)
                        basis.remove(at: row)
                        continue
                    }
                }
                row += 1
            }
            table = table.map { Array($0[0..<columns]) + [$0[width]] }
            width = columns
            return true
        }

        /// Phase two from a feasible basis: the least value of costs·z, nil when unbounded.
        mutating func minimize(_ costs: [Rational]) -> Rational? {
            run(costs, allowed: columns)
        }

        /// Primal simplex with Bland's rule on columns below `allowed`; the optimum's value, nil
        /// when unbounded.
        mutating func run(_ costs: [Rational], allowed: Int) -> Rational? {
            // Reduced costs: c_j − Σ_rows c_basis · a_ij, and the objective's value.
            reduced = costs + [.zero]
            for (row, column) in basis.enumerated() where !costs[column].isZero {
                let weight = costs[column]
                for j in 0...width where !table[row][j].isZero { reduced[j] -= weight * table[row][j] }
            }
            while true {
                // Bland: the lowest-indexed improving column enters…
                guard let entering = (0..<allowed).first(where: { reduced[$0].isNegative && !held.contains($0) }) else {
                    return -reduced[width]
                }
                // …and of the rows tied at the least ratio, the one whose basic column is lowest leaves.
                var leaving: Int?
                var best = Rational.zero
                for row in table.indices where table[row][entering].isPositive {
                    let ratio = table[row][width] / table[row][entering]
                    if let current = leaving {
                        if ratio < best || (ratio == best && basis[row] < basis[current]) {
                            best = ratio
                            leaving = row
                        }
                    } else {
                        best = ratio
                        leaving = row
                    }
                }
                guard let row = leaving else { return nil }
                pivot(row: row, column: entering)
                let factor = reduced[entering]
                for j in 0...width where !table[row][j].isZero {
                    reduced[j] = Rational.subtracting(reduced[j], factor, table[row][j])
                }
            }
        }

        /// After an optimum: holds at zero every column whose reduced cost is positive (all are
        /// off the basis), so later runs stay on this optimum's face.
        mutating func holdPricedOutColumns() {
            for column in 0..<columns where reduced[column].isPositive { held.insert(column) }
        }

        mutating func pivot(row: Int, column: Int) {
            let divisor = table[row][column]
            if divisor != .one { table[row] = table[row].map { $0.isZero ? $0 : $0 / divisor } }
            let pivotRow = table[row]
            let nonzero = (0...width).filter { !pivotRow[$0].isZero }
            for i in table.indices where i != row {
                let factor = table[i][column]
                if factor.isZero { continue }
                for j in nonzero { table[i][j] = Rational.subtracting(table[i][j], factor, pivotRow[j]) }
            }
            basis[row] = column
        }

        /// Every column's value at the current basis (zero off the basis).
        func columnValues() -> [Rational] {
            var z = Array(repeating: Rational.zero, count: columns)
            for (row, column) in basis.enumerated() where column < columns { z[column] = table[row][width] }
            return z
        }
    }
}
