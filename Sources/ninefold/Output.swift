import Foundation

/// Writes to standard error, where diagnostics belong so reports on standard output stay clean.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
