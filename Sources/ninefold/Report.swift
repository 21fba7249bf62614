import ArgumentParser
import NinefoldReports
import NinefoldScene
import NinefoldValidation

struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show one size class in depth: frames, constraints and where they come from, findings.",
        discussion: "Constraints are written in the Auto Layout Cookbook's notation with their lines."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, html, markdown, json
    }

    @Argument(help: "The scene document, or a .storyboard/.xib layout (PATH#ID; the file alone if it has one).", completion: .file(extensions: DocumentLoader.fileExtensions))
    var file: String

    @Option(name: .customLong("class"), help: "The size class, e.g. compact-regular.")
    var sizeClass: SizeClass

    @Option(help: "text (default), html, markdown or json.")
    var format: Format = .text

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    func run() throws {
        let loaded = try DocumentLoader.single(file)
        let document = Validator.validate(try loaded.scene, path: loaded.name, classes: [sizeClass])
        guard let result = document.classes.first else { return }
        var report = ClassReport(document: document, result: result)
        report.interfaceBuilderFlags = loaded.interfaceBuilderFlags
        let text: String = switch format {
        case .text: report.text(style: output == nil ? .forStandardOutput() : .plain)
        case .html: report.html()
        case .markdown: report.markdown()
        case .json: report.json().serialized()
        }
        try emit(text, to: output)
        try exitForFindings(document.worstSeverity)
    }
}
