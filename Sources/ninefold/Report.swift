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

    @Argument(help: "The scene document.", completion: .file(extensions: ["xml"]))
    var file: String

    @Option(name: .customLong("class"), help: "The size class, e.g. compact-regular.")
    var sizeClass: SizeClass

    @Option(help: "text (default), html, markdown or json.")
    var format: Format = .text

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    @OptionGroup var sweep: DeviceSweepOption

    func run() throws {
        let document = Validator.validate(try readScene(file), path: file, classes: [sizeClass])
        guard let result = document.classes.first else { return }
        let report = ClassReport(document: document, result: result)
        let style: TerminalStyle = output == nil ? .forStandardOutput() : .plain
        let devices = try sweep.sweeps(document, classes: [sizeClass], supported: format == .text || format == .json)
        let text: String = switch format {
        case .text: report.text(style: style) + (devices.map { "\n" + DeviceSweepText(sweeps: $0, style: style).render() } ?? "")
        case .html: report.html()
        case .markdown: report.markdown()
        case .json: (devices.map { DeviceSweepJSON.adding($0, to: report.json()) } ?? report.json()).serialized()
        }
        try emit(text, to: output, inputs: [file])
        try exitForFindings([document.worstSeverity, devices?.worstSeverity].compactMap { $0 }.max())
    }
}
