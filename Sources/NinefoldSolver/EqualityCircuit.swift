/// The minimal conflict of a required constraint refused by the required equalities of its
/// component, read directly from an elimination instead of searched for.
///
/// Equalities only (the refused constraint aside): each constraint is a row `a·x + b = 0`, a set of them is infeasible exactly
/// when some combination `y` of its rows has `y·A = 0` and `y·b ≠ 0`, and so a minimal infeasible
/// set is a circuit of the rows' linear matroid (a minimal dependent set: drop any member and the
/// rest are independent, hence feasible). The elimination keeps the greedy basis in solver order
/// (a row that reduces to `0 = 0` is implied and stored nowhere), and when the refused row
/// reduces to `0 = c`, `c ≠ 0`, the constraints its reduction combined are its fundamental
/// circuit with respect to that basis. That circuit is the preferred conflict QuickXplain finds
/// with the order of adding as preference (Documentation/Solver.md, "Conflicts"): in a matroid, the
/// first `k` rows whose span holds the refused row contain its fundamental circuit, and the
/// circuit's latest member is the `k`-th row of the basis.
///
/// A refused inequality `e ≥ 0` (or `≤`) conflicts with equalities alone exactly when they fix
/// `e` at a value on its wrong side: its row then also reduces to `0 = c`, with `c` of the wrong
/// sign, and the same circuit is minimal (without one equality, `e` is no longer fixed, so it can
/// be made to hold) and preferred (a prefix of equalities conflicts with it exactly when it fixes
/// `e`, at the one value all the equalities give it).
///
/// Gauss–Jordan, as the tableau does: a stored row mentions no other row's pivot, so reducing a
/// row is one subtraction per pivot it mentions, and a new pivot is substituted into the stored
/// rows that mention it (the pivot is the variable fewest stored rows mention, as in the
/// solver's subject choice). Which constraints a row combines is not kept as a list per row
/// (on a chain each row combines all earlier views: quadratic) but as a derivation graph
/// (`Derivations`): every row, and every change of a stored row, is a node pointing at the nodes
/// it was made from. The circuit is then the constraints whose weight, pushed back from the
/// refused row's node to the oldest, does not cancel: linear in the elimination's work.
struct EqualityCircuit {
    /// A stored row, divided by its pivot's coefficient so that becomes 1: `pivot + Σ cᵢ·vᵢ +
    /// constant = 0`, the `vᵢ` being variables that are no row's pivot.
    private struct StoredRow {
        var pivot: Int
        var variables: [Int]
        var coefficients: [Double]
        var constant: Double
        /// This row's node in `derivations`.
        var node: Int
    }

    private var rows: [StoredRow] = []
    /// For each variable, the stored row it is the pivot of, or -1.
    private var pivotRow: [Int]
    /// For each variable, the stored rows that mention it (a row whose cell later cancelled may
    /// stay listed; the substitution checks the row itself).
    private var columns: [[Int]]
    private var derivations = Derivations()
    /// Sparse accumulator for the row being reduced: dense values, the variables touched.
    private var values: [Double]
    private var touched: [Int] = []
    private var isTouched: [Bool]

    private init(variableCount: Int) {
        pivotRow = Array(repeating: -1, count: variableCount)
        columns = Array(repeating: [], count: variableCount)
        values = Array(repeating: 0, count: variableCount)
        isTouched = Array(repeating: false, count: variableCount)
    }

    /// The circuit through the refused constraint, `ids.last`, among the required equalities
    /// before it (in solver order), sorted by id. Nil when those equalities alone do not
    /// contradict it (a conflict then needs an inequality too), or when the elimination disagrees
    /// with the solver: the caller searches instead.
    static func conflict(_ ids: [ConstraintID], constraints: [Constraint], variableCount: Int) -> [ConstraintID]? {
        guard ids.count == constraints.count, ids.count > 0 else { return nil }
        let highest = constraints.flatMap { $0.expression.terms.map(\.variable.index) }.max() ?? -1
        var elimination = EqualityCircuit(variableCount: max(variableCount, highest + 1))
        for position in constraints.indices.dropLast() {
            // An implied row (`0 = 0`) is left out of the basis; `0 = c` among rows the solver
            // accepted together means the two eliminations disagree.
            if let constant = elimination.reduce(constraints[position], position: position)?.constant,
               abs(constant) > Tolerance.allowedMiss(of: constraints[position]) {
                return nil
            }
        }
        guard let refused = elimination.reduce(constraints[ids.count - 1], position: ids.count - 1),
              Self.forbids(constraints[ids.count - 1], refused.constant, spread: 0) else { return nil }
        let weights = elimination.derivations.support(of: refused.node)
        guard elimination.certifies(weights, constraints) else { return nil }
        return weights.map { ids[$0.position] }.sorted()
    }

    /// Whether `c relation 0` fails by more than the refused constraint may miss
    /// (`Tolerance.allowedMiss`, what the solver's `0 = c` test and phase-one residual accept)
    /// even when the equalities combined into it miss by as much as `spread` in its units. The
    /// refused constraint's expression equals `c` wherever the equalities hold, so an inequality
    /// is refused too when `c` is on its wrong side.
    private static func forbids(_ refused: Constraint, _ constant: Double, spread: Double) -> Bool {
        let tolerance = Tolerance.allowedMiss(of: refused) + spread
        switch refused.relation {
        case .equal: return abs(constant) > tolerance
        case .greaterThanOrEqual: return constant < -tolerance
        case .lessThanOrEqual: return constant > tolerance
        }
    }

    /// Whether the weighted sum of the constraints is `0 = c` with `c` forbidden to the refused
    /// constraint: a proof of infeasibility that needs no solver (the equalities' weights may have
    /// either sign, the refused constraint's is 1), checked on the constraints as given, so a
    /// circuit the elimination got wrong (a member lost to rounding) is never reported. Each
    /// variable's sum must cancel relative to the terms summed; `c` is in the refused constraint's
    /// own units, as the solver's tests are. Every equality may miss by its own allowance
    /// (`Tolerance.allowedMiss`), so the sum may miss by those times the weights' magnitudes:
    /// `c` must be forbidden beyond that too, or the circuit is no proof by SCENE-FORMAT §4's
    /// rule (`1000·v1 + 0.001·v0 + 1e-6 = 0` with `v1 = 0` allow v0 anywhere within about 2 of
    /// −0.001, since v1 may be 1e-6 off and the first may miss by 1e-3).
    private mutating func certifies(_ weights: [(position: Int, weight: Double)], _ constraints: [Constraint]) -> Bool {
        defer { clear() }
        var constant = 0.0
        var spread = 0.0
        var magnitudes = Array(repeating: 0.0, count: values.count)
        for (position, weight) in weights {
            constant += weight * constraints[position].expression.constant
            if position != constraints.count - 1 { spread += abs(weight) * Tolerance.allowedMiss(of: constraints[position]) }
            for term in constraints[position].expression.terms {
                let amount = weight * term.coefficient
                if !isTouched[term.variable.index] {
                    isTouched[term.variable.index] = true
                    touched.append(term.variable.index)
                }
                values[term.variable.index] += amount
                magnitudes[term.variable.index] += abs(amount)
            }
        }
        let balanced = touched.allSatisfy { abs(values[$0]) <= 1e-9 * magnitudes[$0] }
        return balanced && Self.forbids(constraints[constraints.count - 1], constant, spread: spread)
    }

    /// Subtracts the stored rows whose pivots the constraint mentions; stores what is left under
    /// a new pivot, or returns it as `0 = constant` with its derivation node when nothing is left.
    private mutating func reduce(_ constraint: Constraint, position: Int) -> (constant: Double, node: Int)? {
        let leaf = derivations.leaf(position)
        var constant = constraint.expression.constant
        for term in constraint.expression.terms { accumulate(term.variable.index, term.coefficient) }
        var sources: [(node: Int, multiple: Double)] = [(leaf, 1)]
        // Stored rows mention no pivot, so one pass over the constraint's own pivots suffices.
        let mentioned = touched
        for variable in mentioned where pivotRow[variable] >= 0 && values[variable] != 0 {
            let row = rows[pivotRow[variable]]
            let multiple = values[variable]
            for (other, coefficient) in zip(row.variables, row.coefficients) { accumulate(other, -multiple * coefficient) }
            values[variable] = 0
            constant -= multiple * row.constant
            sources.append((row.node, -multiple))
        }
        let live = touched.filter { values[$0] != 0 }.sorted()
        defer { clear() }
        guard let pivot = choosePivot(live) else {
            return (constant, derivations.combine(sources))
        }
        let scale = values[pivot]
        let others = live.filter { $0 != pivot }
        let stored = StoredRow(pivot: pivot, variables: others, coefficients: others.map { values[$0] / scale },
                               constant: constant / scale,
                               node: derivations.combine(sources.map { ($0.node, $0.multiple / scale) }))
        substitute(stored)
        pivotRow[pivot] = rows.count
        for variable in others { columns[variable].append(rows.count) }
        rows.append(stored)
        return nil
    }

    /// Eliminates the new row's pivot from every stored row that mentions it.
    private mutating func substitute(_ new: StoredRow) {
        let mentioning = columns[new.pivot]
        columns[new.pivot] = []
        for index in mentioning {
            guard let cell = rows[index].variables.firstIndex(of: new.pivot) else { continue }
            let multiple = rows[index].coefficients[cell]
            var row = rows[index]
            rows[index] = StoredRow(pivot: 0, variables: [], coefficients: [], constant: 0, node: 0)
            row.variables.remove(at: cell)
            row.coefficients.remove(at: cell)
            let gained = Self.merge(&row, new, times: -multiple)
            for variable in gained { columns[variable].append(index) }
            row.constant -= multiple * new.constant
            row.node = derivations.combine([(row.node, 1), (new.node, -multiple)])
            rows[index] = row
        }
    }

    /// `row += factor × other` over the other's non-pivot cells, dropping cancellations; returns
    /// the variables the row did not mention before.
    private static func merge(_ row: inout StoredRow, _ other: StoredRow, times factor: Double) -> [Int] {
        var variables: [Int] = []
        var coefficients: [Double] = []
        var gained: [Int] = []
        variables.reserveCapacity(row.variables.count + other.variables.count)
        coefficients.reserveCapacity(variables.capacity)
        var left = 0
        var right = 0
        while left < row.variables.count || right < other.variables.count {
            let a = left < row.variables.count ? row.variables[left] : Int.max
            let b = right < other.variables.count ? other.variables[right] : Int.max
            if a < b {
                variables.append(a)
                coefficients.append(row.coefficients[left])
                left += 1
            } else if b < a {
                variables.append(b)
                coefficients.append(factor * other.coefficients[right])
                gained.append(b)
                right += 1
            } else {
                let existing = row.coefficients[left]
                let added = factor * other.coefficients[right]
                let sum = existing + added
                if !cancels(sum, existing, added) {
                    variables.append(a)
                    coefficients.append(sum)
                }
                left += 1
                right += 1
            }
        }
        row.variables = variables
        row.coefficients = coefficients
        return gained
    }

    /// Adds to one cell of the accumulator, dropping what a cancellation leaves (as the
    /// tableau's rows do).
    private mutating func accumulate(_ variable: Int, _ amount: Double) {
        if !isTouched[variable] {
            isTouched[variable] = true
            touched.append(variable)
        }
        let sum = values[variable] + amount
        values[variable] = cancels(sum, values[variable], amount) ? 0 : sum
    }

    private mutating func clear() {
        for variable in touched {
            values[variable] = 0
            isTouched[variable] = false
        }
        touched.removeAll(keepingCapacity: true)
    }

    /// Threshold pivoting: among the cells within a factor of ten of the largest (numerically
    /// safe), the variable fewest stored rows mention (least fill-in), then the lowest index.
    private func choosePivot(_ live: [Int]) -> Int? {
        guard let largest = live.map({ abs(values[$0]) }).max() else { return nil }
        return live.filter { abs(values[$0]) >= largest / 10 }.min { (columns[$0].count, $0) < (columns[$1].count, $1) }
    }
}

/// How each row of an elimination was made from the constraints: a graph whose leaves are the
/// constraints (by position) and whose other nodes are weighted sums of earlier nodes.
struct Derivations {
    /// Per node: the constraint position of a leaf, -1 for a sum.
    private var positions: [Int] = []
    /// Per node: where its terms end in `sources` / `multiples` (they start where the previous
    /// node's end).
    private var ends: [Int] = []
    private var sources: [Int] = []
    private var multiples: [Double] = []

    mutating func leaf(_ position: Int) -> Int {
        positions.append(position)
        ends.append(sources.count)
        return positions.count - 1
    }

    /// A node equal to Σ multiple × node, over earlier nodes.
    mutating func combine(_ terms: [(node: Int, multiple: Double)]) -> Int {
        for term in terms {
            sources.append(term.node)
            multiples.append(term.multiple)
        }
        positions.append(-1)
        ends.append(sources.count)
        return positions.count - 1
    }

    /// The constraint positions with a non-zero weight in `node`, with their weights, pushed
    /// from the newest node back to the oldest (every node points only at older ones); a weight
    /// that cancels is zero.
    func support(of node: Int) -> [(position: Int, weight: Double)] {
        var weights = Array(repeating: 0.0, count: node + 1)
        weights[node] = 1
        var support: [(position: Int, weight: Double)] = []
        for current in stride(from: node, through: 0, by: -1) where weights[current] != 0 {
            if positions[current] >= 0 {
                support.append((positions[current], weights[current]))
                continue
            }
            let start = current == 0 ? 0 : ends[current - 1]
            for index in start..<ends[current] {
                let target = sources[index]
                let added = weights[current] * multiples[index]
                let sum = weights[target] + added
                weights[target] = cancels(sum, weights[target], added) ? 0 : sum
            }
        }
        return support
    }
}
