import NinefoldScene
import NinefoldValidation
import Plot

/// The 3×3 size-class matrix: columns are width classes, rows height classes, each in the order
/// compact, any, regular, so the four final classes sit in the corners and Any-Any in the
/// centre, as the cookbook suggests drawing it.
public struct MatrixReport {
    public let result: DocumentResult

    public init(result: DocumentResult) { self.result = result }

    static let order: [SizeClassValue] = [.compact, .any, .regular]

    /// Rows of cells (height class), each row's cells by width class; nil where a class was not validated.
    var grid: [[ClassResult?]] {
        Self.order.map { height in
            Self.order.map { width in result.classes.first { $0.sizeClass == SizeClass(width: width, height: height) } }
        }
    }

    var title: String { result.scene.name ?? result.path }

    // MARK: Text

    public func text(style: TerminalStyle) -> String {
        let width = 24
        func pad(_ text: String, _ visible: Int) -> String { text + String(repeating: " ", count: max(0, width - visible)) }
        var lines = [style.bold(title) + "  " + style.dim(result.path)]
        let header = "                 " + Self.order.map { value in
            let label = "width \(value.rawValue)"
            return " " + label + String(repeating: " ", count: max(0, width + 1 - label.count))
        }.joined()
        lines.append(style.dim(header))
        let rule = { (left: String, middle: String, right: String) in
            "               " + left + Array(repeating: String(repeating: "─", count: width + 2), count: 3).joined(separator: middle) + right
        }
        lines.append(rule("┌", "┬", "┐"))
        for (rowIndex, row) in grid.enumerated() {
            let cells = row.map { cell -> [(String, Int)] in
                guard let cell else { return [("", 0), ("—", 1), ("", 0), ("", 0)] }
                let name = cell.sizeClass.description
                let status = cell.status.rawValue
                let counts = "\(cell.resolved.views.count) views · \(cell.resolved.constraints.count) constraints"
                let findings = "\(cell.count(.error))E \(cell.count(.warning))W \(cell.count(.note))N"
                return [(style.bold(name), name.count), (style.status(cell.status), status.count),
                        (counts, counts.count), (findings, findings.count)]
            }
            for line in 0..<4 {
                let label = line == 0 ? "height \(Self.order[rowIndex].rawValue)" : ""
                let prefix = style.dim(label.padding(toLength: 15, withPad: " ", startingAt: 0))
                lines.append(prefix + "│ " + cells.map { pad($0[line].0, $0[line].1) }.joined(separator: " │ ") + " │")
            }
            lines.append(rowIndex == grid.count - 1 ? rule("└", "┴", "┘") : rule("├", "┼", "┤"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: HTML

    public func html() -> String {
        var body: [Node<HTML.BodyContext>] = [
            .header(.h1(.text(title)), .span(.class("subtitle"), .text(result.path))),
            Page.legend(),
            .div(.class("grid"),
                 .div(), .group(Self.order.map { .div(.class("axis"), .text("width \($0.rawValue)")) }),
                 .group(grid.enumerated().flatMap { index, row -> [Node<HTML.BodyContext>] in
                     [.div(.class("axis"), .text("height \(Self.order[index].rawValue)"))] + row.map(cell)
                 })),
        ]
        body.append(.h2("Findings"))
        body.append(findingsTable())
        return Page.render(title: "\(title) — size-class matrix", body: body)
    }

    private func cell(_ result: ClassResult?) -> Node<HTML.BodyContext> {
        guard let result else { return .div(.class("cell"), .text("not validated")) }
        let final = result.sizeClass.specificity == 2
        return .div(
            .class(final ? "cell final" : "cell"),
            .attribute(named: "data-size-class", value: result.sizeClass.description),
            .div(.class("cell-head"), .h3(.text(result.sizeClass.description)),
                 .span(.class("badge \(result.status.rawValue)"), .text(result.status.rawValue))),
            .div(.class("counts"), .text(Self.counts(result))),
            .div(.class("frame"), Wireframe(result: result, idPrefix: result.sizeClass.description).node),
            .ul(.class("findings"), .forEach(result.findings.filter { $0.severity != .note }.prefix(6)) { finding in
                .li(.class(finding.severity.rawValue), .span(.class("kind"), .text(finding.kind + " ")), .text(finding.message))
            })
        )
    }

    static func counts(_ result: ClassResult) -> String {
        let canvas = "\(NumberFormatting.format(result.canvas.width))×\(NumberFormatting.format(result.canvas.height))"
        return "\(canvas) · \(result.resolved.views.count) views · \(result.resolved.constraints.count) constraints · "
            + "\(result.count(.error)) errors, \(result.count(.warning)) warnings, \(result.count(.note)) notes"
    }

    private func findingsTable() -> Node<HTML.BodyContext> {
        let rows = result.classes.flatMap { sizeClass in sizeClass.findings.map { (sizeClass.sizeClass, $0) } }
        guard !rows.isEmpty else { return .p(.text("No findings in any class.")) }
        return .table(
            .tr(.th("Class"), .th("Severity"), .th("Kind"), .th("Message"), .th("Line")),
            .forEach(rows) { sizeClass, finding in
                .tr(.td(.code(.text(sizeClass.description))), .td(.text(finding.severity.rawValue)),
                    .td(.span(.class("kind"), .text(finding.kind))),
                    .td(.text(finding.message), .forEach(finding.details) { .div(.class("detail"), .text($0)) }),
                    .td(.class("number"), .text(finding.location.map { String($0.line) } ?? "")))
            }
        )
    }

    // MARK: SVG

    /// The nine wireframes in one standalone SVG document, each cell scaled into a 300×300 box.
    public func svg() -> String {
        let cellSize = 300.0, gap = 24.0, top = 40.0
        var nodes: [Node<HTML.BodyContext>] = [
            .attribute(named: "xmlns", value: "http://www.w3.org/2000/svg"),
            .attribute(named: "width", value: NumberFormatting.format(3 * cellSize + 4 * gap)),
            .attribute(named: "height", value: NumberFormatting.format(top + 3 * (cellSize + 40) + gap)),
            .element(named: "rect", nodes: [.attribute(named: "width", value: "100%"), .attribute(named: "height", value: "100%"),
                                            .attribute(named: "fill", value: "#f5f6f8")]),
            .element(named: "text", nodes: [.attribute(named: "x", value: "24"), .attribute(named: "y", value: "26"),
                                            .attribute(named: "font-size", value: "16"),
                                            .attribute(named: "font-family", value: "Helvetica, Arial, sans-serif"),
                                            .text(title)]),
        ]
        for (row, cells) in grid.enumerated() {
            for (column, cell) in cells.enumerated() {
                guard let cell else { continue }
                let scale = min(cellSize / cell.canvas.width, cellSize / cell.canvas.height)
                let x = gap + Double(column) * (cellSize + gap)
                let y = top + Double(row) * (cellSize + 40)
                let format = NumberFormatting.format
                nodes.append(.element(named: "text", nodes: [
                    .attribute(named: "x", value: format(x)), .attribute(named: "y", value: format(y + 14)),
                    .attribute(named: "font-size", value: "12"),
                    .attribute(named: "font-family", value: "Helvetica, Arial, sans-serif"),
                    .text("\(cell.sizeClass) — \(cell.status.rawValue)"),
                ]))
                nodes.append(.element(named: "g", nodes: [
                    .attribute(named: "transform", value: "translate(\(format(x)) \(format(y + 20))) scale(\(format((scale * 1e6).rounded() / 1e6)))"),
                    Wireframe(result: cell, idPrefix: cell.sizeClass.description).node,
                ]))
            }
        }
        let svg: Node<HTML.BodyContext> = .element(named: "svg", nodes: nodes)
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + svg.render(indentedBy: .spaces(1)) + "\n"
    }

    // MARK: Markdown

    /// For a pull-request comment: the grid as a table, then the findings.
    public func markdown() -> String {
        var text = "### \(Markdown.escape(title)) — size-class matrix\n\n"
        text += "| height \\ width | compact | any | regular |\n|---|---|---|---|\n"
        for (index, row) in grid.enumerated() {
            text += "| **\(Self.order[index].rawValue)** | " + row.map { cell in
                guard let cell else { return "—" }
                return "\(Markdown.icon(cell.status)) \(cell.status.rawValue)<br>\(cell.count(.error)) errors · \(cell.count(.warning)) warnings"
            }.joined(separator: " | ") + " |\n"
        }
        let findings = result.classes.flatMap { sizeClass in sizeClass.findings.map { (sizeClass.sizeClass, $0) } }
        text += "\n"
        if findings.isEmpty {
            text += "No findings in any class.\n"
        } else {
            text += "| class | severity | kind | message | line |\n|---|---|---|---|---|\n"
            for (sizeClass, finding) in findings {
                text += "| `\(sizeClass)` | \(finding.severity.rawValue) | `\(finding.kind)` | \(Markdown.escape(finding.message)) | "
                    + (finding.location.map { String($0.line) } ?? "") + " |\n"
            }
        }
        return text
    }

    // MARK: JSON

    public func json() -> JSONValue {
        guard case .object(var members) = ValidationJSON.document(result) else { return .null }
        members.append(("matrix", .array(grid.map { row in
            .array(row.map { cell in cell.map { .string($0.sizeClass.description) } ?? .null })
        })))
        return .object(members)
    }
}

enum Markdown {
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            if "|\\`*_<>[]".contains(character) { result.append("\\") }
            result.append(character == "\n" ? " " : character)
        }
        return result
    }

    static func icon(_ status: Status) -> String {
        switch status {
        case .unique: "✅"
        case .ambiguous: "⚠️"
        case .conflicting: "❌"
        }
    }
}
