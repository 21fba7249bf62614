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
        let body: [Node<HTML.BodyContext>] = [
            .header(.h1("Ninefold reports"),
                    .span(.class("subtitle"), .text("\(entries.count) documents × nine size classes"))),
            .table(
                .tr(.th("Document"), .group(SizeClass.all.map { .th(.code(.text($0.description))) })),
                .forEach(entries) { entry in
                    .tr(.td(.a(.href(entry.link), .text(entry.result.scene.name ?? entry.result.path)),
                            .div(.class("detail"), .text(entry.result.path))),
                        .group(SizeClass.all.map { sizeClass in
                            guard let result = entry.result.classes.first(where: { $0.sizeClass == sizeClass }) else {
                                return .td("—")
                            }
                            return .td(.span(.class("badge \(result.status.rawValue)"), .text(result.status.rawValue)))
                        }))
                }),
        ]
        return Page.render(title: "Ninefold reports", body: body)
    }
}
