import Foundation
import Testing

/// The `ninefold` binary itself, run as a user would: `-o` writes atomically and never over an
/// input; special files are refused at once (Documentation/Reliability.md).
///
/// The binary is the one `swift build --build-tests` put beside the test bundle.
@Suite struct CommandLineOutputTests {
    static let binary: String = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0])
        .deletingLastPathComponent().appendingPathComponent("ninefold").path

    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Run {
        let status: Int32
        let standardError: String
    }

    static func run(_ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, standardError: String(decoding: data, as: UTF8.self))
    }

    /// A fresh directory holding a copy of a bundled document.
    static func workspace(_ name: String) throws -> (directory: String, document: String) {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("ninefold-cli-\(getpid())-\(name)").path
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let document = directory + "/quiz-view.xml"
        try FileManager.default.copyItem(atPath: repository.appendingPathComponent("Documents/quiz-view.xml").path,
                                         toPath: document)
        return (directory, document)
    }

    @Test func theBinaryIsBuilt() {
        #expect(FileManager.default.isExecutableFile(atPath: Self.binary), "\(Self.binary) missing")
    }

    /// `-o` naming the document being read, even through a symbolic link, is refused and the
    /// document keeps every byte.
    @Test func outputNeverOverwritesTheInput() throws {
        let (directory, document) = try Self.workspace("input")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let original = try Data(contentsOf: URL(fileURLWithPath: document))
        let link = directory + "/link.xml"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: document)
        for target in [document, link, directory + "/./quiz-view.xml"] {
            let run = try Self.run(["matrix", document, "--format", "html", "-o", target])
            #expect(run.status != 0 && run.status != 1)
            #expect(run.standardError.contains("it is the document \(document) being read"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: document)) == original)
        }
    }

    /// Eight runs writing the same report at once: the file ends whole and identical to one
    /// run's output, and no temporary file is left behind.
    @Test func concurrentRunsLeaveOneWholeReport() throws {
        let (directory, document) = try Self.workspace("concurrent")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let single = directory + "/single.json"
        #expect(try Self.run(["matrix", document, "--format", "json", "-o", single]).status == 1)
        let shared = directory + "/shared.json"
        let processes = try (0..<8).map { _ in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Self.binary)
            process.arguments = ["matrix", document, "--format", "json", "-o", shared]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        processes.forEach { $0.waitUntilExit() }
        // quiz-view is ambiguous on purpose, so every run exits 1 (findings), none 2 or worse.
        #expect(processes.allSatisfy { $0.terminationStatus == 1 })
        #expect(try Data(contentsOf: URL(fileURLWithPath: shared)) == Data(contentsOf: URL(fileURLWithPath: single)))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(names == ["quiz-view.xml", "shared.json", "single.json"])
    }

    /// A report replacing an older file keeps the permissions a new file gets, not mkstemp's 0600.
    @Test func aWrittenReportIsReadableByOthers() throws {
        let (directory, document) = try Self.workspace("mode")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = directory + "/report.md"
        _ = try Self.run(["matrix", document, "--format", "markdown", "-o", output])
        let mask = umask(0)
        umask(mask)
        let attributes = try FileManager.default.attributesOfItem(atPath: output)
        #expect((attributes[.posixPermissions] as? Int) == Int(0o666 & ~mask))
    }

    @Test func aFIFOIsRefusedWithExitStatusTwo() throws {
        let (directory, _) = try Self.workspace("fifo")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fifo = directory + "/pipe.xml"
        #expect(mkfifo(fifo, 0o600) == 0)
        let run = try Self.run(["validate", fifo])
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("\(fifo):1:1: error: is a pipe (FIFO)"))
    }
}
