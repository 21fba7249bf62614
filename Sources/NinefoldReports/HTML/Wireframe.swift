import NinefoldLayout
import NinefoldResolution
import NinefoldScene
import NinefoldValidation
import Plot

/// An SVG drawing of one solved class in the canvas's own units (1 unit = 1 point): views as
/// labelled rectangles in their background colour, ambiguous views hatched with their free
/// range drawn, every frame in a hover title. Rectangle geometry is exactly the solved frames,
/// so the drawing can be checked against the layout; only the viewBox and the rendered size
/// depend on the page.
struct Wireframe {
    let result: ClassResult
    /// Prefix for element ids, so several wireframes can share a page.
    let idPrefix: String
    /// Rendered pixels per point. Cells of one page share a scale so that a 768-point canvas
    /// looks twice as wide as a 375-point one, as a designer expects.
    let scale: Double

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
        if box.x < 0 || box.y < 0 || box.width > result.canvas.width || box.height > result.canvas.height {
            // Outside the canvas: a light wash, so what lies there reads as off screen.
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
        return .element(named: "svg", nodes: nodes)
    }

    private func rectangle(_ view: ViewResult, _ resolved: ResolvedView, isRoot: Bool, isAmbiguous: Bool)
        -> Node<HTML.BodyContext> {
        let frame = view.frame
        let format = NumberFormatting.format
        let color = resolved.backgroundColor.value
        let fill = color?.description ?? (isRoot ? "#ffffff" : Self.defaultFill)
        let classes = ["view", isRoot ? "root" : "", isAmbiguous ? "ambiguous" : "", resolved.hidden.value ? "hidden" : ""]
            .filter { !$0.isEmpty }.joined(separator: " ")
        var title = "\(resolved.displayName) (\(resolved.kind.rawValue)): x \(format(frame.x)), y \(format(frame.y)), "
            + "width \(format(frame.width)), height \(format(frame.height))"
        if resolved.hidden.value { title += ", hidden" }
        if isAmbiguous { title += " — ambiguous: " + view.ranges.map { $0.description }.joined(separator: ", ") }
        var group: [Node<HTML.BodyContext>] = [
            .safeAttribute(named: "class", value: classes),
            .safeAttribute(named: "data-view", value: view.id),
            .element(named: "title", nodes: [.safeText(title)]),
            .element(named: "rect", nodes: [
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
        if !isRoot, let text = labelNode(resolved, frame: frame, dark: color.map(Self.isDark) ?? false) {
            group.append(text)
        }
        return .element(named: "g", nodes: group)
    }

    static let defaultFill = "#e9eef6"

    /// Perceived brightness below the middle: draw the label in white.
    static func isDark(_ color: Color) -> Bool {
        0.299 * Double(color.red) + 0.587 * Double(color.green) + 0.114 * Double(color.blue) < 150
    }

    /// The label drawn in a rectangle, about 10 pixels high on screen whatever the scale: the
    /// view's own text when it has some, else its name, shortened to what fits; none when the
    /// rectangle is too small to hold a legible line.
    private func labelNode(_ view: ResolvedView, frame: Frame, dark: Bool) -> Node<HTML.BodyContext>? {
        let format = NumberFormatting.format
        let size = Self.rounded(min(10.5 / scale, frame.height * 0.62))
        guard size * scale >= 6.5, frame.width * scale >= 14 else { return nil }
        let text = view.text.value ?? view.title.value ?? view.placeholder.value ?? view.displayName
        // Clamped before converting: a huge or non-finite width must not trap `Int(_:)`.
        let room = (frame.width - 4 / scale) / (size * 0.56)
        let fits = room.isFinite ? Int(min(max(1, room), Double(text.count + 1))) : text.count + 1
        let shown = text.count <= fits ? text : String(text.prefix(max(1, fits - 1))) + "…"
        return .element(named: "text", nodes: [
            .safeAttribute(named: "x", value: format(Self.rounded(frame.x + frame.width / 2))),
            .safeAttribute(named: "y", value: format(Self.rounded(frame.y + frame.height / 2))),
            .safeAttribute(named: "font-size", value: format(size)),
            .safeAttribute(named: "text-anchor", value: "middle"),
            .safeAttribute(named: "dominant-baseline", value: "central"),
            .safeAttribute(named: "class", value: dark ? "on-dark" : "on-light"),
            .safeText(shown),
        ])
    }

    /// A dashed outline of how far an ambiguous view can travel, clipped to the drawing.
    private func freeRangeMarks(_ view: ViewResult) -> [Node<HTML.BodyContext>] {
        let format = NumberFormatting.format
        let box = bounds
        var extent = view.frame
        for range in view.ranges {
            let low = range.lower.isFinite ? range.lower : -.greatestFiniteMagnitude
            let high = range.upper.isFinite ? range.upper : .greatestFiniteMagnitude
            switch range.variable {
            case "x": extent.x = low; extent.width = high == .greatestFiniteMagnitude ? high : high - low + view.frame.width
            case "y": extent.y = low; extent.height = high == .greatestFiniteMagnitude ? high : high - low + view.frame.height
            case "width": extent.width = max(extent.width, high)
            case "height": extent.height = max(extent.height, high)
            default: break
            }
        }
        let x = max(box.x, extent.x), y = max(box.y, extent.y)
        let right = min(box.x + box.width, extent.width == .greatestFiniteMagnitude ? .greatestFiniteMagnitude : extent.x + extent.width)
        let bottom = min(box.y + box.height,
                         extent.height == .greatestFiniteMagnitude ? .greatestFiniteMagnitude : extent.y + extent.height)
        guard right > x, bottom > y else { return [] }
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
