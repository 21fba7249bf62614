import ArgumentParser
import NinefoldReports
import NinefoldScene
import NinefoldValidation

struct Matrix: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the nine size classes of a document as a 3×3 grid.",
        discussion: """
            Columns are width classes and rows height classes (compact, any, regular), so the \
            four final classes sit in the corners and Any-Any in the centre. --format html \
            draws each class's solved layout to scale in one self-contained page.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, html, svg, markdown, json
    }

    @Argument(help: "The scene document, or a .storyboard/.xib layout (PATH#ID; the file alone if it has one).", completion: .file(extensions: DocumentLoader.fileExtensions))
    var file: String

    @Option(help: "text (default), html, svg, markdown or json.")
    var format: Format = .text

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    func run() throws {
        // Text and Markdown show every layout of a .storyboard or .xib in turn; a page is one layout.
        let loaded = try DocumentLoader.all(file, several: format == .text || format == .markdown)
        let documents = try loaded.readable.map { Validator.validate(try $0.scene, path: $0.name) }
        let texts = documents.map { document -> String in
            let report = MatrixReport(result: document)
            return switch format {
            case .text: report.text(style: output == nil ? .forStandardOutput() : .plain)
            case .html: report.html()
            case .svg: report.svg()
            case .markdown: report.markdown()
            case .json: report.json().serialized()
            }
        }
        try emit(texts.joined(separator: "\n"), to: output)
        if loaded.unreadable { throw ExitCode(2) }
        try exitForFindings(documents.compactMap(\.worstSeverity).max())
    }
}
