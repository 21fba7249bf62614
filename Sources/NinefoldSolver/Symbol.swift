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
}
