/// A column of the tableau. The kinds are the Cassowary paper's.
struct Symbol: Hashable, Comparable, Sendable {
    enum Kind: UInt8, Sendable {
        /// A user variable: unrestricted in sign.
        case external
        /// The slack of an inequality: non-negative, no cost.
        case slack
        /// The violation of an optional constraint: non-negative, costs at its priority.
        case error
        /// The marker of a required equality: always zero, never pivots.
        case dummy
        /// Phase-one helper while adding a constraint with no obvious subject.
        case artificial
    }

    let id: Int
    let kind: Kind

    /// Restricted symbols must stay non-negative; external ones may take any value.
    var isRestricted: Bool { kind != .external }

    /// Bland's rule orders candidates by id, which also makes every choice independent of
    /// dictionary iteration order, so results are bit-identical from run to run.
    static func < (lhs: Symbol, rhs: Symbol) -> Bool { lhs.id < rhs.id }

    /// The id alone: no two symbols of a solver share one (`Solver.newSymbol`), so hashing the
    /// kind as well only cost a second round of the hasher on every cost-row look-up. Choices
    /// never depend on a table's iteration order (they go by id), so the order this changes is
    /// immaterial.
    func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// The hash tables keyed by symbol (the cost rows, one per priority level) hash on every
    /// cell a pivot adds, and the standard hasher (SipHash, seeded) cost more than the rest of
    /// the addition. The id, mixed with the table's seed by SplitMix64's finaliser (a bijection
    /// on 64 bits with full avalanche), spreads as well for a table and costs a few
    /// multiplications; `hash(into:)` stays for every other use. Nothing depends on a table's
    /// iteration order (choices go by id, above), which the seed already varies from run to run.
    func _rawHashValue(seed: Int) -> Int {
        var mixed = UInt64(bitPattern: Int64(id)) &+ UInt64(bitPattern: Int64(seed)) &* 0x9E37_79B9_7F4A_7C15
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: mixed ^ (mixed >> 31))
    }
}
