import ArgumentParser
import NinefoldReports
import NinefoldScene
import NinefoldValidation

struct Matrix: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "matrix",
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

    @Argument(help: "A scene document, a .storyboard/.xib layout (PATH#ID), or the IB file (text shows every layout).", completion: .file(extensions: DocumentLoader.fileExtensions))
    var file: String

    @Option(help: "text (default), html, svg, markdown or json.")
    var format: Format = .text

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    @OptionGroup var sweep: DeviceSweepOption

    func run() throws {
        // Text and Markdown show every layout of a .storyboard or .xib in turn; a page is one layout.
        let loaded = try DocumentLoader.all(file, several: format == .text || format == .markdown)
        let style: TerminalStyle = output == nil ? .forStandardOutput() : .plain
        var pages = LayoutPages()
        for source in loaded.readable {
            let document = Validator.validate(try source.scene, path: source.name)
            let devices = sweep.sweeps(document, classes: SizeClass.all)
            let report = MatrixReport(result: document, devices: devices)
            let text: String = switch format {
            case .text: report.text(style: style) + (devices.map { "\n" + DeviceSweepText(sweeps: $0, style: style).render() } ?? "")
            case .html: report.html()
            case .svg: report.svg()
            case .markdown: report.markdown()
            case .json: (devices.map { DeviceSweepJSON.adding($0, to: report.json()) } ?? report.json()).serialized()
            }
            pages.add(text, severities: document.worstSeverity, devices?.worstSeverity)
        }
        try pages.finish(file, someUnreadable: loaded.unreadable, output: output)
    }
}
