import ArgumentParser
import NinefoldReports
import NinefoldScene
import NinefoldValidation

struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Show one size class in depth: frames, constraints and where they come from, findings.",
        discussion: "Constraints are written in the Auto Layout Cookbook's notation with their lines."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, html, markdown, json
    }

    @Argument(help: "A scene document, a .storyboard/.xib layout (PATH#ID), or the IB file (text shows every layout).", completion: .file(extensions: DocumentLoader.fileExtensions))
    var file: String

    @Option(name: .customLong("class"), help: "The size class, e.g. compact-regular.")
    var sizeClass: SizeClass

    @Option(help: "text (default), html, markdown or json.")
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
            let document = Validator.validate(try source.scene, path: source.name, classes: [sizeClass])
            guard let result = document.classes.first else { continue }
            var report = ClassReport(document: document, result: result)
            report.interfaceBuilderFlags = source.interfaceBuilderFlags
            let devices = sweep.sweeps(document, classes: [sizeClass])
            report.devices = devices?.first
            let text: String = switch format {
            case .text: report.text(style: style) + (devices.map { "\n" + DeviceSweepText(sweeps: $0, style: style).render() } ?? "")
            case .html: report.html()
            case .markdown: report.markdown()
            case .json: (devices.map { DeviceSweepJSON.adding($0, to: report.json()) } ?? report.json()).serialized()
            }
            pages.add(text, severities: document.worstSeverity, devices?.worstSeverity)
        }
        try pages.finish(file, someUnreadable: loaded.unreadable, output: output)
    }
}
