extension Array {
    /// `count` copies of `value`, as `Array(repeating:count:)` makes them, without its cost on a
    /// small array. The standard library's `init(repeating:count:)` allocates through
    /// `_allocateBufferUninitialized(minimumCapacity:)`, which is not inlinable and so looks up
    /// `_ContiguousArrayStorage<Element>`'s metadata at run time on every call (about 400
    /// instructions, callgrind, Swift 6.3); copying `repeatElement` goes through the
    /// specialised copy, whose storage type is known when compiling. The solve of a small
    /// document fills some fifty such arrays (Documentation/Performance.md, "Branch
    /// smallsolve").
    @inlinable
    public init(filled value: Element, count: Int) {
        self.init(repeatElement(value, count: count))
    }
}
