import Foundation

/// The raw bytes of a document, checked for what must never reach the XML parser.
///
/// Rejecting DTDs here, before libxml2 sees a byte, is the simplest proof that no entity
/// is expanded and no external resource is loaded, whatever the parser's options.
struct SourceBytes {
    /// Scene documents are small; anything larger is almost certainly not one.
    static let maximumSize = 8 * 1024 * 1024

    let bytes: [UInt8]
    let path: String

    /// Reads a file, turning every way that can fail into a diagnostic.
    static func load(path: String, maximumSize: Int = SourceBytes.maximumSize) throws(DocumentError) -> SourceBytes {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw DocumentError([Diagnostic(message: "no such file", file: path, location: nil)])
        }
        if isDirectory.boolValue {
            throw DocumentError([Diagnostic(message: "is a directory, not a scene document", file: path, location: nil)])
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw DocumentError([Diagnostic(message: "cannot be opened for reading", file: path, location: nil)])
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: maximumSize + 1) ?? Data()
        } catch {
            throw DocumentError([Diagnostic(message: "cannot be read: \(error.localizedDescription)", file: path, location: nil)])
        }
        return try check([UInt8](data), path: path, maximumSize: maximumSize)
    }

    /// Checks bytes that came from memory rather than a file.
    static func check(_ bytes: [UInt8], path: String, maximumSize: Int = SourceBytes.maximumSize) throws(DocumentError) -> SourceBytes {
        func fail(_ message: String, _ location: SourceLocation?) -> DocumentError {
            DocumentError([Diagnostic(message: message, file: path, location: location)])
        }
        if bytes.count > maximumSize {
            throw fail("is larger than \(maximumSize / (1024 * 1024)) MiB; scene documents are far smaller", nil)
        }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw fail("the document is empty", SourceLocation(line: 1, column: 1))
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw fail("the document is UTF-16 encoded; scene documents must be UTF-8", SourceLocation(line: 1, column: 1))
        }
        let text = SourceText(bytes)
        if let offset = bytes.firstIndex(of: 0) {
            throw fail("the file contains NUL bytes: it is binary, not a scene document", text.location(ofOffset: offset))
        }
        if String(validating: bytes, as: UTF8.self) == nil {
            throw fail("the document is not valid UTF-8", text.location(ofOffset: firstInvalidUTF8Offset(bytes)))
        }
        if let offset = text.firstOccurrence(of: "<!DOCTYPE") {
            throw fail("document type declarations (<!DOCTYPE>) are not allowed: scene documents use no DTD or entities",
                       text.location(ofOffset: offset))
        }
        return SourceBytes(bytes: bytes, path: path)
    }

    /// The offset of the first byte that does not start a well-formed UTF-8 sequence.
    private static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int {
        var offset = 0
        while offset < bytes.count {
            let length: Int
            switch bytes[offset] {
            case 0x00..<0x80: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return offset
            }
            guard offset + length <= bytes.count,
                  String(validating: bytes[offset..<offset + length], as: UTF8.self) != nil else { return offset }
            offset += length
        }
        return max(0, bytes.count - 1)
    }
}
