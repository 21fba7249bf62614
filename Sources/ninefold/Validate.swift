import ArgumentParser
import NinefoldReports
import NinefoldScene
import NinefoldValidation

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that every size class of each document solves uniquely.",
        discussion: """
            For every document and each of the nine size classes, decides unique, ambiguous or \
            conflicting and explains every finding. Documents are validated in parallel; results \
            are printed in argument order.

            Exit status: 0 when nothing at or above --severity was found, 1 when something was, \
            2 when a document could not be read.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, xcode, json, sarif
    }

    @Argument(help: "Scene documents, .storyboard and .xib files (every layout), or PATH#ID.", completion: .file(extensions: DocumentLoader.fileExtensions))
    var files: [String]

    @Option(help: "text (default), xcode (path:line:col lines), json, or sarif (SARIF 2.1.0).")
    var format: Format = .text

    @Option(name: .customLong("class"), help: "Only this size class (repeatable).")
    var classes: [SizeClass] = []

    @Option(help: "The lowest severity that makes the exit status 1: error, warning or note.")
    var severity: Severity = .error

    @OptionGroup var sweep: DeviceSweepOption

    func run() throws {
        let selected = classes.isEmpty ? SizeClass.all : SizeClass.all.filter(classes.contains)
        let results = Validator.validate(sources: DocumentLoader.sources(files), classes: selected)
        var documents: [DocumentResult] = []
        var unreadable = false
        for result in results {
            switch result {
            case .success(let document): documents.append(document)
            case .failure(let error):
                unreadable = true
                for diagnostic in error.diagnostics { printError(diagnostic.description) }
            }
        }
        // With --devices, each document's classes are also swept over the device catalogue.
        let sweeps = try documents.map { try sweep.sweeps($0, classes: selected, supported: format == .text || format == .json) }
        switch format {
        case .text:
            let style = TerminalStyle.forStandardOutput()
            let text = ValidationText(style: style)
            let rendered = zip(documents, sweeps).map { document, sweeps in
                text.render(document) + (sweeps.map { "\n" + DeviceSweepText(sweeps: $0, style: style).render() } ?? "")
            }
            print(rendered.joined(separator: "\n"), terminator: "")
        case .xcode:
            print(documents.map(ValidationXcode.render).joined(), terminator: "")
        case .json:
            let objects = zip(documents, sweeps).map { document, sweeps in
                sweeps.map { DeviceSweepJSON.adding($0, to: ValidationJSON.document(document)) } ?? ValidationJSON.document(document)
            }
            let json = objects.count == 1 && files.count == 1 ? objects[0] : .array(objects)
            print(json.serialized(), terminator: "")
        case .sarif:
            print(ValidationSARIF.render(documents, version: Ninefold.configuration.version).serialized(), terminator: "")
        }
        if unreadable { throw ExitCode(2) }
        let worst = documents.compactMap(\.worstSeverity) + sweeps.compactMap { $0?.worstSeverity }
        if worst.contains(where: { $0 >= severity }) {
            throw ExitCode(1)
        }
    }
}

extension Severity: ExpressibleByArgument {}
