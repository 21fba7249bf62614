import ArgumentParser
import Foundation
import NinefoldReports
import NinefoldScene
import NinefoldValidation

struct Index: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "index",
        abstract: "Write an HTML index of documents and their nine verdicts, linking each matrix report.",
        discussion: """
            Each document links to its matrix report beside the index, at the document's path \
            relative to the documents' common directory with .xml replaced by .html, as \
            `make demo` writes them: Documents/quiz-view.xml → quiz-view.html, \
            Documents/Broken/conflict.xml → Broken/conflict.html. A document that cannot be \
            read has a row with its errors.

            Exit status: 0 when no listed document has an error, 1 when one has, 2 when a \
            document could not be read (the index is written in every case).
            """
    )

    @Argument(help: "Scene documents, .storyboard and .xib files (every layout), or PATH#ID.", completion: .file(extensions: DocumentLoader.fileExtensions))
    var files: [String]

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    func run() throws {
        let links = ReportLinks(files: files)
        let sources = DocumentLoader.sources(files)
        let outcomes = zip(sources.map { $0.path }, Validator.validate(sources: sources)).map { DocumentOutcome($1, path: $0) }
        for diagnostic in outcomes.flatMap({ $0.readingErrors }) { printError(diagnostic.description) }
        let entries = outcomes.map { IndexPage.Entry(outcome: $0, link: links.link(for: $0.path)) }
        try emit(IndexPage(entries: entries).html(), to: output, inputs: files.map(DocumentLoader.filePath))
        if outcomes.contains(where: { $0.document == nil }) { throw ExitCode(2) }
        try exitForFindings(outcomes.compactMap { $0.document?.worstSeverity }.max())
    }
}

/// Where each document's report lives relative to the index: its path below the documents'
/// common directory, so documents in subdirectories with the same name do not collide.
struct ReportLinks {
    let base: [String]

    init(files: [String]) {
        let directories = files.map { Self.components(of: $0).dropLast() }
        var common = directories.first.map(Array.init) ?? []
        for directory in directories.dropFirst() {
            common = Array(zip(common, directory).prefix { $0.0 == $0.1 }.map(\.0))
        }
        base = common
    }

    static func components(of path: String) -> [String] {
        URL(fileURLWithPath: path).standardizedFileURL.pathComponents
    }

    func link(for path: String) -> String {
        let relative = Self.components(of: path).dropFirst(base.count)
        let name = relative.joined(separator: "/")
        let stem = name.hasSuffix(".xml") ? String(name.dropLast(4)) : name
        return stem.split(separator: "/").map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? String($0) }
            .joined(separator: "/") + ".html"
    }
}
