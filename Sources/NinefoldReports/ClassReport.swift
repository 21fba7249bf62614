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
    let scene: Scene
    /// What Interface Builder had cached in the file (`ambiguous`, `misplaced`) by view id:
    /// shown beside Ninefold's own verdict, so users see where the two disagree, never used as one.
    public var interfaceBuilderFlags: [String: [String]] = [:]
    /// With `--devices`: the class's device sweep, shown in the HTML and Markdown report.
    public var devices: ClassDeviceSweep?

    public init(document: DocumentResult, result: ClassResult) {
        path = document.path
        sceneName = document.scene.name
        scene = document.scene
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
        let broken = Set(layout.conflicts.map { $0.broken })
        let declared = Dictionary(scene.allConstraints.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        // The first system constraint each document constraint became, found in one pass rather
        // than searched for per constraint (a 10,000-constraint class report was quadratic).
        var systemIndex: [String: Int] = [:]
        for (index, constraint) in layout.system.constraints.enumerated() {
            if let id = constraint.origin.documentID, systemIndex[id] == nil { systemIndex[id] = index }
        }
        return result.resolved.constraints.map { constraint in
            let index = systemIndex[constraint.id]
            let notation = index.map { layout.system.constraints[$0].notation } ?? constraint.id
            var sources: [String] = []
            if let installer = declared[constraint.id].flatMap({ Self.installingVariation(of: $0, in: result.sizeClass) }) {
                sources.append("installed by \(installer.sizeClass), line \(installer.location.line)")
            }
            if let qualifier = constraint.constant.provenance.qualifier, qualifier != .anyAny {
                sources.append("constant \(constraint.constant.value) from \(constraint.constant.provenance)")
            }
            if let qualifier = constraint.priority.provenance.qualifier, qualifier != .anyAny {
                sources.append("priority \(constraint.priority.value.value) from \(constraint.priority.provenance)")
            }
            if sources.isEmpty { sources.append("any-any") }
            let status = index.map { broken.contains($0) ? "left out to recover from the conflict" : "" } ?? ""
            return ConstraintRow(id: constraint.id, notation: notation, provenance: sources.joined(separator: "; "),
                                 line: constraint.location.line, status: status)
        }
    }

    /// The variation that installs, in this class, a constraint the document leaves uninstalled
    /// in general: the most specific applicable one setting `installed`, width-qualified first on a tie.
    static func installingVariation(of constraint: Constraint, in sizeClass: SizeClass) -> ConstraintVariation? {
        let candidates = constraint.variations.filter { $0.attributes.installed != nil && $0.sizeClass.applies(to: sizeClass) }
        let winner = candidates.max { lhs, rhs in
            if lhs.sizeClass.specificity != rhs.sizeClass.specificity { return lhs.sizeClass.specificity < rhs.sizeClass.specificity }
            return lhs.sizeClass.width == .any && rhs.sizeClass.width != .any
        }
        guard let winner, winner.attributes.installed == true, constraint.attributes.installed == false else { return nil }
        return winner
    }

    var generatedConstraints: [LayoutConstraint] {
        result.layout.system.constraints.filter {
            if case .document = $0.origin { return false }
            if case .rootFrame = $0.origin { return false }
            return true
        }
    }

    var title: String { "\(sceneName ?? path) — \(result.sizeClass)" }

    /// The ambiguity column of the HTML and Markdown tables: the free ranges, then what
    /// Interface Builder said.
    func ambiguityText(_ view: ViewResult) -> String {
        ([view.ranges.map { $0.description }.joined(separator: ", ")] + [interfaceBuilderSaid(view.id)].compactMap { $0 })
            .filter { !$0.isEmpty }.joined(separator: "; ")
    }

    /// "Interface Builder said: ambiguous, misplaced" for a view IB flagged; nil otherwise.
    func interfaceBuilderSaid(_ viewID: String) -> String? {
        guard let flags = interfaceBuilderFlags[viewID], !flags.isEmpty else { return nil }
        return "Interface Builder said: " + flags.joined(separator: ", ")
    }

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
            if !view.ambiguous.isEmpty { line += "  " + style.yellow("ambiguous: " + view.ranges.map { $0.description }.joined(separator: ", ")) }
            if let said = interfaceBuilderSaid(view.id) { line += "  " + style.dim(said) }
            lines.append(line)
        }
        lines += ["", style.bold("Constraints")]
        for row in documentConstraints {
            lines.append("  \(row.id)  \(row.notation)  \(style.dim(row.provenance))" + (row.status.isEmpty ? "" : "  " + style.red(row.status)))
        }
        if !omittedConstraints.isEmpty {
            lines.append("  " + style.dim("not installed here: " + omittedConstraints.joined(separator: ", ")))
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

    /// The box the drawing is fitted into, in CSS pixels.
    static let drawingBox = (width: 640.0, height: 760.0)

    public func html() -> String {
        let format = NumberFormatting.format
        let scale = Wireframe.scale(fitting: [result], width: Self.drawingBox.width, height: Self.drawingBox.height)
        let generated = generatedConstraints
        let body: [Node<HTML.BodyContext>] = [
            .div(.class("header"), .h1(.safeText(sceneName ?? path)), .h3(.safeText(result.sizeClass.description)), Page.badge(result.status),
                 .unwrap(devices.map { DeviceSweepHTML(sweep: $0, groups: findingGroups) }) { $0.badge }),
            .p(.class("subtitle"), .code(.safeText(path)), .safeText(" · canvas \(canvasText) pt · \(result.resolved.views.count) views · "
                + "\(result.resolved.constraints.count) constraints installed"), .safeText(" · "),
               Page.severityPills(errors: result.count(.error), warnings: result.count(.warning), notes: result.count(.note))),
            Page.legend(),
            .div(.class("pair report"),
                 .div(.class("cell"), .div(.class("frame"), Wireframe(result: result, idPrefix: "class", scale: scale,
                                                                      marks: Wireframe.marks(result, groups: findingGroups)).node),
                      MatrixReport.conflictBox(result)),
                 .div(.class("cell wide"), .h2("Findings"), findingsList())),
            .unwrap(devices.map { DeviceSweepHTML(sweep: $0, groups: findingGroups) }) { section in
                .group(.h2("Devices"), .div(.class("cell" + section.cellClass), section.node))
            },
            .h2("Views"),
            .table(.tr(.th("View"), .th("Id"), .th("Kind"), .th(.class("number"), .safeText("x")), .th(.class("number"), .safeText("y")),
                       .th(.class("number"), .safeText("width")), .th(.class("number"), .safeText("height")), .th("Ambiguous")),
                   .forEach(result.views) { view in
                       let resolved = result.resolved.view(view.id)
                       return .tr(.td(.safeText(resolved?.displayName ?? view.id)), .td(.code(.safeText(view.id))),
                                  .td(.safeText(resolved.map { $0.kind.rawValue } ?? "")),
                                  .td(.class("number"), .safeText(format(view.frame.x))), .td(.class("number"), .safeText(format(view.frame.y))),
                                  .td(.class("number"), .safeText(format(view.frame.width))),
                                  .td(.class("number"), .safeText(format(view.frame.height))),
                                  .td(.safeText(ambiguityText(view))))
                   }),
            .h2("Constraints"),
            .table(.tr(.th("Id"), .th("Constraint"), .th("Provenance"), .th(.class("number"), .safeText("Line"))),
                   .forEach(documentConstraints) { row in
                       .tr(.class(row.status.isEmpty ? "" : "broken"),
                           .td(.code(.safeText(row.id))), .td(.class("notation"), .safeText(row.notation),
                                                          .if(!row.status.isEmpty, .div(.class("detail"), .safeText(row.status)))),
                           .td(.class("detail"), .safeText(row.provenance)), .td(.class("number"), .safeText(String(row.line))))
                   }),
            .unwrap(omittedConstraints.isEmpty ? nil : omittedConstraints) { omitted in
                .p(.class("detail"), .safeText("Not installed in this class: " + omitted.joined(separator: ", ")))
            },
            .h2("Generated constraints"),
            .if(generated.isEmpty, .p(.class("detail"), .safeText("None: no view here has an intrinsic size or is a stack view.")),
                else: .table(.tr(.th("Constraint"), .th("Origin"), .th("View")),
                             .forEach(generated) { constraint in
                                 .tr(.td(.class("notation"), .safeText(constraint.notation)),
                                     .td(.code(.safeText(constraint.origin.identifier))),
                                     .td(.safeText(constraint.origin.generatingView.map { result.resolved.view($0)?.displayName ?? $0 } ?? "")))
                             })),
        ]
        let style = Wireframe.hoverStyle(findings: findingGroups.count) + (devices == nil ? "" : "\n" + DeviceSweepHTML.stylesheet)
        return Page.render(title: title, body: body, style: style)
    }

    /// This class's findings, each its own group, numbered for the drawing's outlines and hover.
    var findingGroups: [FindingGroup] {
        result.findings.map { finding in
            let identity = FindingIdentity(finding)
            return FindingGroup(identity: identity, finding: finding, classes: [result.sizeClass],
                                fingerprint: identity.fingerprint(document: path))
        }
    }

    /// Ids of the document's constraints this class does not install, with why.
    var omittedConstraints: [String] {
        result.resolved.omissions.filter { $0.element == .constraint }.map { omission in
            switch omission.reason {
            case .uninstalled(let provenance): "\(omission.id) (uninstalled by \(provenance))"
            case .ancestorUninstalled(let view): "\(omission.id) (inside uninstalled \(view))"
            case .referencesUninstalledView(let view): "\(omission.id) (names uninstalled \(view))"
            }
        }
    }

    private func findingsList() -> Node<HTML.BodyContext> {
        guard !result.findings.isEmpty else { return .p("No findings.") }
        return .ul(.class("findings"), .forEach(Array(result.findings.enumerated())) { number, finding in
            .li(.class("\(finding.severity.rawValue) finding-\(number)"), .span(.class("kind"), .safeText(finding.kind + " ")), .safeText(finding.message),
                .forEach(finding.details) { .div(.class("detail"), .safeText($0)) },
                .unwrap(finding.suggestion) { .div(.class("detail"), .safeText("→ " + $0)) })
        })
    }

    // MARK: Markdown and JSON

    public func markdown() -> String {
        let format = NumberFormatting.format
        var text = "### \(Markdown.escape(sceneName ?? path)) — \(result.sizeClass): \(Markdown.icon(result.status)) \(result.status.rawValue)\n\n"
        text += "\(Markdown.code(path)) · canvas \(canvasText) · \(result.resolved.views.count) views · "
            + "\(result.resolved.constraints.count) constraints installed\n\n"
        text += "| view | id | x | y | width | height | ambiguous |\n|---|---|--:|--:|--:|--:|---|\n"
        for view in result.views {
            text += "| \(Markdown.escape(result.resolved.view(view.id)?.displayName ?? view.id)) | \(Markdown.code(view.id)) | "
                + "\(format(view.frame.x)) | \(format(view.frame.y)) | \(format(view.frame.width)) | \(format(view.frame.height)) | "
                + Markdown.escape(ambiguityText(view)) + " |\n"
        }
        text += "\n| id | constraint | provenance | line |\n|---|---|---|--:|\n"
        for row in documentConstraints {
            let note = row.status.isEmpty ? "" : " ❌ " + Markdown.escape(row.status)
            text += "| \(Markdown.code(row.id)) | \(Markdown.code(row.notation))\(note) | \(Markdown.escape(row.provenance)) | \(row.line) |\n"
        }
        if !omittedConstraints.isEmpty {
            text += "\nNot installed in this class: " + Markdown.escape(omittedConstraints.joined(separator: ", ")) + "\n"
        }
        let generated = generatedConstraints
        if !generated.isEmpty {
            text += "\n<details><summary>\(generated.count) generated constraints (intrinsic size, stack views)</summary>\n\n"
            text += generated.map { "- " + Markdown.code($0.notation) + "\n" }.joined()
            text += "\n</details>\n"
        }
        text += "\n" + (result.findings.isEmpty ? "No findings.\n" : result.findings.map { finding in
            "- **\(finding.severity.rawValue)** \(Markdown.code(finding.kind)): \(Markdown.escape(finding.message))"
                + (finding.location.map { " (line \($0.line))" } ?? "") + "\n"
        }.joined())
        if let devices { text += "\n" + DeviceSweepMarkdown.render([devices]) }
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
