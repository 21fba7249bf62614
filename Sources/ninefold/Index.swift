import ArgumentParser
import Foundation
import NinefoldReports
import NinefoldScene
import NinefoldValidation

struct Index: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write an HTML index of documents and their nine verdicts, linking each matrix report.",
        discussion: "Links point to NAME.html beside the index, as `make demo` writes them."
    )

    @Argument(help: "Scene documents.", completion: .file(extensions: ["xml"]))
    var files: [String]

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    func run() throws {
        var entries: [IndexPage.Entry] = []
        var unreadable = false
        for result in Validator.validate(files: files) {
            switch result {
            case .success(let document):
                let name = URL(fileURLWithPath: document.path).deletingPathExtension().lastPathComponent
                entries.append(IndexPage.Entry(result: document, link: name + ".html"))
            case .failure(let error):
                unreadable = true
                for diagnostic in error.diagnostics { printError(diagnostic.description) }
            }
        }
        try emit(IndexPage(entries: entries).html(), to: output)
        if unreadable { throw ExitCode(2) }
    }
}
