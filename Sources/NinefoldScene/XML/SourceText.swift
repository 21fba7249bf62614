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

    /// The offset of a document type declaration in the prolog, where XML allows one, or nil.
    ///
    /// Only the prolog is scanned (byte order mark, XML declaration, processing instructions,
    /// comments, white space), so `<!DOCTYPE` quoted in a comment or in text is not mistaken
    /// for one; anywhere after the prolog a declaration is not well-formed and libxml2 stops
    /// there without reading it (and `LibXML` checks afterwards that no DTD was built).
    func documentTypeDeclarationOffset() -> Int? {
        var index = hasPrefix([0xEF, 0xBB, 0xBF], at: 0) ? 3 : 0
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D:
                index += 1
            case UInt8(ascii: "<"):
                if hasPrefix(Array("<!DOCTYPE".utf8), at: index) { return index }
                if hasPrefix(Array("<!--".utf8), at: index) {
                    index = skip(past: Array("-->".utf8), from: index + 4)
                } else if hasPrefix(Array("<?".utf8), at: index) {
                    index = skip(past: Array("?>".utf8), from: index + 2)
                } else {
                    return nil
                }
            default:
                return nil
            }
        }
        return nil
    }

    private func hasPrefix(_ pattern: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset + pattern.count <= bytes.count else { return false }
        for (index, byte) in pattern.enumerated() where bytes[offset + index] != byte { return false }
        return true
    }

    /// The offset just past the first `terminator` at or after `offset`, or the end.
    private func skip(past terminator: [UInt8], from offset: Int) -> Int {
        var position = offset
        while position < bytes.count && !hasPrefix(terminator, at: position) { position += 1 }
        return min(bytes.count, position + terminator.count)
    }

    /// Where each start tag begins and where each of its attributes begins, in document order.
    ///
    /// Only called on documents libxml2 found well-formed, so a simple scan is exact: it skips
    /// comments, processing instructions, CDATA and end tags, and respects quoted values.
    func startTags() -> [StartTag] {
        var tags: [StartTag] = []
        var index = 0
        let count = bytes.count
        var cursor = LocationCursor()
        func here(_ offset: Int) -> SourceLocation {
            cursor.advance(to: offset, in: bytes)
            return cursor.location
        }
        let comment = Array("<!--".utf8), commentEnd = Array("-->".utf8)
        let cdata = Array("<![CDATA[".utf8), cdataEnd = Array("]]>".utf8)
        let instruction = Array("<?".utf8), instructionEnd = Array("?>".utf8)
        let endTag = Array("</".utf8), declaration = Array("<!".utf8), close = Array(">".utf8)
        while index < count {
            guard bytes[index] == UInt8(ascii: "<") else { index += 1; continue }
            if hasPrefix(comment, at: index) { index = skip(past: commentEnd, from: index + 4); continue }
            if hasPrefix(cdata, at: index) { index = skip(past: cdataEnd, from: index + 9); continue }
            if hasPrefix(instruction, at: index) { index = skip(past: instructionEnd, from: index + 2); continue }
            if hasPrefix(endTag, at: index) || hasPrefix(declaration, at: index) {
                index = skip(past: close, from: index + 2)
                continue
            }
            let tagLocation = here(index)
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
                    attributes.append((attributeName, here(attributeStart)))
                }
            }
            tags.append(StartTag(name: name, location: tagLocation, attributes: attributes))
            index += 1
        }
        return tags
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
            || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
    }
}

/// Line and column of a position that only moves forward, so locating every tag of a document
/// costs one pass over it however long its lines are (counting each column from the start of
/// its line made a 20,000-tag single-line document quadratic).
struct LocationCursor {
    private var offset = 0
    private(set) var location = SourceLocation(line: 1, column: 1)

    /// Moves to `target`, which must not be before the current offset (earlier targets are ignored).
    mutating func advance(to target: Int, in bytes: [UInt8]) {
        var line = location.line
        var column = location.column
        while offset < min(target, bytes.count) {
            let byte = bytes[offset]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if (byte & 0xC0) != 0x80 {
                column += 1   // count scalars, not continuation bytes
            }
            offset += 1
        }
        location = SourceLocation(line: line, column: column)
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
