/// `basic = constant + Σ coefficient × symbol`, stored sparsely.
///
/// Before a subject is chosen, a row reads `0 = constant + Σ …`. Only the entries that are
/// non-zero are kept, so rows of long chains stay short.
struct Row: Sendable {
    var cells: [Symbol: Double]
    var constant: Double

    init(constant: Double = 0) {
        cells = [:]
        self.constant = constant
    }

    func coefficient(for symbol: Symbol) -> Double { cells[symbol] ?? 0 }

    /// Adds `coefficient × symbol`, dropping the cell when it cancels.
    mutating func insert(_ symbol: Symbol, _ coefficient: Double = 1) {
        let sum = (cells[symbol] ?? 0) + coefficient
        if abs(sum) < Tolerance.pivot { cells[symbol] = nil } else { cells[symbol] = sum }
    }

    /// Adds `coefficient × other`.
    mutating func insert(_ other: Row, _ coefficient: Double = 1) {
        constant += other.constant * coefficient
        for (symbol, value) in other.cells { insert(symbol, value * coefficient) }
    }

    mutating func reverseSign() {
        constant = -constant
        for (symbol, value) in cells { cells[symbol] = -value }
    }

    /// Rewrites `0 = … + a·symbol + …` as `symbol = …`.
    mutating func solve(for symbol: Symbol) {
        guard let coefficient = cells.removeValue(forKey: symbol) else { return }
        let scale = -1 / coefficient
        constant *= scale
        for (other, value) in cells { cells[other] = value * scale }
    }

    /// Rewrites `lhs = … + a·rhs + …` as `rhs = …` (a pivot on this row).
    mutating func solve(for lhs: Symbol, and rhs: Symbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` by the right-hand side of its defining row.
    /// Returns the symbols whose cells appeared or disappeared, for the column index.
    mutating func substitute(_ symbol: Symbol, with row: Row) {
        guard let coefficient = cells.removeValue(forKey: symbol) else { return }
        insert(row, coefficient)
    }
}
