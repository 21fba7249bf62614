/// Many short lists of plain values in one array: the tableau's column index (which rows
/// mention a symbol). Each row's positions in those columns were a second such pool until branch
/// smallrows put them in the rows' cells (`Row.Cell.position`).
///
/// Each list is a span of one shared pool: its start, length and room. A list that outgrows its
/// room moves to the end of the pool with twice the room (or grows in place when it is the
/// pool's last span), leaving its old span unused; a list's spans add up to at most twice its
/// largest room, so the pool stays within a small multiple of the entries. The pool is filled
/// ahead (doubling), so a span's move costs no allocation until the room runs out. An array per
/// list cost an allocation at each column's first entry (about 500 instructions a `link` on
/// dynamic-height-label-and-text-field), a retain per empty list when the slots were reserved
/// and a release per list when the tableau went (Documentation/Solver.md, "Branch kiwiratio").
/// Here a new list costs nothing, and all the lists together are one array; the spans are
/// plain values the caller keeps (the tableau's slot entries, branch solverlean).
struct SpanLists<Element: SpanEntry>: Sendable {
    /// Entries below `end` belong to some span (used or left); the rest is room filled ahead.
    private var pool: [Element] = []
    private var end = 0

    /// A new list's first room.
    static var firstCapacity: Int { 4 }

    /// Makes room for `entries` entries in all before the pool grows. The spans are the
    /// caller's (`Tableau`'s slot entries hold them: one table fewer to allocate, fill and
    /// release per solver, Documentation/Solver.md, "Branch solverlean"); an empty list is
    /// `ListSpan()`.
    mutating func reserve(entries: Int) {
        if entries > pool.count { fill(entries - pool.count) }
    }

    /// Adds `count` entries of room to the pool.
    private mutating func fill(_ count: Int) {
        pool.append(copiesFrom: Element.fillerCopies, count: count)
    }

    /// The start of `count` entries of the pool that no span uses yet.
    private mutating func claim(_ count: Int) -> Int {
        let start = end
        end += count
        if end > pool.count { fill(max(end - pool.count, pool.count)) }
        return start
    }

    /// The entry at `index` of the list of `span` (below its count).
    @inline(__always)
    subscript(span: ListSpan, index: Int) -> Element {
        get { pool[span.start + index] }
        set { pool[span.start + index] = newValue }
    }

    /// The list's entries as an array of their own.
    func array(_ span: ListSpan) -> [Element] {
        Array(pool[span.start ..< span.start + span.count])
    }

    /// Moves `span` to room for at least `needed` entries, keeping its first `keeping` entries.
    private mutating func grow(_ span: inout ListSpan, to needed: Int, keeping: Int) {
        var capacity = max(Self.firstCapacity, 2 * span.capacity)
        while capacity < needed { capacity *= 2 }
        if span.capacity > 0 && span.start + span.capacity == end {
            _ = claim(capacity - span.capacity)
        } else {
            let start = claim(capacity)
            if keeping > 0 {
                let from = span.start
                pool.withUnsafeMutableBufferPointer { entries in
                    for offset in 0 ..< keeping { entries[start + offset] = entries[from + offset] }
                }
            }
            span.start = start
        }
        span.capacity = capacity
    }

    /// Appends `value` to the list of `span`, returning its index there.
    @discardableResult
    mutating func append(_ value: Element, to span: inout ListSpan) -> Int {
        let count = span.count
        if count == span.capacity { grow(&span, to: count + 1, keeping: count) }
        pool[span.start + count] = value
        span.count = count + 1
        return count
    }

    /// Removes and returns the last entry of the non-empty list of `span`.
    mutating func removeLast(from span: inout ListSpan) -> Element {
        let count = span.count - 1
        span.count = count
        return pool[span.start + count]
    }
}

/// One list's place in a `SpanLists` pool.
///
/// Stored in 32 bits each (12 bytes a span, not 24): a solver's slot entries, which hold the
/// spans, are copied whole when its slots are reserved. A pool of 2³¹ entries would be 32 GiB;
/// the conversion traps before.
struct ListSpan: Sendable {
    private var storedStart: Int32 = 0
    private var storedCount: Int32 = 0
    private var storedCapacity: Int32 = 0

    var start: Int {
        get { Int(storedStart) }
        set { storedStart = Int32(newValue) }
    }

    var count: Int {
        get { Int(storedCount) }
        set { storedCount = Int32(newValue) }
    }

    var capacity: Int {
        get { Int(storedCapacity) }
        set { storedCapacity = Int32(newValue) }
    }
}

extension Array {
    /// Appends `count` copies of the value that `copies` holds throughout, copied from it in
    /// chunks. Filling many entries, `append(contentsOf: repeatElement(…))` copies element by
    /// element (about 12 instructions each in callgrind), and `Array(repeating:count:)` looks
    /// up its storage's metadata at run time (about 960 in the static benchmark binary); a slice
    /// of an array made once is appended as one block copy (Documentation/Solver.md, "Branch
    /// kiwiratio"). `copies` must not be empty.
    mutating func append(copiesFrom copies: [Element], count: Int) {
        precondition(!copies.isEmpty || count <= 0, "no copies to append from")
        guard count > 0 else { return }
        reserveCapacity(self.count + count)
        var remaining = count
        // From the copies' buffer, not a slice of them: a slice's append copied element by
        // element (about 6 instructions an entry), a buffer's is one block copy
        // (Documentation/Solver.md, "Branch solverlean").
        copies.withUnsafeBufferPointer { source in
            while remaining > 0 {
                let chunk = Swift.min(remaining, source.count)
                append(contentsOf: UnsafeBufferPointer(rebasing: source[0 ..< chunk]))
                remaining -= chunk
            }
        }
    }
}

/// What a `SpanLists` pool holds: a plain value, with copies of a filler for room not yet used
/// (never read as an entry), copied from in chunks. A type's own, not a stored array, so an
/// empty tableau holds no reference to it (every `Solver()` makes one, used or not).
protocol SpanEntry: Sendable {
    static var fillerCopies: [Self] { get }
}

extension Symbol: SpanEntry {
    static var fillerCopies: [Symbol] { SlotFillers.symbols }
}

/// Copies of the fillers the tableau's slot arrays start with (`Tableau.reserveSlots`).
enum SlotFillers {
    static let falses = [Bool](repeating: false, count: 256)
    static let symbols = [Symbol](repeating: Symbol(id: 0, kind: .external), count: 256)
}
