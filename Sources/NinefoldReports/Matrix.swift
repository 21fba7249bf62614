import NinefoldLayout
import NinefoldScene
import NinefoldValidation
import Plot

/// The 3×3 size-class matrix: columns are width classes, rows height classes, each in the order
/// compact, any, regular, so the four final classes sit in the corners and Any-Any in the
/// centre, as the cookbook suggests drawing it.
public struct MatrixReport {
    public let result: DocumentResult
    /// With `--devices`: each class's device sweep, shown in the HTML, SVG and Markdown matrix.
    public let devices: [ClassDeviceSweep]?

    public init(result: DocumentResult, devices: [ClassDeviceSweep]? = nil) {
        self.result = result
        self.devices = devices
    }

    /// Each problem once, with the devices it shows on when there is a sweep.
    var groups: [FindingGroup] { devices.map { result.findingGroups(devices: $0) } ?? result.findingGroups }

    func sweep(_ sizeClass: SizeClass) -> ClassDeviceSweep? { devices?.first { $0.sizeClass == sizeClass } }

    static let order: [SizeClassValue] = [.compact, .any, .regular]

    /// Rows of cells (height class), each row's cells by width class; nil where a class was not validated.
    var grid: [[ClassResult?]] {
        Self.order.map { height in
            Self.order.map { width in result.classes.first { $0.sizeClass == SizeClass(width: width, height: height) } }
        }
    }

    var title: String { result.scene.name ?? result.path }

    /// `6 unique · 2 ambiguous · 1 conflicting`, statuses with no class left out.
    var statusCounts: [(Status, Int)] {
        Status.allCases.map { status in (status, result.classes.filter { $0.status == status }.count) }.filter { $0.1 > 0 }
    }

    /// `1 error · 2 warnings`, or `no findings`.
    static func findingWords(_ result: ClassResult) -> [(Severity, String)] {
        [(Severity.error, "error", "errors"), (.warning, "warning", "warnings"), (.note, "note", "notes")].compactMap {
            let count = result.count($0.0)
            return count == 0 ? nil : ($0.0, "\(count) \(count == 1 ? $0.1 : $0.2)")
        }
    }

    static func canvasText(_ result: ClassResult) -> String {
        "\(NumberFormatting.format(result.canvas.width))×\(NumberFormatting.format(result.canvas.height))"
    }

    // MARK: Text

    public func text(style: TerminalStyle) -> String {
        // Each cell is four lines of (styled text, visible width); the cell width fits the widest.
        let cells: [[[(String, Int)]]] = grid.map { row in
            row.map { cell in
                guard let cell else { return [("—", 1), ("not validated", 13), ("", 0), ("", 0)] }
                let head = cell.sizeClass.description + "  " + style.dim(Self.canvasText(cell))
                let counts = "\(cell.resolved.views.count) views · \(cell.resolved.constraints.count) constraints"
                let words = Self.findingWords(cell)
                let findings = words.isEmpty ? style.dim("no findings")
                    : words.map { style.severityColour($0.0, $0.1) }.joined(separator: " · ")
                let findingsWidth = words.isEmpty ? 11 : words.map(\.1.count).reduce(0, +) + 3 * (words.count - 1)
                return [(head, cell.sizeClass.description.count + 2 + Self.canvasText(cell).count),
                        (style.status(cell.status), cell.status.rawValue.count),
                        (counts, counts.count), (findings, findingsWidth)]
            }
        }
        let width = max(22, cells.flatMap { $0.flatMap { $0.map(\.1) } }.max() ?? 0)
        let gutter = 16
        func pad(_ text: String, _ visible: Int, to length: Int) -> String {
            text + String(repeating: " ", count: max(0, length - visible))
        }
        var lines = [style.bold(title) + "  " + style.dim(result.path)]
        lines.append(statusCounts.map { style.status($0.0, text: "\($0.1) \($0.0.rawValue)") }.joined(separator: " · "))
        lines.append("")
        lines.append(String(repeating: " ", count: gutter) + Self.order.map { value in
            " " + pad(style.dim("width \(value.rawValue)"), 6 + value.rawValue.count, to: width + 2)
        }.joined())
        func rule(_ left: String, _ middle: String, _ right: String) -> String {
            String(repeating: " ", count: gutter - 1) + left
                + Array(repeating: String(repeating: "─", count: width + 2), count: 3).joined(separator: middle) + right
        }
        lines.append(rule("┌", "┬", "┐"))
        for (rowIndex, row) in cells.enumerated() {
            for line in 0..<4 {
                let label = line == 0 ? "height \(Self.order[rowIndex].rawValue)" : ""
                let prefix = pad(style.dim(label), label.count, to: gutter - 1)
                lines.append(prefix + "│ " + row.map { pad($0[line].0, $0[line].1, to: width) }.joined(separator: " │ ") + " │")
            }
            lines.append(rowIndex == cells.count - 1 ? rule("└", "┴", "┘") : rule("├", "┼", "┤"))
        }
        return lines.map(Self.trimmingTrailingSpaces).joined(separator: "\n") + "\n"
    }

    static func trimmingTrailingSpaces(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }

    // MARK: HTML

    /// The box each cell's drawing is fitted into, in CSS pixels; all nine share one scale. With
    /// the default canvases the largest class, regular-regular (768 × 1024), sets the scale at
    /// 0.65, so a 600-point canvas is drawn 390 pixels wide and text in proportion stays legible.
    static let drawingBox = (width: 500.0, height: 680.0)

    var scale: Double {
        Wireframe.scale(fitting: result.classes, width: Self.drawingBox.width, height: Self.drawingBox.height)
    }

    public func html() -> String {
        let scale = self.scale
        let groups = self.groups
        let tallest = grid.map { row in
            row.compactMap { $0.map { Wireframe.bounds(of: $0).height * scale } }.max() ?? 0
        }
        // Each column as wide as its widest drawing (plus the cell's padding), at least 260 px
        // for the text beneath; the page grows wider rather than shrinking the drawings.
        let columns = Self.order.indices.map { column in
            max(260, (grid.compactMap { $0[column].map { Wireframe.bounds(of: $0).width * scale } }.max() ?? 0) + 46)
        }
        let template = "grid-template-columns: 28px " + columns.map { "\(NumberFormatting.format($0.rounded()))px" }.joined(separator: " ")
        var body: [Node<HTML.BodyContext>] = [
            .div(.class("header"), .h1(.safeText(title)),
                    .span(.class("summary"), .forEach(statusCounts) { status, count in
                        .span(.class("badge \(status.rawValue)"), .safeText("\(count) \(status.rawValue)"))
                    })),
            .p(.class("subtitle"), .code(.safeText(result.path)),
               .safeText(" · the nine size classes, width across and height down; frames solved and drawn to scale")),
            Page.legend(),
            .div(.class("grid"), .safeAttribute(named: "style", value: template),
                 .div(), .group(Self.order.map { .div(.class("axis"), .safeText("width"), .strong(.safeText($0.rawValue))) }),
                 .group(grid.enumerated().flatMap { index, row -> [Node<HTML.BodyContext>] in
                     [.div(.class("axis row"), .safeText("height"), .strong(.safeText(Self.order[index].rawValue)))]
                         + row.map { cell($0, scale: scale, frameHeight: tallest[index], groups: groups) }
                 })),
        ]
        body.append(.h2("Findings"))
        body.append(findingsTable(groups))
        // The grid's width: the row-label column, three columns, four 12-pixel gaps, the page's padding.
        let width = max(1320, 28 + columns.reduce(0, +) + 3 * 12 + 64)
        let style = Wireframe.hoverStyle(findings: groups.count) + (devices == nil ? "" : "\n" + DeviceSweepHTML.stylesheet)
        return Page.render(title: "\(title) — size-class matrix", body: body, style: style, width: width)
    }

    private func cell(_ result: ClassResult?, scale: Double, frameHeight: Double, groups: [FindingGroup]) -> Node<HTML.BodyContext> {
        guard let result else { return .div(.class("cell"), .p(.class("detail"), .safeText("not validated"))) }
        let centre = result.sizeClass == .anyAny
        // A conflict is shown in its own box above the list; notes wait for the table below.
        let shown = result.findings.filter { $0.severity != .note && ($0.kind != "conflict" || result.layout.conflicts.isEmpty) }
        let devices = sweep(result.sizeClass).map { DeviceSweepHTML(sweep: $0, groups: groups) }
        return .div(
            .class("cell \(result.status.rawValue)" + (centre ? " centre" : "") + (devices?.cellClass ?? "")),
            .safeAttribute(named: "data-size-class", value: result.sizeClass.description),
            .div(.class("cell-head"), .h3(.safeText(result.sizeClass.description)),
                 .unwrap(devices, { .span(.class("badges"), Page.badge(result.status), $0.badge) }, else: Page.badge(result.status))),
            .div(.class("meta"),
                 .span(.safeText("\(Self.canvasText(result)) pt · \(result.resolved.views.count) views · "
                       + "\(result.resolved.constraints.count) constraints")),
                 Page.severityPills(errors: result.count(.error), warnings: result.count(.warning), notes: result.count(.note))),
            .div(.class("frame"), .safeAttribute(named: "style", value: "height: \(NumberFormatting.format((frameHeight + 20).rounded()))px"),
                 Wireframe(result: result, idPrefix: result.sizeClass.description, scale: scale,
                           marks: Wireframe.marks(result, groups: groups)).node),
            Self.conflictBox(result),
            .if(!shown.isEmpty, .ul(.class("findings"),
                .forEach(shown.prefix(4)) { finding in
                    let number = groups.firstIndex { $0.identity == FindingIdentity(finding) }.map { " finding-\($0)" } ?? ""
                    return .li(.class(finding.severity.rawValue + number), .span(.class("kind"), .safeText(finding.kind)),
                               .safeText(" " + finding.message))
                },
                .if(shown.count > 4, .li(.class("more"), .safeText("and \(shown.count - 4) more below"))))),
            .unwrap(devices) { $0.node }
        )
    }

    /// For a conflicting class: the required constraints that cannot hold together, in the
    /// cookbook's notation, and the one left out to draw the layout.
    static func conflictBox(_ result: ClassResult) -> Node<HTML.BodyContext> {
        let constraints = result.layout.system.constraints
        let conflicts = result.layout.conflicts
        guard !conflicts.isEmpty else { return .empty }
        return .group(conflicts.map { conflict in
            .div(.class("conflict"),
                 .strong(.safeText("Conflicting constraints")),
                 .ul(.forEach(conflict.constraints.filter { constraints.indices.contains($0) }) { index in
                     .li(.code(.safeText(Self.label(constraints[index]))),
                         .if(index == conflict.broken, .span(.class("detail"), .safeText(" — left out to draw"))))
                 }))
        })
    }

    /// `c3  Banner.Width >= 500`, or the generated constraint's notation alone.
    static func label(_ constraint: LayoutConstraint) -> String {
        if let id = constraint.origin.documentID { return "\(id)  \(constraint.notation)" }
        return constraint.notation
    }

    /// Whether a finding was made in every one of the nine classes.
    func coversAllClasses(_ classes: [SizeClass]) -> Bool {
        classes.count == SizeClass.all.count && result.classes.count == SizeClass.all.count
    }

    /// Each problem once; hovering a row outlines its views in every drawing.
    private func findingsTable(_ groups: [FindingGroup]) -> Node<HTML.BodyContext> {
        guard !groups.isEmpty else { return .p(.class("detail"), .safeText("No findings in any class.")) }
        return .table(
            .tr(.th("Severity"), .th("Kind"), .th("Message"), .th("Classes"), .th(.class("number"), .safeText("Line"))),
            .forEach(Array(groups.enumerated())) { number, group in
                let finding = group.finding
                return .tr(.class("finding-\(number)"), .td(.span(.class("pill \(finding.severity.rawValue)"), .safeText(finding.severity.rawValue))),
                           .td(.span(.class("kind"), .safeText(finding.kind))),
                           .td(.safeText(finding.message), .forEach(finding.details) { .div(.class("detail"), .safeText($0)) },
                               .unwrap(finding.suggestion) { .div(.class("detail"), .safeText("→ " + $0)) }),
                           .td(.if(coversAllClasses(group.classes), .safeText("all nine"),
                                   else: .span(.class("classes"), .safeText(group.classes.map(\.description).joined(separator: ", ")))),
                               .if(!group.devices.isEmpty, .div(.class("detail"), .safeText(group.deviceList)))),
                           .td(.class("number"), .safeText(finding.location.map { String($0.line) } ?? "")))
            }
        )
    }

    // MARK: SVG

    /// The nine wireframes in one standalone SVG document at one shared scale, with its own
    /// style sheet so it renders the same outside the HTML page.
    public func svg() -> String {
        let format = NumberFormatting.format
        // With --devices each cell gets a second label line: the sweep's count, failures and worst device.
        let cellSize = 500.0, gap = 28.0, top = 64.0, labelHeight = devices == nil ? 30.0 : 48.0, left = 28.0
        let scale = Wireframe.scale(fitting: result.classes, width: cellSize, height: cellSize)
        let groups = self.groups
        let rowHeights = grid.map { row in row.compactMap { $0.map { Wireframe.bounds(of: $0).height * scale } }.max() ?? 0 }
        let totalHeight = top + rowHeights.map { $0 + labelHeight + gap }.reduce(0, +)
        var nodes: [Node<HTML.BodyContext>] = [
            .safeAttribute(named: "xmlns", value: "http://www.w3.org/2000/svg"),
            .safeAttribute(named: "width", value: format(left + 3 * cellSize + 3 * gap)),
            .safeAttribute(named: "height", value: format(totalHeight.rounded())),
            .element(named: "style", nodes: [.raw(Self.svgStylesheet)]),
            .element(named: "rect", nodes: [.safeAttribute(named: "width", value: "100%"), .safeAttribute(named: "height", value: "100%"),
                                            .safeAttribute(named: "fill", value: "#f4f5f8")]),
            .element(named: "text", nodes: [.safeAttribute(named: "x", value: format(left)), .safeAttribute(named: "y", value: "32"),
                                            .safeAttribute(named: "class", value: "title"), .safeText(title)]),
            .element(named: "text", nodes: [.safeAttribute(named: "x", value: format(left)), .safeAttribute(named: "y", value: "50"),
                                            .safeAttribute(named: "class", value: "label"),
                                            .safeText(statusCounts.map { "\($0.1) \($0.0.rawValue)" }.joined(separator: " · "))]),
        ]
        var y = top
        for (row, cells) in grid.enumerated() {
            for (column, cell) in cells.enumerated() {
                guard let cell else { continue }
                let x = left + Double(column) * (cellSize + gap)
                nodes.append(.element(named: "text", nodes: [
                    .safeAttribute(named: "x", value: format(x)), .safeAttribute(named: "y", value: format(y + 16)),
                    .safeAttribute(named: "class", value: "label"),
                    .element(named: "tspan", nodes: [.safeAttribute(named: "class", value: "name"), .safeText(cell.sizeClass.description)]),
                    .element(named: "tspan", nodes: [.safeAttribute(named: "class", value: cell.status.rawValue),
                                                     .safeText("  " + cell.status.rawValue)]),
                ]))
                if let sweep = sweep(cell.sizeClass) { nodes.append(Self.svgDevicesLine(sweep, x: x, y: y + 34)) }
                let drawing: Node<HTML.BodyContext> = Wireframe(result: cell, idPrefix: cell.sizeClass.description, scale: scale,
                                                                marks: Wireframe.marks(cell, groups: groups)).node
                nodes.append(.element(named: "g", nodes: [
                    .safeAttribute(named: "transform", value: "translate(\(format(x)) \(format(y + labelHeight)))"), drawing,
                ]))
            }
            y += rowHeights[row] + labelHeight + gap
        }
        let svg: Node<HTML.BodyContext> = .element(named: "svg", nodes: nodes)
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + svg.render(indentedBy: .spaces(1)) + "\n"
    }

    /// `22 devices · 3 fail · worst: iPhone SE (1st gen) · portrait (320×568): conflicting, 1 error`;
    /// its `<title>` (a tooltip in browsers, no script) lists every failing device.
    static func svgDevicesLine(_ sweep: ClassDeviceSweep, x: Double, y: Double) -> Node<HTML.BodyContext> {
        let failing = sweep.failing
        let summary = "\(sweep.devices.count) devices · " + (failing.isEmpty ? "none fails" : "\(failing.count) fail")
        return .element(named: "text", nodes: [
            .safeAttribute(named: "x", value: NumberFormatting.format(x)), .safeAttribute(named: "y", value: NumberFormatting.format(y)),
            .safeAttribute(named: "class", value: "label devices"),
            .element(named: "title", nodes: [.safeText(failing.isEmpty ? "no device fails"
                : "failing: " + failing.map(\.device.name).joined(separator: ", "))]),
            .element(named: "tspan", nodes: [.safeAttribute(named: "class", value: failing.isEmpty ? "unique" : "conflicting"),
                                             .safeText(summary)]),
            .unwrap(sweep.worst) { .safeText(" · worst: " + DeviceSweepText.describe($0, style: .plain)) },
        ])
    }

    static let svgStylesheet = """
    text { font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; fill: #18202f; }
    text.title { font-size: 18px; font-weight: 650; }
    text.label { font-size: 12px; fill: #5f6b7d; }
    tspan.name { font-weight: 600; fill: #18202f; }
    tspan.unique { fill: #17874a; font-weight: 600; } tspan.ambiguous { fill: #b26b00; font-weight: 600; }
    tspan.conflicting { fill: #c8313a; font-weight: 600; }
    svg.wireframe rect.offscreen { fill: #f9d0d4; }
    svg.wireframe rect.canvas-edge { fill: none; stroke: #c8313a; stroke-width: 1.5; stroke-dasharray: 6 4; vector-effect: non-scaling-stroke; }
    svg.wireframe text.offscreen-caption { fill: #c8313a; font-weight: 600; }
    svg.wireframe g.view rect { stroke: #55647d; stroke-width: 1; vector-effect: non-scaling-stroke; }
    svg.wireframe g.root rect { stroke: #aab3c2; }
    svg.wireframe g.kind-textField > rect.frame-rect { stroke: #b9c0cc; }
    svg.wireframe g.hidden { opacity: 0.4; }
    svg.wireframe g.ambiguous rect { stroke: #b26b00; stroke-width: 1.5; }
    svg.wireframe g.view rect.hatch { stroke: none; }
    svg.wireframe g.finding-note > rect.frame-rect { stroke: #2c64d6; stroke-width: 2.5; }
    svg.wireframe g.finding-warning > rect.frame-rect { stroke: #e0a23b; stroke-width: 2.5; }
    svg.wireframe g.finding-error > rect.frame-rect { stroke: #c8313a; stroke-width: 2.5; }
    svg.wireframe rect.free-range { fill: none; stroke: #b26b00; stroke-dasharray: 5 3; stroke-width: 1.5; vector-effect: non-scaling-stroke; }
    svg.wireframe text.on-light { fill: #1c1c1e; } svg.wireframe text.on-dark { fill: #ffffff; }
    svg.wireframe text.tint { fill: #007aff; } svg.wireframe text.placeholder { fill: #a3a3ad; }
    svg.wireframe text.name { fill: #5f6b7d; }
    """

    // MARK: Markdown

    /// For a pull-request comment: the grid as a table, then the findings.
    public func markdown() -> String {
        var text = "### \(Markdown.escape(title)) — size-class matrix\n\n"
        text += Markdown.code(result.path) + " · "
            + statusCounts.map { "\(Markdown.icon($0.0)) \($0.1) \($0.0.rawValue)" }.joined(separator: " · ") + "\n\n"
        text += "| height \\ width | compact | any | regular |\n|---|---|---|---|\n"
        for (index, row) in grid.enumerated() {
            text += "| **\(Self.order[index].rawValue)** | " + row.map { cell in
                guard let cell else { return "—" }
                let words = Self.findingWords(cell).map(\.1)
                return "\(Markdown.icon(cell.status)) **\(cell.status.rawValue)**<br>"
                    + "\(cell.resolved.views.count) views · \(cell.resolved.constraints.count) constraints<br>"
                    + (words.isEmpty ? "no findings" : words.joined(separator: " · "))
                    + (sweep(cell.sizeClass).map { "<br>" + DeviceSweepMarkdown.cellSummary($0) } ?? "")
            }.joined(separator: " | ") + " |\n"
        }
        let groups = self.groups
        text += "\n"
        if groups.isEmpty {
            text += "No findings in any class.\n"
        } else {
            text += "<details open><summary>\(groups.count) finding\(groups.count == 1 ? "" : "s")</summary>\n\n"
            text += "| severity | kind | message | classes | line |\n|---|---|---|---|--:|\n"
            for group in groups {
                let finding = group.finding
                text += "| \(finding.severity.rawValue) | \(Markdown.code(finding.kind)) | \(Markdown.escape(finding.message)) | "
                    + (coversAllClasses(group.classes) ? "all nine" : group.classes.map { Markdown.code($0.description) }
                        .joined(separator: " "))
                    + (group.devices.isEmpty ? "" : "<br>" + Markdown.escape(group.deviceList)) + " | "
                    + (finding.location.map { String($0.line) } ?? "") + " |\n"
            }
            text += "\n</details>\n"
        }
        if let devices { text += "\n" + DeviceSweepMarkdown.render(devices) }
        return text
    }

    // MARK: JSON

    public func json() -> JSONValue {
        guard case .object(var members) = ValidationJSON.document(result) else { return .null }
        members.append(("matrix", .object([
            ("columns", .array(Self.order.map { .string($0.rawValue) })),
            ("rows", .array(Self.order.map { .string($0.rawValue) })),
            ("cells", .array(grid.map { row in
                .array(row.map { cell in
                    cell.map { .object([("sizeClass", .string($0.sizeClass.description)), ("status", .string($0.status.rawValue))]) }
                        ?? .null
                })
            })),
        ])))
        return .object(members)
    }
}

enum Markdown {
    /// Escapes what GitHub Markdown would read as markup or HTML, and keeps a table row on one line.
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            case "\n", "\r": result += " "
            default:
                if "|\\`*_[]#".contains(character) { result.append("\\") }
                result.append(character)
            }
        }
        return result
    }

    /// A code span; GitHub reads `\|` inside one in a table as a plain bar.
    static func code(_ text: String) -> String {
        var result = "`"
        for character in text {
            switch character {
            case "`": result += "'"
            case "|": result += "\\|"
            case "\n", "\r": result += " "
            default: result.append(character)
            }
        }
        return result + "`"
    }

    static func icon(_ status: Status) -> String {
        switch status {
        case .unique: "✅"
        case .ambiguous: "⚠️"
        case .conflicting: "❌"
        }
    }
}
