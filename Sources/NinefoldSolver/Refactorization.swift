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

    /// The tableau at the same basis, every row computed afresh from the constraints as written
    /// (the textbook refactorisation of a simplex code), or nil when it cannot be: a symbol of
    /// the rows that no equation names (an edge of a band that stored no slack, `Solver.equations`), more
    /// constraints than `refactorizationLimit`, or a basis the equations leave singular.
    ///
    /// The rows as they are were reached by adding, removing and pivoting through every vertex
    /// the stream passed, and keep the rounding of the largest values those vertices held: a
    /// level's cost of −1.1e-7 where the exact one is zero, with nothing blocking its move, after
    /// cells of 2e6 (Documentation/Solver.md, "Branch numerics3"). Here each basic symbol's row is
    /// solved directly from the equations by Gauss–Jordan elimination with partial pivoting
    /// (for each basic symbol, in id order, the unused equation with its largest cell), so its
    /// rounding is that of one elimination of the system as it is now, relative to its own
    /// cells. Equations left over once every basic symbol has its own are those the tableau
    /// holds as implied (a row of rounding dropped in phase one, `Solver.addWithArtificialVariable`);
    /// it ignores them, and so does the result. Cost rows are summed afresh from each level's
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
        for pivot in basic.indices {
            var best = -1
            var largest = 0.0
            for index in matrix.indices where !used[index] && abs(matrix[index][pivot]) > largest {
                largest = abs(matrix[index][pivot])
                best = index
            }
            guard best >= 0 else { return nil }
            used[best] = true
            pivotRow[pivot] = best
            let pivotCells = matrix[best]
            let pivotConstant = constants[best]
            for index in matrix.indices where index != best && matrix[index][pivot] != 0 {
                let factor = matrix[index][pivot] / pivotCells[pivot]
                matrix[index][pivot] = 0
                for other in (pivot + 1)..<width where pivotCells[other] != 0 {
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
