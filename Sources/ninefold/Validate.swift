import ArgumentParser
import NinefoldScene

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read scene documents and report every problem in each size class.",
        discussion: "Exit status 2 when a document cannot be read (every reading error is listed)."
    )

    @Argument(help: "Scene documents to check.", completion: .file(extensions: ["xml"]))
    var files: [String]

    func run() throws {
        var unreadable = false
        for file in files {
            do {
                _ = try SceneReader().read(contentsOf: file)
            } catch {
                unreadable = true
                for diagnostic in error.diagnostics { printError(diagnostic.description) }
            }
        }
        if unreadable { throw ExitCode(2) }
    }
}
