import Foundation
#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// Writes a report so that readers only ever see the old file or the whole new one.
///
/// The text goes to a fresh temporary file beside the destination (`mkstemp`, so concurrent
/// runs writing the same report never share one), is flushed to disk, then renamed over the
/// destination: `rename` within one directory is atomic on POSIX file systems. A run that fails
/// or is killed part-way leaves the destination as it was. The destination may never be one of
/// the documents the run read: a mistyped `-o` must not destroy the input.
struct AtomicFile {
    let path: String

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Refuses a destination that is the same file (by device and inode, so links and `./`
    /// spellings count) as any of `inputs`.
    func checkNotAnyOf(_ inputs: [String]) throws(Failure) {
        guard let target = Self.identity(of: path) else { return }
        for input in inputs where Self.identity(of: input) == target {
            throw Failure(description: "cannot write \(path): it is the document \(input) being read; "
                          + "choose another output file")
        }
    }

    func write(_ text: String) throws(Failure) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var template = Array("\(directory)/.\(url.lastPathComponent).ninefold-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else { throw failure("cannot create a temporary file in \(directory)") }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var written = false
        defer {
            if !written { unlink(temporary) }
        }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress.map { $0 + offset }, bytes.count - offset)
            }
            if count < 0 {
                if errno == EINTR { continue }
                let error = failure("cannot write \(path)")
                close(descriptor)
                throw error
            }
            offset += count
        }
        // mkstemp creates the file readable by its owner only; give it the mode a new file gets.
        let mask = umask(0)
        umask(mask)
        fchmod(descriptor, 0o666 & ~mask)
        guard fsync(descriptor) == 0 else {
            let error = failure("cannot write \(path)")
            close(descriptor)
            throw error
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else { throw failure("cannot write \(path)") }
        written = true
    }

    private func failure(_ what: String) -> Failure {
        Failure(description: "\(what): \(String(cString: strerror(errno)))")
    }

    /// Device and inode of the file a path names, following links; nil when there is none.
    private static func identity(of path: String) -> [UInt64]? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return [UInt64(status.st_dev), UInt64(status.st_ino)]
    }
}
