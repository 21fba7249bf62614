/// Questions about the set of optimal solutions, answered exactly from the final tableau.
///
/// At an optimal basis the objective reads `optimum + Σ r_j·x_j` over the non-basic symbols,
/// each `r_j` a vector over the priority levels with `r_j ≥ 0` lexicographically. A solution
/// is optimal exactly when every `x_j` with `r_j ≠ 0` is zero. So the optimal face is the
/// tableau with those symbols fixed at zero, and the range of a variable over it is a small
/// linear program over the remaining ("free") symbols, solved with the same simplex: needed
/// only for a variable that can move, which the face's directions tell (`FaceDirections`).
extension Solver {
    /// Exact range of `variable` over all lexicographically optimal solutions: the same answer
    /// as asking for it among others (`optimalRanges(of:)`), by the same route.
    public func optimalRange(of variable: Variable) -> ValueRange {
        optimalRanges(of: [variable])[0]
    }

    /// `optimalRange(of:)` of each variable, in order, asked together. The face's directions are
    /// found once (`FaceDirections`): a variable whose row is constant over them is a point
    /// without a linear program, and only the variables that may move get the two exact ones.
    /// On a large component with a degenerate optimum (every label of a form blocked by rows at
    /// zero), two programs per variable each pulled in most of the component.
    public func optimalRanges(of variables: [Variable]) -> [ValueRange] {
        // Nothing asked (a component direct resolution emptied): no flags, no face to build.
        guard !variables.isEmpty else { return [] }
        guard isOptimized else { return optimizedCopy().optimalRanges(of: variables) }
        let isFree = freeOnOptimalFace()
        let rows = variables.map(definingRow)
        // A row without free symbols seeds nothing and is constant: a point, as before any LP.
        // When no row has one, the face is not built at all: its arrays were most of asking a
        // small component (a label's hugging pair) for its ranges (Documentation/Performance.md,
        // "Branch small"); `isConstant` would answer true for each row, with these bounds.
        if !rows.contains(where: { $0.symbols.contains(where: isFree.contains) }) {
            return rows.map { ValueRange(lower: $0.constant, upper: $0.constant) }
        }
        var face = FaceDirections(tableau: tableau, seeds: rows, isFree: isFree)
        return zip(variables, rows).map { variable, row in
            face.isConstant(row) ? ValueRange(lower: row.constant, upper: row.constant)
                : range(of: variable, isFree: isFree.contains)
        }
    }

    /// Whether `optimalRanges(of:)` of the first `count` variables (`0..<count`) would answer a
    /// point for each (`lower == upper`), found without its arrays when no defining row has a
    /// symbol free on the optimal face: each range is then its row's constant twice, a point
    /// unless the constant is NaN. Otherwise the ranges themselves are asked, by the same route.
    /// The layout asks this of every piece of a reduced solve it may keep (`ComponentSolve`),
    /// and the arrays of variables and ranges made there and dropped were about half of asking
    /// (Documentation/Performance.md, "Branch aroundfixed").
    public func optimalRangesArePoints(ofFirst count: Int) -> Bool {
        guard count > 0 else { return true }
        guard isOptimized else { return optimizedCopy().optimalRangesArePoints(ofFirst: count) }
        let isFree = freeOnOptimalFace()
        var isNumber = true
        for index in 0..<count {
            let row = definingRow(of: Variable(index: index))
            if row.symbols.contains(where: isFree.contains) {
                return optimalRanges(of: (0..<count).map { Variable(index: $0) }).allSatisfy { $0.lower == $0.upper }
            }
            if !(row.constant == row.constant) { isNumber = false }
        }
        return isNumber
    }

    /// The range by two linear programs over the optimal face, whatever the face's directions:
    /// the route every range took before `FaceDirections`, kept as the reference that the
    /// differential tests hold the shortcut to.
    func optimalRangeByPrograms(of variable: Variable) -> ValueRange {
        guard isOptimized else { return optimizedCopy().optimalRangeByPrograms(of: variable) }
        return range(of: variable, isFree: isFreeOnOptimalFace)
    }

    /// `isFreeOnOptimalFace` of every symbol, flagged once for many questions.
    func freeOnOptimalFace() -> MovableSymbols {
        MovableSymbols(tableau: tableau, pricedBy: tableau.objective)
    }

    /// Non-required constraints whose violation changes as `variable` moves across the optimal
    /// face: with equal priorities, the tie that leaves the layout ambiguous.
    public func tiedConstraints(movingWith variable: Variable) -> [ConstraintID] {
        guard isOptimized else { return optimizedCopy().tiedConstraints(movingWith: variable) }
        guard !optimalRange(of: variable).isPoint else { return [] }
        let moving = Set(definingRow(of: variable).symbols.filter(isFreeOnOptimalFace))
        var tied: Set<ConstraintID> = []
        for symbol in moving where symbol.kind == .error {
            if let owner = owner(of: symbol) { tied.insert(owner) }
        }
        for symbol in moving {
            for basic in tableau.unorderedColumn(symbol) where basic.kind == .error {
                if let owner = owner(of: basic) { tied.insert(owner) }
            }
        }
        return tied.filter { !constraint($0).priority.isRequired }.sorted()
    }

    /// True when a required constraint is implied by the other required constraints: taking
    /// it away would not let any variable move. Such constraints breed conflicts when edited.
    ///
    /// Only the required constraints sharing variables with it, transitively, can imply it, and
    /// optional ones never can (their error symbols absorb any move), so the question is asked
    /// of a solver holding just that component.
    public func isImplied(_ id: ConstraintID) -> Bool {
        guard contains(id), constraint(id).priority.isRequired else { return false }
        var probe = emptyCopy()
        for other in connectedRequired(to: id) where other != id {
            _ = probe.probe(constraint(other))
        }
        return probe.implies(constraint(id))
    }

    /// Whether the constraints in this solver force `definition` to hold: its expression's range
    /// over the feasible region (optional constraints free) lies within what its relation allows.
    func implies(_ definition: Constraint) -> Bool {
        var target = self
        let witness = target.makeVariable(named: "implied?")
        guard target.probe(Constraint(Expression(witness) - definition.expression, .equal)).1 != .infeasible else {
            return false
        }
        let range = target.range(of: witness, isFree: target.isFreeInFeasibleRegion)
        let tolerance = Tolerance.frame
        switch definition.relation {
        case .equal: return abs(range.lower) <= tolerance && abs(range.upper) <= tolerance
        case .lessThanOrEqual: return range.upper <= tolerance
        case .greaterThanOrEqual: return range.lower >= -tolerance
        }
    }

    // MARK: The sub-problem

    /// Free on the optimal face: non-basic, not a dummy, zero reduced cost at every level.
    func isFreeOnOptimalFace(_ symbol: Symbol) -> Bool {
        symbol.kind != .dummy && !tableau.isBasic(symbol)
            && tableau.objective.allSatisfy { abs($0.coefficient(for: symbol)) <= Tolerance.pivot }
    }

    /// Free in the region the required constraints allow: optional constraints can be violated.
    func isFreeInFeasibleRegion(_ symbol: Symbol) -> Bool {
        symbol.kind != .dummy && !tableau.isBasic(symbol)
    }

    /// `variable` in terms of non-basic symbols.
    func definingRow(of variable: Variable) -> Row {
        let symbol = externalSymbol(variable)
        if let row = tableau.row(symbol) { return row }
        var row = Row()
        row.insert(symbol)
        return row
    }

    /// Minimum and maximum of `variable` when only the symbols `isFree` accepts may move.
    func range(of variable: Variable, isFree: (Symbol) -> Bool) -> ValueRange {
        let row = definingRow(of: variable)
        let value = row.constant
        guard row.symbols.contains(where: isFree) else { return ValueRange(lower: value, upper: value) }
        let lower = extremum(of: row, isFree: isFree, sign: 1)
        let upper = -extremum(of: row, isFree: isFree, sign: -1)
        return ValueRange(lower: lower, upper: upper)
    }

    /// min of `sign × row` over the free symbols, subject to every restricted row they reach
    /// staying non-negative; −∞ when unbounded.
    private func extremum(of row: Row, isFree: (Symbol) -> Bool, sign: Double) -> Double {
        var sub = Tableau()
        var objective = CostRow()
        objective.constant = row.constant * sign
        var frontier: [Symbol] = []
        for (symbol, coefficient) in row.cells where isFree(symbol) {
            objective.insert(symbol, coefficient * sign)
            frontier.append(symbol)
        }
        var seen = Set(frontier)
        var included: Set<Symbol> = []
        while let symbol = frontier.popLast() {
            for basic in tableau.unorderedColumn(symbol) where basic.isRestricted && !included.contains(basic) {
                guard let source = tableau.row(basic) else { continue }
                included.insert(basic)
                var restricted = Row(constant: source.constant)
                for (cell, coefficient) in source.cells where isFree(cell) {
                    restricted.insert(cell, coefficient)
                    if seen.insert(cell).inserted { frontier.append(cell) }
                }
                sub.setRow(basic, consume restricted)
            }
        }
        sub.objective = [objective]
        sub.levels = [1]
        guard sub.minimize(.main) else { return -.infinity }
        return sub.objective[0].constant
    }
}
