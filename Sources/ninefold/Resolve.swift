import ArgumentParser
import NinefoldResolution
import NinefoldScene

struct Resolve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Show what one size class of a document installs, and where each value comes from.",
        discussion: """
            With --class C, prints class C as a flat scene document (no variations, nothing \
            uninstalled, the canvas stated) that validates on its own; --format json adds the \
            provenance of every value. With --class all (the default), prints a table of the nine \
            classes: views and constraints installed and the qualifiers that contributed.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case xml, json, text
    }

    @Argument(help: "A scene document, or a .storyboard/.xib layout (PATH#ID; the file alone if it has one).", completion: .file(extensions: DocumentLoader.fileExtensions))
    var file: String

    @Option(name: .customLong("class"), help: "A size class such as compact-regular, or 'all'.")
    var sizeClass: SizeClassSelection = .all

    @Option(help: "xml (the flat document) or json for one class; text for the table of all classes.")
    var format: Format?

    func run() throws {
        let loaded = try DocumentLoader.single(file)
        let scene = try loaded.scene
        let resolver = Resolver(scene: scene)
        switch sizeClass {
        case .all:
            guard format == nil || format == .text || format == .json else {
                throw ValidationError("--format xml needs a single --class; use --class compact-regular, for example")
            }
            let classes = resolver.resolveAll()
            if format == .json {
                print(JSONValue.array(classes.map { $0.json(document: loaded.name) }).serialized(), terminator: "")
            } else {
                print(ResolutionTable(classes: classes).render(), terminator: "")
            }
        case .one(let target):
            let resolved = resolver.resolve(target)
            switch format ?? .xml {
            case .xml: print(SceneWriter().write(resolved.flattened()), terminator: "")
            case .json: print(resolved.json(document: loaded.name).serialized(), terminator: "")
            case .text: print(ResolutionTable(classes: [resolved]).render(), terminator: "")
            }
            for finding in resolved.findings {
                printError(Diagnostic(severity: finding.severity, message: "[\(target)] \(finding.message)", file: file,
                                      location: finding.location).description)
            }
        }
    }
}

/// `--class all` or one class, parsed with a message that lists the choices.
enum SizeClassSelection: ExpressibleByArgument, Equatable {
    case all
    case one(SizeClass)

    init?(argument: String) {
        if argument == "all" {
            self = .all
        } else if let sizeClass = SizeClass(argument) {
            self = .one(sizeClass)
        } else {
            return nil
        }
    }

    static var allValueStrings: [String] { ["all"] + SizeClass.all.map(\.description) }
}

extension SizeClass: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
    public static var allValueStrings: [String] { SizeClass.all.map(\.description) }
}

/// The per-class summary table of `resolve --class all`.
struct ResolutionTable {
    let classes: [ResolvedScene]

    func render() -> String {
        let header = ["class", "canvas", "views", "constraints", "omitted", "qualifiers"]
        let rows = classes.map { resolved -> [String] in
            let omitted = resolved.omissions.count
            return [resolved.sizeClass.description,
                    "\(NumberFormatting.format(resolved.canvas.value.width))×\(NumberFormatting.format(resolved.canvas.value.height))",
                    String(resolved.views.count), String(resolved.constraints.count), String(omitted),
                    contributors(resolved).joined(separator: " ")]
        }
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingTrailingSpaces() + "\n"
        }
        return line(header) + line(widths.map { String(repeating: "-", count: $0) }) + rows.map(line).joined()
    }

    /// The qualifiers whose declarations won somewhere in this class, most general first.
    private func contributors(_ resolved: ResolvedScene) -> [String] {
        var qualifiers: Set<SizeClass> = [.anyAny]
        for view in resolved.views {
            let provenances = [view.hidden.provenance, view.text.provenance, view.title.provenance,
                               view.placeholder.provenance, view.fontSize.provenance, view.fontWeight.provenance,
                               view.intrinsicWidth.provenance, view.intrinsicHeight.provenance,
                               view.horizontalHuggingPriority.provenance, view.verticalHuggingPriority.provenance,
                               view.horizontalCompressionResistancePriority.provenance,
                               view.verticalCompressionResistancePriority.provenance, view.backgroundColor.provenance,
                               view.axis.provenance, view.alignment.provenance, view.distribution.provenance,
                               view.spacing.provenance, view.frame.provenance]
            qualifiers.formUnion(provenances.compactMap(\.qualifier))
        }
        for constraint in resolved.constraints {
            qualifiers.formUnion([constraint.constant.provenance.qualifier, constraint.priority.provenance.qualifier]
                .compactMap { $0 })
        }
        for omission in resolved.omissions {
            if case .uninstalled(let provenance) = omission.reason, let qualifier = provenance.qualifier {
                qualifiers.insert(qualifier)
            }
        }
        return SizeClass.all.filter(qualifiers.contains).map(\.description)
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
