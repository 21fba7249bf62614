/// The simplex tableau: basic symbols with their rows, a column index, and an objective with
/// one row per priority level.
///
/// The column index (which rows mention a symbol) is what keeps pivots local: substituting a
/// symbol touches only the rows that contain it, instead of every row as in kiwi.
struct Tableau: Sendable {
    var rows: [Symbol: Row] = [:]
    /// symbol → basic symbols whose rows contain it.
    var columns: [Symbol: Set<Symbol>] = [:]
    /// Objective rows, highest priority first; `levels[i]` is the priority of `objective[i]`.
    var objective: [Row] = []
    var levels: [Double] = []
    /// Phase-one objective while a constraint is added through an artificial variable.
    var artificial: Row?

    enum Goal { case main, artificial }

    // MARK: Rows and the column index

    func isBasic(_ symbol: Symbol) -> Bool { rows[symbol] != nil }

    mutating func setRow(_ basic: Symbol, _ row: Row) {
        rows[basic] = row
        for symbol in row.cells.keys { columns[symbol, default: []].insert(basic) }
    }

    @discardableResult
    mutating func removeRow(_ basic: Symbol) -> Row? {
        guard let row = rows.removeValue(forKey: basic) else { return nil }
        for symbol in row.cells.keys { dropColumnEntry(symbol, basic) }
        return row
    }

    private mutating func dropColumnEntry(_ symbol: Symbol, _ basic: Symbol) {
        columns[symbol]?.remove(basic)
        if columns[symbol]?.isEmpty == true { columns[symbol] = nil }
    }

    /// Applies `change` to the row of `basic`, keeping the column index right.
    private mutating func updateRow(_ basic: Symbol, _ change: (inout Row) -> Void) {
        guard var row = rows[basic] else { return }
        let before = Set(row.cells.keys)
        change(&row)
        rows[basic] = row
        let after = Set(row.cells.keys)
        for symbol in before.subtracting(after) { dropColumnEntry(symbol, basic) }
        for symbol in after.subtracting(before) { columns[symbol, default: []].insert(basic) }
    }

    /// Replaces `symbol` everywhere (rows, objective, artificial objective) by `row`.
    mutating func substitute(_ symbol: Symbol, with row: Row) {
        for basic in (columns[symbol] ?? []).sorted() {
            updateRow(basic) { $0.substitute(symbol, with: row) }
        }
        for index in objective.indices { objective[index].substitute(symbol, with: row) }
        artificial?.substitute(symbol, with: row)
    }

    /// Makes `entering` basic in place of `leaving`.
    mutating func pivot(entering: Symbol, leaving: Symbol) {
        guard var row = removeRow(leaving) else { return }
        row.solve(for: leaving, and: entering)
        substitute(entering, with: row)
        setRow(entering, row)
    }

    /// Removes a symbol's cells from every row and objective: it is fixed at zero from now on.
    mutating func eraseColumn(_ symbol: Symbol) {
        for basic in (columns[symbol] ?? []).sorted() {
            updateRow(basic) { $0.cells[symbol] = nil }
        }
        for index in objective.indices { objective[index].cells[symbol] = nil }
        artificial?.cells[symbol] = nil
    }

    // MARK: The objective

    /// The index of the objective row for an optional priority, creating it if needed.
    mutating func level(for priority: Double) -> Int {
        if let index = levels.firstIndex(of: priority) { return index }
        let index = levels.firstIndex { $0 < priority } ?? levels.count
        levels.insert(priority, at: index)
        objective.insert(Row(), at: index)
        return index
    }

    /// The reduced cost of a symbol as a vector over the levels of a goal.
    func reducedCost(_ symbol: Symbol, goal: Goal) -> [Double] {
        switch goal {
        case .main: objective.map { $0.coefficient(for: symbol) }
        case .artificial: [artificial?.coefficient(for: symbol) ?? 0]
        }
    }

    /// -1, 0 or 1: the sign of the first non-negligible entry (lexicographic comparison).
    static func lexicographicSign(_ vector: [Double]) -> Int {
        for value in vector where abs(value) > Tolerance.pivot { return value < 0 ? -1 : 1 }
        return 0
    }

    private func objectiveSymbols(goal: Goal) -> Set<Symbol> {
        switch goal {
        case .main: objective.reduce(into: Set<Symbol>()) { $0.formUnion($1.cells.keys) }
        case .artificial: Set(artificial?.cells.keys ?? [:].keys)
        }
    }

    // MARK: Primal simplex

    /// Minimises the goal lexicographically. Bland's rule (smallest id first, for entering and
    /// for ties when leaving) prevents cycling on degenerate pivots. Returns false if unbounded.
    @discardableResult
    mutating func minimize(_ goal: Goal) -> Bool {
        while true {
            guard let (entering, direction) = enteringSymbol(goal) else { return true }
            guard let leaving = leavingSymbol(entering, direction: direction) else { return false }
            pivot(entering: entering, leaving: leaving)
        }
    }

    /// A symbol whose move lowers the objective: restricted ones may only grow, free (external)
    /// ones may move either way.
    private func enteringSymbol(_ goal: Goal) -> (Symbol, Double)? {
        var best: (Symbol, Double)?
        for symbol in objectiveSymbols(goal: goal) where symbol.kind != .dummy && !isBasic(symbol) {
            let sign = Self.lexicographicSign(reducedCost(symbol, goal: goal))
            let direction: Double
            if symbol.isRestricted {
                guard sign < 0 else { continue }
                direction = 1
            } else {
                guard sign != 0 else { continue }
                direction = sign < 0 ? 1 : -1
            }
            if best.map({ symbol < $0.0 }) ?? true { best = (symbol, direction) }
        }
        return best
    }

    /// The restricted basic symbol that first reaches zero as `entering` moves (minimum ratio).
    private func leavingSymbol(_ entering: Symbol, direction: Double) -> Symbol? {
        var best: (ratio: Double, symbol: Symbol)?
        for basic in columns[entering] ?? [] where basic.isRestricted {
            guard let row = rows[basic] else { continue }
            let coefficient = row.coefficient(for: entering) * direction
            guard coefficient < -Tolerance.pivot else { continue }
            let ratio = max(0, row.constant) / -coefficient
            if let current = best, ratio > current.ratio || (ratio == current.ratio && basic > current.symbol) {
                continue
            }
            best = (ratio, basic)
        }
        return best?.symbol
    }

    // MARK: Dual simplex

    /// Restores primal feasibility (no restricted basic below zero) while keeping optimality.
    /// Returns false when some restricted row cannot be made non-negative: the system is infeasible.
    mutating func dualOptimize() -> Bool {
        while let leaving = rows.keys.filter({ $0.isRestricted && (rows[$0]?.constant ?? 0) < -Tolerance.pivot }).min() {
            guard let row = rows[leaving] else { continue }
            var best: (ratio: [Double], symbol: Symbol)?
            for (symbol, coefficient) in row.cells where symbol.kind != .dummy {
                let usable = symbol.isRestricted ? coefficient > Tolerance.pivot : abs(coefficient) > Tolerance.pivot
                guard usable else { continue }
                let ratio = reducedCost(symbol, goal: .main).map { $0 / abs(coefficient) }
                if let current = best {
                    let order = Self.compare(ratio, current.ratio)
                    if order > 0 || (order == 0 && symbol > current.symbol) { continue }
                }
                best = (ratio, symbol)
            }
            guard let entering = best?.symbol else { return false }
            pivot(entering: entering, leaving: leaving)
        }
        return true
    }

    /// Lexicographic comparison of two cost vectors with the pivot tolerance.
    static func compare(_ lhs: [Double], _ rhs: [Double]) -> Int {
        for (left, right) in zip(lhs, rhs) where abs(left - right) > Tolerance.pivot {
            return left < right ? -1 : 1
        }
        return 0
    }
}
