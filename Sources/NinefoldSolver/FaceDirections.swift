/// The directions in which the free symbols can move over a face of the feasible region, found
/// once for many questions: whether a variable can move at all is then a substitution, not two
/// linear programs.
///
/// At a vertex of the tableau the face is `P = {x : c_i + g_i·x ≥ 0 for each restricted basic row
/// i, x_j ≥ 0 for each restricted free symbol j}` over the free symbols `x`, and `x = 0` is in it.
/// A linear function `a·x` is constant over `P` exactly when `a` is orthogonal to the directions
/// of P's affine hull. Near 0, P is the cone `C` of the constraints active there: the degenerate
/// rows (`c_i = 0`) and the sign constraints of the restricted free symbols. P's affine hull is
/// the span of C, and the span of C is cut out by C's implicit equalities (the constraints that
/// hold with equality at every point of C). So `a·x` is constant over P exactly when `a` lies in
/// the span of those implicit equalities.
///
/// The implicit equalities come from one linear program (Freund, Roundy and Todd, "Identifying
/// the set of always-active constraints in a system of linear inequalities by a single linear
/// program", 1985): maximise `Σ t_k` subject to `g_k·x ≥ t_k`, `0 ≤ t_k ≤ 1`. Since C is a cone,
/// two points that make two constraints positive add up to one that makes both positive, so at
/// an optimum `t_k = 1` for every constraint some point of C makes positive and `t_k = 0` for the
/// implicit equalities. They are then eliminated (Gauss–Jordan, largest pivot first), and a
/// question's row is reduced by the result: an empty remainder means the variable cannot move.
///
/// Only "cannot move" is concluded here, and only when the remainder is exactly empty (every
/// cell cancelled within the rows' own cancellation rule); any other answer is left to the exact
/// linear programs, so the set of answers never changes, only how many programs are run. For the
/// same reason a row counts as degenerate only when its constant is at most zero: leaving a row
/// with a constant of 1e-15 out of C makes C larger, which can only send more questions on to
/// the exact programs.
struct FaceDirections {
    /// The implicit equalities after elimination: each pivot symbol in terms of the free symbols
    /// that are not pivots.
    private var equalities = Tableau()
    /// Free symbols already examined, by tableau slot.
    private var reached: [Bool] = []
    private let isFree: (Symbol) -> Bool

    /// The directions of the face reachable from the free symbols of `seeds` (rows of the
    /// questions to come), in `tableau`, where `isFree` tells which non-basic symbols may move.
    init(tableau: Tableau, seeds: [Row], isFree: @escaping (Symbol) -> Bool) {
        self.isFree = isFree
        let candidates = Self.activeConstraints(in: tableau, seeds: seeds, isFree: isFree, reached: &reached)
        guard !candidates.isEmpty else { return }
        let implicit = Self.implicitEqualities(candidates)
        for (candidate, isImplicit) in zip(candidates, implicit) where isImplicit {
            eliminate(candidate)
        }
    }

    /// Whether `row` (a variable in terms of non-basic symbols) is the same at every point of
    /// the face. False means "perhaps not": the caller asks the exact linear programs.
    func isConstant(_ row: Row) -> Bool {
        var reduced = Row()
        for (symbol, coefficient) in row.cells where isFree(symbol) {
            let slot = Tableau.slot(symbol)
            // A free symbol not examined: the face was built for other rows, nothing is known.
            guard slot < reached.count, reached[slot] else { return false }
            if let definition = equalities.row(symbol) {
                reduced.insert(definition, coefficient)
            } else {
                reduced.insert(symbol, coefficient)
            }
        }
        return reduced.isEmpty
    }

    // MARK: The cone of active constraints

    /// The constraints active at the vertex that the free symbols of `seeds` reach, through the
    /// degenerate rows they share: each degenerate restricted row restricted to its free symbols
    /// (the others stay at zero on the face), then the sign constraint of each restricted free
    /// symbol reached. Marks the free symbols reached.
    private static func activeConstraints(in tableau: Tableau, seeds: [Row], isFree: (Symbol) -> Bool,
                                          reached: inout [Bool]) -> [Row] {
        var frontier: [Symbol] = []
        func reach(_ symbol: Symbol) {
            let slot = Tableau.slot(symbol)
            if slot >= reached.count { reached.append(contentsOf: repeatElement(false, count: slot + 1 - reached.count)) }
            guard !reached[slot] else { return }
            reached[slot] = true
            frontier.append(symbol)
        }
        for seed in seeds {
            for symbol in seed.symbols where isFree(symbol) { reach(symbol) }
        }
        var symbols: [Symbol] = []
        var rows: [Row] = []
        var included: Set<Symbol> = []
        while let symbol = frontier.popLast() {
            symbols.append(symbol)
            for basic in tableau.restrictedColumn(symbol) where !included.contains(basic) {
                guard let source = tableau.row(basic), source.constant <= 0 else { continue }
                included.insert(basic)
                var active = Row()
                for (cell, coefficient) in source.cells where isFree(cell) {
                    active.insert(cell, coefficient)
                    reach(cell)
                }
                rows.append(active)
            }
        }
        // Deterministic order whatever the traversal: rows by their basic symbol would need the
        // symbols kept; rows come out in traversal order, which depends only on the tableau.
        for symbol in symbols.sorted() where symbol.isRestricted {
            var sign = Row()
            sign.insert(symbol, 1)
            rows.append(sign)
        }
        return rows
    }

    /// For each constraint `g_k·x ≥ 0` of a cone, whether it is an implicit equality, from one
    /// linear program (the type's comment). Each constraint gets a slack `s_k = g_k·x − t_k` and a
    /// cap `u_k = 1 − t_k`, all restricted, under fresh ids above every id in use.
    static func implicitEqualities(_ constraints: [Row]) -> [Bool] {
        let highest = constraints.flatMap(\.symbols).map(\.id).max() ?? 0
        let base = max(highest, 0) + 1
        func fresh(_ index: Int, _ offset: Int) -> Symbol { Symbol(id: base + 3 * index + offset, kind: .slack) }
        var program = Tableau()
        var objective = CostRow()
        for (index, constraint) in constraints.enumerated() {
            let (slack, share, cap) = (fresh(index, 0), fresh(index, 1), fresh(index, 2))
            var row = constraint
            row.insert(share, -1)
            program.setRow(slack, row)
            var capRow = Row(constant: 1)
            capRow.insert(share, -1)
            program.setRow(cap, capRow)
            objective.insert(share, -1)
        }
        program.objective = [objective]
        program.levels = [1]
        program.minimize(.main)
        // At an optimum every share is 0 or 1 (the type's comment); halfway tells them apart.
        return constraints.indices.map { (program.row(fresh($0, 1))?.constant ?? 0) < 0.5 }
    }

    // MARK: Elimination

    /// Adds the implicit equality `0 = row` to the eliminated set: reduced by the pivots so far,
    /// solved for its largest cell, and substituted into the earlier ones so that every pivot's
    /// row mentions non-pivots only. A row that reduces to cells below the pivot tolerance
    /// depends on the earlier ones (up to rounding) and adds nothing; leaving it out can only
    /// make the face look larger, never a moving variable look fixed.
    private mutating func eliminate(_ row: Row) {
        var reduced = Row()
        for (symbol, coefficient) in row.cells {
            if let definition = equalities.row(symbol) {
                reduced.insert(definition, coefficient)
            } else {
                reduced.insert(symbol, coefficient)
            }
        }
        var pivot: (symbol: Symbol, size: Double)?
        for (symbol, coefficient) in reduced.cells where abs(coefficient) > Tolerance.pivot {
            if let current = pivot, abs(coefficient) <= current.size { continue }
            pivot = (symbol, abs(coefficient))
        }
        guard let pivot else { return }
        reduced.solve(for: pivot.symbol)
        equalities.substitute(pivot.symbol, with: reduced)
        equalities.setRow(pivot.symbol, reduced)
    }
}
