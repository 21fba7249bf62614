import NinefoldLayout
import NinefoldResolution
import NinefoldScene
import NinefoldValidation
import Plot

/// An SVG drawing of one solved class in the canvas's own units (1 unit = 1 point): views as
/// rectangles in their background colour, labels, buttons and text fields with their text in
/// their own font size (so text is in proportion to the boxes, as Interface Builder draws
/// it), ambiguous views hatched with the exact box they can move in, the views a finding names
/// outlined in the finding's colour, and everything outside the canvas on a red wash behind a
/// dashed canvas edge. Rectangle geometry is exactly the solved frames, so the drawing can be
/// checked against the layout; only the viewBox and the rendered size depend on the page.
struct Wireframe {
    let result: ClassResult
    /// Prefix for element ids, so several wireframes can share a page.
    let idPrefix: String
    /// Rendered pixels per point. Cells of one page share a scale so that a 768-point canvas
    /// looks twice as wide as a 375-point one, as a designer expects.
    let scale: Double
    /// Views named by findings: the worst severity (the outline's colour) and the page's
    /// finding numbers (for the hover highlight, `Wireframe.hoverStyle`).
    var marks: [String: Mark] = [:]

    struct Mark: Equatable {
        var severity: Severity
        var findings: [Int]
    }

    /// The marks for one class of a page whose problems are numbered by their index in `groups`.
    /// The root view is never outlined: it is the canvas. Only problems this result has are
    /// marked: with `--devices` a group's classes include those where it shows on a device
    /// only, and the class's own canvas must not look as if it had that finding.
    static func marks(_ result: ClassResult, groups: [FindingGroup]) -> [String: Mark] {
        var marks: [String: Mark] = [:]
        let own = Set(result.findings.map(FindingIdentity.init))
        for (number, group) in groups.enumerated() where group.classes.contains(result.sizeClass) && own.contains(group.identity) {
            for view in group.finding.views where result.resolved.view(view)?.parentID != nil {
                var mark = marks[view] ?? Mark(severity: group.finding.severity, findings: [])
                mark.severity = max(mark.severity, group.finding.severity)
                mark.findings.append(number)
                marks[view] = mark
            }
        }
        return marks
    }

    /// CSS (no script) that outlines a finding's views while the pointer is over its row or
    /// list item: a row or item of class `finding-N` and the views of class `fN`. Uses `:has()`,
    /// which every current browser supports; an older one simply shows no highlight.
    static func hoverStyle(findings count: Int) -> String {
        (0..<count).map { number in
            ".main:has(.finding-\(number):hover) svg.wireframe g.f\(number) > rect.frame-rect "
                + "{ stroke: #2c64d6; stroke-width: 4; stroke-dasharray: none; }"
        }.joined(separator: "\n")
    }

    /// The region to draw: the canvas, grown to take in views that lie outside it, so a
    /// view pushed off screen is visible rather than silently clipped.
    var bounds: Frame { Self.bounds(of: result) }

    static func bounds(of result: ClassResult) -> Frame {
        var minX = 0.0, minY = 0.0, maxX = result.canvas.width, maxY = result.canvas.height
        for view in result.views where [view.frame.x, view.frame.y, view.frame.width, view.frame.height].allSatisfy({ $0.isFinite }) {
            minX = min(minX, view.frame.x, view.frame.x + view.frame.width)
            minY = min(minY, view.frame.y, view.frame.y + view.frame.height)
            maxX = max(maxX, view.frame.x + view.frame.width, view.frame.x)
            maxY = max(maxY, view.frame.y + view.frame.height, view.frame.y)
        }
        // Keep a runaway frame from shrinking the drawing to nothing.
        let limit = 4 * max(result.canvas.width, result.canvas.height)
        minX = max(minX, -limit); minY = max(minY, -limit)
        maxX = min(maxX, result.canvas.width + limit); maxY = min(maxY, result.canvas.height + limit)
        return Frame(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The largest scale at which every given class fits a box of the given size.
    static func scale(fitting results: [ClassResult], width: Double, height: Double) -> Double {
        let sizes = results.map(bounds(of:))
        let widest = sizes.map { $0.width }.max() ?? 1, tallest = sizes.map { $0.height }.max() ?? 1
        return rounded(min(width / max(widest, 1), height / max(tallest, 1)))
    }

    static func rounded(_ value: Double) -> Double { (value * 1e4).rounded() / 1e4 }

    var node: Node<HTML.BodyContext> {
        let box = bounds
        let format = NumberFormatting.format
        var nodes: [Node<HTML.BodyContext>] = [
            .safeAttribute(named: "xmlns", value: "http://www.w3.org/2000/svg"),
            .safeAttribute(named: "viewBox", value: "\(format(box.x)) \(format(box.y)) \(format(box.width)) \(format(box.height))"),
            .safeAttribute(named: "width", value: format(Self.rounded(box.width * scale))),
            .safeAttribute(named: "height", value: format(Self.rounded(box.height * scale))),
            .safeAttribute(named: "class", value: "wireframe"),
            .safeAttribute(named: "role", value: "img"),
            .safeAttribute(named: "aria-label", value: "\(result.sizeClass) layout, \(result.status.rawValue)"),
            .element(named: "defs", nodes: [
                .element(named: "pattern", nodes: [
                    .safeAttribute(named: "id", value: "\(idPrefix)-hatch"),
                    .safeAttribute(named: "patternUnits", value: "userSpaceOnUse"),
                    .safeAttribute(named: "width", value: format(Self.rounded(7 / scale))),
                    .safeAttribute(named: "height", value: format(Self.rounded(7 / scale))),
                    .safeAttribute(named: "patternTransform", value: "rotate(45)"),
                    .element(named: "rect", nodes: [
                        .safeAttribute(named: "width", value: format(Self.rounded(2.5 / scale))),
                        .safeAttribute(named: "height", value: format(Self.rounded(7 / scale))),
                        .safeAttribute(named: "fill", value: "#d98a1c"), .safeAttribute(named: "fill-opacity", value: "0.5"),
                    ]),
                ]),
            ]),
        ]
        let overflows = box.x < 0 || box.y < 0 || box.width > result.canvas.width || box.height > result.canvas.height
        if overflows {
            // Outside the canvas: a red wash, so what lies there reads as off screen.
            nodes.append(.element(named: "rect", nodes: [
                .safeAttribute(named: "class", value: "offscreen"),
                .safeAttribute(named: "x", value: format(box.x)), .safeAttribute(named: "y", value: format(box.y)),
                .safeAttribute(named: "width", value: format(box.width)), .safeAttribute(named: "height", value: format(box.height)),
            ]))
        }
        let ambiguous = Set(result.views.filter { !$0.ambiguous.isEmpty }.map { $0.id })
        for view in result.views {
            guard let resolved = result.resolved.view(view.id) else { continue }
            nodes.append(rectangle(view, resolved, isRoot: resolved.parentID == nil, isAmbiguous: ambiguous.contains(view.id)))
        }
        for view in result.views where ambiguous.contains(view.id) {
            nodes += freeRangeMarks(view)
        }
        if overflows {
            // The canvas edge on top of everything, and a caption in the wash.
            nodes.append(.element(named: "rect", nodes: [
                .safeAttribute(named: "class", value: "canvas-edge"),
                .safeAttribute(named: "x", value: "0"), .safeAttribute(named: "y", value: "0"),
                .safeAttribute(named: "width", value: format(result.canvas.width)),
                .safeAttribute(named: "height", value: format(result.canvas.height)),
            ]))
            // A caption where the wash below the canvas has room for one (14 px on screen).
            let size = Self.rounded(10 / scale)
            if (box.y + box.height - result.canvas.height) * scale >= 14 {
                nodes.append(.element(named: "text", nodes: [
                .safeAttribute(named: "class", value: "offscreen-caption"),
                .safeAttribute(named: "x", value: format(Self.rounded(box.x + 3 / scale))),
                .safeAttribute(named: "y", value: format(Self.rounded(box.y + box.height - 4 / scale))),
                .safeAttribute(named: "font-size", value: format(size)),
                    .safeText("outside the canvas"),
                ]))
            }
        }
        return .element(named: "svg", nodes: nodes)
    }

    private func rectangle(_ view: ViewResult, _ resolved: ResolvedView, isRoot: Bool, isAmbiguous: Bool)
        -> Node<HTML.BodyContext> {
        let frame = view.frame
        let format = NumberFormatting.format
        let color = resolved.backgroundColor.value
        let fill = color?.description ?? (isRoot ? "#ffffff" : Self.defaultFill(resolved.kind))
        let mark = marks[view.id]
        let classes = ["view", "kind-" + resolved.kind.rawValue, isRoot ? "root" : "", isAmbiguous ? "ambiguous" : "",
                       resolved.hidden.value ? "hidden" : "", mark.map { "finding-\($0.severity.rawValue)" } ?? ""]
            + (mark?.findings.map { "f\($0)" } ?? [])
        var title = "\(resolved.displayName) (\(resolved.kind.rawValue)): x \(format(frame.x)), y \(format(frame.y)), "
            + "width \(format(frame.width)), height \(format(frame.height))"
        if resolved.hidden.value { title += ", hidden" }
        if isAmbiguous { title += " — ambiguous: " + view.ranges.map { $0.description }.joined(separator: ", ") }
        var group: [Node<HTML.BodyContext>] = [
            .safeAttribute(named: "class", value: classes.filter { !$0.isEmpty }.joined(separator: " ")),
            .safeAttribute(named: "data-view", value: view.id),
            .element(named: "title", nodes: [.safeText(title)]),
            .element(named: "rect", nodes: [
                .safeAttribute(named: "class", value: "frame-rect"),
                .safeAttribute(named: "x", value: format(frame.x)), .safeAttribute(named: "y", value: format(frame.y)),
                .safeAttribute(named: "width", value: format(max(0, frame.width))),
                .safeAttribute(named: "height", value: format(max(0, frame.height))),
                .safeAttribute(named: "fill", value: fill),
            ]),
        ]
        if isAmbiguous {
            group.append(.element(named: "rect", nodes: [
                .safeAttribute(named: "class", value: "hatch"),
                .safeAttribute(named: "x", value: format(frame.x)), .safeAttribute(named: "y", value: format(frame.y)),
                .safeAttribute(named: "width", value: format(max(0, frame.width))),
                .safeAttribute(named: "height", value: format(max(0, frame.height))),
                .safeAttribute(named: "fill", value: "url(#\(idPrefix)-hatch)"),
            ]))
        }
        if !isRoot, let text = textNode(resolved, frame: frame, dark: color.map(Self.isDark) ?? false) {
            group.append(text)
        }
        return .element(named: "g", nodes: group)
    }

    /// Text fields are white with a border, as IB's rounded-rect style; other views a light blue-grey.
    static func defaultFill(_ kind: ViewKind) -> String {
        kind == .textField || kind == .textView ? "#ffffff" : "#e9eef6"
    }

    /// Perceived brightness below the middle: draw the label in white.
    static func isDark(_ color: Color) -> Bool {
        0.299 * Double(color.red) + 0.587 * Double(color.green) + 0.114 * Double(color.blue) < 150
    }

    /// Where and how a view draws its text, as UIKit does by default: a label's text at its
    /// leading edge, a button's title centred in the tint colour, a text field's text (or its
    /// placeholder, in grey) inset 7 points from the leading edge, a text view's text at the
    /// top. Font sizes are the view's own, in points, so text keeps its proportion to the boxes.
    /// Views without text show their name, small, so a box can still be told apart.
    struct TextStyle {
        enum Anchor: String { case start, middle }
        var text: String
        var fontSize: Double
        var weight: FontWeight
        var anchor: Anchor
        var inset: Double
        var colourClass: String
        var top: Bool
        var lines: Int
    }

    func textStyle(_ view: ResolvedView, frame: Frame, dark: Bool) -> TextStyle? {
        let size = view.fontSize.value
        let weight = view.fontWeight.value
        let ink = dark ? "on-dark" : "on-light"
        switch view.kind {
        case .label:
            guard let text = view.text.value else { break }
            let lines = view.numberOfLines ?? 1
            return TextStyle(text: text, fontSize: size, weight: weight, anchor: .start, inset: 0, colourClass: ink, top: false,
                             lines: lines == 0 ? Int.max : max(1, lines))
        case .button:
            guard let title = view.title.value else { break }
            return TextStyle(text: title, fontSize: size, weight: weight, anchor: .middle, inset: 0,
                             colourClass: dark ? "on-dark" : "tint", top: false, lines: 1)
        case .textField:
            if let text = view.text.value, !text.isEmpty {
                return TextStyle(text: text, fontSize: size, weight: weight, anchor: .start, inset: 7, colourClass: ink, top: false, lines: 1)
            }
            guard let placeholder = view.placeholder.value else { break }
            return TextStyle(text: placeholder, fontSize: size, weight: weight, anchor: .start, inset: 7, colourClass: "placeholder",
                             top: false, lines: 1)
        case .textView:
            guard let text = view.text.value else { break }
            return TextStyle(text: text, fontSize: size, weight: weight, anchor: .start, inset: 5, colourClass: ink, top: true,
                             lines: Int.max)
        default:
            break
        }
        // A name tag about 10 pixels high on screen, whatever the scale.
        return TextStyle(text: view.displayName, fontSize: Self.rounded(10.5 / scale), weight: .regular, anchor: .middle, inset: 0,
                         colourClass: dark ? "on-dark" : "name", top: false, lines: 1)
    }

    static func cssWeight(_ weight: FontWeight) -> Int {
        switch weight {
        case .ultraLight: 100
        case .thin: 200
        case .light: 300
        case .regular: 400
        case .medium: 500
        case .semibold: 600
        case .bold: 700
        case .heavy: 800
        case .black: 900
        }
    }

    /// The lines of `text` that fit `width` points in `font`, measured with the layout's own
    /// font metrics (the ones that sized the views, so a label's text fits its intrinsic box):
    /// one line is cut at the tail with "…", as UIKit's default line break mode does; several
    /// wrap at spaces and the last shown line is cut if more would follow. A width that is not
    /// a positive finite number fits nothing.
    static func fitted(_ text: String, font: Font, width: Double, lines: Int) -> [String] {
        guard width.isFinite, width > 0, lines > 0, font.size.isFinite, font.size > 0 else { return [] }
        let slack = 0.5
        func fits(_ line: String) -> Bool { TextMetrics.width(of: line, in: font) <= width + slack }
        func cut(_ line: String) -> String? {
            if fits(line) { return line }
            var characters = Array(line)
            while !characters.isEmpty {
                characters.removeLast()
                let candidate = MatrixReport.trimmingTrailingSpaces(String(characters)) + "…"
                if fits(candidate) { return candidate }
            }
            return nil
        }
        // No glyph is narrower than 0.2 em, so no more characters than this can show; measuring
        // only those keeps a megabyte of label text from costing quadratic time.
        let perLine = min(width / (font.size * 0.2), 2_000) + 2
        let text = String(text.prefix(Int(perLine) * min(lines, 100)))
        let wrapped = lines == 1 ? [text] : TextMetrics.wrap(text, in: font, width: width)
        var shown = Array(wrapped.prefix(lines))
        if wrapped.count > shown.count, let last = shown.popLast() { shown.append(last + "…") }
        return shown.compactMap(cut)
    }

    private func textNode(_ view: ResolvedView, frame: Frame, dark: Bool) -> Node<HTML.BodyContext>? {
        guard let style = textStyle(view, frame: frame, dark: dark), frame.width.isFinite, frame.height.isFinite,
              style.fontSize > 0, style.fontSize * scale >= 5 else { return nil }
        let format = NumberFormatting.format
        let lineHeight = style.fontSize * 1.2
        let ratio = frame.height / lineHeight
        let fitsLines = ratio.isFinite ? Int(min(max(ratio, 1), 100)) : 1
        let font = Font(size: style.fontSize, weight: style.weight)
        let lines = Self.fitted(style.text, font: font, width: frame.width - 2 * style.inset, lines: min(style.lines, fitsLines))
        // Too small a box for a legible glyph: draw nothing rather than a smudge.
        guard !lines.isEmpty, frame.height >= style.fontSize * 0.5, lines.allSatisfy({ !$0.isEmpty }) else { return nil }
        let x = style.anchor == .middle ? frame.x + frame.width / 2 : frame.x + style.inset
        let blockHeight = Double(lines.count) * lineHeight
        let firstCentre = style.top ? frame.y + style.inset + lineHeight / 2
            : frame.y + frame.height / 2 - blockHeight / 2 + lineHeight / 2
        return .element(named: "text", nodes: [
            .safeAttribute(named: "x", value: format(Self.rounded(x))),
            .safeAttribute(named: "y", value: format(Self.rounded(firstCentre))),
            .safeAttribute(named: "font-size", value: format(Self.rounded(style.fontSize))),
            .safeAttribute(named: "font-weight", value: String(Self.cssWeight(style.weight))),
            .safeAttribute(named: "text-anchor", value: style.anchor.rawValue),
            .safeAttribute(named: "dominant-baseline", value: "central"),
            .safeAttribute(named: "class", value: style.colourClass),
            .group(lines.enumerated().map { index, line in
                .element(named: "tspan", nodes: [
                    .safeAttribute(named: "x", value: format(Self.rounded(x))),
                    .safeAttribute(named: "y", value: format(Self.rounded(firstCentre + Double(index) * lineHeight))),
                    .safeText(line),
                ])
            }),
        ])
    }

    /// A dashed outline of the box an ambiguous view can occupy over all optimal layouts (its
    /// exact reach from the validator), clipped to the drawing.
    private func freeRangeMarks(_ view: ViewResult) -> [Node<HTML.BodyContext>] {
        let format = NumberFormatting.format
        let box = bounds
        let reach = view.reach ?? Reach(minX: view.frame.x, minY: view.frame.y, maxX: view.frame.x + view.frame.width,
                                        maxY: view.frame.y + view.frame.height)
        let x = max(box.x, reach.minX), y = max(box.y, reach.minY)
        let right = min(box.x + box.width, reach.maxX), bottom = min(box.y + box.height, reach.maxY)
        guard [x, y, right, bottom].allSatisfy({ $0.isFinite }), right > x, bottom > y else { return [] }
        return [.element(named: "rect", nodes: [
            .safeAttribute(named: "class", value: "free-range"),
            .safeAttribute(named: "data-view", value: view.id),
            .safeAttribute(named: "x", value: format(Self.rounded(x))), .safeAttribute(named: "y", value: format(Self.rounded(y))),
            .safeAttribute(named: "width", value: format(Self.rounded(right - x))),
            .safeAttribute(named: "height", value: format(Self.rounded(bottom - y))),
            .element(named: "title", nodes: [.safeText("\(view.id) can move: " + view.ranges.map { $0.description }.joined(separator: ", "))]),
        ])]
    }
}
