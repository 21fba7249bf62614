import Testing
@testable import NinefoldLayout

/// `InstanceMetrics.decode` reads the kerning tables byte by byte (branch scale, for start-up
/// time). It must give exactly the pairs the tables' stated format gives: entries separated by
/// commas or newlines, each "first second adjustment" with the code points in hexadecimal and
/// the adjustment in decimal, anything else skipped. The oracle below is that definition
/// written the plain way, with `split` and the standard library's integer parsing.
struct KerningDecodingTests {
    static func reference(_ text: String) -> [UInt32: Int16] {
        var pairs: [UInt32: Int16] = [:]
        for entry in text.split(whereSeparator: { $0 == "," || $0 == "\n" }) {
            let fields = entry.split(separator: " ")
            guard fields.count == 3, let first = UInt32(fields[0], radix: 16),
                  let second = UInt32(fields[1], radix: 16), let value = Int16(fields[2]) else { continue }
            pairs[first << 16 | second] = value
        }
        return pairs
    }

    /// Every bundled table, as `KerningTableTests` lists them.
    static let tables = KerningTableTests.tables

    @Test(arguments: tables.indices)
    func everyBundledTableDecodesAsItsFormatSays(_ index: Int) {
        let decoded = InstanceMetrics.decode(Self.tables[index])
        #expect(!decoded.isEmpty)
        #expect(decoded == Self.reference(Self.tables[index]))
    }

    @Test func malformedEntriesAreSkippedAndTheRestKept() {
        // Entry by entry: kept (41 56 = 'A' 'V', −74); two fields; four fields; a non-hex code
        // point; an adjustment past Int16; a lone minus; a kept entry after a newline with runs
        // of spaces; an empty entry between two commas.
        let text = "41 56 -74,41 57,41 57 1 2,4g 41 3,41 58 40000,41 59 -,\n42  43   12,,"
        let expected: [UInt32: Int16] = [0x41 << 16 | 0x56: -74, 0x42 << 16 | 0x43: 12]
        #expect(InstanceMetrics.decode(text) == expected)
        #expect(Self.reference(text) == expected)
    }
}
