/// Whether `sum`, the result of adding `added` to a cell holding `existing`, is what is left of a
/// cancellation and so should be dropped. The test is relative to the terms added, never an
/// absolute cut-off: a cell that is merely small (0.5 × 1e-9 from rows with 1e-3 coefficients) is
/// real and may later be divided by a pivot of 1e-6; dropping it lost 5e-4 of a required equality
/// and so a lexicographic trade (Documentation/Solver.md, "Tolerances"). `relative` is the
/// fraction of the larger term below which the sum is rounding: the rows' `Tolerance.cancellation`
/// unless a caller sums fewer times (`Tableau.eliminationCancellation`).
@inline(__always)
func cancels(_ sum: Double, _ existing: Double, _ added: Double, relative: Double = Tolerance.cancellation) -> Bool {
    abs(sum) <= relative * max(abs(existing), abs(added))
}

/// `basic = constant + Σ coefficient × symbol`, stored sparsely.
///
/// Before a subject is chosen, a row reads `0 = constant + Σ …`. Only the entries that are
/// non-zero are kept, as one array of (symbol, value) cells sorted by symbol id: layout rows are
/// short, so a sorted array beats a hash table (no hashing, no per-row allocation of buckets),
/// adding one row to another is a linear merge, and iteration order is the id order, so every
/// choice made while walking a row is deterministic without sorting. One array, not a symbols
/// array beside a values array: a row made per add allocated, checked for uniqueness, grew and
/// released two (Documentation/Solver.md, "Branch rowcells").
struct Row: Sendable {
    struct Cell: Sendable {
        var symbol: Symbol
        /// Bookkeeping of the tableau that stores the row: where this (symbol, row) entry sits in
        /// the symbol's column (`Tableau.relink`), so the entry leaves the column in O(1). Beside
        /// the cell rather than in a list of its own per row: it fits the padding between the
        /// symbol (9 bytes) and the value, so a cell stays 24 bytes, and the tableau keeps no
        /// second pool parallel to the rows (Documentation/Solver.md, "Branch smallrows").
        /// Meaningless in a row outside a tableau: the tableau writes it for every cell it
        /// stores, and no arithmetic reads it.
        var position: Int32 = 0
        var value: Double
    }

    private(set) var storage: [Cell]
    var constant: Double

    init(constant: Double = 0) {
        storage = []
        self.constant = constant
    }

    /// An empty row with room for `capacity` cells, so filling it grows no array.
    init(constant: Double, capacity: Int) {
        storage = []
        storage.reserveCapacity(capacity)
        self.constant = constant
    }

    var isEmpty: Bool { storage.isEmpty }

    /// Appends the cell `value × symbol` after every cell the row holds. Only for a symbol whose
    /// id is above every cell's and a non-zero value: there `insert(_:_:)` finds no cell, its sum
    /// `0 + value` is `value`, nothing cancels, and the cell goes at the end, which this does
    /// without the search and the shift (`Solver.makeRow`'s new slack and error symbols,
    /// Documentation/Solver.md, "Branch columns4").
    @inline(__always)
    mutating func appendCell(_ symbol: Symbol, _ value: Double) {
        storage.append(Cell(symbol: symbol, value: value))
    }

    /// The number of cells.
    var count: Int { storage.count }

    /// The symbol of the cell at `index` (below `count`), in id order.
    @inline(__always)
    func symbol(at index: Int) -> Symbol { storage[index].symbol }

    /// The value of the cell at `index` (below `count`).
    @inline(__always)
    func value(at index: Int) -> Double { storage[index].value }

    /// The column position stored with the cell at `index` (`Cell.position`).
    @inline(__always)
    func position(at index: Int) -> Int { Int(storage[index].position) }

    /// Stores the cell at `index`'s column position (`Cell.position`). A position past 2³¹
    /// would be a column of two billion rows; the conversion traps before.
    @inline(__always)
    mutating func setPosition(_ position: Int, at index: Int) { storage[index].position = Int32(position) }

    /// The cells' symbols in id order.
    var symbols: LazyMapCollection<[Cell], Symbol> { storage.lazy.map(\.symbol) }

    /// The cells' values, in the order of `symbols`.
    var values: LazyMapCollection<[Cell], Double> { storage.lazy.map(\.value) }

    /// The cells in id order.
    var cells: LazyMapCollection<[Cell], (Symbol, Double)> { storage.lazy.map { ($0.symbol, $0.value) } }

    /// The largest magnitude of a cell (0 for a row of none).
    var largestCell: Double {
        storage.withUnsafeBufferPointer { cells in cells.reduce(0) { max($0, abs($1.value)) } }
    }

    /// Position of `symbol`, or where it would be inserted.
    private func position(of symbol: Symbol) -> (index: Int, found: Bool) {
        var low = 0
        var high = storage.count
        while low < high {
            let middle = (low + high) / 2
            let id = storage[middle].symbol.id
            if id == symbol.id { return (middle, true) }
            if id < symbol.id { low = middle + 1 } else { high = middle }
        }
        return (low, false)
    }

    func coefficient(for symbol: Symbol) -> Double {
        let (index, found) = position(of: symbol)
        return found ? storage[index].value : 0
    }

    func contains(_ symbol: Symbol) -> Bool { position(of: symbol).found }

    /// Where `symbol`'s cell sits among the cells, if the row has one.
    func cellIndex(of symbol: Symbol) -> Int? {
        let (index, found) = position(of: symbol)
        return found ? index : nil
    }

    /// Adds `coefficient × symbol`, dropping the cell when it cancels.
    mutating func insert(_ symbol: Symbol, _ coefficient: Double = 1) {
        let (index, found) = position(of: symbol)
        let existing = found ? storage[index].value : 0
        let sum = existing + coefficient
        if cancels(sum, existing, coefficient) {
            if found { removeCell(at: index) }
        } else if found {
            storage[index].value = sum
        } else {
            insertCell(Cell(symbol: symbol, value: sum), at: index)
        }
    }

    /// Puts a new cell at `index`: appended, then moved down past the cells above it. Internal
    /// symbols have negative ids, newest lowest, so a new slack or error goes to the front of
    /// its row, and `Array.insert(_:at:)` took a generic path costing a few hundred
    /// instructions a cell (Documentation/Solver.md, "Lean adds").
    /// The cells are moved through one buffer pointer: each subscripted write checked that the
    /// storage was unique again (Documentation/Solver.md, "Branch smallrows").
    private mutating func insertCell(_ cell: Cell, at index: Int) {
        storage.insertShifting(cell, at: index)
    }

    /// Takes out the cell at `index`, moving the cells after it down by one: what
    /// `Array.remove(at:)` does, without its generic path (about 70 instructions a call).
    @discardableResult
    private mutating func removeCell(at index: Int) -> Cell {
        storage.removeShifting(at: index)
    }

    /// Removes the cell of `symbol`, returning its coefficient.
    @discardableResult
    mutating func remove(_ symbol: Symbol) -> Double? {
        let (index, found) = position(of: symbol)
        guard found else { return nil }
        return removeCell(at: index).value
    }

    /// Adds `coefficient × other` in one merge. The tableau's column index follows by comparing
    /// the row's cells before and after (`Tableau.relink`, one more merge); the merge used to
    /// report the symbols that came and went as well, into arrays no caller read, and growing
    /// them was most of the 15 % that growing symbol arrays took of solving nested-stack-views
    /// (Documentation/Performance.md, "Branch small").
    ///
    /// The merge is done in place, from the back: `other`'s cells are appended as room, and the
    /// merged cells are written from the end down, so the write position never passes an unread
    /// cell of this row (it stays ahead by the cells of `other` not yet read, plus every cell
    /// dropped). A merge into new arrays allocated and freed them on every substitution: most
    /// of what a small tableau's pivots cost (Documentation/Performance.md, "Branch
    /// solveradd"). Each cell is computed by the same expression as before, so rows are the same
    /// bit for bit.
    mutating func insert(_ other: Row, _ coefficient: Double = 1) {
        constant += other.constant * coefficient
        let theirCount = other.storage.count
        guard theirCount > 0 else { return }
        var merged = storage
        storage = []   // keeps the local copy uniquely referenced while it changes
        var mine = merged.count - 1
        merged.append(contentsOf: other.storage)
        var theirs = theirCount - 1
        var write = merged.count - 1
        merged.withUnsafeMutableBufferPointer { cells in
            other.storage.withUnsafeBufferPointer { others in
                while theirs >= 0 {
                    if mine >= 0 && cells[mine].symbol.id > others[theirs].symbol.id {
                        cells[write] = cells[mine]
                        mine -= 1
                        write -= 1
                    } else if mine < 0 || others[theirs].symbol.id > cells[mine].symbol.id {
                        let value = others[theirs].value * coefficient
                        if value != 0 {
                            cells[write] = Cell(symbol: others[theirs].symbol, value: value)
                            write -= 1
                        }
                        theirs -= 1
                    } else {
                        let added = others[theirs].value * coefficient
                        let sum = cells[mine].value + added
                        if !cancels(sum, cells[mine].value, added) {
                            cells[write] = Cell(symbol: cells[mine].symbol, value: sum)
                            write -= 1
                        }
                        mine -= 1
                        theirs -= 1
                    }
                }
                // This row's remaining cells sit below; they move up only if cells were dropped.
                while mine >= 0 && write != mine {
                    cells[write] = cells[mine]
                    mine -= 1
                    write -= 1
                }
            }
        }
        if mine < 0 && write >= 0 { merged.removeSubrange(0...write) }
        storage = merged
    }

    mutating func reverseSign() {
        constant = -constant
        storage.withUnsafeMutableBufferPointer { cells in
            for index in cells.indices { cells[index].value = -cells[index].value }
        }
    }

    /// Rewrites `0 = … + a·symbol + …` as `symbol = …`.
    /// Returns the coefficient it divided by (nil when the row does not hold `symbol`).
    @discardableResult
    mutating func solve(for symbol: Symbol) -> Double? {
        guard let coefficient = remove(symbol) else { return nil }
        let scale = -1 / coefficient
        constant *= scale
        // Through one buffer pointer: a subscripted write per cell checked uniqueness each time.
        storage.withUnsafeMutableBufferPointer { cells in
            for index in cells.indices { cells[index].value *= scale }
        }
        return coefficient
    }

    /// Rewrites `lhs = … + a·rhs + …` as `rhs = …` (a pivot on this row); returns a.
    @discardableResult
    mutating func solve(for lhs: Symbol, and rhs: Symbol) -> Double? {
        insert(lhs, -1)
        return solve(for: rhs)
    }

    /// Replaces `symbol` by the right-hand side of its defining row.
    mutating func substitute(_ symbol: Symbol, with row: Row) {
        guard let coefficient = remove(symbol) else { return }
        insert(row, coefficient)
    }
}

/// One priority level's objective: the sum of its error symbols, kept in terms of the non-basic
/// symbols. Unlike constraint rows a cost row can be long (every error of the level), and every
/// pivot adds a short row to it, so a long one is a hash table: an update costs the short row's
/// length. A layout's level mostly holds a few errors, and a hash table cost about 1,100
/// instructions to make (its storage's metadata is looked up at run time) and a hash per cell;
/// so up to `shortLimit` cells the row is one array of cells sorted by id, as a `Row` keeps
/// them, and it becomes a table when it grows past that (Documentation/Solver.md, "Branch
/// kiwiratio"). Every cell's value is computed by the same expression either way, so the rows
/// are the same bit for bit; only the order `cells` lists them in differs, and no choice
/// depends on that order (they go by id).
struct CostRow: Sendable {
    struct Cell: Sendable {
        var symbol: Symbol
        var value: Double
    }

    /// The cells sorted by id while the row is short; empty once it is a table.
    private var short: [Cell] = []
    /// The cells once the row has grown past `shortLimit`.
    private var table: [Symbol: Double]?
    var constant: Double = 0
    /// The largest term ever added to a cell of this row. A cell is a sum of such terms, so its
    /// rounding is relative to them, and it stays after they cancel: a level whose cells once
    /// held 1e9 (a chain of the format's multipliers, v2 = 1e6·v3 and 1000·v1) kept 2.6e-8 where
    /// the exact cost was zero (`Tableau.roughness`).
    private(set) var peak = 0.0

    /// The most cells kept as a sorted array: beyond it an insertion's shift costs more than a
    /// hash.
    static let shortLimit = 32

    /// Below this fraction of its larger term a cost cell's sum is dropped as rounding: 1e-14,
    /// a hundred times finer than the rows' `Tolerance.cancellation`. A reduced cost can be a
    /// real difference of terms a million times its size, and whether a cost is rounding is
    /// `Tableau.roughness`'s to read, against the row's peak, not this cut's to decide: priority
    /// 750's cost of 3.3e-7 a unit for v3 was −1000000.0000003333 + 1e6 (1000·v0 and
    /// 0.001 × 0.001/3 through the same rows), the rows' rule dropped it, and v3 stayed put with
    /// the level 667 short (fuzz-solver `priority-750-given-up-by-a-third`). A single sum still
    /// rounds by about 1e-16 of its terms, so what this drops is rounding alone.
    static let cancellation = 1e-14

    /// Made with room for a few errors (`Tableau.level(for:)`): a level grown from empty
    /// reallocated at one, two and four cells.
    init(capacity: Int = 0) {
        if capacity > 0 { short.reserveCapacity(capacity) }
    }

    /// The cells, each once, in no particular order.
    var cells: Cells { Cells(short: short, table: table) }

    struct Cells: Sequence {
        fileprivate let short: [Cell]
        fileprivate let table: [Symbol: Double]?

        func makeIterator() -> Iterator {
            Iterator(short: short, index: 0, table: table?.makeIterator())
        }

        struct Iterator: IteratorProtocol {
            fileprivate let short: [Cell]
            fileprivate var index: Int
            fileprivate var table: Dictionary<Symbol, Double>.Iterator?

            mutating func next() -> (Symbol, Double)? {
                if table != nil {
                    guard let (symbol, value) = table?.next() else { return nil }
                    return (symbol, value)
                }
                guard index < short.count else { return nil }
                defer { index += 1 }
                return (short[index].symbol, short[index].value)
            }
        }
    }

    /// Calls `body` with each cell, in the order `cells` lists them (the short cells by id, or
    /// the table's order), without making the `Cells` sequence: its iterator retained and
    /// released the cells' storage on every pass, and the minimisation reads a level's cells on
    /// every entering choice and pricing (Documentation/Solver.md, "Branch rowpool").
    @inline(__always)
    func forEachCell(_ body: (Symbol, Double) -> Void) {
        if let table {
            for (symbol, value) in table { body(symbol, value) }
            return
        }
        short.withUnsafeBufferPointer { cells in
            for cell in cells { body(cell.symbol, cell.value) }
        }
    }

    /// Position of `symbol` among the short cells, or where it would be inserted.
    private func position(of symbol: Symbol) -> (index: Int, found: Bool) {
        var low = 0
        var high = short.count
        while low < high {
            let middle = (low + high) / 2
            let id = short[middle].symbol.id
            if id == symbol.id { return (middle, true) }
            if id < symbol.id { low = middle + 1 } else { high = middle }
        }
        return (low, false)
    }

    func coefficient(for symbol: Symbol) -> Double {
        if let table { return table[symbol] ?? 0 }
        let (index, found) = position(of: symbol)
        return found ? short[index].value : 0
    }

    /// One look-up per cell: the table is searched once and the cell changed through its index
    /// (reading it and then assigning it searched twice).
    mutating func insert(_ symbol: Symbol, _ coefficient: Double = 1) {
        peak = max(peak, abs(coefficient))
        if table != nil {
            insertIntoTable(symbol, coefficient)
            return
        }
        let (index, found) = position(of: symbol)
        if found {
            let existing = short[index].value
            let sum = existing + coefficient
            if cancels(sum, existing, coefficient, relative: Self.cancellation) { removeShort(at: index) } else { short[index].value = sum }
        } else {
            let sum = 0 + coefficient
            guard !cancels(sum, 0, coefficient, relative: Self.cancellation) else { return }
            guard short.count < Self.shortLimit else {
                becomeTable()
                insertIntoTable(symbol, coefficient)
                return
            }
            // Appended, then moved down past the cells above it (`Row.insertCell`).
            short.insertShifting(Cell(symbol: symbol, value: sum), at: index)
        }
    }

    /// Takes out the short cell at `index` (`Row.removeCell`): the cells after it moved down
    /// through one buffer pointer, without `Array.remove(at:)`'s generic path.
    @discardableResult
    private mutating func removeShort(at index: Int) -> Cell {
        short.removeShifting(at: index)
    }

    private mutating func insertIntoTable(_ symbol: Symbol, _ coefficient: Double) {
        guard var cells = table else { return }
        table = nil   // keeps the table uniquely referenced while it changes
        if let index = cells.index(forKey: symbol) {
            let existing = cells.values[index]
            let sum = existing + coefficient
            if cancels(sum, existing, coefficient, relative: Self.cancellation) { cells.remove(at: index) } else { cells.values[index] = sum }
        } else {
            let sum = 0 + coefficient
            if !cancels(sum, 0, coefficient, relative: Self.cancellation) { cells[symbol] = sum }
        }
        table = cells
    }

    /// Moves the short cells into a hash table, for good.
    private mutating func becomeTable() {
        var cells = [Symbol: Double](minimumCapacity: 4 * Self.shortLimit)
        for cell in short { cells[cell.symbol] = cell.value }
        short = []
        table = cells
    }

    /// Adds `coefficient × row`. A short row that stays short (its cells and `row`'s together at
    /// most `shortLimit`) takes one merge, in place from the back as `Row.insert(_:_:)` does,
    /// instead of a binary search and a shift per cell; every cell is the same expression as
    /// the cell-by-cell insert's (`existing + value`, `0 + value` for a new one, each dropped by
    /// the same `cancels` test), the peak is raised by the same terms in the same order, and no
    /// symbol is met twice, so the row is the same bit for bit. A table, or a short row the
    /// cells could take past `shortLimit`, goes cell by cell: the point where it becomes a
    /// table is then where it always was (Documentation/Solver.md, "Branch solverpool").
    mutating func insert(_ row: Row, _ coefficient: Double = 1) {
        constant += row.constant * coefficient
        let theirCount = row.storage.count
        guard theirCount > 0 else { return }
        guard table == nil, short.count + theirCount <= Self.shortLimit else {
            for cell in row.storage { insert(cell.symbol, cell.value * coefficient) }
            return
        }
        var merged = short
        short = []   // keeps the local copy uniquely referenced while it changes
        // Grown once when the room does not fit, not at each append below: phase one's cost
        // row starts empty, and growing it cell by cell reallocated it several times.
        if merged.capacity < merged.count + theirCount {
            merged.reserveCapacity(max(merged.count + theirCount, 2 * merged.capacity))
        }
        var mine = merged.count - 1
        var theirs = theirCount - 1
        row.storage.withUnsafeBufferPointer { others in
            for cell in others { peak = max(peak, abs(cell.value * coefficient)) }
            // Room for `row`'s cells, overwritten by the merge below: appended one by one, as
            // `append(contentsOf: repeatElement(…))` took a generic path of about 250
            // instructions.
            let filler = Cell(symbol: others[0].symbol, value: 0)
            for _ in 0..<theirCount { merged.append(filler) }
        }
        var write = merged.count - 1
        merged.withUnsafeMutableBufferPointer { cells in
            row.storage.withUnsafeBufferPointer { others in
                while theirs >= 0 {
                    let theirID = others[theirs].symbol.id
                    if mine >= 0 && cells[mine].symbol.id > theirID {
                        cells[write] = cells[mine]
                        mine -= 1
                        write -= 1
                    } else if mine < 0 || theirID > cells[mine].symbol.id {
                        let value = others[theirs].value * coefficient
                        let sum = 0 + value
                        if !cancels(sum, 0, value, relative: Self.cancellation) {
                            cells[write] = Cell(symbol: others[theirs].symbol, value: sum)
                            write -= 1
                        }
                        theirs -= 1
                    } else {
                        let value = others[theirs].value * coefficient
                        let existing = cells[mine].value
                        let sum = existing + value
                        if !cancels(sum, existing, value, relative: Self.cancellation) {
                            cells[write] = Cell(symbol: cells[mine].symbol, value: sum)
                            write -= 1
                        }
                        mine -= 1
                        theirs -= 1
                    }
                }
                // This row's remaining cells sit below; they move up only if cells were dropped.
                while mine >= 0 && write != mine {
                    cells[write] = cells[mine]
                    mine -= 1
                    write -= 1
                }
            }
        }
        if mine < 0 && write >= 0 { merged.removeSubrange(0...write) }
        short = merged
    }

    /// Replaces `symbol` by `row`; returns whether the symbol was there.
    @discardableResult
    mutating func substitute(_ symbol: Symbol, with row: Row) -> Bool {
        guard let coefficient = remove(symbol) else { return false }
        insert(row, coefficient)
        return true
    }

    mutating func erase(_ symbol: Symbol) { remove(symbol) }

    /// Removes `symbol`'s cell, returning its value.
    @discardableResult
    private mutating func remove(_ symbol: Symbol) -> Double? {
        if table != nil { return table?.removeValue(forKey: symbol) }
        let (index, found) = position(of: symbol)
        return found ? removeShort(at: index).value : nil
    }
}

extension Array {
    /// Inserts `element` at `index` (at most `count`): appended, then moved down past the
    /// elements above it through one buffer pointer. `Array.insert(_:at:)` took a generic path
    /// costing a few hundred instructions a cell, and a subscripted write per element checked
    /// that the storage was unique again (Documentation/Solver.md, "Lean adds", "Branch
    /// smallrows"). The rows' and the short cost rows' cells both go through it.
    @inline(__always)
    mutating func insertShifting(_ element: Element, at index: Int) {
        append(element)
        withUnsafeMutableBufferPointer { elements in
            var position = elements.count - 1
            while position > index {
                elements[position] = elements[position - 1]
                position -= 1
            }
            elements[index] = element
        }
    }

    /// Takes out the element at `index`, moving the elements after it down by one through one
    /// buffer pointer: what `Array.remove(at:)` does, without its generic path (about 70
    /// instructions a call).
    @inline(__always) @discardableResult
    mutating func removeShifting(at index: Int) -> Element {
        let element = self[index]
        withUnsafeMutableBufferPointer { elements in
            var position = index
            while position + 1 < elements.count {
                elements[position] = elements[position + 1]
                position += 1
            }
        }
        removeLast()
        return element
    }
}
