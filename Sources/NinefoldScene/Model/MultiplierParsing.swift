extension Multiplier {
    /// Parses a number (`0.5`) or a ratio (`16:9`, `16/9`), the forms both scene documents and
    /// Interface Builder write; nil for anything else. Finiteness and zero are the caller's to
    /// judge, since each format words those errors its own way.
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).count == 2
            ? text.split(separator: ":", omittingEmptySubsequences: false)
            : text.split(separator: "/", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { NumberFormatting.parse(String($0)) }
        guard numbers.count == parts.count else { return nil }
        switch numbers.count {
        case 1: self.init(numbers[0])
        case 2: self.init(numerator: numbers[0], denominator: numbers[1])
        default: return nil
        }
    }
}
