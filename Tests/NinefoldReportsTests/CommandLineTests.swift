import Foundation
import NinefoldScene
import Testing

/// The `ninefold` executable SwiftPM built beside the test bundle (every product of the package is
/// built by `swift build --build-tests`, which `make test` runs first).
enum Executable {
    static var url: URL? {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("ninefold"),
            Bundle.main.bundleURL.appendingPathComponent("ninefold"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("ninefold"),
            packageRoot.appendingPathComponent(".build/debug/ninefold"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    struct Run {
        var status: Int32
        var output: String
        var error: String
    }

    /// Runs ninefold in the package directory with `environment` added, and waits for it.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        let url = try #require(url, "the ninefold executable was not built beside the tests")
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Read before waiting, so a large report cannot fill the pipe and block the child.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                   error: String(decoding: errorData, as: UTF8.self))
    }
}

/// Exit statuses and outputs of the command line, as CI sees them.
@Suite(.serialized) struct CommandLineTests {
    @Test("validate: 1 for an error, 0 when --severity or the findings say so, 2 for an unreadable file, 64 for usage")
    func exitStatuses() throws {
        // The quiz view has an error in every class.
        #expect(try Executable.run(["validate", "Documents/quiz-view.xml"]).status == 1)
        // redundant-constraint.xml has only a note: 0 by default, 1 with --severity note.
        #expect(try Executable.run(["validate", "Documents/Broken/redundant-constraint.xml"]).status == 0)
        let notes = try Executable.run(["validate", "Documents/Broken/redundant-constraint.xml", "--severity", "note"])
        #expect(notes.status == 1)
        #expect(notes.output.contains("note: redundant-constraint:"))
        // --severity warning hides the note and passes.
        let warnings = try Executable.run(["validate", "Documents/Broken/redundant-constraint.xml", "--severity", "warning"])
        #expect(warnings.status == 0)
        #expect(!warnings.output.contains("note:"))
        let missing = try Executable.run(["validate", "Documents/quiz-view.xml", "Documents/no-such-document.xml"])
        #expect(missing.status == 2)
        #expect(missing.output.contains("Documents/no-such-document.xml  cannot be read"))
        #expect(missing.output.hasSuffix("2 documents (1 unreadable), 9 classes: 0 unique, 9 ambiguous, 0 conflicting; 1 error\n"))
        #expect(try Executable.run(["validate", "--format", "yaml", "Documents/quiz-view.xml"]).status == 64)
    }

    @Test("validate --format json and sarif account for an unreadable document; sarif records the exit status")
    func machineFormats() throws {
        let json = try Executable.run(["validate", "--format", "json", "Documents/quiz-view.xml", "Documents/no-such-document.xml"])
        #expect(json.status == 2)
        let parsed = try JSONReader.parse(json.output)
        #expect(parsed.items.map { $0["document"] } == [.string("Documents/quiz-view.xml"), .string("Documents/no-such-document.xml")])
        let sarif = try Executable.run(["validate", "--format", "sarif", "Documents/quiz-view.xml"])
        #expect(sarif.status == 1)
        #expect(try JSONReader.parse(sarif.output)["runs", 0, "invocations", 0, "exitCode"] == .number(1))
    }

    @Test("--write-baseline then --baseline: today's findings pass, the run exits 0")
    func baselineRoundTrip() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ninefold-cli-baseline-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let documents = ["Documents/quiz-view.xml", "Documents/Broken/conflict.xml"]
        let write = try Executable.run(["validate", "--write-baseline", file.path] + documents)
        #expect(write.status == 0)
        #expect(write.error.contains("recorded 2 findings"))
        let checked = try Executable.run(["validate", "--baseline", file.path] + documents)
        #expect(checked.status == 0)
        #expect(checked.output.hasSuffix("2 documents, 18 classes: 7 unique, 9 ambiguous, 2 conflicting; no findings\n"))
        #expect(try Executable.run(["validate", "--baseline", "Documents/no-such-baseline.json"] + documents).status == 2)
    }

    @Test("index exits 1 when a listed document has an error, 0 when none has, 2 when one cannot be read")
    func indexExitStatus() throws {
        let page = FileManager.default.temporaryDirectory.appendingPathComponent("ninefold-index-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: page) }
        #expect(try Executable.run(["index", "Documents/Broken/conflict.xml", "-o", page.path]).status == 1)
        #expect(try Executable.run(["index", "Documents/simple-stack-view.xml", "-o", page.path]).status == 0)
        let missing = try Executable.run(["index", "Documents/simple-stack-view.xml", "Documents/no-such-document.xml", "-o", page.path])
        #expect(missing.status == 2)
        #expect(try String(contentsOf: page, encoding: .utf8).contains("Documents/no-such-document.xml"))
    }

    @Test("--help states the exit statuses, 64 for usage errors included")
    func helpStatesExitStatus() throws {
        // ArgumentParser wraps help at the terminal width; compare with the line breaks taken out.
        func help(_ arguments: [String]) throws -> String {
            try Executable.run(arguments).output.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        }
        #expect(try help(["--help"]).contains("64 for a usage error"))
        #expect(try help(["validate", "--help"]).contains("64 for a usage error"))
        #expect(try help(["index", "--help"]).contains("1 when one has, 2 when a document could not be read"))
    }

    @Test("On a terminal: colour, except when TERM is dumb or NO_COLOR is set; never in a pipe")
    func colourOnTerminals() throws {
        let binary = try #require(Executable.url).path
        // util-linux's script(1) runs the command on a pseudo-terminal, so isatty is true.
        func onTerminal(_ environment: [String: String]) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            process.arguments = ["-qec", "'\(binary)' validate Documents/quiz-view.xml", "/dev/null"]
            process.currentDirectoryURL = packageRoot
            var inherited = ProcessInfo.processInfo.environment
            inherited["NO_COLOR"] = nil
            process.environment = inherited.merging(environment) { $1 }
            let output = Pipe()
            process.standardOutput = output
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }
        #expect(try onTerminal(["TERM": "xterm-256color"]).contains("\u{1B}[33mambiguous\u{1B}[0m"))
        #expect(try !onTerminal(["TERM": "dumb"]).contains("\u{1B}["))
        #expect(try !onTerminal(["TERM": "xterm-256color", "NO_COLOR": "1"]).contains("\u{1B}["))
        #expect(try !Executable.run(["validate", "Documents/quiz-view.xml"], environment: ["TERM": "xterm-256color"])
            .output.contains("\u{1B}["))
    }

    @Test("check-static.sh refuses a binary that needs libswiftCore.so (the dynamically linked debug build)")
    func staticCheckBites() throws {
        // The debug build beside the tests links the toolchain's runtime dynamically, so the
        // check that guards make install must refuse it and name the library.
        let binary = try #require(Executable.url)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [packageRoot.appendingPathComponent("Scripts/check-static.sh").path, binary.path]
        let error = Pipe()
        process.standardError = error
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(message.contains("libswiftCore.so"))
    }
}
