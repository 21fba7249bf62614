/// The simplex tableau: basic symbols with their rows, a column index, and an objective with
/// one row per priority level.
///
/// Rows live in an array indexed by a dense slot computed from the symbol's id (no hashing on
/// the hot path). The column index (which rows mention a symbol) keeps pivots local: substituting
/// a symbol touches only the rows that contain it, instead of every row as in kiwi. Column
/// entries are only ever appended; an entry whose row no longer mentions the symbol is dropped the
/// next time the column is read, so an update never has to compare a row's cells before and after.
struct Tableau: Sendable {
    private var rowStore: [Row?] = []
    private var columnStore: [[Symbol]] = []
    /// Every basic symbol, in no particular order (choices among them go by id).
    private(set) var basics: [Symbol] = []
    private var basicPosition: [Int] = []
    /// Objective rows, highest priority first; `levels[i]` is the priority of `objective[i]`.
    var objective: [CostRow] = []
    var levels: [Double] = []
    /// Phase-one objective while a constraint is added through an artificial variable.
    var artificial: CostRow?

    enum Goal { case main, artificial }

    /// External ids (≥ 0) take the even slots, internal ids (< 0) the odd ones.
    @inline(__always)
    private static func slot(_ symbol: Symbol) -> Int { symbol.id >= 0 ? 2 * symbol.id : -2 * symbol.id - 1 }

    private mutating func reserve(_ slot: Int) {
        guard slot >= rowStore.count else { return }
        let count = max(slot + 1, rowStore.count * 2, 16)
        rowStore.append(contentsOf: repeatElement(nil, count: count - rowStore.count))
        columnStore.append(contentsOf: repeatElement([], count: count - columnStore.count))
        basicPosition.append(contentsOf: repeatElement(-1, count: count - basicPosition.count))
    }

    // MARK: Rows and the column index

    func row(_ basic: Symbol) -> Row? {
        let slot = Self.slot(basic)
        return slot < rowStore.count ? rowStore[slot] : nil
    }

    func isBasic(_ symbol: Symbol) -> Bool { row(symbol) != nil }

    var rowCount: Int { basics.count }

    mutating func setRow(_ basic: Symbol, _ row: Row) {
        let slot = Self.slot(basic)
        reserve(slot)
        for symbol in row.symbols {
            let column = Self.slot(symbol)
            reserve(column)
            columnStore[column].append(basic)
        }
        if rowStore[slot] == nil {
            basicPosition[slot] = basics.count
            basics.append(basic)
        }
        rowStore[slot] = row
    }

    @discardableResult
    mutating func removeRow(_ basic: Symbol) -> Row? {
        let slot = Self.slot(basic)
        guard slot < rowStore.count, let row = rowStore[slot] else { return nil }
        rowStore[slot] = nil
        let position = basicPosition[slot]
        let last = basics.removeLast()
        if position < basics.count {
            basics[position] = last
            basicPosition[Self.slot(last)] = position
        }
        basicPosition[slot] = -1
        return row
    }

    /// The basic symbols whose rows mention `symbol`, sorted by id.
    func column(_ symbol: Symbol) -> [Symbol] {
        let slot = Self.slot(symbol)
        guard slot < columnStore.count, !columnStore[slot].isEmpty else { return [] }
        var live = columnStore[slot].filter { row($0)?.contains(symbol) == true }
        live.sort()
        var unique: [Symbol] = []
        unique.reserveCapacity(live.count)
        for basic in live where unique.last != basic { unique.append(basic) }
        return unique
    }

    /// `column(symbol)`, also dropping the stale entries from the index.
    private mutating func takeColumn(_ symbol: Symbol) -> [Symbol] {
        let live = column(symbol)
        let slot = Self.slot(symbol)
        if slot < columnStore.count { columnStore[slot] = live }
        return live
    }

    /// Replaces `symbol` everywhere (rows, objective, artificial objective) by `row`.
    mutating func substitute(_ symbol: Symbol, with row: Row) {
        var appeared: [Symbol] = []
        for basic in takeColumn(symbol) {
            let slot = Self.slot(basic)
            guard var target = rowStore[slot] else { continue }
            rowStore[slot] = nil   // keeps the row's storage uniquely referenced while it changes
            appeared.removeAll(keepingCapacity: true)
            target.substitute(symbol, with: row, appeared: &appeared)
            rowStore[slot] = target
            for added in appeared {
                let column = Self.slot(added)
                reserve(column)
                columnStore[column].append(basic)
            }
        }
        let slot = Self.slot(symbol)
        if slot < columnStore.count { columnStore[slot] = [] }
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
        for basic in takeColumn(symbol) {
            let slot = Self.slot(basic)
            rowStore[slot]?.remove(symbol)
        }
        let slot = Self.slot(symbol)
        if slot < columnStore.count { columnStore[slot] = [] }
        for index in objective.indices { objective[index].erase(symbol) }
        artificial?.erase(symbol)
    }

    // MARK: The objective

    /// The index of the objective row for an optional priority, creating it if needed.
    mutating func level(for priority: Double) -> Int {
        if let index = levels.firstIndex(of: priority) { return index }
        let index = levels.firstIndex { $0 < priority } ?? levels.count
        levels.insert(priority, at: index)
        objective.insert(CostRow(), at: index)
        return index
    }

    /// The reduced cost of a symbol as a vector over the levels of a goal.
    func reducedCost(_ symbol: Symbol, goal: Goal) -> [Double] {
        switch goal {
        case .main: objective.map { $0.coefficient(for: symbol) }
        case .artificial: [artificial?.coefficient(for: symbol) ?? 0]
        }
    }

    /// The sign of a symbol's reduced-cost vector: that of its first non-negligible entry.
    func lexicographicSign(of symbol: Symbol) -> Int {
        for level in objective {
            let value = level.coefficient(for: symbol)
            if abs(value) > Tolerance.pivot { return value < 0 ? -1 : 1 }
        }
        return 0
    }

    /// -1, 0 or 1: the sign of the first non-negligible entry (lexicographic comparison).
    static func lexicographicSign(_ vector: [Double]) -> Int {
        for value in vector where abs(value) > Tolerance.pivot { return value < 0 ? -1 : 1 }
        return 0
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
    /// ones may move either way. The levels are walked from the highest priority down; a symbol's
    /// lexicographic sign is decided at the first level where its cost is not negligible, so each
    /// cell of the objective is read once per call instead of once per level per symbol.
    private func enteringSymbol(_ goal: Goal) -> (Symbol, Double)? {
        var best: (Symbol, Double)?
        func consider(_ symbol: Symbol, sign: Int) {
            guard symbol.kind != .dummy, sign != 0, !isBasic(symbol) else { return }
            let direction: Double
            if symbol.isRestricted {
                guard sign < 0 else { return }
                direction = 1
            } else {
                direction = sign < 0 ? 1 : -1
            }
            if best.map({ symbol < $0.0 }) ?? true { best = (symbol, direction) }
        }
        switch goal {
        case .artificial:
            for (symbol, value) in artificial?.cells ?? [:] where abs(value) > Tolerance.pivot {
                consider(symbol, sign: value < 0 ? -1 : 1)
            }
        case .main:
            guard objective.count > 1 else {
                for (symbol, value) in objective.first?.cells ?? [:] where abs(value) > Tolerance.pivot {
                    consider(symbol, sign: value < 0 ? -1 : 1)
                }
                return best
            }
            var decided = Set<Symbol>()
            for level in objective {
                for (symbol, value) in level.cells where abs(value) > Tolerance.pivot {
                    guard decided.insert(symbol).inserted else { continue }
                    consider(symbol, sign: value < 0 ? -1 : 1)
                }
            }
        }
        return best
    }

    /// The restricted basic symbol that first reaches zero as `entering` moves (minimum ratio).
    private func leavingSymbol(_ entering: Symbol, direction: Double) -> Symbol? {
        var best: (ratio: Double, symbol: Symbol)?
        for basic in column(entering) where basic.isRestricted {
            guard let row = row(basic) else { continue }
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
        while let leaving = basics.filter({ $0.isRestricted && (row($0)?.constant ?? 0) < -Tolerance.pivot }).min() {
            guard let row = row(leaving) else { continue }
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
