import Foundation
#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
#endif

/// The raw bytes of a document, checked for what must never reach the XML parser.
///
/// Rejecting DTDs here, before libxml2 sees a byte, is the simplest proof that no entity
/// is expanded and no external resource is loaded, whatever the parser's options.
struct SourceBytes {
    let bytes: [UInt8]
    let path: String

    /// Reads a file, turning every way that can fail into a diagnostic at `path:1:1`.
    ///
    /// The file is opened non-blocking and checked with `fstat` on the open descriptor (not the
    /// path, which could be swapped between a check and the open) before a byte is read, so a
    /// FIFO with no writer, a terminal or a device is refused at once instead of blocking, and
    /// a file that grows while it is read is cut at the size limit and refused.
    static func load(path: String, limits: ReadingLimits = .standard) throws(DocumentError) -> SourceBytes {
        func fail(_ message: String) -> DocumentError {
            DocumentError([Diagnostic(message: message, file: path, location: SourceLocation(line: 1, column: 1))])
        }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            switch code {
            case ENOENT: throw fail("no such file")
            case EACCES: throw fail("cannot be opened for reading: permission denied")
            default: throw fail("cannot be opened for reading: \(String(cString: strerror(code)))")
            }
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw fail("cannot be read: \(String(cString: strerror(errno)))")
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw fail("is a directory, not a scene document")
        case S_IFIFO: throw fail("is a pipe (FIFO), not a regular file; scene documents are read from regular files only")
        case S_IFCHR, S_IFBLK: throw fail("is a device, not a regular file; scene documents are read from regular files only")
        case S_IFSOCK: throw fail("is a socket, not a regular file; scene documents are read from regular files only")
        default: throw fail("is not a regular file; scene documents are read from regular files only")
        }
        if Int(status.st_size) > limits.maximumFileSize {
            throw fail(limits.fileSizeMessage)
        }
        // Sized from fstat, plus one byte to notice a file that grew since; it grows further
        // only while the file does, and never past one byte over the limit (which `check` refuses).
        let ceiling = limits.maximumFileSize + 1
        var bytes = [UInt8](repeating: 0, count: min(Int(status.st_size) + 1, ceiling))
        var count = 0
        while true {
            if count == bytes.count {
                guard bytes.count < ceiling else { break }
                bytes += repeatElement(0, count: min(bytes.count, ceiling - bytes.count))
            }
            let read = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress.map { $0 + count }, buffer.count - count)
            }
            if read < 0 {
                if errno == EINTR { continue }
                throw fail("cannot be read: \(String(cString: strerror(errno)))")
            }
            if read == 0 { break }
            count += read
        }
        bytes.removeSubrange(count...)
        return try check(bytes, path: path, limits: limits)
    }

    /// Checks bytes that came from memory rather than a file.
    static func check(_ bytes: [UInt8], path: String, limits: ReadingLimits = .standard) throws(DocumentError) -> SourceBytes {
        func fail(_ message: String, _ location: SourceLocation?) -> DocumentError {
            DocumentError([Diagnostic(message: message, file: path, location: location)])
        }
        if bytes.count > limits.maximumFileSize {
            throw fail(limits.fileSizeMessage, SourceLocation(line: 1, column: 1))
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
        if let offset = text.documentTypeDeclarationOffset() {
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
