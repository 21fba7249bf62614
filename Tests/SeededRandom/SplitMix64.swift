/// Deterministic pseudo-random numbers for the property tests of every stage (SplitMix64,
/// Steele, Lea and Flood 2014): a seed gives the same sequence on every machine and run, so a
/// failing trial is replayed from its seed. One generator for all test targets, so a trial's
/// numbers do not depend on which target's copy produced them.
public struct SplitMix64: Sendable {
    public var state: UInt64

    public init(state: UInt64) {
        self.state = state
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0 ..< bound`.
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// True once in `oneIn` draws on average.
    public mutating func chance(_ oneIn: Int) -> Bool { below(oneIn) == 0 }

    public mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
}
