import NinefoldLayout
import NinefoldResolution
import NinefoldScene
import NinefoldValidation
import Plot

/// One class in depth: canvas, every view's frame, every installed constraint in the cookbook's
/// notation with its provenance, the generated constraints, findings and the wireframe.
public struct ClassReport {
    public let path: String
    public let sceneName: String?
    public let result: ClassResult

    public init(document: DocumentResult, result: ClassResult) {
        path = document.path
        sceneName = document.scene.name
        self.result = result
    }

    struct ConstraintRow {
        var id: String
        var notation: String
        var provenance: String
        var line: Int
        var status: String
    }

    /// The document's constraints installed in this class, with where their values came from.
    var documentConstraints: [ConstraintRow] {
        let layout = result.layout
        let broken = Set(layout.conflicts.map(\.broken))
        return result.resolved.constraints.map { constraint in
            let index = layout.system.constraints.firstIndex { $0.origin.documentID == constraint.id }
            let notation = index.map { layout.system.constraints[$0].notation } ?? constraint.id
            var sources = ["line \(constraint.location.line)"]
            if !constraint.constant.provenance.isDefault && constraint.constant.provenance.qualifier != .anyAny {
                sources.append("constant from \(constraint.constant.provenance)")
            }
            if !constraint.priority.provenance.isDefault && constraint.priority.provenance.qualifier != .anyAny {
                sources.append("priority from \(constraint.priority.provenance)")
            }
            let status = index.map { broken.contains($0) ? "broken to recover" : "" } ?? ""
            return ConstraintRow(id: constraint.id, notation: notation, provenance: sources.joined(separator: "; "),
                                 line: constraint.location.line, status: status)
        }
    }

    var generatedConstraints: [LayoutConstraint] {
        result.layout.system.constraints.filter {
            if case .document = $0.origin { return false }
            if case .rootFrame = $0.origin { return false }
            return true
        }
    }

    var title: String { "\(sceneName ?? path) — \(result.sizeClass)" }

    var canvasText: String {
        "\(NumberFormatting.format(result.canvas.width)) × \(NumberFormatting.format(result.canvas.height))"
    }

    // MARK: Text

    public func text(style: TerminalStyle) -> String {
        let format = NumberFormatting.format
        var lines = [style.bold(title) + "  " + style.status(result.status), "canvas \(canvasText)  \(style.dim(path))", ""]
        lines.append(style.bold("Views"))
        for view in result.views {
            let name = result.resolved.view(view.id)?.displayName ?? view.id
            let frame = view.frame
            var line = "  \(name) (\(view.id))  x \(format(frame.x))  y \(format(frame.y))  "
                + "width \(format(frame.width))  height \(format(frame.height))"
            if !view.ambiguous.isEmpty { line += "  " + style.yellow("ambiguous: " + view.ranges.map(\.description).joined(separator: ", ")) }
            lines.append(line)
        }
        lines += ["", style.bold("Constraints")]
        for row in documentConstraints {
            lines.append("  \(row.id)  \(row.notation)  \(style.dim(row.provenance))" + (row.status.isEmpty ? "" : "  " + style.red(row.status)))
        }
        let omitted = result.resolved.omissions.filter { $0.element == .constraint }
        if !omitted.isEmpty {
            lines.append("  " + style.dim("not installed here: " + omitted.map(\.id).joined(separator: ", ")))
        }
        lines += ["", style.bold("Generated constraints")]
        lines += generatedConstraints.map { "  " + $0.notation }
        lines += ["", style.bold("Findings")]
        if result.findings.isEmpty { lines.append("  none") }
        for finding in result.findings {
            lines.append("  \(style.severity(finding.severity)) \(finding.kind): \(finding.message)"
                + (finding.location.map { " [line \($0.line)]" } ?? ""))
            lines += finding.details.map { "      " + style.dim($0) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: HTML

    public func html() -> String {
        let format = NumberFormatting.format
        let body: [Node<HTML.BodyContext>] = [
            .header(.h1(.text(title)), .span(.class("badge \(result.status.rawValue)"), .text(result.status.rawValue)),
                    .span(.class("subtitle"), .text("canvas \(canvasText) · \(path)"))),
            Page.legend(),
            .div(.class("frame large"), Wireframe(result: result, idPrefix: "class").node),
            .h2("Views"),
            .table(.tr(.th("View"), .th("Id"), .th("x"), .th("y"), .th("width"), .th("height"), .th("Ambiguous")),
                   .forEach(result.views) { view in
                       .tr(.td(.text(result.resolved.view(view.id)?.displayName ?? view.id)), .td(.code(.text(view.id))),
                           .td(.class("number"), .text(format(view.frame.x))), .td(.class("number"), .text(format(view.frame.y))),
                           .td(.class("number"), .text(format(view.frame.width))),
                           .td(.class("number"), .text(format(view.frame.height))),
                           .td(.text(view.ranges.map(\.description).joined(separator: ", "))))
                   }),
            .h2("Constraints"),
            .table(.tr(.th("Id"), .th("Constraint"), .th("Provenance"), .th("")),
                   .forEach(documentConstraints) { row in
                       .tr(.td(.code(.text(row.id))), .td(.text(row.notation)), .td(.class("detail"), .text(row.provenance)),
                           .td(.text(row.status)))
                   }),
            .h2("Generated constraints"),
            .ul(.forEach(generatedConstraints) { .li(.code(.text($0.notation))) }),
            .h2("Findings"),
            findingsList(),
        ]
        return Page.render(title: title, body: body)
    }

    private func findingsList() -> Node<HTML.BodyContext> {
        guard !result.findings.isEmpty else { return .p("No findings.") }
        return .ul(.class("findings"), .forEach(result.findings) { finding in
            .li(.class(finding.severity.rawValue), .span(.class("kind"), .text(finding.kind + " ")), .text(finding.message),
                .forEach(finding.details) { .div(.class("detail"), .text($0)) },
                .unwrap(finding.suggestion) { .div(.class("detail"), .text("→ " + $0)) })
        })
    }

    // MARK: Markdown and JSON

    public func markdown() -> String {
        let format = NumberFormatting.format
        var text = "### \(Markdown.escape(title)): \(Markdown.icon(result.status)) \(result.status.rawValue)\n\n"
        text += "Canvas \(canvasText).\n\n| view | x | y | width | height |\n|---|---|---|---|---|\n"
        for view in result.views {
            text += "| \(Markdown.escape(result.resolved.view(view.id)?.displayName ?? view.id)) | \(format(view.frame.x)) | "
                + "\(format(view.frame.y)) | \(format(view.frame.width)) | \(format(view.frame.height)) |\n"
        }
        text += "\n| id | constraint | provenance |\n|---|---|---|\n"
        for row in documentConstraints {
            text += "| `\(row.id)` | \(Markdown.escape(row.notation)) | \(Markdown.escape(row.provenance)) |\n"
        }
        text += "\n" + (result.findings.isEmpty ? "No findings.\n" : result.findings.map {
            "- **\($0.severity.rawValue)** `\($0.kind)`: \(Markdown.escape($0.message))\n"
        }.joined())
        return text
    }

    public func json() -> JSONValue {
        guard case .object(var members) = ValidationJSON.sizeClass(result) else { return .null }
        members.insert(("document", .string(path)), at: 0)
        members.append(("constraints", .array(documentConstraints.map { row in
            .object([("id", .string(row.id)), ("notation", .string(row.notation)), ("provenance", .string(row.provenance)),
                     ("line", .number(Double(row.line))), ("brokenToRecover", .bool(!row.status.isEmpty))])
        })))
        members.append(("generatedConstraints", .array(generatedConstraints.map { constraint in
            .object([("origin", .string(constraint.origin.identifier)),
                     ("view", constraint.origin.generatingView.map(JSONValue.string) ?? .null),
                     ("notation", .string(constraint.notation)),
                     ("priority", .number(constraint.constraint.priority.value))])
        })))
        return .object(members)
    }
}
