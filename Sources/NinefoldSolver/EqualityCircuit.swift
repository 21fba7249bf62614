/// The minimal conflict of a required equality refused by a component of required equalities,
/// read directly from a forward elimination instead of searched for.
///
/// Equalities only: each constraint is a row `a·x + b = 0`, a set of them is infeasible exactly
/// when some combination `y` of its rows has `y·A = 0` and `y·b ≠ 0`, and so a minimal infeasible
/// set is a circuit of the rows' linear matroid (a minimal dependent set: drop any member and the
/// rest are independent, hence feasible). The elimination keeps the greedy basis in solver order
/// (a row that reduces to `0 = 0` is implied and stored nowhere), and when the new row reduces to
/// `0 = c`, `c ≠ 0`, the stored rows it was reduced by, expanded back to the constraints they came
/// from, are its fundamental circuit with respect to that basis. That circuit is the preferred
/// conflict QuickXplain finds with the solver order as preference (Documentation/Solver.md,
/// "Conflicts"): in a matroid the first `k` rows whose span contains the new row hold the
/// fundamental circuit, and its latest member is the `k`-th row of the basis.
///
/// The elimination is forward only (no stored row is ever changed again), and each stored row
/// keeps its derivation: the multiples of earlier stored rows subtracted while reducing it.
/// The circuit's weights are then pushed back through those derivations from the newest row to
/// the oldest, like reverse-mode differentiation: linear in the number of eliminations.
struct EqualityCircuit {
    /// A reduced row, divided by its pivot's coefficient (`scale`) so that becomes 1.
    private struct StoredRow {
        var origin: ConstraintID
        var pivot: Int
        var variables: [Int]
        var coefficients: [Double]
        var constant: Double
        var scale: Double
        /// (stored row, multiple) pairs: this row × scale = its constraint − Σ multiple × stored row.
        var derivation: [(row: Int, multiple: Double)]
    }

    private var rows: [StoredRow] = []
    /// For each variable, the stored row it is the pivot of, or -1.
    private var pivotRow: [Int]
    /// How many rows not yet eliminated mention each variable (Markowitz: a pivot no later row
    /// mentions is never substituted again, so rows stay short).
    private var remaining: [Int]
    /// Sparse accumulator for the row being reduced: dense values, the variables touched.
    private var values: [Double]
    private var touched: [Int] = []
    private var isTouched: [Bool]

    /// What reducing one row found.
    private enum Reduction {
        case stored
        /// `0 = constant` after subtracting these multiples of stored rows.
        case dependent(constant: Double, derivation: [(row: Int, multiple: Double)])
    }

    private init(variableCount: Int, constraints: [Constraint]) {
        pivotRow = Array(repeating: -1, count: variableCount)
        remaining = Array(repeating: 0, count: variableCount)
        values = Array(repeating: 0, count: variableCount)
        isTouched = Array(repeating: false, count: variableCount)
        for constraint in constraints {
            for term in constraint.expression.terms { remaining[term.variable.index] += 1 }
        }
    }

    /// The circuit through `constraints.last` (the refused one) among required equalities given
    /// in solver order, sorted by id; nil when the elimination does not find the last row
    /// inconsistent with the others (then it disagrees with the solver, which the caller resolves
    /// by searching instead).
    static func conflict(_ ids: [ConstraintID], constraints: [Constraint], variableCount: Int) -> [ConstraintID]? {
        guard let last = ids.last else { return nil }
        var elimination = EqualityCircuit(variableCount: variableCount, constraints: constraints)
        for (id, constraint) in zip(ids.dropLast(), constraints) {
            switch elimination.reduce(constraint, origin: id) {
            case .stored: continue
            case .dependent(let constant, _):
                // Implied (`0 = 0`) rows are left out of the basis; `0 = c` among rows the solver
                // accepted together means the two eliminations disagree.
                guard abs(constant) < Tolerance.pivot * 1000 else { return nil }
            }
        }
        guard let refused = constraints.last,
              case .dependent(let constant, let derivation) = elimination.reduce(refused, origin: last),
              abs(constant) >= Tolerance.pivot * 1000 else { return nil }
        return (elimination.members(of: derivation) + [last]).sorted()
    }

    /// Subtracts stored rows from the constraint until no pivot is left in it, then stores it
    /// (choosing a pivot) or reports it dependent.
    private mutating func reduce(_ constraint: Constraint, origin: ConstraintID) -> Reduction {
        var constant = constraint.expression.constant
        for term in constraint.expression.terms {
            remaining[term.variable.index] -= 1
            accumulate(term.variable.index, term.coefficient)
        }
        // Stored rows mention pivots of later rows only, so eliminating in stored order (a heap
        // of row numbers) never brings back a pivot already eliminated.
        var pending = RowHeap()
        for variable in touched where pivotRow[variable] >= 0 { pending.insert(pivotRow[variable]) }
        var derivation: [(row: Int, multiple: Double)] = []
        var previous = -1
        while let index = pending.popMin() {
            // A row queued twice comes out twice in a row.
            guard index != previous else { continue }
            previous = index
            let multiple = values[rows[index].pivot]
            guard multiple != 0 else { continue }
            derivation.append((index, multiple))
            for (variable, coefficient) in zip(rows[index].variables, rows[index].coefficients) {
                let wasZero = values[variable] == 0
                accumulate(variable, -multiple * coefficient)
                if wasZero && values[variable] != 0 && pivotRow[variable] > index { pending.insert(pivotRow[variable]) }
            }
            values[rows[index].pivot] = 0
            constant -= multiple * rows[index].constant
        }
        let live = touched.filter { values[$0] != 0 }.sorted()
        defer { clear() }
        guard let pivot = choosePivot(live) else { return .dependent(constant: constant, derivation: derivation) }
        let scale = values[pivot]
        rows.append(StoredRow(origin: origin, pivot: pivot, variables: live,
                              coefficients: live.map { values[$0] / scale }, constant: constant / scale,
                              scale: scale, derivation: derivation))
        pivotRow[pivot] = rows.count - 1
        return .stored
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
    /// safe), the variable fewest later rows mention, then the lowest index.
    private func choosePivot(_ live: [Int]) -> Int? {
        guard let largest = live.map({ abs(values[$0]) }).max() else { return nil }
        return live.filter { abs(values[$0]) >= largest / 10 }.min { (remaining[$0], $0) < (remaining[$1], $1) }
    }

    /// The constraints a derivation expands to: weights pushed from the newest stored row back
    /// to the oldest; a constraint is a member when its weight does not cancel to zero.
    private func members(of derivation: [(row: Int, multiple: Double)]) -> [ConstraintID] {
        var weights = Array(repeating: 0.0, count: rows.count)
        func add(_ amount: Double, to row: Int) {
            let sum = weights[row] + amount
            weights[row] = cancels(sum, weights[row], amount) ? 0 : sum
        }
        for step in derivation { add(-step.multiple, to: step.row) }
        var members: [ConstraintID] = []
        for index in rows.indices.reversed() where weights[index] != 0 {
            members.append(rows[index].origin)
            let weight = weights[index] / rows[index].scale
            for step in rows[index].derivation { add(-step.multiple * weight, to: step.row) }
        }
        return members
    }
}

/// A binary min-heap of row numbers; duplicates allowed (the caller skips repeats).
private struct RowHeap {
    private var items: [Int] = []

    mutating func insert(_ item: Int) {
        items.append(item)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child] < items[parent] else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func popMin() -> Int? {
        guard let first = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < items.count && items[left] < items[smallest] { smallest = left }
                if right < items.count && items[right] < items[smallest] { smallest = right }
                guard smallest != parent else { break }
                items.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return first
    }
}
