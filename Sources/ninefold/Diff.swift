import ArgumentParser
import NinefoldReports
import NinefoldScene
import NinefoldValidation

struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what changes between two size classes, or between two versions of a document.",
        discussion: """
            ninefold diff FILE --from any-any --to compact-regular
              views and constraints installed, uninstalled and changed, attribute changes, and \
            every frame in both classes with its delta.
            ninefold diff OLD.xml NEW.xml --class compact-regular
              the same for two versions of a document in one class.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, html, markdown, json
    }

    @Argument(help: "One document (with --from and --to), or an old and a new version (with --class).",
              completion: .file(extensions: DocumentLoader.fileExtensions))
    var files: [String]

    @Option(help: "The class to compare from.")
    var from: SizeClass?

    @Option(help: "The class to compare to.")
    var to: SizeClass?

    @Option(name: .customLong("class"), help: "With two documents: the class to compare them in.")
    var sizeClass: SizeClass?

    @Option(help: "text (default), html, markdown or json.")
    var format: Format = .text

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    func validate() throws {
        switch files.count {
        case 1:
            guard from != nil, to != nil else {
                throw ValidationError("give --from and --to, e.g. --from any-any --to compact-regular")
            }
        case 2:
            guard sizeClass != nil else { throw ValidationError("comparing two documents needs --class") }
        default:
            throw ValidationError("give one document with --from and --to, or two documents with --class")
        }
    }

    func run() throws {
        let diff: LayoutDiff
        if files.count == 2, let sizeClass {
            let (oldDocument, newDocument) = (try DocumentLoader.single(files[0]), try DocumentLoader.single(files[1]))
            let old = Validator.validate(try oldDocument.scene, path: oldDocument.name, classes: [sizeClass])
            let new = Validator.validate(try newDocument.scene, path: newDocument.name, classes: [sizeClass])
            guard let before = old.classes.first, let after = new.classes.first else { return }
            diff = LayoutDiff(from: before, to: after, fromLabel: "\(files[0]) (\(sizeClass))",
                              toLabel: "\(files[1]) (\(sizeClass))")
        } else if let from, let to, let file = files.first {
            let loaded = try DocumentLoader.single(file)
            let document = Validator.validate(try loaded.scene, path: loaded.name, classes: [from, to])
            guard let before = document.classes.first(where: { $0.sizeClass == from }),
                  let after = document.classes.first(where: { $0.sizeClass == to }) else { return }
            diff = LayoutDiff(from: before, to: after, fromLabel: from.description, toLabel: to.description)
        } else {
            return
        }
        let text: String = switch format {
        case .text: diff.text(style: output == nil ? .forStandardOutput() : .plain)
        case .html: diff.html()
        case .markdown: diff.markdown()
        case .json: diff.json().serialized()
        }
        try emit(text, to: output, inputs: files.map(DocumentLoader.filePath))
        try exitForFindings([diff.from.worstSeverity, diff.to.worstSeverity].compactMap { $0 }.max())
    }
}
