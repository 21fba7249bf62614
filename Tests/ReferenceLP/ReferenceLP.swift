/// A deliberately plain, dense reference for the solver's tests: textbook two-phase simplex
/// with Bland's rule on `min c·z, A z = b, z ≥ 0`, and lexicographic optimisation done the slow,
/// obvious way — solve each priority level, then add "this level stays at its optimum" as a
/// constraint and go on. Ranges are found by minimising and maximising each variable over the
/// final face. Nothing here is shared with NinefoldSolver.
public struct ReferenceConstraint: Sendable {
    public enum Relation: Sendable { case equal, lessThanOrEqual, greaterThanOrEqual }
    /// Σ coefficients[i]·x_i + constant (relation) 0
    public var coefficients: [Double]
    public var constant: Double
    public var relation: Relation
    /// 1000 = required.
    public var priority: Double

    public init(coefficients: [Double], constant: Double, relation: Relation, priority: Double) {
        self.coefficients = coefficients
        self.constant = constant
        self.relation = relation
        self.priority = priority
    }
}

public struct ReferenceResult: Sendable {
    public var feasible: Bool
    /// Per variable: (min, max) over the lexicographically optimal solutions.
    public var ranges: [(lower: Double, upper: Double)]
}

public enum ReferenceLP {
    static let epsilon = 1e-9

    /// A row of the standard-form problem: Σ a_j z_j = b.
    struct Row { var a: [Double]; var b: Double }

    enum Outcome { case infeasible, unbounded, optimal(Double) }

    public static func feasible(_ constraints: [ReferenceConstraint], variables: Int) -> Bool {
        let required = constraints.filter { $0.priority >= 1000 }
        let (rows, columns, _) = standardForm(required, variables: variables)
        if case .infeasible = minimize(rows: rows, costs: Array(repeating: 0, count: columns)) { return false }
        return true
    }

    /// A point meeting the required constraints (to the reference's own tolerances: entries below
    /// an absolute 1e-9 ignored, an absolute 1e-7 of phase-one infeasibility accepted), one value
    /// per variable; nil when it finds none. A caller that needs the constraints met to a tighter
    /// tolerance checks the point itself.
    public static func feasiblePoint(_ constraints: [ReferenceConstraint], variables: Int) -> [Double]? {
        let required = constraints.filter { $0.priority >= 1000 }
        let (rows, columns, _) = standardForm(required, variables: variables)
        guard let start = feasibleBasis(rows: rows, columns: columns),
              let (_, z) = optimalPoint(start, costs: Array(repeating: 0, count: columns)) else { return nil }
        return (0..<variables).map { z[2 * $0] - z[2 * $0 + 1] }
    }

    public static func solve(_ constraints: [ReferenceConstraint], variables: Int) -> ReferenceResult {
        var (rows, columns, errorColumns) = standardForm(constraints, variables: variables)
        let levels = Array(Set(constraints.map(\.priority).filter { $0 < 1000 })).sorted(by: >)
        for level in levels {
            var costs = Array(repeating: 0.0, count: columns)
            for (column, priority) in errorColumns where priority == level { costs[column] = 1 }
            guard case .optimal(let best) = minimize(rows: rows, costs: costs) else {
                return ReferenceResult(feasible: false, ranges: [])
            }
            // Keep this level at its optimum: Σ errors + slack = best (+ a hair for rounding).
            var a = costs
            a.append(1)
            rows = rows.map { Row(a: $0.a + [0], b: $0.b) }
            rows.append(Row(a: a, b: best + 1e-9))
            columns += 1
        }
        // One phase one for the final face, then two phase-two runs per variable from that basis.
        guard let start = feasibleBasis(rows: rows, columns: columns) else {
            return ReferenceResult(feasible: false, ranges: [])
        }
        var ranges: [(Double, Double)] = []
        for variable in 0..<variables {
            var costs = Array(repeating: 0.0, count: columns)
            costs[2 * variable] = 1
            costs[2 * variable + 1] = -1
            let lower: Double = switch optimize(start, costs: costs) {
            case .optimal(let value): value
            default: -.infinity
            }
            let upper: Double = switch optimize(start, costs: costs.map { -$0 }) {
            case .optimal(let value): -value
            default: .infinity
            }
            ranges.append((lower, upper))
        }
        return ReferenceResult(feasible: true, ranges: ranges)
    }

    /// The least total error priority `level` can have while every required constraint holds and
    /// each priority in `bounds` keeps its total error at most the bound given; nil when no point
    /// meets all that. (A level's error is the sum of its constraints' violations, as `solve`
    /// minimises it.) Unlike `solve`, nothing is added to a bound for rounding: with each higher
    /// level bounded by its own optimum from this function, the result is that level's
    /// lexicographic optimum with no allowance a lower level could spend (`solve` keeps each level
    /// within 1e-9 of its optimum, which through a coefficient of 1e-3 lets a lower level move a
    /// variable by 1e-3: Documentation/Reliability.md, "The solver target's final check").
    public static func levelOptimum(_ constraints: [ReferenceConstraint], variables: Int, level: Double,
                                    bounds: [Double: Double]) -> Double? {
        levelOptimumPoint(constraints, variables: variables, level: level, bounds: bounds)?.error
    }

    /// `levelOptimum`, with the point where the reference found it (one value per variable), so a
    /// caller can check on the constraints as written that the point keeps what the bounds ask:
    /// the reference's pivots ignore entries below an absolute 1e-9 and its phase one accepts an
    /// absolute 1e-7, and through coefficients of 1e3 and 1e-3 that rounding buys a lower level
    /// far more than it costs a higher one (Documentation/Reliability.md, "The solver target's
    /// final check").
    public static func levelOptimumPoint(_ constraints: [ReferenceConstraint], variables: Int, level: Double,
                                         bounds: [Double: Double]) -> (error: Double, values: [Double])? {
        var (rows, columns, errorColumns) = standardForm(constraints, variables: variables)
        for (priority, bound) in bounds.sorted(by: { $0.key > $1.key }) {
            // Σ errors at `priority` + slack = bound.
            var a = Array(repeating: 0.0, count: columns + 1)
            for (column, owner) in errorColumns where owner == priority { a[column] = 1 }
            a[columns] = 1
            rows = rows.map { Row(a: $0.a + [0], b: $0.b) }
            rows.append(Row(a: a, b: bound))
            columns += 1
        }
        var costs = Array(repeating: 0.0, count: columns)
        for (column, owner) in errorColumns where owner == level { costs[column] = 1 }
        guard let start = feasibleBasis(rows: rows, columns: costs.count),
              let (best, z) = optimalPoint(start, costs: costs) else { return nil }
        return (best, (0..<variables).map { z[2 * $0] - z[2 * $0 + 1] })
    }

    /// `optimize`, returning the optimum's value and every column's value; nil when unbounded.
    static func optimalPoint(_ start: Start, costs: [Double]) -> (Double, [Double])? {
        if start.table.isEmpty {
            return costs.contains { abs($0) > epsilon } ? nil : (0, Array(repeating: 0, count: costs.count))
        }
        var table = start.table
        var basis = start.basis
        let phaseTwo = costs + Array(repeating: 0, count: start.artificials)
        guard run(&table, &basis, costs: phaseTwo, allowed: start.columns) else { return nil }
        let width = start.columns + start.artificials
        var z = Array(repeating: 0.0, count: width)
        for (row, column) in basis.enumerated() { z[column] = table[row][width] }
        let value = (0..<table.count).reduce(0.0) { $0 + phaseTwo[basis[$1]] * table[$1][width] }
        return (value, z)
    }

    /// Columns: x_i = z[2i] − z[2i+1]; then one slack per inequality, errors per optional constraint.
    static func standardForm(_ constraints: [ReferenceConstraint], variables: Int)
        -> (rows: [Row], columns: Int, errors: [(Int, Double)]) {
        let plan = StandardFormColumns(constraints.map { ($0.relation, $0.priority) }, variables: variables)
        let columns = plan.columns
        var rows: [Row] = []
        let errors = plan.errors
        let extra = plan.entries.map { $0.map { ($0.column, Double($0.sign)) } }
        for (constraint, entries) in zip(constraints, extra) {
            var a = Array(repeating: 0.0, count: columns)
            for (index, coefficient) in constraint.coefficients.enumerated() {
                a[2 * index] += coefficient
                a[2 * index + 1] -= coefficient
            }
            for (column, value) in entries { a[column] += value }
            rows.append(Row(a: a, b: -constraint.constant))
        }
        return (rows, columns, errors)
    }

    /// A feasible basis after phase one: the tableau without artificial columns in the basis.
    struct Start {
        var table: [[Double]]
        var basis: [Int]
        var columns: Int
        var artificials: Int
    }

    /// Two-phase simplex with Bland's rule.
    static func minimize(rows: [Row], costs: [Double]) -> Outcome {
        guard let start = feasibleBasis(rows: rows, columns: costs.count) else { return .infeasible }
        return optimize(start, costs: costs)
    }

    static func feasibleBasis(rows input: [Row], columns n: Int) -> Start? {
        let m = input.count
        if m == 0 { return Start(table: [], basis: [], columns: n, artificials: 0) }
        var table: [[Double]] = input.map { row in
            let sign: Double = row.b < 0 ? -1 : 1
            return row.a.map { $0 * sign } + Array(repeating: 0, count: m) + [row.b * sign]
        }
        for i in 0..<m { table[i][n + i] = 1 }
        var basis = Array(n..<(n + m))
        let width = n + m
        var phaseOne = Array(repeating: 0.0, count: width)
        for i in 0..<m { phaseOne[n + i] = 1 }
        guard run(&table, &basis, costs: phaseOne, allowed: width) else { return nil }
        let infeasibility = (0..<m).reduce(0.0) { $0 + phaseOne[basis[$1]] * table[$1][width] }
        if infeasibility > 1e-7 { return nil }
        var row = 0
        while row < table.count {
            if basis[row] >= n {
                if let column = (0..<n).first(where: { abs(table[row][$0]) > epsilon }) {
                    pivot(&table, &basis, row: row, column: column)
                } else {
                    table.remove(at: row)
                    basis.remove(at: row)
                    continue
                }
            }
            row += 1
        }
        return Start(table: table, basis: basis, columns: n, artificials: m)
    }

    static func optimize(_ start: Start, costs: [Double]) -> Outcome {
        if start.table.isEmpty {
            return costs.contains { abs($0) > epsilon } ? .unbounded : .optimal(0)
        }
        var table = start.table
        var basis = start.basis
        let phaseTwo = costs + Array(repeating: 0, count: start.artificials)
        guard run(&table, &basis, costs: phaseTwo, allowed: start.columns) else { return .unbounded }
        let width = start.columns + start.artificials
        let value = (0..<table.count).reduce(0.0) { $0 + phaseTwo[basis[$1]] * table[$1][width] }
        return .optimal(value)
    }

    /// Primal simplex on columns < allowed; false when unbounded.
    static func run(_ table: inout [[Double]], _ basis: inout [Int], costs: [Double], allowed: Int) -> Bool {
        let width = costs.count
        for _ in 0..<10_000 {
            var entering: Int?
            for column in 0..<allowed where !basis.contains(column) {
                var reduced = costs[column]
                for i in 0..<table.count { reduced -= costs[basis[i]] * table[i][column] }
                if reduced < -epsilon { entering = column; break }
            }
            guard let column = entering else { return true }
            var leaving: Int?
            var best = Double.infinity
            for i in 0..<table.count where table[i][column] > epsilon {
                let ratio = table[i][width] / table[i][column]
                if ratio < best - epsilon || (abs(ratio - best) <= epsilon && basis[i] < basis[leaving ?? i]) {
                    best = ratio
                    leaving = i
                }
            }
            guard let row = leaving else { return false }
            pivot(&table, &basis, row: row, column: column)
        }
        return true
    }

    static func pivot(_ table: inout [[Double]], _ basis: inout [Int], row: Int, column: Int) {
        let divisor = table[row][column]
        table[row] = table[row].map { $0 / divisor }
        for i in 0..<table.count where i != row {
            let factor = table[i][column]
            if factor != 0 {
                for j in 0..<table[i].count { table[i][j] -= factor * table[row][j] }
            }
        }
        basis[row] = column
    }
}

/// The columns of the standard form beyond the variables' split (x_i = z[2i] − z[2i+1]): for
/// each constraint, a slack if it is an inequality and error columns if it is optional, each
/// with the sign of its entry in the constraint's row (`amount + sign·slack − sign·error = 0`
/// for an inequality, `amount − e⁺ + e⁻ = 0` for an optional equality). One plan for the float
/// reference and the exact one (`ExactLP.StandardForm`), so both solve the same problem.
struct StandardFormColumns {
    /// Per constraint, its extra columns and their signs.
    var entries: [[(column: Int, sign: Int)]] = []
    /// (column, priority) of every error column.
    var errors: [(Int, Double)] = []
    /// Every column so far, the variables' split included.
    var columns: Int

    init(_ constraints: [(relation: ReferenceConstraint.Relation, priority: Double)], variables: Int) {
        columns = 2 * variables
        for constraint in constraints {
            var own: [(column: Int, sign: Int)] = []
            let optional = constraint.priority < 1000
            switch constraint.relation {
            case .equal:
                if optional {
                    own += [(columns, -1), (columns + 1, 1)]
                    errors += [(columns, constraint.priority), (columns + 1, constraint.priority)]
                    columns += 2
                }
            case .lessThanOrEqual, .greaterThanOrEqual:
                let sign = constraint.relation == .lessThanOrEqual ? 1 : -1
                own.append((columns, sign))
                columns += 1
                if optional {
                    own.append((columns, -sign))
                    errors.append((columns, constraint.priority))
                    columns += 1
                }
            }
            entries.append(own)
        }
    }
}
