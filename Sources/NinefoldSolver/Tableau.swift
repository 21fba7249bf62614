/// The simplex tableau: basic symbols with their rows, a column index, and an objective with
/// one row per priority level.
///
/// Each symbol has a dense slot computed from its id (no hashing on the hot path); a basic
/// symbol's slot gives its place in `basics`, and its row sits at the same place in `rows`. The
/// column index (which rows mention a symbol) keeps pivots local: substituting
/// a symbol touches only the rows that contain it, instead of every row as in kiwi. It is kept
/// exact as rows change, by comparing each row's cells before and after a change (both sorted by
/// id, one merge), so reading a column is a plain array read.
struct Tableau: Sendable {
    /// The basic symbols with their rows: `basicRows[slotEntries[slot(b)].basicPosition]` is
    /// basic symbol b's. Kept by place rather than by slot (`[Row?]` per slot), so reserving
    /// slots fills only plain arrays, and a tableau releases only the rows it holds
    /// (Documentation/Solver.md, "Branch kiwiratio"); the symbol beside its row, not in an array
    /// of its own parallel to the rows: one allocation and release fewer per solver
    /// (Documentation/Solver.md, "Branch solverlean").
    private var basicRows: [BasicRow] = []
    /// For each symbol's slot, the restricted basic symbols whose rows mention it, in no
    /// particular order, and apart from them the basic user variables whose rows mention it. Kept
    /// apart so a pivot that defers user rows never walks them, and the ratio test reads only what
    /// it needs. Both are lists of one `SpanLists` pool, their spans kept in the slot's entry
    /// (`SlotEntry.restricted`, `SlotEntry.user`).
    /// Where each stored row's (symbol, basic) entry sits in the symbol's column is kept in the
    /// row's cell (`Row.Cell.position`), so an entry leaves in O(1) by swapping with the last: on
    /// a form every row mentions the shared label width, and searching that column on each
    /// cancelled cell made each pivot quadratic. Kept beside the row, not in a dictionary keyed
    /// by (column, basic): hashing that key was most of the time of a pivot on a 1,000-view form
    /// (Documentation/Performance.md); and in the cell itself, not in a second pool of spans
    /// parallel to the rows, which every row's change rewrote (Documentation/Solver.md, "Branch
    /// smallrows").
    private var columns = SpanLists<Symbol>()
    /// Whether the column index (`columns`, the spans in `slotEntries`, the cells' positions) is
    /// kept. A tableau starts without it and builds it once it holds more than `indexedRows`
    /// rows (`buildIndex`); until then a column is read by scanning the rows, each row's
    /// `BasicRow.mask` ruling out most of them in one test. Kiwi keeps no index at all and scans
    /// its few rows: on a layout's small solvers the index's upkeep (a link per cell a stored
    /// row gains, an unlink per cell it loses, the pool filled ahead) cost more than every scan
    /// it saved (Documentation/Solver.md, "Branch solverkiwi"). Large tableaus (a form's shared
    /// width in every row) keep it: there a scan per pivot would be quadratic.
    private(set) var indexed = false
    /// The most rows a tableau holds without its column index (`indexed`).
    static let indexedRows = 32
    /// Every basic symbol, in no particular order (choices among them go by id). Made on each
    /// read: the analyses read it once a pass, the tableau itself never.
    var basics: [Symbol] { basicRows.map(\.basic) }
    /// What the tableau keeps per slot (`SlotEntry`): where a basic symbol's row sits, the
    /// symbol's partner, whether the objective may hold it. One array, not three: each was an
    /// allocation, a fill and a release per solver, and a layout's solve makes two solvers
    /// (Documentation/Solver.md, "Branch solverlean").
    private var slotEntries: [SlotEntry] = []
    /// Objective rows, highest priority first; `levels[i]` is the priority of `objective[i]`.
    /// Read freely; change through `addToObjective` (or assign whole), which keep
    /// `SlotEntry.mayHoldInObjective` right.
    var objective: [CostRow] {
        get { costRows }
        set {
            costRows = newValue
            for row in newValue { markInObjective(row.cells.lazy.map(\.0)) }
        }
    }
    private var costRows: [CostRow] = []
    /// Each level's priority and weight (`LevelFacts`), parallel to `costRows`: one array for
    /// the two, an allocation and a release fewer per solver than an array each
    /// (Documentation/Solver.md, "Branch solverlean"). Kept beside the cost rows, not in them:
    /// a cost row of six fields was copied through its fields' value witnesses, which looked
    /// their types up at run time on every copy.
    private var levelFacts: [LevelFacts] = []
    /// The levels' priorities, highest first: `levels[i]` is the priority of `objective[i]`.
    /// Those that build an objective whole set it after `objective`.
    var levels: [Double] {
        get { levelFacts.map(\.priority) }
        set {
            levelFacts = newValue.map { LevelFacts(priority: $0) }
        }
    }
    /// For each level, the sum of the magnitudes of its constraints' coefficients as written
    /// (`Solver.makeRow` adds, `Solver.remove` takes away): what moving every variable by the
    /// format's point tolerance can change the level's error by, so `Tolerance.frame` times it
    /// (at most `frame` itself) is how much of the level a lower one may take (`budget`).
    /// Copied as it is by a refactorisation, which keeps the constraints. Kept in `levelFacts`.
    var levelWeights: [Double] {
        get { levelFacts.map(\.weight) }
        set {
            for index in levelFacts.indices { levelFacts[index].weight = index < newValue.count ? newValue[index] : 0 }
        }
    }
    /// Phase-one objective while a constraint is added through an artificial variable.
    var artificial: CostRow?
    /// While minimising: the rows of basic user variables whose update is put off (`substitute`).
    private var deferred: [Symbol]?
    /// The largest magnitude any row's constant (a basic symbol's value) has reached in this
    /// tableau. Rounding in the rows is relative to the largest terms they ever added and
    /// cancelled, and it stays after the constraints that forced those terms are gone: a double's
    /// ulp at 2e12 is 2.4e-4, more than the frame tolerance. `Solver.optimize` compares it with
    /// `magnitude` to decide whether the rows should be rebuilt from the live constraints.
    private(set) var peak = 0.0
    /// The largest cell a row has held since the tableau was built or last refactorised. A row
    /// solved for a subject through a small coefficient divides its other cells by it, and a
    /// chain of the format's multipliers (1000·v3, v3 = 1e6·v2) makes cells of 1e9 while every
    /// value stays below 10: their rounding (an ulp of 1e9 is 1.2e-7) stays in the cells the
    /// later pivots make from them, where `peak` never sees it (`Solver.refactoredCellPeak`).
    private(set) var cellPeak = 0.0
    /// The largest term any level's cost row has added since it was made (`CostRow.peak`;
    /// `Solver.refactoredCostPeak`).
    var costPeak: Double { costRows.reduce(0) { max($0, $1.peak) } }
    /// How many pivots so far divided by a cell at or below the pivot tolerance, which may be
    /// rounding: the rows they made can say what the constraints do not, so a caller that
    /// relies on the rows being right after such pivots checks them against the constraints
    /// (`Solver.addWithArtificialVariable`).
    private(set) var slightPivots = 0
    /// Whether the last minimisation's levels priced out a symbol with a cost above their
    /// roughness but at or below the pivot tolerance, where a cost may be real or rounding
    /// (`pricedOutDoubtfully`). A flag, not the list: layouts' costs are products of
    /// multipliers near 1, so it stays false for them, and a list made `price` cost 1,000
    /// instructions a solve more on dynamic-height-columns.
    private(set) var pricedDoubtfully = false
    /// Scratch for `substitute`: a changed row's cells as they were (with their column
    /// positions). Kept from change to change so that it does not allocate once it has grown
    /// (Documentation/Solver.md, "Lean adds").
    private var scratchCells: [Row.Cell] = []

    enum Goal { case main, artificial }

    /// External ids (≥ 0) take the even slots, internal ids (< 0) the odd ones: 2·id for
    /// id ≥ 0, −2·id − 1 below. Computed without a branch (the zigzag code: the doubled id,
    /// flipped bit by bit when the id is negative, `~(2·id)` = −2·id − 1), the same slot for
    /// every id: the tableau computes a slot for nearly every cell it reads, about 2,000
    /// instructions a solve of dynamic-height-label-and-text-field with the branch
    /// (Documentation/Solver.md, "Branch rowpool"). Ids are far below 2⁶², so the doubling
    /// never wraps.
    @inline(__always)
    static func slot(_ symbol: Symbol) -> Int { (symbol.id &<< 1) ^ (symbol.id >> 63) }

    /// Number of slots in use: an upper bound on `slot(_:)` of every symbol seen so far.
    var slotCount: Int { slotEntries.count }

    @inline(__always)
    private mutating func reserve(_ slot: Int) {
        guard slot >= slotEntries.count else { return }
        reserveSlots(max(slot + 1, slotEntries.count * 2, 16))
    }

    /// Makes room for the symbols of slots below `count` at once. A solver that knows its size
    /// (its variables, `Solver.place`) reserves up front instead of growing the slot arrays
    /// from 16 by doubling, each growth an allocation and a copy (Documentation/Solver.md, "Lean
    /// adds"). The column lists are spans of one pool (`SpanLists`), reserved with room for two
    /// entries per slot.
    mutating func reserveSlots(_ count: Int) {
        guard count > slotEntries.count else { return }
        basicRows.reserveCapacity(count / 2)
        // Filled from arrays of fillers made once (`append(copiesFrom:count:)`); the pool only
        // once the index is kept (`buildIndex` reserves it then).
        if indexed { columns.reserve(entries: 2 * count) }
        slotEntries.append(copiesFrom: SlotEntry.emptyCopies, count: count - slotEntries.count)
    }

    /// Records that `first` and `second` are the two symbols of one optional constraint.
    mutating func pair(_ first: Symbol, _ second: Symbol) {
        let (one, other) = (Self.slot(first), Self.slot(second))
        reserve(max(one, other))
        slotEntries[one].partner = second
        slotEntries[other].partner = first
    }

    // MARK: Rows and the column index

    func row(_ basic: Symbol) -> Row? {
        let position = place(Self.slot(basic))
        return position >= 0 ? basicRows[position].row : nil
    }

    func isBasic(_ symbol: Symbol) -> Bool { place(Self.slot(symbol)) >= 0 }

    /// The number of cells in `basic`'s row, or nil when it is not basic: read in place, where
    /// `row(_:)?.count` copies the row first (a retain and a release of its cells).
    func rowCount(_ basic: Symbol) -> Int? {
        let position = place(Self.slot(basic))
        return position >= 0 ? basicRows[position].row.count : nil
    }

    /// The value of `symbol`: its row's constant while it is basic, 0 otherwise. Read in place,
    /// where `row(_:)?.constant` copies the row first (a retain and a release of its cells): a
    /// solver's variables are read one by one after each solve (Documentation/Solver.md,
    /// "Branch smallrows").
    func value(of symbol: Symbol) -> Double {
        let position = place(Self.slot(symbol))
        return position >= 0 ? basicRows[position].row.constant : 0
    }

    /// Where the row of the symbol of `slot` sits in `rows`, or -1 when the symbol is not basic.
    @inline(__always)
    private func place(_ slot: Int) -> Int { slot < slotEntries.count ? slotEntries[slot].basicPosition : -1 }

    var rowCount: Int { basicRows.count }

    /// Adds `basic` to `symbol`'s column, returning its position there.
    private mutating func link(_ symbol: Symbol, _ basic: Symbol) -> Int {
        let column = Self.slot(symbol)
        reserve(column)
        return basic.isRestricted ? columns.append(basic, to: &slotEntries[column].restricted)
                                  : columns.append(basic, to: &slotEntries[column].user)
    }

    /// Takes `basic`, at `index`, out of `symbol`'s column; the last entry moves into its place,
    /// and its row's position for `symbol` follows.
    private mutating func unlink(_ symbol: Symbol, _ basic: Symbol, at index: Int) {
        let column = Self.slot(symbol)
        let restricted = basic.isRestricted
        let last = restricted ? columns.removeLast(from: &slotEntries[column].restricted)
                              : columns.removeLast(from: &slotEntries[column].user)
        let span = restricted ? slotEntries[column].restricted : slotEntries[column].user
        guard index < span.count else { return }
        columns[span, index] = last
        let moved = Self.slot(last)
        let position = place(moved)
        if position >= 0, let cell = basicRows[position].row.cellIndex(of: symbol) { basicRows[position].row.setPosition(index, at: cell) }
    }

    /// Empties a column, keeping its storage for the entries it may take later. The rows keep
    /// their cells (and positions) for the symbol: the caller removes those cells next.
    private mutating func clearColumn(_ column: Int, restricted: Bool, user: Bool) {
        if restricted { slotEntries[column].restricted.count = 0 }
        if user { slotEntries[column].user.count = 0 }
    }

    /// Brings the column index from `before` (the row's cells as they were, with their column
    /// positions) to `after`, the same row's new cells, whose positions it writes: a cell that
    /// stayed keeps its entry and position, a cell that came is linked, one that went is
    /// unlinked. `skipping` is a symbol whose column was already cleared. `after` is the
    /// caller's, out of `rows` or not yet stored there: `unlink` writes only the positions of
    /// rows other than `basic`'s (the entry it moves is never `basic`'s own, which is the one
    /// leaving), and `link` reads no row.
    private mutating func relink(_ basic: Symbol, from before: ArraySlice<Row.Cell>, to after: inout Row,
                                 skipping cleared: Symbol? = nil) {
        var old = before.startIndex
        let end = before.endIndex
        var new = 0
        let count = after.count
        while old < end || new < count {
            if new == count || (old < end && before[old].symbol.id < after.symbol(at: new).id) {
                if before[old].symbol != cleared { unlink(before[old].symbol, basic, at: Int(before[old].position)) }
                old += 1
            } else if old == end || after.symbol(at: new).id < before[old].symbol.id {
                after.setPosition(link(after.symbol(at: new), basic), at: new)
                new += 1
            } else {
                after.setPosition(Int(before[old].position), at: new)
                old += 1
                new += 1
            }
        }
    }

    /// Stores `row` as `basic`'s. Taken as its caller's to keep (`consuming`): the tableau writes
    /// each cell's column position into it (`relink`, `link`), which a row still shared with the
    /// caller would copy first.
    mutating func setRow(_ basic: Symbol, _ row: consuming Row) {
        let slot = Self.slot(basic)
        reserve(slot)
        let position = slotEntries[slot].basicPosition
        if position >= 0 {
            if indexed {
                // The old row stays in `rows` while the index follows: `relink` never reads it.
                let before = takeScratchCells(of: basicRows[position].row)
                relink(basic, from: before.cells[..<before.count], to: &row)
                scratchCells = before.cells
            } else {
                basicRows[position].mask = Self.mask(of: row)
            }
            peak = max(peak, abs(row.constant))
            cellPeak = max(cellPeak, row.largestCell)
            basicRows[position].row = row
        } else {
            slotEntries[slot].basicPosition = basicRows.count
            // The cells' largest in the same pass (`cellPeak`): a row solved for a new subject,
            // an add's or a pivot's, comes here, so this is where cells grow.
            var largest = cellPeak
            var mask: UInt64 = 0
            if indexed {
                for index in 0 ..< row.count {
                    row.setPosition(link(row.symbol(at: index), basic), at: index)
                    largest = max(largest, abs(row.value(at: index)))
                }
            } else {
                row.storage.withUnsafeBufferPointer { cells in
                    for cell in cells {
                        largest = max(largest, abs(cell.value))
                        mask |= Self.bit(cell.symbol)
                    }
                }
            }
            cellPeak = largest
            peak = max(peak, abs(row.constant))
            basicRows.append(BasicRow(basic: basic, row: row, mask: mask))
            if !indexed && basicRows.count > Self.indexedRows { buildIndex() }
        }
    }

    /// Starts keeping the column index (`indexed`): every stored row's cells linked into their
    /// columns, in the order of the rows. From here on the index follows every change, as it
    /// always did; a tableau never drops it.
    private mutating func buildIndex() {
        indexed = true
        columns.reserve(entries: 2 * slotEntries.count)
        for position in basicRows.indices {
            let basic = basicRows[position].basic
            var row = basicRows[position].row
            basicRows[position].row = Row()   // keeps the row's storage uniquely referenced while it changes
            for index in 0 ..< row.count { row.setPosition(link(row.symbol(at: index), basic), at: index) }
            basicRows[position].row = row
        }
    }

    /// The bit of a symbol in a row's mask (`BasicRow.mask`): its slot modulo 64.
    @inline(__always)
    static func bit(_ symbol: Symbol) -> UInt64 { 1 &<< UInt64(truncatingIfNeeded: slot(symbol) & 63) }

    /// The bits of a row's symbols (`BasicRow.mask`).
    static func mask(of row: Row) -> UInt64 {
        row.storage.withUnsafeBufferPointer { cells in
            var mask: UInt64 = 0
            for cell in cells { mask |= bit(cell.symbol) }
            return mask
        }
    }

    /// Whether the row stored at `position` holds a cell of `symbol`, whose bit is `bit`: the
    /// mask rules most rows out, the row's own search decides the rest. The column index's
    /// answer, read without it (`indexed`).
    @inline(__always)
    private func mentions(_ position: Int, _ symbol: Symbol, bit: UInt64) -> Bool {
        basicRows[position].mask & bit != 0 && basicRows[position].row.contains(symbol)
    }

    @discardableResult
    mutating func removeRow(_ basic: Symbol) -> Row? {
        let slot = Self.slot(basic)
        let position = place(slot)
        guard position >= 0 else { return nil }
        // Taken out first, so the caller's copy is the only one (a pivot changes it next).
        let row = basicRows[position].row
        basicRows[position].row = Row()
        // `unlink` never reads this row (the entry it moves is never the leaving row's own).
        if indexed {
            for index in 0 ..< row.count { unlink(row.symbol(at: index), basic, at: row.position(at: index)) }
        }
        let last = basicRows.removeLast()
        if position < basicRows.count {
            basicRows[position] = last
            slotEntries[Self.slot(last.basic)].basicPosition = position
        }
        slotEntries[slot].basicPosition = -1
        return row
    }

    /// Forgets the peak of the values reached so far: from now on it counts from the values the
    /// rows hold now.
    mutating func settlePeak() {
        peak = magnitude
        cellPeak = basicRows.reduce(0) { max($0, $1.row.largestCell) }
    }

    /// The largest magnitude of a basic symbol's value now (non-basic symbols are zero).
    var magnitude: Double {
        var largest = 0.0
        for position in basicRows.indices { largest = max(largest, abs(basicRows[position].row.constant)) }
        return largest
    }

    /// The basic symbols whose rows mention `symbol`, in no particular order.
    func unorderedColumn(_ symbol: Symbol) -> [Symbol] {
        guard indexed else { return scannedColumn(symbol, restricted: true) + scannedColumn(symbol, restricted: false) }
        let slot = Self.slot(symbol)
        return slot < slotEntries.count ? columns.array(slotEntries[slot].restricted) + columns.array(slotEntries[slot].user) : []
    }

    /// The restricted (or the user) basic symbols whose rows mention `symbol`, by scanning the
    /// rows, in their order: the column without the index (`indexed`).
    private func scannedColumn(_ symbol: Symbol, restricted: Bool) -> [Symbol] {
        let bit = Self.bit(symbol)
        var column: [Symbol] = []
        for position in basicRows.indices
        where basicRows[position].basic.isRestricted == restricted && mentions(position, symbol, bit: bit) {
            column.append(basicRows[position].basic)
        }
        return column
    }

    /// How many restricted and how many user basic symbols have rows that mention `symbol`,
    /// read without copying the column: choosing a new row's subject asks this of every user
    /// variable in the row, and on a chain the shared width's column holds a row per view, so
    /// copying it (`unorderedColumn`) made adding the chain quadratic (Documentation/Performance.md).
    func columnCounts(_ symbol: Symbol) -> (restricted: Int, user: Int) {
        guard indexed else {
            let bit = Self.bit(symbol)
            var counts = (restricted: 0, user: 0)
            for position in basicRows.indices where mentions(position, symbol, bit: bit) {
                if basicRows[position].basic.isRestricted { counts.restricted += 1 } else { counts.user += 1 }
            }
            return counts
        }
        let slot = Self.slot(symbol)
        return slot < slotEntries.count ? (slotEntries[slot].restricted.count, slotEntries[slot].user.count) : (0, 0)
    }

    /// The restricted basic symbols whose rows mention `symbol`, in no particular order.
    func restrictedColumn(_ symbol: Symbol) -> [Symbol] {
        guard indexed else { return scannedColumn(symbol, restricted: true) }
        let slot = Self.slot(symbol)
        return slot < slotEntries.count ? columns.array(slotEntries[slot].restricted) : []
    }

    /// How many restricted basic symbols have rows that mention the symbol of `slot`.
    @inline(__always)
    private func restrictedCount(_ slot: Int) -> Int {
        slot < slotEntries.count ? slotEntries[slot].restricted.count : 0
    }

    /// The `index`th restricted basic symbol whose row mentions the symbol of `slot` (below
    /// `restrictedCount`): read in place, where `restrictedColumn` copies the column.
    @inline(__always)
    private func restrictedEntry(_ slot: Int, _ index: Int) -> Symbol {
        columns[slotEntries[slot].restricted, index]
    }

    /// Calls `body` with each restricted basic symbol whose row mentions `symbol`, and the row:
    /// from the column index when it is kept, by scanning the rows otherwise (`indexed`), in no
    /// particular order either way (the callers' choices go by ratio and then id).
    @inline(__always)
    private func forEachRestrictedRow(mentioning symbol: Symbol, _ body: (Symbol, Row) -> Void) {
        if indexed {
            let column = Self.slot(symbol)
            for index in 0 ..< restrictedCount(column) {
                let basic = restrictedEntry(column, index)
                guard let row = row(basic) else { continue }
                body(basic, row)
            }
        } else {
            let bit = Self.bit(symbol)
            for position in basicRows.indices where basicRows[position].basic.isRestricted && mentions(position, symbol, bit: bit) {
                body(basicRows[position].basic, basicRows[position].row)
            }
        }
    }

    /// The restricted basic symbol whose row mentions `symbol`, when exactly one does.
    private func onlyRestrictedRow(mentioning symbol: Symbol) -> Symbol? {
        if indexed {
            let column = Self.slot(symbol)
            return restrictedCount(column) == 1 ? restrictedEntry(column, 0) : nil
        }
        let bit = Self.bit(symbol)
        var found: Symbol?
        for position in basicRows.indices where basicRows[position].basic.isRestricted && mentions(position, symbol, bit: bit) {
            guard found == nil else { return nil }
            found = basicRows[position].basic
        }
        return found
    }

    /// The basic symbols whose rows mention `symbol`, sorted by id.
    func column(_ symbol: Symbol) -> [Symbol] { unorderedColumn(symbol).sorted() }

    /// Replaces `symbol` everywhere (rows, objective, artificial objective) by `row`.
    ///
    /// While minimising, the rows of basic user variables are left as they are and only the
    /// symbol is noted: no ratio test or price ever reads them, and a row stays a true identity
    /// whatever happens to the symbols in it, so `canonicalize` can bring them up to date once,
    /// after many pivots, instead of after each. On a grid, those are the long rows (a view's x
    /// is the sum of the widths before it).
    mutating func substitute(_ symbol: Symbol, with row: Row) {
        guard indexed else { return substituteScanning(symbol, with: row) }
        let column = Self.slot(symbol)
        // A column no row mentions (a new row's subject, mostly: a user variable seen for the
        // first time) has nothing to substitute or clear: the objective is all there is.
        guard column < slotEntries.count,
              slotEntries[column].restricted.count > 0 || slotEntries[column].user.count > 0 else {
            return substituteObjective(symbol, with: row)
        }
        let user = deferred == nil
        if !user && slotEntries[column].user.count > 0 { deferred?.append(symbol) }
        // The column is read in place, restricted rows first, then the user rows: no row that
        // changes here gains or loses a cell of `symbol` through the index (its cell leaves,
        // skipped by `relink`, and `row` defines `symbol`, so has none), so the column stays as
        // it is until it is emptied, with its storage kept, at the end.
        var index = 0
        while index < slotEntries[column].restricted.count {
            substitute(symbol, with: row, into: columns[slotEntries[column].restricted, index])
            index += 1
        }
        if user {
            index = 0
            while index < slotEntries[column].user.count {
                substitute(symbol, with: row, into: columns[slotEntries[column].user, index])
                index += 1
            }
        }
        clearColumn(column, restricted: true, user: user)
        substituteObjective(symbol, with: row)
    }

    /// `substitute(_:with:)` without the column index (`indexed`): every row whose mask holds
    /// the symbol's bit is searched, and those that mention it change in place (out of `rows`
    /// while they do, so their storage is not shared), with their masks made again. The same
    /// rows change as through the index, each by the same merge, and the deferred user rows are
    /// noted alike; only the order the rows are visited in differs, and no row's change depends
    /// on another's.
    private mutating func substituteScanning(_ symbol: Symbol, with row: Row) {
        let bit = Self.bit(symbol)
        let deferring = deferred != nil
        var deferredHere = false
        for position in basicRows.indices where mentions(position, symbol, bit: bit) {
            if deferring && !basicRows[position].basic.isRestricted {
                if !deferredHere {
                    deferred?.append(symbol)
                    deferredHere = true
                }
                continue
            }
            var target = basicRows[position].row
            basicRows[position].row = Row()   // keeps the row's storage uniquely referenced while it changes
            target.substitute(symbol, with: row)
            peak = max(peak, abs(target.constant))
            basicRows[position].mask = Self.mask(of: target)
            basicRows[position].row = target
        }
        substituteObjective(symbol, with: row)
    }

    /// Substitutes `row` for `symbol` in `basic`'s row and brings the column index along. The
    /// row's old cells are copied into a scratch buffer kept across calls, so the row changes in
    /// place (`Row.insert`) and nothing is allocated once the buffers have grown.
    private mutating func substitute(_ symbol: Symbol, with row: Row, into basic: Symbol) {
        let slot = Self.slot(basic)
        let position = place(slot)
        guard position >= 0 else { return }
        var target = basicRows[position].row
        let before = takeScratchCells(of: target)
        basicRows[position].row = Row()   // keeps the row's storage uniquely referenced while it changes
        target.substitute(symbol, with: row)
        peak = max(peak, abs(target.constant))
        relink(basic, from: before.cells[..<before.count], to: &target, skipping: symbol)
        basicRows[position].row = target
        scratchCells = before.cells
    }

    /// The scratch buffer of cells, taken (so it stays uniquely referenced), with `row`'s cells
    /// written over its first `count`; cells past those are left from earlier rows and never
    /// read. The caller hands the buffer back (`scratchCells = …`) when done. Emptied and
    /// refilled instead, `removeAll(keepingCapacity:)` took the generic `replaceSubrange` path,
    /// about 90 instructions a change (Documentation/Solver.md, "Branch rowcells").
    private mutating func takeScratchCells(of row: Row) -> (cells: [Row.Cell], count: Int) {
        var cells = scratchCells
        scratchCells = []
        let count = row.count
        let kept = min(cells.count, count)
        row.storage.withUnsafeBufferPointer { source in
            cells.withUnsafeMutableBufferPointer { target in
                for index in 0 ..< kept { target[index] = source[index] }
            }
        }
        if kept < count { cells.append(contentsOf: row.storage[kept ..< count]) }
        return (cells, count)
    }

    /// Rewrites the user rows deferred while `entered` became basic in terms of non-basic
    /// symbols only. A deferred row can mention a user variable that became basic after it was
    /// deferred; that row is brought up to date first (rows only ever mention symbols that were
    /// non-basic when they were last rewritten, so there is no cycle).
    mutating func canonicalize(_ entered: [Symbol]) {
        // By slot, not a `Set<Symbol>`: a set's storage and hashing cost about 1,600
        // instructions a minimisation on a small tableau (Documentation/Solver.md, "Branch
        // rowcells"). Made at the first row looked at.
        var done: [Bool] = []
        // Depth first without recursion: a row is rewritten after the user rows it mentions.
        var pending: [(basic: Symbol, ready: Bool)] = []
        for symbol in entered where isBasic(symbol) {
            if indexed {
                let users = slotEntries[Self.slot(symbol)].user
                for index in 0 ..< users.count { pending.append((columns[users, index], false)) }
            } else {
                let bit = Self.bit(symbol)
                for position in basicRows.indices where !basicRows[position].basic.isRestricted && mentions(position, symbol, bit: bit) {
                    pending.append((basicRows[position].basic, false))
                }
            }
            while let (basic, ready) = pending.popLast() {
                if ready {
                    rewrite(basic)
                    continue
                }
                guard !Self.isMarked(basic, in: done) else { continue }
                Self.mark(basic, in: &done)
                guard let current = row(basic) else { continue }
                pending.append((basic, true))
                for other in current.symbols where other.kind == .external && isBasic(other) && !Self.isMarked(other, in: done) {
                    pending.append((other, false))
                }
            }
        }
    }

    /// Substitutes the basic symbols out of one row, touching the column index only for the
    /// cells that left or came (both cell lists are sorted by id: one merge finds them).
    ///
    /// The row changes in place, out of `rows` (so its storage is not shared), with its old
    /// cells in the scratch buffer, as in `substitute(_:with:into:)`; the symbols substituted
    /// are those basic before the first substitution, in id order, as always (no symbol's being
    /// basic changes here, and a row never holds its own basic symbol).
    private mutating func rewrite(_ basic: Symbol) {
        let slot = Self.slot(basic)
        let position = place(slot)
        guard position >= 0 else { return }
        var target = basicRows[position].row
        guard target.symbols.contains(where: isBasic) else { return }
        let before = takeScratchCells(of: target)
        // Out of `rows` while it changes; `basic` is in none of the rows read meanwhile (a row
        // never holds its own basic symbol), so its placeholder is never read.
        basicRows[position].row = Row()
        for cell in before.cells[..<before.count] where isBasic(cell.symbol) {
            guard let definition = row(cell.symbol) else { continue }
            target.substitute(cell.symbol, with: definition)
        }
        peak = max(peak, abs(target.constant))
        if indexed {
            relink(basic, from: before.cells[..<before.count], to: &target)
        } else {
            basicRows[position].mask = Self.mask(of: target)
        }
        basicRows[position].row = target
        scratchCells = before.cells
    }

    private mutating func substituteObjective(_ symbol: Symbol, with row: Row) {
        if isMarkedInObjective(symbol) {
            var found = false
            for index in costRows.indices where costRows[index].substitute(symbol, with: row) { found = true }
            slotEntries[Self.slot(symbol)].mayHoldInObjective = false
            if found { markInObjective(row) }
        }
        artificial?.substitute(symbol, with: row)
    }

    /// Makes `entering` basic in place of `leaving`.
    mutating func pivot(entering: Symbol, leaving: Symbol) {
        guard var row = removeRow(leaving) else { return }
        if let cell = row.solve(for: leaving, and: entering), abs(cell) <= Tolerance.pivot { slightPivots += 1 }
        substitute(entering, with: row)
        setRow(entering, consume row)
    }

    /// Removes a symbol's cells from every row and objective: it is fixed at zero from now on.
    mutating func eraseColumn(_ symbol: Symbol) {
        let column = Self.slot(symbol)
        if !indexed {
            let bit = Self.bit(symbol)
            for position in basicRows.indices where mentions(position, symbol, bit: bit) {
                basicRows[position].row.remove(symbol)
                basicRows[position].mask = Self.mask(of: basicRows[position].row)
            }
        } else if column < slotEntries.count {
            for basic in unorderedColumn(symbol) {
                let slot = Self.slot(basic)
                let position = place(slot)
                guard position >= 0 else { continue }
                // The cell leaves with its position; the column is emptied below.
                basicRows[position].row.remove(symbol)
            }
            clearColumn(column, restricted: true, user: true)
        }
        if isMarkedInObjective(symbol) {
            for index in costRows.indices { costRows[index].erase(symbol) }
            slotEntries[Self.slot(symbol)].mayHoldInObjective = false
        }
        artificial?.erase(symbol)
    }

    // MARK: The objective

    /// Adds `coefficient × symbol` to a level's cost row.
    mutating func addToObjective(_ symbol: Symbol, _ coefficient: Double, level: Int) {
        costRows[level].insert(symbol, coefficient)
        markInObjective(CollectionOfOne(symbol))
    }

    /// Adds `coefficient × row` to a level's cost row.
    mutating func addToObjective(_ row: Row, _ coefficient: Double, level: Int) {
        costRows[level].insert(row, coefficient)
        markInObjective(row)
    }

    private func isMarkedInObjective(_ symbol: Symbol) -> Bool {
        let slot = Self.slot(symbol)
        return slot < slotEntries.count && slotEntries[slot].mayHoldInObjective
    }

    /// `markInObjective(row.symbols)` without the lazy view: the slots are reserved in the
    /// same order (so the slot arrays grow exactly as before), then the flags are set through
    /// one buffer pointer instead of a uniqueness check per subscripted write (about 270
    /// instructions a row of a few cells; Documentation/Solver.md, "Branch solverpool").
    private mutating func markInObjective(_ row: Row) {
        let count = row.count
        guard count > 0 else { return }
        for index in 0..<count { reserve(Self.slot(row.symbol(at: index))) }
        slotEntries.withUnsafeMutableBufferPointer { entries in
            for index in 0..<count { entries[Self.slot(row.symbol(at: index))].mayHoldInObjective = true }
        }
    }

    private mutating func markInObjective<Symbols: Sequence<Symbol>>(_ symbols: Symbols) {
        for symbol in symbols {
            let slot = Self.slot(symbol)
            // The flag lives in the slot's entry, reserved with the others (by doubling, as a
            // column's symbol is); a slot beyond them has no row, partner or column yet.
            reserve(slot)
            slotEntries[slot].mayHoldInObjective = true
        }
    }

    /// The index of the objective row for an optional priority, creating it if needed.
    mutating func level(for priority: Double) -> Int {
        if let index = levelIndex(of: priority) { return index }
        let index = levelFacts.firstIndex { $0.priority < priority } ?? levelFacts.count
        // Appended, then moved down to its place: `insert(_:at:)` takes the generic
        // `replaceSubrange` path, about 480 instructions. Room for a layout's few priorities at
        // the first, so the rows do not grow at one, two and four.
        // Sixteen: a stack's documents reach nine levels, and growing both arrays at the ninth
        // cost about 1,500 instructions. The moves go through buffer pointers, which move the
        // cost rows without retaining and releasing their storage at each swap (`swapAt` on the
        // arrays did, about 80 instructions a step; Documentation/Solver.md, "Branch solverpool").
        if levelFacts.isEmpty {
            levelFacts.reserveCapacity(16)
            costRows.reserveCapacity(16)
        }
        levelFacts.append(LevelFacts(priority: priority))
        // Sixteen cells: `CostRow.insert(_:_:)` appends a row's cells as room before it merges,
        // and a row of eight grew (an allocation and a copy) at its substitutions.
        costRows.append(CostRow(capacity: 16))
        let last = levelFacts.count - 1
        if last > index {
            levelFacts.withUnsafeMutableBufferPointer { facts in
                var position = last
                while position > index {
                    facts.swapAt(position, position - 1)
                    position -= 1
                }
            }
            costRows.withUnsafeMutableBufferPointer { rows in
                var position = last
                while position > index {
                    rows.swapAt(position, position - 1)
                    position -= 1
                }
            }
        }
        return index
    }

    /// The index of the objective row of `priority`, if there is one: `levels.firstIndex(of:)`
    /// without making the array of priorities.
    func levelIndex(of priority: Double) -> Int? {
        levelFacts.firstIndex { $0.priority == priority }
    }

    /// Adds `weight` (the magnitudes of a constraint's coefficients, negative when it leaves) to
    /// a level's weight (`levelWeights`).
    mutating func weigh(level: Int, by weight: Double) {
        levelFacts[level].weight = max(0, levelFacts[level].weight + weight)
    }

    /// How much of a level's error a lower level may cost it through slight cells: the frame
    /// tolerance in the level's units when its coefficients sum to one or more (layouts), less
    /// when they sum to less, so the point never moves by more than the frame tolerance's worth
    /// of the level. A level of `−0.001·v3 + 8 = 0` alone changes by 1e-9 a unit of v0 through
    /// required `v3 = −1e-6·v0`; allowed 1e-6 of it, priority 1 took v0 500 units from the
    /// optimum, v3 5e-4 from it (fuzz-solver `refactor-gives-up-hair`). A level with no weight
    /// recorded (built by hand, as the analysis's programs are) keeps the frame tolerance.
    func budget(_ level: Int) -> Double {
        let weight = level < levelFacts.count ? levelFacts[level].weight : 0
        return weight > 0 ? Tolerance.frame * min(1, weight) : Tolerance.frame
    }

    /// The reduced cost of a symbol as a vector over the levels of a goal.
    func reducedCost(_ symbol: Symbol, goal: Goal) -> [Double] {
        switch goal {
        case .main: objective.map { $0.coefficient(for: symbol) }
        case .artificial: [artificial?.coefficient(for: symbol) ?? 0]
        }
    }

    // MARK: Primal simplex

    /// Minimises the goal lexicographically, one priority level at a time, highest first. Once a
    /// level is optimal, every symbol with a non-zero reduced cost there is priced out: it stays
    /// at zero in every later level, because the lower levels only pivot on symbols whose
    /// reduced costs at all higher levels are zero, and such pivots leave the higher cost rows
    /// unchanged. So each pass reads one cost row, never the vector over all levels. Bland's rule
    /// (smallest id first, for entering and for ties when leaving) prevents cycling on degenerate
    /// pivots. Returns false if unbounded.
    @discardableResult
    mutating func minimize(_ goal: Goal) -> Bool {
        var bounded = pivotAndCanonicalize(goal)
        if goal == .main && bounded && raiseSlightlyNegativeRows() { bounded = pivotAndCanonicalize(goal) }
        return bounded
    }

    private mutating func pivotAndCanonicalize(_ goal: Goal) -> Bool {
        deferred = []
        let bounded = pivotToOptimum(goal)
        let rows = deferred ?? []
        deferred = nil
        canonicalize(rows)
        return bounded
    }

    /// Raises, by dual pivots on cells above the pivot tolerance, the restricted rows an optimum
    /// left below zero by more than `belowZero` (`Tolerance.cancellation`) (and no more than the pivot
    /// tolerance, which the ratio test lets a row holding a slight cell pass; `leavingSymbol`);
    /// true when it pivoted, so the levels are minimised again from that feasible basis.
    ///
    /// Such a row is a vertex that is not one: in `priority-1-given-up-beside-a-quarter` the
    /// error of priority 750's `−0.001·v0 ≥ 0` was left at −2.5e-10 (0.001 × v0 = −2.5e-7, a real
    /// product of the format's multipliers, not rounding), and the level's costs, read at that
    /// basis, held v2 at 0.25 where priority 1 wants it at 0: given up by 0.44. A row left below
    /// zero by rounding alone (−1e-13 beside values of a thousand) is not touched.
    private mutating func raiseSlightlyNegativeRows() -> Bool {
        var pivoted = false
        for _ in 0..<basicRows.count {
            guard let leaving = lowestNegativeRow(), let row = row(leaving),
                  let entering = dualEntering(row, above: Tolerance.pivot) else { break }
            pivot(entering: entering, leaving: leaving)
            pivoted = true
        }
        return pivoted
    }

    /// The smallest-id restricted basic symbol below `−belowZero`, if any: one pass over the
    /// rows, no array made, since an optimum almost never has one. The dual simplex's row to
    /// raise next (`dualOptimize`), the refactorisation's feasibility check and the optimum's
    /// last pass read the same rule here.
    func lowestNegativeRow() -> Symbol? {
        var lowest: Symbol?
        for position in basicRows.indices {
            let basic = basicRows[position].basic
            if basic.isRestricted && basicRows[position].row.constant < -Self.belowZero && (lowest.map { basic < $0 } ?? true) {
                lowest = basic
            }
        }
        return lowest
    }

    private mutating func pivotToOptimum(_ goal: Goal) -> Bool {
        switch goal {
        case .artificial:
            // Phase one's costs count down to 1e-12 too, as the levels' do below: a cost of 1e-9
            // is real (three multipliers of 0.001 in a chain), and ignoring it refused a feasible
            // required bound (fuzz-solver `chained-thousandths-refused`). A cost no row blocks is
            // rounding below the pivot tolerance, as for the levels.
            var skipped: [Bool] = []
            while let (entering, direction) = enteringSymbol(in: artificial ?? CostRow(), pricedOut: skipped,
                                                             threshold: Tolerance.cancellation) {
                guard let leaving = leavingSymbol(entering, direction: direction) else {
                    guard abs((artificial ?? CostRow()).coefficient(for: entering)) <= Tolerance.pivot else { return false }
                    Self.mark(entering, in: &skipped)
                    continue
                }
                pivot(entering: entering, leaving: leaving)
            }
        case .main:
            // Filled from copies made once: `Array(repeating:count:)` looked up its storage's
            // metadata at run time, about 600 instructions a minimisation (Documentation/Solver.md,
            // "Branch rowcells").
            var pricedOut: [Bool] = []
            pricedOut.append(copiesFrom: SlotFillers.falses, count: slotCount)
            // Symbols an optimal level above holds with a cost of at most its roughness, and that
            // cost in units of the level's budget: a lower level may move one only as far as gives
            // up at most the budget of that level (`budget`: `Tolerance.frame` in the level's own
            // units, less for a level whose coefficients sum to less than one).
            var slight: [Symbol: Double] = [:]
            // The fraction of the budgets that slight moves have spent so far.
            var spent = 0.0
            // Kept in a local and stored once: passed as `&pricedDoubtfully` to `price`, a
            // method of the tableau, it made the compiler copy the tableau per call.
            var doubtful = false
            defer { pricedDoubtfully = doubtful }
            for level in objective.indices {
                // Whether the level's row holds a cost at or below the threshold: only then can
                // `worthwhileTinyCost` find one, so only then does it scan the row again.
                var holdsTiny = false
                while let (entering, direction) = enteringSymbol(level: level, pricedOut: pricedOut, threshold: Tolerance.cancellation,
                                                                 holdsTiny: &holdsTiny)
                        ?? (holdsTiny ? worthwhileTinyCost(level, pricedOut: pricedOut) : nil) {
                    // A slight move is checked against the budget before it is made, so it takes the
                    // ordinary ratio test: the long step swaps pairs in their rows at once, leaving
                    // each partner negative until the entering pivot moves past its breakpoint, and
                    // a move the budget then refused left them negative: priority 999 given up by
                    // 999,500 on a tableau no longer feasible (fuzz-solver
                    // `broken-tableau-after-slight-pivots`).
                    let slightCost = slight[entering]
                    guard let leaving = slightCost == nil
                            ? longStepLeaving(entering, direction: direction, level: level, pricedOut: pricedOut)
                            : leavingSymbol(entering, direction: direction) else {
                        // A level's cost is a sum of errors, never below zero, so a move nothing
                        // blocks means the cost is rounding, not real: above the pivot tolerance
                        // the tableau is broken; below it the symbol stays where it is.
                        guard abs(costRows[level].coefficient(for: entering)) <= roughness(level) else { return false }
                        Self.mark(entering, in: &pricedOut)
                        continue
                    }
                    guard let cost = slightCost else {
                        pivot(entering: entering, leaving: leaving)
                        continue
                    }
                    // A slight move spends the budgets of the levels above, together with every
                    // slight move before it; and it changes their cost rows, so a symbol they did
                    // not price out may cost them more than rounding now. Checked per move only,
                    // a chain of slight moves gave priority 750 up by 8.1e-6 where its budget is
                    // 1e-6: priority 251 moved slack-5 (1e-9 a unit at priority 750) by 600, and
                    // priority 50 then entered a slack that had cost priority 750 nothing before
                    // that move and 1e-6 a unit after it (fuzz-solver `priority-750-hair`).
                    let used = cost * step(entering, direction: direction, leaving: leaving)
                    guard spent + used <= 1 else {
                        Self.mark(entering, in: &pricedOut)
                        continue
                    }
                    spent += used
                    pivot(entering: entering, leaving: leaving)
                    for higher in 0..<level { price(higher, &pricedOut, &slight, &doubtful) }
                }
                // Costs down to 1e-12 count: a cost of 1e-9 is real, and a lower level that moved
                // its symbol by 4e5 gave up 4e-4 of this level (fuzz-solver
                // `optimum-outside-range`). Below that a cell is rounding (5.7e-14 after an edit
                // v0 = 0); pricing it out froze a symbol lower levels needed (`tiny-cost-rounding`).
                // Between the two, up to the pivot tolerance, a cost may be either: 2.1e-11 was
                // rounding after a removal, and pricing it out left a priority-50 wish 35.7 short
                // (`removed-edit-stalls-wish`). What decides is what the move costs this level:
                // there 2.1e-11 × 214, here 9.99e-10 × 3.8e5.
                price(level, &pricedOut, &slight, &doubtful)
            }
        }
        return true
    }

    /// Prices out what an optimal level's cost row says a lower level may not move: a symbol
    /// whose cost is above the level's roughness; one at or below it (and above a tenth of
    /// `Tolerance.cancellation`) is slight, noted with its cost in units of the level's budget
    /// (so one comparison serves every level) and moved only as far as that budget allows.
    /// Costs down to 1e-13 count (0.001 × 1e-9 = 1e-12 is a real product of the format's
    /// multipliers: `priority-251-given-up-after-rows-of-5e13`); below that a cost is rounding
    /// (5.7e-14 after an edit, `tiny-cost-rounding`), and budgeting one froze a symbol priority
    /// 750 needed, leaving it 0.0625 short (`priority-750-given-up-by-tiny-cost-budget`).
    ///
    /// A symbol priced out with a cost at or below the pivot tolerance sets `doubtful`: between
    /// the roughness and that tolerance a cost may be real or rounding, and the rows alone
    /// cannot tell (`pricedOutDoubtfully`).
    private func price(_ level: Int, _ pricedOut: inout [Bool], _ slight: inout [Symbol: Double], _ doubtful: inout Bool) {
        let rough = roughness(level)
        let budget = budget(level)
        let cost = costRows[level]
        cost.forEachCell { symbol, value in
            guard abs(value) > Tolerance.cancellation / 10 else { return }
            if abs(value) > rough {
                Self.mark(symbol, in: &pricedOut)
                if abs(value) <= Tolerance.pivot { doubtful = true }
            } else {
                slight[symbol] = max(slight[symbol] ?? 0, abs(value) / budget)
            }
        }
    }

    /// Whether a level of the last minimisation priced out a symbol with a doubtful cost
    /// (`pricedDoubtfully`) that a lower level would still move: a non-basic symbol whose cost
    /// at some level is above its roughness and at most the pivot tolerance, and at a lower
    /// level above that level's roughness with the sign the symbol may move in. Only then does
    /// the doubt decide anything, and `Solver.optimize` asks the refactorisation, where a cost
    /// is summed afresh from the constraints as written. In fuzz-solver
    /// `priority-50-given-up-by-a-half-at-small-values` priority 999's cost for the slack of a required bound was 4.08e-10, summed from terms
    /// near 2000 after a removal, where the exact cost is zero (refactorised, the cell is gone);
    /// it priced the slack out, and priority 50, whose cost for it was −2000, was left 0.49975
    /// short of `v0 = 0`.
    var pricedOutDoubtfully: Bool {
        guard pricedDoubtfully else { return false }
        for level in costRows.indices {
            let rough = roughness(level)
            var doubted = false
            costRows[level].forEachCell { symbol, value in
                guard !doubted, abs(value) > rough, abs(value) <= Tolerance.pivot, !isBasic(symbol) else { return }
                doubted = (level + 1 ..< costRows.count).contains { lower in
                    let cost = costRows[lower].coefficient(for: symbol)
                    return abs(cost) > roughness(lower) && !(symbol.isRestricted && cost > 0)
                }
            }
            if doubted { return true }
        }
        return false
    }

    /// The largest cost a level's row can hold as rounding alone: `Tolerance.cancellation`, or
    /// `CostRow.cancellation` (1e-14) of the largest term ever added to the row's cells where
    /// that is more (a double keeps about 16 digits of the terms a cell sums, and 1e-14 leaves
    /// two orders for the sums of a few, the cut below which the row drops a sum). It was the
    /// pivot tolerance, or 1e-12 of that term: then a real cost of 1e-9 a unit (0.001 × 1e-6,
    /// a product of the format's multipliers) in a row of terms near 1000 read as slight, and a
    /// lower level spent priority 999's budget on a step of 500, leaving it 5e-7 short and every
    /// level below judged from a point priority 999's optimum excludes (fuzz-solver
    /// `priority-500-given-up-by-a-half`, `priority-1-given-up-by-950`). A cost up to this and
    /// nothing blocking its move is rounding; an optimal level's cost up to this is slight, and
    /// a lower level may move its symbol only as far as gives up 1e-6 of the level. In fuzz-solver
    /// `chain-cost-rounding` priority 500's row had summed cells of 1e9 (c3 @251 `v2 = −1e6·v3`
    /// chained through `1000·v1 + 1 = 0`) and kept ±2.57e-8 on the errors of priority 250's
    /// `0.5·v3 = 0`, where the exact cost is zero. Read as real, that move was unbounded: the
    /// minimisation stopped there, "broken", and never reached priority 251, which was left
    /// missing by 1 (v3 = 0 where v3 = 0.000999999 meets it); 1e-14 of 1e9 still covers it.
    func roughness(_ level: Int) -> Double {
        max(Tolerance.cancellation, CostRow.cancellation * costRows[level].peak)
    }

    /// How far `entering` moves when it enters and `leaving` leaves: the leaving row's ratio.
    private func step(_ entering: Symbol, direction: Double, leaving: Symbol) -> Double {
        guard let row = row(leaving) else { return 0 }
        let coefficient = row.coefficient(for: entering) * direction
        return coefficient < 0 ? max(0, row.constant) / -coefficient : 0
    }

    /// Whether `mark` noted `symbol` in `flags`.
    @inline(__always)
    private static func isMarked(_ symbol: Symbol, in flags: [Bool]) -> Bool {
        let slot = Self.slot(symbol)
        return slot < flags.count && flags[slot]
    }

    /// Notes a symbol as priced out (or done), growing the flags if a slot lies beyond them.
    private static func mark(_ symbol: Symbol, in pricedOut: inout [Bool]) {
        let index = Self.slot(symbol)
        if index >= pricedOut.count {
            pricedOut.append(copiesFrom: SlotFillers.falses, count: max(index + 1, 2 * pricedOut.count, 16) - pricedOut.count)
        }
        pricedOut[index] = true
    }

    /// The smallest-id symbol whose move lowers `cost`: restricted ones may only grow, free
    /// (external) ones may move either way; dummies and priced-out symbols never enter, nor do
    /// costs of `threshold` or less. The priority levels use 1e-12: a reduced cost of −1e-9 on a
    /// slack that may grow by 4e5 is 4e-4 of the level left on the table. Phase one keeps the
    /// pivot tolerance: its row can hold rounding that did not cancel (2e-13 after a duplicate
    /// of `v1 = 1 − 0.001·v0`, fuzz-solver `pinned-variable-moves-far`), and entering on it
    /// refuses a feasible constraint.
    ///
    /// `holdsTiny` is set when the row holds a non-zero cost at or below `threshold`, the costs
    /// `worthwhileTinyCost` reads.
    private func enteringSymbol(in cost: CostRow, pricedOut: [Bool], threshold: Double) -> (Symbol, Double)? {
        var holdsTiny = false
        return enteringSymbol(in: cost, pricedOut: pricedOut, threshold: threshold, holdsTiny: &holdsTiny)
    }

    /// `enteringSymbol(in:…)` on a level's cost row, read in place: passed from the
    /// minimisation, which changes the tableau, `costRows[level]` made the compiler copy the
    /// whole tableau per call, and `objective[level]` copied the row (Documentation/Solver.md,
    /// "Branch rowpool").
    private func enteringSymbol(level: Int, pricedOut: [Bool], threshold: Double, holdsTiny: inout Bool) -> (Symbol, Double)? {
        enteringSymbol(in: costRows[level], pricedOut: pricedOut, threshold: threshold, holdsTiny: &holdsTiny)
    }

    private func enteringSymbol(in cost: CostRow, pricedOut: [Bool], threshold: Double, holdsTiny: inout Bool) -> (Symbol, Double)? {
        var tiny = false
        var best: (Symbol, Double)?
        cost.forEachCell { symbol, value in
            guard abs(value) > threshold else {
                if value != 0 { tiny = true }
                return
            }
            if let current = best, current.0 < symbol { return }
            guard mayEnter(symbol, cost: value, pricedOut: pricedOut) else { return }
            best = (symbol, value < 0 ? 1 : -1)
        }
        holdsTiny = tiny
        return best
    }

    /// Whether a symbol whose reduced cost is `cost` may enter to lower it: not a dummy, not
    /// priced out, not basic, and, when restricted, only with a negative cost (it may only
    /// grow). The rule of `enteringSymbol` and `worthwhileTinyCost` alike.
    @inline(__always)
    private func mayEnter(_ symbol: Symbol, cost: Double, pricedOut: [Bool]) -> Bool {
        guard symbol.kind != .dummy, !(symbol.isRestricted && cost > 0) else { return false }
        return !Self.isMarked(symbol, in: pricedOut) && !isBasic(symbol)
    }

    /// The smallest-id symbol whose reduced cost at `level` is at most `Tolerance.cancellation`
    /// (below what `enteringSymbol` reads) yet lowers the level by more than its budget in the
    /// step the ratio test allows it: a cost of 1e-12 a unit is 5e-7 of the level over a step of
    /// 5e5. In `refactor-gives-up-hair` priority 251's `−0.001·v3 + 8 = 0` reached v0 through
    /// required `v3 = −1e-6·v0` and c0's error, whose reduced cost was exactly −1e-12 (0.001 ×
    /// 1e-9), so the level was left 5e-7 short, v3 5e-4 from its optimum. A cost of rounding
    /// with a move nothing blocks is not taken (no leaving row), nor one whose move gains less
    /// than the budget: those were why the threshold is there (`tiny-cost-rounding`). Only
    /// levels that still hold such cells pay for the scan, which layouts' levels rarely do.
    private func worthwhileTinyCost(_ level: Int, pricedOut: [Bool]) -> (Symbol, Double)? {
        let budget = budget(level)
        var best: (Symbol, Double)?
        for (symbol, value) in objective[level].cells where value != 0 && abs(value) <= Tolerance.cancellation {
            if let current = best, current.0 < symbol { continue }
            guard mayEnter(symbol, cost: value, pricedOut: pricedOut) else { continue }
            let direction: Double = value < 0 ? 1 : -1
            guard let leaving = leavingSymbol(symbol, direction: direction),
                  abs(value) * step(symbol, direction: direction, leaving: leaving) > budget
                    || tinyMoveGains(symbol, direction: direction, level: level, pricedOut: pricedOut, moreThan: budget) else { continue }
            best = (symbol, direction)
        }
        return best
    }

    /// Whether moving `entering` (whose cost at `level` is below the entering threshold) gains
    /// the level more than `budget` before a row stops it, counting the move past each
    /// breakpoint the level's slope stays negative beyond, as the long step does: the gain of
    /// the first step alone misjudged a real cost. In fuzz-solver
    /// `priority-999-given-up-by-5e-4-through-a-5e-13-cost` priority 999's cost for the slack
    /// of required `1000·v1 + 0.001·v0 ≥ 0` was −4.99e-13 (0.0005 × 1e-6 × 0.000998, a clean
    /// product of the format's multipliers, nothing cancelled); its first step stopped at
    /// priority 1's edit of v1 after gaining 5e-7, below the budget of 1e-6, but that is a
    /// breakpoint, not a stop: past it priority 1's other error grows at no cost to priority
    /// 999, whose gain ran on to 385. `crossing` with a slope threshold of zero, not
    /// `−Tolerance.cancellation`: the slope is the tiny cost itself. A move nothing stops
    /// after its crossings is not taken (no leaving row), as before: a cost of rounding with an
    /// unbounded move (`tiny-cost-rounding`).
    private func tinyMoveGains(_ entering: Symbol, direction: Double, level: Int, pricedOut: [Bool], moreThan budget: Double) -> Bool {
        let blocking = blockingRows(entering, direction: direction)
        let cost = costRows[level]
        var slope = cost.coefficient(for: entering) * direction
        var gain = 0.0
        var reached = 0.0
        for candidate in blocking {
            gain -= slope * (candidate.ratio - reached)
            reached = candidate.ratio
            guard gain <= budget else { return true }
            guard let row = row(candidate.basic),
                  crossing(candidate.basic, row, entering: entering, direction: direction, slope: &slope,
                           cost: cost, pricedOut: pricedOut, below: 0) != nil else { return false }
        }
        return false
    }

    /// The restricted basic symbol that first reaches zero as `entering` moves (minimum ratio).
    ///
    /// A cell below the pivot tolerance blocks only when the step the other rows allow would take
    /// its row below zero by more than that tolerance; then every negative cell blocks, however
    /// small. What a cell does to its row is coefficient × step, and the step can be huge: a
    /// cut-off at 1e-9 let an entering symbol move by 1e12 past a row holding −1e-9 of it, taking
    /// a required row to −1000 (fuzz-solver `ratio-test-tiny-coefficient`,
    /// Documentation/Solver.md). But a degenerate row (constant 0) holding a cell of rounding,
    /// −5e-17 left of 1000 × 0.001 ≠ 1, blocked at a ratio of 0 and became the pivot: dividing by
    /// it filled the tableau with 2e16s, and a priority-751 wish was given up entirely
    /// (`tiny-pivot-gives-up-wish`); the step the other rows allowed, 667000, moves that row by
    /// 3e-11.
    private func leavingSymbol(_ entering: Symbol, direction: Double) -> Symbol? {
        var best: (ratio: Double, symbol: Symbol)?
        var tiny: [(constant: Double, coefficient: Double, symbol: Symbol)] = []
        func consider(_ ratio: Double, _ basic: Symbol) {
            if let current = best, ratio > current.ratio || (ratio == current.ratio && basic > current.symbol) { return }
            best = (ratio, basic)
        }
        forEachRestrictedRow(mentioning: entering) { basic, row in
            let coefficient = row.coefficient(for: entering) * direction
            guard coefficient < 0 else { return }
            if -coefficient <= Tolerance.pivot {
                tiny.append((max(0, row.constant), coefficient, basic))
                return
            }
            consider(max(0, row.constant) / -coefficient, basic)
        }
        let step = best?.ratio ?? .infinity
        if tiny.contains(where: { $0.constant + $0.coefficient * step < -Tolerance.pivot }) {
            for row in tiny { consider(row.constant / -row.coefficient, row.symbol) }
        }
        return best?.symbol
    }

    /// The leaving symbol for `entering` at a priority level, after crossing every breakpoint
    /// the level gains by crossing (a long-step, or bound-flipping, ratio test).
    ///
    /// The cost of a level is piecewise linear along the entering symbol's move: each blocking
    /// row whose basic symbol is one of an optional constraint's pair (slack and error, or two
    /// errors) is a breakpoint where that constraint's violation starts to grow instead of
    /// stopping the move. When the level's slope is still negative past the breakpoint, the
    /// move goes on: the pair is swapped in that row (the partner enters, the basic leaves),
    /// which is a pivot confined to the row because the partner appears in no other restricted
    /// row. The next blocking row that cannot be crossed leaves, through one ordinary pivot. On
    /// a form, every label's width equals the first label's, and each label's hugging and
    /// compression pair is a breakpoint of that shared width: one pivot per breakpoint, each
    /// substituting into every row that mentions the width, was quadratic.
    ///
    /// The swaps are done before the entering pivot, at the current vertex, where they leave
    /// the partner negative; the entering pivot then moves `entering` by the final ratio, past
    /// every crossed breakpoint, and each partner ends at or above zero. The level's cost falls
    /// by the area under its (negative) slope, so the long step never repeats a basis. When the
    /// first blocking row is the one that cannot be crossed, the choice is the ordinary minimum
    /// ratio with ties by id (Bland's rule), exactly as without the long step; a long step whose
    /// final ratio is zero would move nothing, so then too the ordinary choice is made.
    private mutating func longStepLeaving(_ entering: Symbol, direction: Double, level: Int, pricedOut: [Bool]) -> Symbol? {
        guard let first = leavingSymbol(entering, direction: direction) else { return nil }
        guard let firstRow = row(first), firstRow.constant > 0 else { return first }
        let cost = costRows[level]
        var slope = cost.coefficient(for: entering) * direction
        guard crossing(first, firstRow, entering: entering, direction: direction, slope: &slope, cost: cost, pricedOut: pricedOut) != nil else {
            return first
        }
        let blocking = blockingRows(entering, direction: direction)
        slope = cost.coefficient(for: entering) * direction
        var swaps: [(partner: Symbol, basic: Symbol)] = []
        var leaving = blocking[blocking.count - 1]
        for candidate in blocking.dropLast() {
            guard let row = row(candidate.basic),
                  let partner = crossing(candidate.basic, row, entering: entering, direction: direction, slope: &slope,
                                         cost: cost, pricedOut: pricedOut) else {
                leaving = candidate
                break
            }
            swaps.append((partner, candidate.basic))
        }
        guard leaving.ratio > 0 else { return first }
        for swap in swaps { pivot(entering: swap.partner, leaving: swap.basic) }
        return leaving.basic
    }

    /// The restricted rows that stop `entering` moving in `direction`, each with the step at
    /// which it reaches zero, nearest first (ties by id, Bland's rule): the breakpoints the long
    /// step (`longStepLeaving`) and a tiny cost's gain (`tinyMoveGains`) walk.
    private func blockingRows(_ entering: Symbol, direction: Double) -> [(ratio: Double, basic: Symbol)] {
        var blocking: [(ratio: Double, basic: Symbol)] = []
        forEachRestrictedRow(mentioning: entering) { basic, row in
            let coefficient = row.coefficient(for: entering) * direction
            guard coefficient < 0 else { return }
            blocking.append((max(0, row.constant) / -coefficient, basic))
        }
        blocking.sort { $0.ratio < $1.ratio || ($0.ratio == $1.ratio && $0.basic < $1.basic) }
        return blocking
    }

    /// Whether the move of `entering` may go on past the breakpoint of `basic`'s row, and if so
    /// the partner that takes the row and the level's slope beyond it. The partner must be
    /// non-basic, in no other restricted row, free to grow (not priced out, not a dummy) and
    /// grow with `entering` past the breakpoint (positive cell, above the pivot tolerance, so
    /// the swap never divides by rounding); the slope must stay below `threshold`
    /// (`−Tolerance.cancellation`; zero where the slope is a tiny cost, `tinyMoveGains`).
    private func crossing(_ basic: Symbol, _ row: Row, entering: Symbol, direction: Double, slope: inout Double,
                          cost: CostRow, pricedOut: [Bool], below threshold: Double = -Tolerance.cancellation) -> Symbol? {
        let slot = Self.slot(basic)
        guard slot < slotEntries.count, let partner = slotEntries[slot].partner, partner.kind != .dummy,
              !isBasic(partner) else { return nil }
        let partnerSlot = Self.slot(partner)
        guard partnerSlot >= pricedOut.count || !pricedOut[partnerSlot] else { return nil }
        guard onlyRestrictedRow(mentioning: partner) == basic else { return nil }
        let partnerCell = row.coefficient(for: partner)
        guard partnerCell > Tolerance.pivot else { return nil }
        let enteringCell = row.coefficient(for: entering) * direction
        let beyond = slope + cost.coefficient(for: partner) * -enteringCell / partnerCell
        guard beyond < threshold else { return nil }
        slope = beyond
        return partner
    }

    // MARK: Dual simplex

    /// What `dualOptimize` reached.
    enum DualOutcome: Equatable {
        /// Every restricted row is non-negative, through pivots above the pivot tolerance.
        case feasible
        /// Feasible, but some pivot was on a cell at or below the pivot tolerance: the caller
        /// must check the point against the constraints themselves before trusting it.
        case feasibleThroughSlightPivot
        /// Some restricted row has no cell that could raise it: the system is infeasible.
        case infeasible
    }

    /// How far below zero a restricted row may be and still count as feasible: rounding only.
    /// It was the pivot tolerance, 1e-9, an absolute cut that is a tenth of the allowance of a
    /// row with coefficients of 0.001: required `0.999·v0 + 1e-6 = 0`, added on a tableau of
    /// bands, left the band of `0.001·v0 = 0` at −1.01e-10, and it missed by 1.001e-9 against its
    /// 1e-9 (fuzz-solver `band-left-below-zero-by-a-tenth`). Rows of rounding alone stay well
    /// above −1e-12 at layouts' values.
    static let belowZero = Tolerance.cancellation

    /// Restores primal feasibility (no restricted basic below zero) while keeping optimality.
    ///
    /// A row with no usable cell above the pivot tolerance may still be raised by a slight one:
    /// cells are stored only when they do not cancel, so a small cell is a real product of the
    /// format's coefficients (0.001 × 1e-6 = 1e-9 for v0 in `1000·v1 + 0.001·v0 + 0.5 = 0`
    /// substituted into a bound on 0.001·v1), not rounding. Such a pivot is the last resort, and
    /// its outcome says so, because a slight cell can also be what is left of a cancellation
    /// that only nearly happened; the caller then checks the point it reached.
    mutating func dualOptimize() -> DualOutcome {
        var slight = false
        while let leaving = lowestNegativeRow() {
            guard let row = row(leaving) else { continue }
            guard let entering = dualEntering(row, above: Tolerance.pivot) ?? dualEntering(row, above: 0) else {
                return .infeasible
            }
            if abs(row.coefficient(for: entering)) <= Tolerance.pivot { slight = true }
            pivot(entering: entering, leaving: leaving)
        }
        return slight ? .feasibleThroughSlightPivot : .feasible
    }

    /// The dual simplex's entering symbol for an infeasible row: among the cells that raise it
    /// and exceed `threshold` in size, the smallest ratio of reduced cost to cell (ties by id).
    private func dualEntering(_ row: Row, above threshold: Double) -> Symbol? {
        var best: (ratio: [Double], symbol: Symbol)?
        for (symbol, coefficient) in row.cells where symbol.kind != .dummy {
            let usable = symbol.isRestricted ? coefficient > threshold : abs(coefficient) > threshold
            guard usable else { continue }
            let ratio = reducedCost(symbol, goal: .main).map { $0 / abs(coefficient) }
            if let current = best {
                let order = Self.compare(ratio, current.ratio)
                if order > 0 || (order == 0 && symbol > current.symbol) { continue }
            }
            best = (ratio, symbol)
        }
        return best?.symbol
    }

    /// Lexicographic comparison of two cost vectors with the pivot tolerance.
    static func compare(_ lhs: [Double], _ rhs: [Double]) -> Int {
        for (left, right) in zip(lhs, rhs) where abs(left - right) > Tolerance.pivot {
            return left < right ? -1 : 1
        }
        return 0
    }
}

/// What the tableau keeps for one slot (`Tableau.slotEntries`), in 40 bytes.
struct SlotEntry: Sendable {
    /// The other symbol of the same optional constraint (slack and error of an inequality, the
    /// two errors of an equality), or nil. The long-step ratio test (`longStepLeaving`) crosses
    /// a constraint's breakpoint by swapping the pair in its row.
    var partner: Symbol?
    /// Whether some level's cost row may hold the symbol. Set when a cell enters a cost row,
    /// cleared when the symbol is substituted or erased from every level (a cell that cancelled
    /// may leave it set: it only says where to look). Substituting a new basic symbol into the
    /// objective otherwise looks it up in every level's table, and a document with hundreds of
    /// priorities (random 10,000: 500 levels) spent a fifth of validating there, almost always
    /// on a symbol no level held (Documentation/Performance.md).
    var mayHoldInObjective = false
    /// Stored in 32 bits, as `ListSpan`'s fields are: a tableau of 2³¹ rows would be far past
    /// any memory; the conversion traps before.
    private var storedPosition: Int32 = -1
    /// The symbol's column, as two lists of `Tableau.columns`' pool: the restricted basic
    /// symbols whose rows mention it, and apart from them the basic user variables. Kept here,
    /// not in a span table of their own: one allocation, fill and release fewer per solver
    /// (Documentation/Solver.md, "Branch solverlean").
    var restricted = ListSpan()
    var user = ListSpan()

    /// Where the symbol's row sits in `Tableau.rows` (and the symbol in `basics`), or -1 when
    /// the symbol is not basic.
    var basicPosition: Int {
        get { Int(storedPosition) }
        set { storedPosition = Int32(newValue) }
    }

    /// Entries of slots no symbol has used yet, to copy from (`Array.append(copiesFrom:count:)`).
    static let emptyCopies = [SlotEntry](repeating: SlotEntry(), count: 256)
}

/// A basic symbol and its row (`Tableau.basicRows`).
struct BasicRow: Sendable {
    var basic: Symbol
    var row: Row
    /// While the tableau keeps no column index (`Tableau.indexed`): bit `slot % 64` is set for
    /// the slot of every symbol the row holds a cell of (`Tableau.bit`), so a column's scan
    /// passes over a row that cannot mention the symbol in one test. Not kept once the index is.
    var mask: UInt64 = 0
}

/// A priority level's priority and weight (`Tableau.levelFacts`).
struct LevelFacts: Sendable {
    var priority: Double
    var weight = 0.0
}
