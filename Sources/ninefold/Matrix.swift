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
        let loaded = try DocumentLoader.single(file)
        let document = Validator.validate(try loaded.scene, path: loaded.name)
        let report = MatrixReport(result: document)
        let text: String = switch format {
        case .text: report.text(style: output == nil ? .forStandardOutput() : .plain)
        case .html: report.html()
        case .svg: report.svg()
        case .markdown: report.markdown()
        case .json: report.json().serialized()
        }
        try emit(text, to: output)
        try exitForFindings(document.worstSeverity)
    }
}
