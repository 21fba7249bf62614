import Foundation

/// Writes to standard error, where diagnostics belong so reports on standard output stay clean.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Ends the process with `status` once the report is written, as ArgumentParser would after
/// `run` returns or throws `ExitCode`, but without first releasing what the command built: the
/// nine classes' solved layouts are many small heap objects, and freeing them one by one at the
/// end of a short process was about 3 % of validating nested-stack-views
/// (Documentation/Performance.md, "Branch startup"). `exit` flushes standard output.
func finish(_ status: Int32) -> Never {
    exit(status)
}

import NinefoldScene
import ArgumentParser

/// Writes a report to a file, or to standard output. A file is replaced atomically and is
/// never one of `inputs`, the documents the report was made from (see `AtomicFile`).
func emit(_ text: String, to path: String?, inputs: [String]) throws {
    guard let path else {
        print(text, terminator: "")
        return
    }
    do {
        let file = AtomicFile(path: path)
        try file.checkNotAnyOf(inputs)
        try file.write(text)
    } catch {
        throw ValidationError(error.description)
    }
}

/// Exit status 1 when something at error severity was found (SCENE-FORMAT §6).
func exitForFindings(_ worst: Severity?) throws {
    if worst == .error { throw ExitCode(1) }
}

/// The pages of a command that shows each layout of its argument in turn (`matrix`, `report`):
/// written once, then the run ends with the status the worst of them earned (2 when a layout
/// could not be read, else 1 for an error finding).
struct LayoutPages {
    private var texts: [String] = []
    private var worst: Severity?

    mutating func add(_ text: String, severities: Severity?...) {
        texts.append(text)
        worst = ([worst] + severities).compactMap { $0 }.max()
    }

    func finish(_ argument: String, someUnreadable: Bool, output: String?) throws {
        try emit(texts.joined(separator: "\n"), to: output, inputs: [DocumentLoader.filePath(argument)])
        if someUnreadable { throw ExitCode(2) }
        try exitForFindings(worst)
    }
}
