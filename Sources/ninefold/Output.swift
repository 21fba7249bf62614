import Foundation

/// Writes to standard error, where diagnostics belong so reports on standard output stay clean.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

import NinefoldScene
import ArgumentParser

/// Reads a document or exits with status 2 after printing every reading error to stderr.
func readScene(_ path: String) throws -> Scene {
    do {
        return try SceneReader().read(contentsOf: path)
    } catch {
        for diagnostic in error.diagnostics { printError(diagnostic.description) }
        throw ExitCode(2)
    }
}
