import NinefoldScene
import NinefoldValidation
import Plot

/// The page `make demo` opens with: every document, its nine verdicts, a link to its matrix.
public struct IndexPage {
    public struct Entry {
        public var result: DocumentResult
        public var link: String

        public init(result: DocumentResult, link: String) {
            self.result = result
            self.link = link
        }
    }

    public let entries: [Entry]

    public init(entries: [Entry]) { self.entries = entries }

    public func html() -> String {
        let classes = entries.flatMap { $0.result.classes }
        let counts = Status.allCases.map { status in (status, classes.filter { $0.status == status }.count) }.filter { $0.1 > 0 }
        let body: [Node<HTML.BodyContext>] = [
            .div(.class("header"), .h1("Ninefold reports"),
                    .span(.class("summary"), .forEach(counts) { status, count in
                        .span(.class("badge \(status.rawValue)"), .safeText("\(count) \(status.rawValue)"))
                    })),
            .p(.class("subtitle"), .safeText("\(entries.count) document\(entries.count == 1 ? "" : "s") × nine size classes · "
                + "open a document for its size-class matrix")),
            .table(.class("index"),
                .tr(.th("Document"), .group(SizeClass.all.map { sizeClass in
                    .th(.class("status"), .safeAttribute(named: "title", value: sizeClass.description),
                        .safeText(sizeClass.width.rawValue), .br(), .span(.class("detail"), .safeText(sizeClass.height.rawValue)))
                }),
                    .th(.class("number"), .safeText("Findings"))),
                .forEach(entries) { entry in
                    .tr(.td(.a(.safeAttribute(named: "href", value: entry.link), .safeText(entry.result.scene.name ?? entry.result.path)),
                            .div(.class("detail"), .code(.safeText(entry.result.path)))),
                        .group(SizeClass.all.map { sizeClass in
                            guard let result = entry.result.classes.first(where: { $0.sizeClass == sizeClass }) else {
                                return .td(.class("status"), .safeText("—"))
                            }
                            return .td(.class("status"),
                                       .span(.class("dot \(result.status.rawValue)"),
                                             .safeAttribute(named: "title", value: "\(sizeClass): \(result.status.rawValue)")))
                        }),
                        .td(.class("number"), Page.severityPills(
                            errors: entry.result.classes.map { $0.count(.error) }.reduce(0, +),
                            warnings: entry.result.classes.map { $0.count(.warning) }.reduce(0, +),
                            notes: entry.result.classes.map { $0.count(.note) }.reduce(0, +))))
                }),
            .div(.class("legend"),
                 .span(.class("key"), .span(.class("dot unique")), .safeText("unique")),
                 .span(.class("key"), .span(.class("dot ambiguous")), .safeText("ambiguous")),
                 .span(.class("key"), .span(.class("dot conflicting")), .safeText("conflicting")),
                 .span(.class("sep")),
                 .span(.class("key"), .safeText("columns: the nine size classes, width-height"))),
        ]
        return Page.render(title: "Ninefold reports", body: body)
    }
}
