/// An incremental Cassowary-style simplex solver with exact lexicographic priorities.
///
/// Required constraints (priority 1000) must hold exactly; each lower priority is its own
/// objective level, minimised only after every higher level is at its optimum (the original
/// Cassowary paper's symbolic weights, not kiwi's single folded weight). Within a level the sum
/// of absolute violations is minimised.
///
/// The solver is a value type: copying it is how callers try things without disturbing it.
public struct Solver: Sendable {
    /// What the tableau knows about one added constraint.
    struct Tag: Sendable {
        var marker: Symbol
        var other: Symbol?
    }

    private(set) var tableau = Tableau()
    private var variableNames: [String] = []
    private var nextSymbol = 0
    /// Every constraint ever given an id, including rejected ones, so ids stay meaningful.
    private var definitions: [Constraint] = []
    private var tags: [ConstraintID: Tag] = [:]
    private var owners: [Symbol: ConstraintID] = [:]
    private var order: [ConstraintID] = []
    private var edits: [Variable: ConstraintID] = [:]

    public init() {}

    // MARK: Variables

    public mutating func makeVariable(named name: String) -> Variable {
        variableNames.append(name)
        return Variable(index: variableNames.count - 1)
    }

    public func name(of variable: Variable) -> String {
        variableNames.indices.contains(variable.index) ? variableNames[variable.index] : "v\(variable.index)"
    }

    public var variableCount: Int { variableNames.count }

    /// External symbols use the variable's index as id; internal symbols count down from -1 so
    /// the two never collide and variables keep their natural order.
    private func symbol(for variable: Variable) -> Symbol { Symbol(id: variable.index, kind: .external) }

    private mutating func newSymbol(_ kind: Symbol.Kind) -> Symbol {
        nextSymbol -= 1
        return Symbol(id: nextSymbol, kind: kind)
    }

    public func value(of variable: Variable) -> Double {
        tableau.rows[symbol(for: variable)]?.constant ?? 0
    }

    // MARK: Constraints

    /// Constraints currently in the solver, in the order they were added.
    public var constraintIDs: [ConstraintID] { order }

    public func constraint(_ id: ConstraintID) -> Constraint { definitions[id.index] }

    public func contains(_ id: ConstraintID) -> Bool { tags[id] != nil }

    /// Adds a constraint. A required constraint that cannot hold with the required ones already
    /// present is not added, and the minimal set of required constraints in conflict (including
    /// this one, whose id is reserved) is thrown.
    @discardableResult
    public mutating func add(_ constraint: Constraint) throws(Conflict) -> ConstraintID {
        let id = ConstraintID(index: definitions.count)
        definitions.append(constraint)
        guard insert(constraint, as: id) else {
            throw Conflict(constraints: minimalConflict(adding: id))
        }
        return id
    }

    public mutating func remove(_ id: ConstraintID) {
        guard let tag = tags.removeValue(forKey: id) else { return }
        order.removeAll { $0 == id }
        let priority = definitions[id.index].priority
        if !priority.isRequired {
            let level = tableau.level(for: priority.value)
            for symbol in [tag.marker, tag.other].compactMap({ $0 }) where symbol.kind == .error {
                if let row = tableau.rows[symbol] {
                    tableau.objective[level].insert(row, -1)
                } else {
                    tableau.objective[level].insert(symbol, -1)
                }
            }
        }
        if tableau.removeRow(tag.marker) == nil, let leaving = markerLeavingRow(tag.marker) {
            tableau.pivot(entering: tag.marker, leaving: leaving)
            tableau.removeRow(tag.marker)
        }
        // The marker is gone; so must be the other symbol of the pair, which nothing constrains now.
        if let other = tag.other {
            if tableau.removeRow(other) == nil { tableau.eraseColumn(other) }
            owners[other] = nil
        }
        tableau.eraseColumn(tag.marker)
        owners[tag.marker] = nil
        tableau.minimize(.main)
    }

    /// Changes the constant of a constraint in place (same id). Moving between size classes
    /// changes only the canvas constants and the constraints that differ.
    public mutating func updateConstant(of id: ConstraintID, to newConstant: Double) throws(Conflict) {
        guard tags[id] != nil else { return }
        let old = definitions[id.index]
        var changed = old
        changed.expression.constant = newConstant
        guard changed != old else { return }
        remove(id)
        definitions[id.index] = changed
        if !insert(changed, as: id) {
            let conflict = minimalConflict(adding: id)
            definitions[id.index] = old
            _ = insert(old, as: id)
            throw Conflict(constraints: conflict)
        }
    }

    // MARK: Edit variables

    /// Lets `suggestValue` pull a variable towards a value at an optional priority.
    public mutating func addEditVariable(_ variable: Variable, priority: Priority) {
        guard edits[variable] == nil else { return }
        let strength = priority.isRequired ? Priority(999) : priority
        let constraint = Constraint(Expression(variable) - value(of: variable), .equal, priority: strength)
        edits[variable] = try? add(constraint)
    }

    public mutating func removeEditVariable(_ variable: Variable) {
        if let id = edits.removeValue(forKey: variable) { remove(id) }
    }

    public mutating func suggestValue(_ value: Double, for variable: Variable) {
        if edits[variable] == nil { addEditVariable(variable, priority: Priority(999)) }
        guard let id = edits[variable] else { return }
        try? updateConstant(of: id, to: -value)
    }

    // MARK: Violations

    public func violation(of id: ConstraintID) -> Double {
        definitions[id.index].violation { value(of: $0) }
    }

    // MARK: Adding, Cassowary style

    /// Adds without conflict analysis; false (and no change) when a required constraint cannot hold.
    mutating func insert(_ constraint: Constraint, as id: ConstraintID) -> Bool {
        var (row, tag) = makeRow(constraint)
        if let subject = chooseSubject(row, tag) {
            let risky = subject.kind == .external
                && (tableau.columns[subject] ?? []).contains { $0.isRestricted }
            let saved = risky ? self : nil
            row.solve(for: subject)
            tableau.substitute(subject, with: row)
            tableau.setRow(subject, row)
            if risky && !tableau.dualOptimize() {
                if let saved { self = saved }
                return false
            }
        } else if row.cells.keys.allSatisfy({ $0.kind == .dummy }) {
            guard abs(row.constant) < Tolerance.pivot * 1000 else { return false }
            tableau.setRow(tag.marker, row)   // a redundant equality: its marker is basic at zero
        } else {
            let saved = self
            guard addWithArtificialVariable(row) else {
                self = saved
                return false
            }
        }
        tags[id] = tag
        owners[tag.marker] = id
        if let other = tag.other { owners[other] = id }
        order.append(id)
        tableau.minimize(.main)
        return true
    }

    /// The constraint as a tableau row, with its slack, error or dummy symbols.
    private mutating func makeRow(_ constraint: Constraint) -> (Row, Tag) {
        var row = Row(constant: constraint.expression.constant)
        for term in constraint.expression.terms where term.coefficient != 0 {
            let symbol = symbol(for: term.variable)
            if let basic = tableau.rows[symbol] {
                row.insert(basic, term.coefficient)
            } else {
                row.insert(symbol, term.coefficient)
            }
        }
        let required = constraint.priority.isRequired
        let level = required ? nil : tableau.level(for: constraint.priority.value)
        var tag: Tag
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            let slack = newSymbol(.slack)
            row.insert(slack, sign)
            tag = Tag(marker: slack)
            if let level {
                let error = newSymbol(.error)
                row.insert(error, -sign)
                tableau.objective[level].insert(error, 1)
                tag.other = error
            }
        case .equal:
            if let level {
                let plus = newSymbol(.error)
                let minus = newSymbol(.error)
                row.insert(plus, -1)
                row.insert(minus, 1)
                tableau.objective[level].insert(plus, 1)
                tableau.objective[level].insert(minus, 1)
                tag = Tag(marker: plus, other: minus)
            } else {
                let dummy = newSymbol(.dummy)
                row.insert(dummy)
                tag = Tag(marker: dummy)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return (row, tag)
    }

    /// The symbol to make basic for a new row. Among user variables, the one in the fewest rows
    /// (Markowitz: least fill-in), preferring those no restricted row mentions, so adding stays
    /// feasible and rows stay short; otherwise a fresh slack or error with a negative coefficient.
    private func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol? {
        var best: (restricted: Bool, count: Int, symbol: Symbol)?
        for symbol in row.cells.keys where symbol.kind == .external {
            let column = tableau.columns[symbol] ?? []
            let candidate = (column.contains { $0.isRestricted }, column.count, symbol)
            if let current = best {
                if (candidate.0 ? 1 : 0, candidate.1, candidate.2.id) >= (current.restricted ? 1 : 0, current.count, current.symbol.id) {
                    continue
                }
            }
            best = candidate
        }
        if let best { return best.symbol }
        for symbol in [tag.marker, tag.other].compactMap({ $0 })
        where (symbol.kind == .slack || symbol.kind == .error) && row.coefficient(for: symbol) < 0 {
            return symbol
        }
        return nil
    }

    /// Phase one: make the row feasible by minimising an artificial variable equal to it.
    private mutating func addWithArtificialVariable(_ row: Row) -> Bool {
        let artificial = newSymbol(.artificial)
        tableau.setRow(artificial, row)
        tableau.artificial = row
        tableau.minimize(.artificial)
        let success = abs(tableau.artificial?.constant ?? 0) < Tolerance.pivot * 1000
        tableau.artificial = nil
        if var basic = tableau.removeRow(artificial) {
            if basic.cells.isEmpty { return success }
            guard let entering = basic.cells.keys.filter({ $0.kind == .slack || $0.kind == .error }).min() else {
                return false
            }
            basic.solve(for: artificial, and: entering)
            tableau.substitute(entering, with: basic)
            tableau.setRow(entering, basic)
        }
        tableau.eraseColumn(artificial)
        return success
    }

    /// Where to pivot a non-basic marker in before removing its row (kiwi's rule, with ties by id).
    private func markerLeavingRow(_ marker: Symbol) -> Symbol? {
        // A redundant copy of a required equality keeps its own dummy basic, written in the
        // other copies' dummies (`insert`). Leaving through that row is a degenerate pivot that
        // makes the copy's dummy non-basic, so the copy is enforced from then on; leaving
        // through any other row would let the copy's row depend on symbols the optimiser moves,
        // and break it (found by the solver fuzz target: Documentation/Reliability.md).
        if let redundant = (tableau.columns[marker] ?? []).sorted().first(where: { $0.kind == .dummy && tableau.rows[$0] != nil }) {
            return redundant
        }
        var first: (Double, Symbol)?
        var second: (Double, Symbol)?
        var third: Symbol?
        for basic in (tableau.columns[marker] ?? []).sorted() {
            guard let row = tableau.rows[basic] else { continue }
            let coefficient = row.coefficient(for: marker)
            if basic.kind == .external {
                if third == nil { third = basic }
            } else if coefficient < 0 {
                let ratio = -row.constant / coefficient
                if first.map({ ratio < $0.0 }) ?? true { first = (ratio, basic) }
            } else {
                let ratio = row.constant / coefficient
                if second.map({ ratio < $0.0 }) ?? true { second = (ratio, basic) }
            }
        }
        return first?.1 ?? second?.1 ?? third
    }

    // MARK: Conflicts

    /// A minimal set of required constraints that cannot hold together, containing `id`.
    ///
    /// Candidates are the required constraints connected to the new one through shared
    /// variables; a deletion filter (in halving chunks, then one by one) keeps only those whose
    /// removal would make the rest feasible, so the result is irreducible.
    private func minimalConflict(adding id: ConstraintID) -> [ConstraintID] {
        let candidates = connectedRequired(to: id)
        var kept = candidates
        var chunk = max(1, kept.count / 2)
        while true {
            var start = 0
            while start < kept.count {
                let end = min(kept.count, start + chunk)
                let trial = Array(kept[..<start] + kept[end...])
                if kept[start..<end].contains(id) || feasible(trial) {
                    start = end
                } else {
                    kept = trial
                }
            }
            if chunk == 1 { break }
            chunk = max(1, chunk / 2)
        }
        return kept.sorted()
    }

    /// Required constraints in the solver that share variables, transitively, with `id`, plus `id`.
    private func connectedRequired(to id: ConstraintID) -> [ConstraintID] {
        let required = order.filter { definitions[$0.index].priority.isRequired } + [id]
        var reached = Set(definitions[id.index].expression.terms.map(\.variable))
        var included: Set<ConstraintID> = [id]
        var changed = true
        while changed {
            changed = false
            for candidate in required where !included.contains(candidate) {
                let variables = definitions[candidate.index].expression.terms.map(\.variable)
                if variables.contains(where: reached.contains) {
                    included.insert(candidate)
                    reached.formUnion(variables)
                    changed = true
                }
            }
        }
        return required.filter(included.contains)
    }

    /// Whether these constraints (all required) can hold together.
    private func feasible(_ ids: [ConstraintID]) -> Bool {
        var probe = Solver()
        probe.variableNames = variableNames
        for candidate in ids {
            let constraint = definitions[candidate.index]
            probe.definitions.append(constraint)
            if !probe.insert(constraint, as: ConstraintID(index: probe.definitions.count - 1)) { return false }
        }
        return true
    }

    // MARK: For analysis

    func owner(of symbol: Symbol) -> ConstraintID? { owners[symbol] }

    func externalSymbol(_ variable: Variable) -> Symbol { symbol(for: variable) }

    func tag(of id: ConstraintID) -> Tag? { tags[id] }
}
