import NinefoldLayout
import NinefoldResolution
import NinefoldScene
import NinefoldSolver
import NinefoldValidation
import Plot

/// What changes between two solved classes: of one document between two size classes, or of two
/// versions of a document in one class (what a reviewer wants for a change to a scene).
public struct LayoutDiff {
    public struct ConstraintChange: Sendable {
        public var id: String
        public var notation: String
        public var line: Int
        /// `constant 8 → 20 (compact-regular, line 31)`, …; empty for installed/uninstalled.
        public var changes: [String]
    }

    public struct AttributeChange: Sendable {
        public var view: String
        public var attribute: String
        public var old: String
        public var new: String
        public var source: String
    }

    public struct FrameChange: Sendable {
        public var view: String
        public var from: Frame?
        public var to: Frame?
    }

    public let fromLabel: String
    public let toLabel: String
    public let from: ClassResult
    public let to: ClassResult
    public private(set) var viewsInstalled: [String] = []
    public private(set) var viewsUninstalled: [String] = []
    public private(set) var constraintsInstalled: [ConstraintChange] = []
    public private(set) var constraintsUninstalled: [ConstraintChange] = []
    public private(set) var constraintsChanged: [ConstraintChange] = []
    public private(set) var attributeChanges: [AttributeChange] = []
    public private(set) var frames: [FrameChange] = []

    public init(from: ClassResult, to: ClassResult, fromLabel: String, toLabel: String) {
        self.from = from
        self.to = to
        self.fromLabel = fromLabel
        self.toLabel = toLabel
        let fromViews = from.resolved.views.map { $0.id }, toViews = to.resolved.views.map { $0.id }
        viewsInstalled = toViews.filter { !fromViews.contains($0) }
        viewsUninstalled = fromViews.filter { !toViews.contains($0) }
        compareConstraints()
        compareAttributes()
        let order = fromViews + viewsInstalled
        frames = order.map { id in FrameChange(view: id, from: from.layout.frame(of: id), to: to.layout.frame(of: id)) }
    }

    private mutating func compareConstraints() {
        let old = Dictionary(from.resolved.constraints.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let new = Dictionary(to.resolved.constraints.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        func notation(_ result: ClassResult, _ id: String) -> String {
            result.layout.system.constraints.first { $0.origin.documentID == id }?.notation ?? id
        }
        for constraint in to.resolved.constraints where old[constraint.id] == nil {
            constraintsInstalled.append(ConstraintChange(id: constraint.id, notation: notation(to, constraint.id),
                                                         line: constraint.location.line, changes: []))
        }
        for constraint in from.resolved.constraints where new[constraint.id] == nil {
            constraintsUninstalled.append(ConstraintChange(id: constraint.id, notation: notation(from, constraint.id),
                                                           line: constraint.location.line, changes: []))
        }
        for constraint in to.resolved.constraints {
            guard let before = old[constraint.id] else { continue }
            var changes: [String] = []
            if before.constant.value != constraint.constant.value {
                changes.append("constant \(before.constant.value) → \(constraint.constant.value) (\(constraint.constant.provenance))")
            }
            if before.priority.value != constraint.priority.value {
                changes.append("priority \(before.priority.value) → \(constraint.priority.value) (\(constraint.priority.provenance))")
            }
            if before.multiplier != constraint.multiplier || before.relation != constraint.relation
                || before.firstItem != constraint.firstItem || before.secondItem != constraint.secondItem
                || before.firstAttribute != constraint.firstAttribute || before.secondAttribute != constraint.secondAttribute {
                changes.append("now \(notation(to, constraint.id)) (was \(notation(from, constraint.id)))")
            }
            if !changes.isEmpty {
                // Between two versions a constraint can move; name the old line too.
                if before.location.line != constraint.location.line { changes.append("was at line \(before.location.line)") }
                constraintsChanged.append(ConstraintChange(id: constraint.id, notation: notation(to, constraint.id),
                                                           line: constraint.location.line, changes: changes))
            }
        }
    }

    private mutating func compareAttributes() {
        for view in to.resolved.views {
            guard let before = from.resolved.view(view.id) else { continue }
            func check<V: Hashable & Sendable>(_ name: String, _ path: KeyPath<ResolvedView, Resolved<V>>,
                                               _ show: (V) -> String) {
                let old = before[keyPath: path], new = view[keyPath: path]
                guard old.value != new.value else { return }
                attributeChanges.append(AttributeChange(view: view.id, attribute: name, old: show(old.value),
                                                        new: show(new.value), source: new.provenance.description))
            }
            func text(_ value: String?) -> String { value.map { "\"\($0)\"" } ?? "none" }
            func described<T: CustomStringConvertible>(_ value: T?) -> String { value.map { $0.description } ?? "none" }
            check("text", \.text, text)
            check("title", \.title, text)
            check("placeholder", \.placeholder, text)
            check("fontSize", \.fontSize) { NumberFormatting.format($0) }
            check("fontWeight", \.fontWeight) { $0.rawValue }
            check("hidden", \.hidden) { String($0) }
            check("intrinsicWidth", \.intrinsicWidth, described)
            check("intrinsicHeight", \.intrinsicHeight, described)
            check("horizontalHuggingPriority", \.horizontalHuggingPriority) { $0.description }
            check("verticalHuggingPriority", \.verticalHuggingPriority) { $0.description }
            check("horizontalCompressionResistancePriority", \.horizontalCompressionResistancePriority) { $0.description }
            check("verticalCompressionResistancePriority", \.verticalCompressionResistancePriority) { $0.description }
            check("backgroundColor", \.backgroundColor, described)
            check("layoutMargins", \.layoutMargins, described)
            check("axis", \.axis) { $0.rawValue }
            check("alignment", \.alignment) { $0.rawValue }
            check("distribution", \.distribution) { $0.rawValue }
            check("spacing", \.spacing) { NumberFormatting.format($0) }
        }
    }

    var title: String { "\(fromLabel) → \(toLabel)" }

    static func describe(_ frame: Frame?) -> String {
        guard let frame else { return "—" }
        let format = NumberFormatting.format
        return "(\(format(frame.x)), \(format(frame.y)), \(format(frame.width)) × \(format(frame.height)))"
    }

    static func delta(_ from: Frame?, _ to: Frame?) -> String {
        guard let from, let to else { return from == nil ? "installed" : "uninstalled" }
        let parts = [("x", to.x - from.x), ("y", to.y - from.y), ("width", to.width - from.width), ("height", to.height - from.height)]
            .filter { abs($0.1) > Tolerance.frame }
            .map { "\($0.0) \($0.1 > 0 ? "+" : "")\(NumberFormatting.format($0.1))" }
        return parts.isEmpty ? "unchanged" : parts.joined(separator: ", ")
    }

    private func name(_ id: String) -> String {
        to.resolved.view(id)?.displayName ?? from.resolved.view(id)?.displayName ?? id
    }

    // MARK: Text

    public func text(style: TerminalStyle) -> String {
        var lines = [style.bold(title) + "  " + style.status(from.status) + " → " + style.status(to.status)]
        func section(_ heading: String, _ entries: [String]) {
            guard !entries.isEmpty else { return }
            lines.append("")
            lines.append(style.bold(heading))
            lines += entries.map { "  " + $0 }
        }
        section("Views installed", viewsInstalled.map { style.green("+ \(name($0)) (\($0))") })
        section("Views uninstalled", viewsUninstalled.map { style.red("- \(name($0)) (\($0))") })
        section("Constraints installed", constraintsInstalled.map { style.green("+ \($0.id)  \($0.notation)") + style.dim("  line \($0.line)") })
        section("Constraints uninstalled", constraintsUninstalled.map { style.red("- \($0.id)  \($0.notation)") + style.dim("  line \($0.line)") })
        section("Constraints changed", constraintsChanged.map { "~ \($0.id)  " + $0.changes.joined(separator: "; ") + style.dim("  line \($0.line)") })
        section("Attributes changed", attributeChanges.map { "~ \(name($0.view)).\($0.attribute): \($0.old) → \($0.new)" + style.dim("  \($0.source)") })
        section("Frames", frames.map { change in
            "\(name(change.view)): \(Self.describe(change.from)) → \(Self.describe(change.to))  "
                + style.dim(Self.delta(change.from, change.to))
        })
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: HTML

    /// The box each of the three drawings is fitted into, in CSS pixels; all share one scale.
    static let drawingBox = (width: 400.0, height: 640.0)

    public func html() -> String {
        let scale = Wireframe.scale(fitting: [from, to], width: Self.drawingBox.width, height: Self.drawingBox.height)
        let changeCount = viewsInstalled.count + viewsUninstalled.count + constraintsInstalled.count
            + constraintsUninstalled.count + constraintsChanged.count + attributeChanges.count
        let body: [Node<HTML.BodyContext>] = [
            .div(.class("header"), .h1(.safeText(to.resolved.sceneName ?? title)),
                    .h3(.safeText(fromLabel)), Page.badge(from.status), .span(.class("detail"), .safeText("→")),
                    .h3(.safeText(toLabel)), Page.badge(to.status)),
            .p(.class("subtitle"), .safeText("\(changeCount) change\(changeCount == 1 ? "" : "s") in views, constraints and attributes · "
                + "frames of \(frames.count) views compared")),
            Page.legend(),
            .div(.class("pair"),
                 .div(.class("cell"), .div(.class("cell-head"), .h3(.safeText(fromLabel)), Page.badge(from.status)),
                      .div(.class("frame"), Wireframe(result: from, idPrefix: "from", scale: scale).node)),
                 .div(.class("cell"), .div(.class("cell-head"), .h3(.safeText(toLabel)), Page.badge(to.status)),
                      .div(.class("frame"), Wireframe(result: to, idPrefix: "to", scale: scale).node)),
                 .div(.class("cell"), .div(.class("cell-head"), .h3("overlay"),
                                           .span(.class("legend-inline detail"),
                                                 .span(.class("swatch from")), .safeText(" \(fromLabel)  "),
                                                 .span(.class("swatch to")), .safeText(" \(toLabel)"))),
                      .div(.class("frame"), overlay(scale: scale)))),
            .h2("Changes"),
            .if(changeCount == 0, .p(.class("detail"), .safeText("No views, constraints or attributes change.")),
                else: changesTable()),
            .h2("Frames"),
            .table(.tr(.th("View"), .th(.safeText(fromLabel)), .th(.safeText(toLabel)), .th("Delta")),
                   .forEach(frames) { change in
                       .tr(.td(.safeText(name(change.view))), .td(.class("delta"), .safeText(Self.describe(change.from))),
                           .td(.class("delta"), .safeText(Self.describe(change.to))),
                           .td(.class("delta " + Self.deltaClass(change.from, change.to)), .safeText(Self.delta(change.from, change.to))))
                   }),
        ]
        return Page.render(title: "\(to.resolved.sceneName ?? "Layout") — \(title)", body: body)
    }

    static func deltaClass(_ from: Frame?, _ to: Frame?) -> String {
        if from == nil { return "added" }
        if to == nil { return "removed" }
        return delta(from, to) == "unchanged" ? "same" : ""
    }

    private func changesTable() -> Node<HTML.BodyContext> {
        func constraintRow(_ kind: String, _ style: String, _ change: ConstraintChange, detail: String) -> Node<HTML.TableContext> {
            .tr(.td(.span(.class(style), .safeText(kind))), .td(.code(.safeText(change.id))), .td(.class("notation"), .safeText(detail)),
                .td(.class("number"), .safeText(String(change.line))))
        }
        return .table(
            .tr(.th("Change"), .th("Item"), .th("Detail"), .th(.class("number"), .safeText("Line"))),
            .forEach(viewsInstalled) { id in
                .tr(.td(.span(.class("added"), .safeText("view installed"))), .td(.safeText(name(id))), .td(.code(.safeText(id))),
                    .td(.class("number"), .safeText(line(of: id).map(String.init) ?? "")))
            },
            .forEach(viewsUninstalled) { id in
                .tr(.td(.span(.class("removed"), .safeText("view uninstalled"))), .td(.safeText(name(id))), .td(.code(.safeText(id))),
                    .td(.class("number"), .safeText(line(of: id).map(String.init) ?? "")))
            },
            .forEach(constraintsInstalled) { constraintRow("constraint installed", "added", $0, detail: $0.notation) },
            .forEach(constraintsUninstalled) { constraintRow("constraint uninstalled", "removed", $0, detail: $0.notation) },
            .forEach(constraintsChanged) { constraintRow("constraint changed", "", $0, detail: $0.changes.joined(separator: "; ")) },
            .forEach(attributeChanges) { change in
                .tr(.td(.safeText("attribute changed")), .td(.safeText("\(name(change.view)).\(change.attribute)")),
                    .td(.safeText("\(change.old) → \(change.new)"), .div(.class("detail"), .safeText(change.source))), .td())
            })
    }

    private func line(of viewID: String) -> Int? {
        (to.resolved.view(viewID) ?? from.resolved.view(viewID))?.location.line
    }

    /// Both layouts on one drawing: the old canvas and frames dashed, the new ones filled.
    private func overlay(scale: Double) -> Node<HTML.BodyContext> {
        let format = NumberFormatting.format
        let a = Wireframe.bounds(of: from), b = Wireframe.bounds(of: to)
        let minX = min(a.x, b.x), minY = min(a.y, b.y)
        let width = max(a.x + a.width, b.x + b.width) - minX, height = max(a.y + a.height, b.y + b.height) - minY
        func canvas(_ result: ClassResult, _ kind: String) -> Node<HTML.BodyContext> {
            .element(named: "rect", nodes: [
                .safeAttribute(named: "class", value: "canvas \(kind)"),
                .safeAttribute(named: "x", value: "0"), .safeAttribute(named: "y", value: "0"),
                .safeAttribute(named: "width", value: format(result.canvas.width)),
                .safeAttribute(named: "height", value: format(result.canvas.height)),
            ])
        }
        func group(_ result: ClassResult, _ kind: String) -> Node<HTML.BodyContext> {
            .element(named: "g", nodes: [.safeAttribute(named: "class", value: kind)] + result.views.compactMap { view in
                guard result.resolved.view(view.id)?.parentID != nil else { return nil }
                return .element(named: "rect", nodes: [
                    .safeAttribute(named: "data-view", value: view.id),
                    .safeAttribute(named: "x", value: format(view.frame.x)), .safeAttribute(named: "y", value: format(view.frame.y)),
                    .safeAttribute(named: "width", value: format(max(0, view.frame.width))),
                    .safeAttribute(named: "height", value: format(max(0, view.frame.height))),
                    .element(named: "title", nodes: [.safeText("\(name(view.id)) in \(kind == "from" ? fromLabel : toLabel): "
                        + Self.describe(view.frame))]),
                ])
            })
        }
        return .element(named: "svg", nodes: [
            .safeAttribute(named: "xmlns", value: "http://www.w3.org/2000/svg"),
            .safeAttribute(named: "viewBox", value: "\(format(minX)) \(format(minY)) \(format(width)) \(format(height))"),
            .safeAttribute(named: "width", value: format(Wireframe.rounded(width * scale))),
            .safeAttribute(named: "height", value: format(Wireframe.rounded(height * scale))),
            .safeAttribute(named: "class", value: "wireframe overlay"),
            .safeAttribute(named: "role", value: "img"),
            .safeAttribute(named: "aria-label", value: "\(fromLabel) and \(toLabel) overlaid"),
            canvas(to, "to"), canvas(from, "from"), group(to, "to"), group(from, "from"),
        ])
    }

    // MARK: Markdown and JSON

    public func markdown() -> String {
        var text = "### \(Markdown.escape(to.resolved.sceneName ?? "Layout")): \(Markdown.escape(fromLabel)) → \(Markdown.escape(toLabel))\n\n"
        text += "\(Markdown.icon(from.status)) \(from.status.rawValue) → \(Markdown.icon(to.status)) \(to.status.rawValue)\n\n"
        let rows: [(String, String, String, String)] =
            viewsInstalled.map { ("➕ view installed", Markdown.escape(name($0)), Markdown.code($0), line(of: $0).map(String.init) ?? "") }
            + viewsUninstalled.map { ("➖ view uninstalled", Markdown.escape(name($0)), Markdown.code($0), line(of: $0).map(String.init) ?? "") }
            + constraintsInstalled.map { ("➕ constraint installed", Markdown.code($0.id), Markdown.code($0.notation), String($0.line)) }
            + constraintsUninstalled.map { ("➖ constraint uninstalled", Markdown.code($0.id), Markdown.code($0.notation), String($0.line)) }
            + constraintsChanged.map { ("✏️ constraint changed", Markdown.code($0.id), Markdown.escape($0.changes.joined(separator: "; ")),
                                        String($0.line)) }
            + attributeChanges.map { ("✏️ attribute changed", Markdown.escape("\(name($0.view)).\($0.attribute)"),
                                      Markdown.escape("\($0.old) → \($0.new)"), Markdown.escape($0.source)) }
        if rows.isEmpty {
            text += "No changes in views, constraints or attributes.\n"
        } else {
            text += "| change | item | detail | line |\n|---|---|---|---|\n"
            text += rows.map { "| \($0.0) | \($0.1) | \($0.2) | \($0.3) |\n" }.joined()
        }
        text += "\n| view | \(Markdown.escape(fromLabel)) | \(Markdown.escape(toLabel)) | delta |\n|---|---|---|---|\n"
        text += frames.map {
            "| \(Markdown.escape(name($0.view))) | \(Self.describe($0.from)) | \(Self.describe($0.to)) | \(Self.delta($0.from, $0.to)) |\n"
        }.joined()
        return text
    }

    public func json() -> JSONValue {
        func change(_ item: ConstraintChange) -> JSONValue {
            .object([("id", .string(item.id)), ("notation", .string(item.notation)), ("line", .number(Double(item.line))),
                     ("changes", .array(item.changes.map(JSONValue.string)))])
        }
        return .object([
            ("from", .string(fromLabel)), ("to", .string(toLabel)),
            ("status", .object([("from", .string(from.status.rawValue)), ("to", .string(to.status.rawValue))])),
            ("viewsInstalled", .array(viewsInstalled.map(JSONValue.string))),
            ("viewsUninstalled", .array(viewsUninstalled.map(JSONValue.string))),
            ("constraintsInstalled", .array(constraintsInstalled.map(change))),
            ("constraintsUninstalled", .array(constraintsUninstalled.map(change))),
            ("constraintsChanged", .array(constraintsChanged.map(change))),
            ("attributesChanged", .array(attributeChanges.map { item in
                .object([("view", .string(item.view)), ("attribute", .string(item.attribute)), ("from", .string(item.old)),
                         ("to", .string(item.new)), ("source", .string(item.source))])
            })),
            ("frames", .array(frames.map { item in
                .object([("view", .string(item.view)),
                         ("from", item.from.map(ValidationJSON.frame) ?? .null),
                         ("to", item.to.map(ValidationJSON.frame) ?? .null)])
            })),
        ])
    }
}
