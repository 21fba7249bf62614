/// Line and column arithmetic over a document's bytes.
///
/// libxml2 reports the line of an element where its start tag *ends* and knows no columns,
/// so the reader finds start tags and attributes itself and cites where they begin.
struct SourceText {
    let bytes: [UInt8]
    private let lineStarts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A {
            starts.append(offset + 1)
        }
        lineStarts = starts
    }

    /// 1-based line and column (in characters, not bytes) of a byte offset.
    func location(ofOffset offset: Int) -> SourceLocation {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let lineStart = lineStarts[low]
        let column = bytes[lineStart..<min(offset, bytes.count)].reduce(0) { count, byte in
            (byte & 0xC0) == 0x80 ? count : count + 1   // count scalars, not continuation bytes
        }
        return SourceLocation(line: low + 1, column: column + 1)
    }

    func firstOccurrence(of needle: String) -> Int? {
        let pattern = Array(needle.utf8)
        guard pattern.count <= bytes.count else { return nil }
        for start in 0...(bytes.count - pattern.count)
        where bytes[start] == pattern[0] && Array(bytes[start..<start + pattern.count]) == pattern {
            return start
        }
        return nil
    }

    /// Where each start tag begins and where each of its attributes begins, in document order.
    ///
    /// Only called on documents libxml2 found well-formed, so a simple scan is exact: it skips
    /// comments, processing instructions, CDATA and end tags, and respects quoted values.
    func startTags() -> [StartTag] {
        var tags: [StartTag] = []
        var index = 0
        let count = bytes.count
        func hasPrefix(_ text: String, at offset: Int) -> Bool {
            let pattern = Array(text.utf8)
            return offset + pattern.count <= count && Array(bytes[offset..<offset + pattern.count]) == pattern
        }
        func skip(past terminator: String, from offset: Int) -> Int {
            var position = offset
            while position < count && !hasPrefix(terminator, at: position) { position += 1 }
            return min(count, position + terminator.utf8.count)
        }
        while index < count {
            guard bytes[index] == UInt8(ascii: "<") else { index += 1; continue }
            if hasPrefix("<!--", at: index) { index = skip(past: "-->", from: index + 4); continue }
            if hasPrefix("<![CDATA[", at: index) { index = skip(past: "]]>", from: index + 9); continue }
            if hasPrefix("<?", at: index) { index = skip(past: "?>", from: index + 2); continue }
            if hasPrefix("</", at: index) || hasPrefix("<!", at: index) { index = skip(past: ">", from: index + 2); continue }
            let tagStart = index
            index += 1
            let nameStart = index
            while index < count && !Self.isDelimiter(bytes[index]) { index += 1 }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
            var attributes: [(name: String, location: SourceLocation)] = []
            while index < count && bytes[index] != UInt8(ascii: ">") {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    index += 1
                    while index < count && bytes[index] != byte { index += 1 }
                    index += 1
                } else if Self.isDelimiter(byte) || byte == UInt8(ascii: "=") {
                    index += 1
                } else {
                    let attributeStart = index
                    while index < count && !Self.isDelimiter(bytes[index]) && bytes[index] != UInt8(ascii: "=") {
                        index += 1
                    }
                    let attributeName = String(decoding: bytes[attributeStart..<index], as: UTF8.self)
                    attributes.append((attributeName, location(ofOffset: attributeStart)))
                }
            }
            tags.append(StartTag(name: name, location: location(ofOffset: tagStart), attributes: attributes))
            index += 1
        }
        return tags
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
            || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
    }
}

/// A start tag's position and its attributes' positions.
struct StartTag: Sendable {
    let name: String
    let location: SourceLocation
    let attributes: [(name: String, location: SourceLocation)]

    func location(ofAttribute attribute: String) -> SourceLocation {
        attributes.first { $0.name == attribute }?.location ?? location
    }
}
