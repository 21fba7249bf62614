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
/// Two plain rules decide most constraints first (`presolve`); the rest are decided by one
/// linear program (Freund, Roundy and Todd, "Identifying the set of always-active constraints
/// in a system of linear inequalities by a single linear program", 1985): maximise `Σ t_k`
/// subject to `g_k·x ≥ t_k`, `0 ≤ t_k ≤ 1`. Since C is a cone, two points that make two
/// constraints positive add up to one that makes both positive, so at an optimum `t_k = 1` for
/// every constraint some point of C makes positive and `t_k = 0` for the implicit equalities.
/// They are then eliminated (Gauss–Jordan, largest pivot first), and a question's row is
/// reduced by the result: an empty remainder means the variable cannot move.
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
    /// `equalities`' rows, flattened for `isConstant` once elimination is done.
    private var pivots = PivotRows()
    /// Free symbols already examined, by tableau slot.
    private var reached: [Bool] = []
    private let isFree: MovableSymbols
    /// `isConstant`'s scratch space, kept between calls.
    private var accumulator = Accumulator()

    /// The directions of the face reachable from the free symbols of `seeds` (rows of the
    /// questions to come), in `tableau`, where `isFree` holds the non-basic symbols that may move.
    init(tableau: Tableau, seeds: [Row], isFree: MovableSymbols) {
        self.isFree = isFree
        let candidates = Self.activeConstraints(in: tableau, seeds: seeds, isFree: isFree, reached: &reached)
        guard !candidates.isEmpty else { return }
        var (decided, fixed) = Self.presolve(candidates)
        // The rest go to the program, with the symbols closing fixed at zero taken out.
        let rest = candidates.indices.filter { decided[$0] == nil }
        let program = rest.map { index in
            var row = Row()
            for (symbol, value) in candidates[index].cells where !fixed.contains(Tableau.slot(symbol)) {
                row.insert(symbol, value)
            }
            return row
        }
        for (index, isImplicit) in zip(rest, Self.implicitEqualities(program)) {
            decided[index] = isImplicit
        }
        for (candidate, isImplicit) in zip(candidates, decided) where isImplicit == true {
            eliminate(candidate)
        }
        pivots = PivotRows(equalities)
    }

    /// Whether `row` (a variable in terms of non-basic symbols) is the same at every point of
    /// the face. False means "perhaps not": the caller asks the exact linear programs.
    ///
    /// The row's free part is reduced by the eliminated equalities into a dense accumulator (a
    /// variable's row can be long: a form's lowest field sits below every height above it, and
    /// merging sorted rows allocated on every cell). A sum is zero when it cancels within
    /// `Tolerance.cancellation` of the largest term added to it, the rows' own rule.
    mutating func isConstant(_ row: Row) -> Bool {
        // Locals, moved out of self and back, so the loop neither retains per cell nor copies.
        var accumulator = self.accumulator
        self.accumulator = Accumulator()
        defer {
            accumulator.clear()
            self.accumulator = accumulator
        }
        let (isFree, reached, pivots) = (self.isFree, self.reached, self.pivots)
        for (symbol, coefficient) in row.cells where isFree.contains(symbol) {
            let slot = Tableau.slot(symbol)
            // A free symbol not examined: the face was built for other rows, nothing is known.
            guard slot < reached.count, reached[slot] else { return false }
            if let cells = pivots.cells(of: slot) {
                for index in cells { accumulator.add(pivots.values[index] * coefficient, at: pivots.slots[index]) }
            } else {
                accumulator.add(coefficient, at: slot)
            }
        }
        return accumulator.isZero
    }

    /// The eliminated equalities, each pivot's row read without copying it: cells of all rows in
    /// two flat arrays, each pivot's range in them by slot. Reading a row out of a tableau copies
    /// it (a retain and a release per array), and a form asks for one per cell of long rows.
    private struct PivotRows {
        private var start: [Int] = []
        private var end: [Int] = []
        private(set) var slots: [Int] = []
        private(set) var values: [Double] = []

        init() {}

        init(_ tableau: Tableau) {
            start = Array(repeating: -1, count: tableau.slotCount)
            end = start
            for basic in tableau.basics.sorted() {
                guard let row = tableau.row(basic) else { continue }
                let slot = Tableau.slot(basic)
                start[slot] = slots.count
                for (symbol, value) in row.cells {
                    slots.append(Tableau.slot(symbol))
                    values.append(value)
                }
                end[slot] = slots.count
            }
        }

        /// Positions of the cells of the pivot at `slot`, nil for a symbol that is not one (a
        /// pivot's row can be empty: the symbol is zero all over the face).
        @inline(__always)
        func cells(of slot: Int) -> Range<Int>? { slot < start.count && start[slot] >= 0 ? start[slot]..<end[slot] : nil }
    }

    /// Sums by slot, each with the largest term added to it, all zero between uses; `touched`
    /// lists the slots in use, so clearing costs what the use did.
    private struct Accumulator {
        private var sums: [Double] = []
        private var largest: [Double] = []
        private var touched: [Int] = []

        mutating func add(_ term: Double, at slot: Int) {
            if slot >= sums.count {
                let count = max(slot + 1, sums.count * 2)
                sums.append(contentsOf: repeatElement(0, count: count - sums.count))
                largest.append(contentsOf: repeatElement(0, count: count - largest.count))
            }
            if largest[slot] == 0 { touched.append(slot) }
            sums[slot] += term
            largest[slot] = max(largest[slot], abs(term))
        }

        /// Whether every sum cancelled: within `Tolerance.cancellation` of its largest term.
        var isZero: Bool { touched.allSatisfy { abs(sums[$0]) <= Tolerance.cancellation * largest[$0] } }

        mutating func clear() {
            for slot in touched {
                sums[slot] = 0
                largest[slot] = 0
            }
            touched.removeAll(keepingCapacity: true)
        }
    }

    // MARK: The cone of active constraints

    /// The constraints active at the vertex that the free symbols of `seeds` reach, through the
    /// degenerate rows they share: each degenerate restricted row restricted to its free symbols
    /// (the others stay at zero on the face), then the sign constraint of each restricted free
    /// symbol reached. Marks the free symbols reached.
    private static func activeConstraints(in tableau: Tableau, seeds: [Row], isFree: MovableSymbols,
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
            for symbol in seed.symbols where isFree.contains(symbol) { reach(symbol) }
        }
        // Restricted symbols in some active row: only their sign constraints can be implicit.
        var signed: [Symbol] = []
        var rows: [Row] = []
        // By slot: whether the restricted basic symbol's row was taken already.
        var included = [Bool](repeating: false, count: tableau.slotCount)
        while let symbol = frontier.popLast() {
            for basic in tableau.restrictedColumn(symbol) where !included[Tableau.slot(basic)] {
                guard let source = tableau.row(basic), source.constant <= 0 else { continue }
                included[Tableau.slot(basic)] = true
                var active = Row()
                for (cell, coefficient) in source.cells where isFree.contains(cell) {
                    active.insert(cell, coefficient)
                    reach(cell)
                }
                if !active.isEmpty { rows.append(active) }
            }
            if symbol.isRestricted && !tableau.restrictedColumn(symbol).isEmpty { signed.append(symbol) }
        }
        // A restricted symbol in no active row can grow alone, so its sign constraint is not an
        // implicit equality and is left out (the cone is a product with that half-line). Rows
        // come out in traversal order, which depends only on the tableau: deterministic.
        let isActive = Set(rows.flatMap(\.symbols))
        for symbol in signed.sorted() where isActive.contains(symbol) {
            var sign = Row()
            sign.insert(symbol, 1)
            rows.append(sign)
        }
        return rows
    }

    /// For each constraint `g_k·x ≥ 0` of a cone, what two plain rules decide before the linear
    /// program: true for an implicit equality, false for a constraint that is not one, nil for
    /// the program to say. The program is the costly part, and on layouts these rules decide
    /// nearly everything: a form's optimum leaves each height's error pinned by a row `−e ≥ 0`.
    ///
    /// Closing: a constraint whose symbols left are all restricted with negative cells (none
    /// left included) forces each of them to zero, since each is non-negative; so it and their
    /// sign constraints are implicit equalities, and those symbols are fixed at zero in every
    /// other constraint, which can close more. Opening, once nothing more closes: a constraint
    /// holding a symbol that no other open question mentions, and that can move the way that
    /// makes it positive (an external either way; a restricted one up, with a positive cell, its
    /// sign constraint going along), is not an implicit equality whatever the others do, and the
    /// others' implicit equalities are those of the cone without it; so it is set aside, and
    /// the search goes on. Opening never fixes a symbol, so nothing closes after it.
    /// Returns the decisions and the slots of the symbols closing fixed at zero.
    static func presolve(_ constraints: [Row]) -> (decided: [Bool?], fixed: Set<Int>) {
        var decided: [Bool?] = Array(repeating: nil, count: constraints.count)
        func isSign(_ row: Row) -> Bool { row.symbols.count == 1 && row.symbols[0].isRestricted && row.values[0] == 1 }
        // By slot: the constraints mentioning the symbol (its sign constraint apart) and its sign
        // constraint; by constraint, its cells on symbols not fixed, and of those the
        // restricted ones with a negative cell.
        var mentions: [Int: [Int]] = [:]
        var sign: [Int: Int] = [:]
        var left = constraints.map(\.symbols.count)
        var negative = constraints.map { row in zip(row.symbols, row.values).filter { $0.0.isRestricted && $0.1 < 0 }.count }
        for (index, row) in constraints.enumerated() {
            if isSign(row) {
                sign[Tableau.slot(row.symbols[0])] = index
            } else {
                for symbol in row.symbols { mentions[Tableau.slot(symbol), default: []].append(index) }
            }
        }
        var fixed: Set<Int> = []
        var closing = Array(constraints.indices.filter { !isSign(constraints[$0]) })
        while let index = closing.popLast() {
            guard decided[index] == nil, left[index] == negative[index] else { continue }
            decided[index] = true
            for symbol in constraints[index].symbols where fixed.insert(Tableau.slot(symbol)).inserted {
                let slot = Tableau.slot(symbol)
                if let own = sign[slot] { decided[own] = true }
                for other in mentions[slot] ?? [] where decided[other] == nil {
                    left[other] -= 1
                    if constraints[other].coefficient(for: symbol) < 0 { negative[other] -= 1 }
                    closing.append(other)
                }
            }
        }
        // Opening: by slot, how many undecided constraints (sign apart) mention the symbol.
        var undecided: [Int: Int] = [:]
        for (slot, list) in mentions where !fixed.contains(slot) {
            undecided[slot] = list.filter { decided[$0] == nil }.count
        }
        func setOpen(_ index: Int) {
            guard decided[index] == nil else { return }
            decided[index] = false
            guard !isSign(constraints[index]) else { return }
            for symbol in constraints[index].symbols where !fixed.contains(Tableau.slot(symbol)) {
                undecided[Tableau.slot(symbol), default: 0] -= 1
                opening.append(symbol)
            }
        }
        var opening = constraints.flatMap(\.symbols).filter { !fixed.contains(Tableau.slot($0)) }
        while let symbol = opening.popLast() {
            let slot = Tableau.slot(symbol)
            let count = undecided[slot] ?? 0
            if symbol.isRestricted, count == 0, let own = sign[slot] { setOpen(own) }
            guard count == 1, let only = mentions[slot]?.first(where: { decided[$0] == nil }) else { continue }
            if !symbol.isRestricted {
                setOpen(only)
            } else if constraints[only].coefficient(for: symbol) > 0 {
                setOpen(only)
                if let own = sign[slot] { setOpen(own) }
            }
        }
        return (decided, fixed)
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
            program.setRow(slack, consume row)
            var capRow = Row(constant: 1)
            capRow.insert(share, -1)
            program.setRow(cap, consume capRow)
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
        equalities.setRow(pivot.symbol, consume reduced)
    }
}

/// The non-basic symbols that may move over a face of the feasible region, flagged by slot once
/// for many questions. Asking the tableau whether a symbol is basic copies its row, and asking
/// each level's cost row (a hash table) whether it prices a symbol hashes; done for every cell
/// of every asked row, the two were half of validating a 1,000-view form once the per-variable
/// programs were gone.
struct MovableSymbols: Sendable {
    /// By slot: basic, or priced by some level of the objective.
    private var fixed: [Bool]

    /// Free on the optimal face: non-basic, not a dummy, and a reduced cost within the pivot
    /// tolerance at every level of `objective`.
    init(tableau: Tableau, pricedBy objective: [CostRow]) {
        fixed = [Bool](repeating: false, count: tableau.slotCount)
        for basic in tableau.basics { mark(basic) }
        for level in objective {
            for (symbol, value) in level.cells where abs(value) > Tolerance.pivot { mark(symbol) }
        }
    }

    private mutating func mark(_ symbol: Symbol) {
        let slot = Tableau.slot(symbol)
        if slot >= fixed.count { fixed.append(contentsOf: repeatElement(false, count: slot + 1 - fixed.count)) }
        fixed[slot] = true
    }

    @inline(__always)
    func contains(_ symbol: Symbol) -> Bool {
        let slot = Tableau.slot(symbol)
        return symbol.kind != .dummy && !(slot < fixed.count && fixed[slot])
    }
}
