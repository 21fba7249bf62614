import NinefoldScene
import NinefoldValidation
import Plot

/// The page `make demo` opens with: every document, its nine classes, a link to its matrix.
/// Each class is a square coloured by its worst finding (red error, amber warning, blue note,
/// green none), marked when the class is ambiguous or conflicting, so a "unique" class with an
/// error is not green. A document that cannot be read has a row with its reading errors.
public struct IndexPage {
    public struct Entry {
        public var outcome: DocumentOutcome
        public var link: String

        public init(outcome: DocumentOutcome, link: String) {
            self.outcome = outcome
            self.link = link
        }

        public init(result: DocumentResult, link: String) { self.init(outcome: .validated(result), link: link) }
    }

    public let entries: [Entry]

    public init(entries: [Entry]) { self.entries = entries }

    /// `error`, `warning`, `note` or `clean`: the CSS class of a square.
    static func worst(_ result: ClassResult) -> String { result.worstSeverity?.rawValue ?? "clean" }

    /// A status mark inside the square: nothing for unique, `?` ambiguous, `×` conflicting.
    static func mark(_ status: Status) -> String {
        switch status {
        case .unique: ""
        case .ambiguous: "?"
        case .conflicting: "×"
        }
    }

    public func html() -> String {
        let documents = entries.compactMap { $0.outcome.document }
        let classes = documents.flatMap { $0.classes }
        let counts = Status.allCases.map { status in (status, classes.filter { $0.status == status }.count) }.filter { $0.1 > 0 }
        let unreadable = entries.count - documents.count
        let body: [Node<HTML.BodyContext>] = [
            .div(.class("header"), .h1("Ninefold reports"),
                    .span(.class("summary"), .forEach(counts) { status, count in
                        .span(.class("badge \(status.rawValue)"), .safeText("\(count) \(status.rawValue)"))
                    }, .if(unreadable > 0, .span(.class("badge conflicting"), .safeText("\(unreadable) unreadable"))))),
            .p(.class("subtitle"), .safeText("\(entries.count) document\(entries.count == 1 ? "" : "s") × nine size classes · "
                + "open a document for its size-class matrix")),
            .table(.class("index"),
                .tr(.th("Document"), .group(SizeClass.all.map { sizeClass in
                    .th(.class("status"), .safeAttribute(named: "title", value: sizeClass.description),
                        .safeText(sizeClass.width.rawValue), .br(), .span(.class("detail"), .safeText(sizeClass.height.rawValue)))
                }),
                    .th(.class("number"), .safeText("Findings"))),
                .forEach(entries) { entry in row(entry) }),
            .div(.class("legend"),
                 .span(.class("key"), .span(.class("dot clean")), .safeText("no findings")),
                 .span(.class("key"), .span(.class("dot note")), .safeText("worst: note")),
                 .span(.class("key"), .span(.class("dot warning")), .safeText("worst: warning")),
                 .span(.class("key"), .span(.class("dot error")), .safeText("worst: error")),
                 .span(.class("sep")),
                 .span(.class("key"), .span(.class("dot plain"), .safeText(Self.mark(.ambiguous))), .safeText("ambiguous")),
                 .span(.class("key"), .span(.class("dot plain"), .safeText(Self.mark(.conflicting))), .safeText("conflicting")),
                 .span(.class("sep")),
                 .span(.class("key"), .safeText("columns: the nine size classes, width-height"))),
        ]
        return Page.render(title: "Ninefold reports", body: body)
    }

    private func row(_ entry: Entry) -> Node<HTML.TableContext> {
        guard let document = entry.outcome.document else {
            return .tr(.class("unreadable"),
                       .td(.strong(.safeText(entry.outcome.path)),
                           .forEach(entry.outcome.readingErrors) { diagnostic in
                               .div(.class("detail error-text"), .code(.safeText(diagnostic.description)))
                           }),
                       .td(.class("status unreadable"), .attribute(named: "colspan", value: "9"), .safeText("cannot be read")),
                       .td(.class("number"), Page.severityPills(errors: entry.outcome.readingErrors.count, warnings: 0, notes: 0)))
        }
        let groups = document.findingGroups
        return .tr(.td(.a(.safeAttribute(named: "href", value: entry.link), .safeText(document.scene.name ?? document.path)),
                       .div(.class("detail"), .code(.safeText(document.path)))),
                   .group(SizeClass.all.map { sizeClass in
                       guard let result = document.classes.first(where: { $0.sizeClass == sizeClass }) else {
                           return .td(.class("status"), .safeText("—"))
                       }
                       let words = MatrixReport.findingWords(result).map(\.1)
                       return .td(.class("status"),
                                  .span(.class("dot \(Self.worst(result)) \(result.status.rawValue)"),
                                        .safeAttribute(named: "title", value: "\(sizeClass): \(result.status.rawValue), "
                                            + (words.isEmpty ? "no findings" : words.joined(separator: ", "))),
                                        .safeText(Self.mark(result.status))))
                   }),
                   .td(.class("number"), Page.severityPills(
                       errors: groups.filter { $0.finding.severity == .error }.count,
                       warnings: groups.filter { $0.finding.severity == .warning }.count,
                       notes: groups.filter { $0.finding.severity == .note }.count)))
    }
}
