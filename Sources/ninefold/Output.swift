import Foundation

/// Writes to standard error, where diagnostics belong so reports on standard output stay clean.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

import NinefoldScene
import ArgumentParser

/// Writes a report to a file, or to standard output.
func emit(_ text: String, to path: String?) throws {
    guard let path else {
        print(text, terminator: "")
        return
    }
    do {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
        throw ValidationError("cannot write \(path): \(error.localizedDescription)")
    }
}

/// Exit status 1 when something at error severity was found (SCENE-FORMAT §6).
func exitForFindings(_ worst: Severity?) throws {
    if worst == .error { throw ExitCode(1) }
}
