/// One live constraint as the equation its tableau row was made from (`Solver.makeRow`), in
/// terms of symbols and never of other rows: `constant + Σ cell × symbol = 0`, where the symbols
/// are its user variables as written and its own slack or error symbols.
struct ConstraintEquation: Sendable {
    var constant: Double
    /// Sorted by id, no symbol twice, no zero cell.
    var cells: [(symbol: Symbol, value: Double)]
    /// The priority of an optional constraint (its error symbols cost 1 each there); nil for a
    /// required one.
    var priority: Double?
    var errors: [Symbol]
    /// The two symbols of an optional constraint (`Tableau.pair`).
    var pair: (Symbol, Symbol)?
}

extension Tableau {
    /// The largest number of live constraints a refactorisation handles. It is dense, cubic in
    /// this; only systems whose rows passed `Solver.stalePeak` ask for it, which layouts never
    /// do, and the fuzz target's systems have at most a few dozen.
    static let refactorizationLimit = 200

    /// Below this fraction of its larger term a sum in the elimination is what rounding left of
    /// a cancellation, and so zero (`cancels`). The elimination sums each cell a few times, each
    /// sum rounding by about 1e-16 of its terms, so this still clears every cancellation's
    /// remains; `Tolerance.cancellation` (1e-12), which the tableau's rows use, dropped a real
    /// cell here: priority 751's error row lost v1's −1e-9 for c0's error, the difference of
    /// terms near 1e3 (1e-12 of them), and the minimisation then moved that error by 20,100,
    /// leaving `1000·v0 − v1 = 0` 2e-5 short while the rows said it held (fuzz-solver
    /// `priority-750-given-up-at-687`). Cells only: a constant is a value, not the structure of
    /// the basis, and zeroing one changes the point without making any pivot safer. Required
    /// `2·v0 + v1 + 1e6 = 0` with v0 = −499999.9999999965 leaves v1 = −7e-9, 7e-15 of the 1e6 it
    /// is the difference of and exact (the two terms are within a factor of two), and zeroing it
    /// moved v0 to −500000, an edit's miss of 3.5e-9 that a chain of 1e6 and 1000 turned into
    /// 7 at priority 251 (fuzz-solver `priority-251-given-up-by-7`).
    static let eliminationCancellation = 1e-14

    /// Below this fraction of the largest cell of its column (among the equations not yet used)
    /// a cell is no pivot for `markowitzPivot`: threshold pivoting's usual u, as
    /// `Solver.subjectThreshold`.
    static let pivotThreshold = 0.1

    /// The next pivot of the elimination, (equation, basic column), or nil when no unused
    /// equation has a cell in an unsolved column. Threshold pivoting with Markowitz's count, as
    /// sparse LU factorisations choose: among cells at least `pivotThreshold` of their column's
    /// largest, the one whose equation and column have the fewest other cells, then the larger
    /// share of its column, then the first. An equation that fixes one variable alone
    /// (`v0 = 0`, `0.999·v0 = 0`) has no other cell and goes first, as direct resolution takes
    /// it before the simplex; so no elimination passes through products of the format's
    /// multipliers that it did not need.
    ///
    /// It was partial pivoting, column by column in id order, until session 21: v2 was solved
    /// from priority 250's `e4 − e3 + v0 − 2·v3 = 0` through the −1e-6 eliminating v0 had left
    /// there (−2·v3 waiting for a later column), rows grew to 1e9 and cancelled back to a cell of
    /// 5e-4 with 3.6e-8 of rounding, and v3 came out 7.25 above the 100000 required
    /// `0.999·v0 = 0`, `1000·v0 + 0.001·v2 = 0` and `−1000·v2 − 0.001·v3 + 100 ≤ 0` fix
    /// (fuzz-solver `priority-250-given-up-by-14`). Complete pivoting (the largest cell anywhere)
    /// fixed that input and broke another: it solved v0 from `1000·v0 + 0.001·v2 + 667 = 0`
    /// rather than from required `v0 = 0`, and the rounding cells that left (1e-19, 1.6e-13)
    /// put a cost of 1.6e-10 on a direction priority 999 is flat along: priority 1 was given up
    /// by 675 (`Fuzz/Regressions/fuzz-solver/refactorization-solves-v0-from-a-thousand`).
    static func markowitzPivot(_ matrix: [[Double]], used: [Bool], pivotRow: [Int]) -> (row: Int, column: Int)? {
        let columns = pivotRow.indices.filter { pivotRow[$0] < 0 }
        var largest = [Double](repeating: 0, count: pivotRow.count)
        var columnCount = [Int](repeating: 0, count: pivotRow.count)
        var rowCount = [Int](repeating: 0, count: matrix.count)
        for index in matrix.indices where !used[index] {
            for column in columns where matrix[index][column] != 0 {
                largest[column] = max(largest[column], abs(matrix[index][column]))
                columnCount[column] += 1
                rowCount[index] += 1
            }
        }
        var best: (row: Int, column: Int, cost: Int, share: Double)?
        for index in matrix.indices where !used[index] {
            for column in columns where matrix[index][column] != 0 {
                let share = abs(matrix[index][column]) / largest[column]
                guard share >= pivotThreshold else { continue }
                let cost = (rowCount[index] - 1) * (columnCount[column] - 1)
                if let current = best, cost > current.cost || (cost == current.cost && share <= current.share) { continue }
                best = (index, column, cost, share)
            }
        }
        return best.map { ($0.row, $0.column) }
    }

    /// The tableau at the same basis, every row computed afresh from the constraints as written
    /// (the textbook refactorisation of a simplex code), or nil when it cannot be: a symbol of
    /// the rows that no equation names (an edge of a band that stored no slack, `Solver.equations`), more
    /// constraints than `refactorizationLimit`, or a basis the equations leave singular.
    ///
    /// The rows as they are were reached by adding, removing and pivoting through every vertex
    /// the stream passed, and keep the rounding of the largest values those vertices held: a
    /// level's cost of −1.1e-7 where the exact one is zero, with nothing blocking its move, after
    /// cells of 2e6 (Documentation/Solver.md, "Branch numerics3"). Here each basic symbol's row is
    /// solved directly from the equations by Gauss–Jordan elimination, pivots chosen by
    /// Markowitz's count under a threshold (`markowitzPivot`), so its rounding is that of one
    /// elimination of the system as it is now, relative to its own cells. Equations left over
    /// once every basic symbol has its own are those the tableau holds as implied (a row of
    /// rounding dropped in phase one, `Solver.addWithArtificialVariable`); it ignores them, and
    /// so does the result. Cost rows are summed afresh from each level's
    /// error symbols. The point may move by what phase one accepted and zeroed in; a restricted
    /// row left below zero by that is restored by the dual simplex (nil if it cannot be).
    func refactorized(_ equations: [ConstraintEquation]) -> Tableau? {
        guard equations.count <= Self.refactorizationLimit, artificial == nil else { return nil }
        let basic = basics.sorted()
        var named = Set<Symbol>()
        for equation in equations { for cell in equation.cells { named.insert(cell.symbol) } }
        guard basic.allSatisfy(named.contains),
              basic.allSatisfy({ row($0)?.symbols.allSatisfy(named.contains) ?? false }) else { return nil }
        let free = named.subtracting(basic).sorted()
        // Columns: the basic symbols first, then the non-basic ones; the constant beside them.
        var column: [Symbol: Int] = [:]
        for (index, symbol) in (basic + free).enumerated() { column[symbol] = index }
        let width = basic.count + free.count
        var matrix = equations.map { equation in
            var cells = [Double](repeating: 0, count: width)
            for cell in equation.cells { cells[column[cell.symbol] ?? 0] = cell.value }
            return cells
        }
        // The largest term summed into each cell so far, its own value to begin with: what a
        // pivot's rounding is relative to (below).
        var terms = matrix.map { $0.map(abs) }
        var constants = equations.map(\.constant)
        var used = [Bool](repeating: false, count: equations.count)
        var pivotRow = [Int](repeating: -1, count: basic.count)
        for _ in basic.indices {
            guard let (best, pivot) = Self.markowitzPivot(matrix, used: used, pivotRow: pivotRow) else { return nil }
            used[best] = true
            pivotRow[pivot] = best
            let pivotCells = matrix[best]
            let pivotConstant = constants[best]
            for index in matrix.indices where index != best && matrix[index][pivot] != 0 {
                let factor = matrix[index][pivot] / pivotCells[pivot]
                matrix[index][pivot] = 0
                // The solved columns are zero in the pivot row (each was eliminated from every
                // other row), so every other column is visited and those are skipped.
                for other in 0..<width where other != pivot && pivotCells[other] != 0 {
                    let added = -factor * pivotCells[other]
                    let sum = matrix[index][other] + added
                    terms[index][other] = max(terms[index][other], abs(added))
                    matrix[index][other] = cancels(sum, matrix[index][other], added, relative: Self.eliminationCancellation) ? 0 : sum
                }
                constants[index] -= factor * pivotConstant
            }
        }
        // A pivot that is zero, or rounding of what the elimination cancelled, means the
        // equations do not determine the basis: keep the rows as they are. Rounding is judged
        // against the terms summed into the pivot's own cell, as the rows judge theirs
        // (`Tolerance.cancellation`), not against the column's largest cell anywhere: required
        // `−0.001·v0 = 0` beside `−1000·v0 − 0.001·v1 + 667 ≤ 0` leaves v1 the pivot 1e-9, a
        // product of 1e-6 and 0.001 with nothing cancelled, and 1e-12 of the column's 1000 (a
        // priority-250 bound's cell) called it singular; the rows kept a cell 2.2e-9 off and
        // priority 250 was given up by 1.48 at values of 6.7e8 (fuzz-solver
        // `refactorization-calls-a-real-pivot-singular`).
        for pivot in basic.indices {
            let row = pivotRow[pivot]
            guard abs(matrix[row][pivot]) > Tolerance.cancellation * terms[row][pivot] else { return nil }
        }
        var fresh = Tableau()
        fresh.reserveSlots(slotCount)
        for priority in levels { _ = fresh.level(for: priority) }
        fresh.levelWeights = levelWeights
        for equation in equations { if let pair = equation.pair { fresh.pair(pair.0, pair.1) } }
        for (pivot, symbol) in basic.enumerated() {
            let cells = matrix[pivotRow[pivot]]
            let scale = -1 / cells[pivot]
            var row = Row(constant: constants[pivotRow[pivot]] * scale, capacity: free.count)
            for (offset, other) in free.enumerated() where cells[basic.count + offset] != 0 {
                row.insert(other, cells[basic.count + offset] * scale)
            }
            fresh.setRow(symbol, consume row)
        }
        for equation in equations {
            guard let priority = equation.priority, let level = fresh.levelIndex(of: priority) else { continue }
            for error in equation.errors {
                if let row = fresh.row(error) {
                    fresh.addToObjective(row, 1, level: level)
                } else {
                    fresh.addToObjective(error, 1, level: level)
                }
            }
        }
        if fresh.lowestNegativeRow() != nil {
            guard fresh.dualOptimize() == .feasible else { return nil }
        }
        return fresh
    }
}
