import NinefoldLayout
import NinefoldResolution
import NinefoldScene
import NinefoldValidation
import Plot

/// An SVG drawing of one solved class at the canvas's own scale (1 unit = 1 point): views as
/// labelled rectangles in their background colour, ambiguous views hatched with their free
/// range drawn, every frame in a hover title. Geometry is exactly the solved frames.
struct Wireframe {
    let result: ClassResult
    /// Prefix for element ids, so several wireframes can share a page.
    let idPrefix: String

    var node: Node<HTML.BodyContext> {
        let canvas = result.canvas
        let format = NumberFormatting.format
        var nodes: [Node<HTML.BodyContext>] = [
            .attribute(named: "xmlns", value: "http://www.w3.org/2000/svg"),
            .attribute(named: "viewBox", value: "0 0 \(format(canvas.width)) \(format(canvas.height))"),
            .attribute(named: "class", value: "wireframe"),
            .attribute(named: "role", value: "img"),
            .attribute(named: "aria-label", value: "\(result.sizeClass) layout, \(result.status.rawValue)"),
            .element(named: "defs", nodes: [
                .element(named: "pattern", nodes: [
                    .attribute(named: "id", value: "\(idPrefix)-hatch"),
                    .attribute(named: "patternUnits", value: "userSpaceOnUse"),
                    .attribute(named: "width", value: "8"), .attribute(named: "height", value: "8"),
                    .attribute(named: "patternTransform", value: "rotate(45)"),
                    .element(named: "rect", nodes: [
                        .attribute(named: "width", value: "3"), .attribute(named: "height", value: "8"),
                        .attribute(named: "fill", value: "#e8a33d"), .attribute(named: "fill-opacity", value: "0.55"),
                    ]),
                ]),
            ]),
        ]
        let ambiguous = Set(result.views.filter { !$0.ambiguous.isEmpty }.map(\.id))
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
        let fill = resolved.backgroundColor.value?.description ?? (isRoot ? "#ffffff" : "#f4f6fa")
        let classes = ["view", isRoot ? "root" : "", isAmbiguous ? "ambiguous" : "", resolved.hidden.value ? "hidden" : ""]
            .filter { !$0.isEmpty }.joined(separator: " ")
        var title = "\(resolved.displayName): x \(format(frame.x)), y \(format(frame.y)), "
            + "width \(format(frame.width)), height \(format(frame.height))"
        if isAmbiguous { title += " — ambiguous " + view.ranges.map(\.description).joined(separator: ", ") }
        var group: [Node<HTML.BodyContext>] = [
            .attribute(named: "class", value: classes),
            .attribute(named: "data-view", value: view.id),
            .element(named: "title", text: title),
            .element(named: "rect", nodes: [
                .attribute(named: "x", value: format(frame.x)), .attribute(named: "y", value: format(frame.y)),
                .attribute(named: "width", value: format(max(0, frame.width))),
                .attribute(named: "height", value: format(max(0, frame.height))),
                .attribute(named: "fill", value: fill),
            ]),
        ]
        if isAmbiguous {
            group.append(.element(named: "rect", nodes: [
                .attribute(named: "class", value: "hatch"),
                .attribute(named: "x", value: format(frame.x)), .attribute(named: "y", value: format(frame.y)),
                .attribute(named: "width", value: format(max(0, frame.width))),
                .attribute(named: "height", value: format(max(0, frame.height))),
                .attribute(named: "fill", value: "url(#\(idPrefix)-hatch)"),
            ]))
        }
        if !isRoot, frame.width >= 12, frame.height >= 8 {
            let size = min(14, max(7, frame.height * 0.45))
            group.append(.element(named: "text", nodes: [
                .attribute(named: "x", value: format(frame.x + frame.width / 2)),
                .attribute(named: "y", value: format(frame.y + frame.height / 2)),
                .attribute(named: "font-size", value: format((size * 10).rounded() / 10)),
                .attribute(named: "text-anchor", value: "middle"),
                .attribute(named: "dominant-baseline", value: "central"),
                .text(label(resolved, width: frame.width, size: size)),
            ]))
        }
        return .element(named: "g", nodes: group)
    }

    /// The text drawn in a rectangle: the view's own text when it has some, else its name,
    /// shortened to what fits.
    private func label(_ view: ResolvedView, width: Double, size: Double) -> String {
        let text = view.text.value ?? view.title.value ?? view.placeholder.value ?? view.displayName
        let fits = max(1, Int(width / (size * 0.6)))
        return text.count <= fits ? text : String(text.prefix(max(1, fits - 1))) + "…"
    }

    /// A dashed outline of how far an ambiguous view can travel, clipped to the canvas.
    private func freeRangeMarks(_ view: ViewResult) -> [Node<HTML.BodyContext>] {
        let format = NumberFormatting.format
        var extent = view.frame
        for range in view.ranges {
            let low = range.lower.isFinite ? range.lower : -result.canvas.height
            let high = range.upper.isFinite ? range.upper : result.canvas.height * 2
            switch range.variable {
            case "x": extent.x = low; extent.width = high - low + view.frame.width
            case "y": extent.y = low; extent.height = high - low + view.frame.height
            case "width": extent.width = high
            case "height": extent.height = high
            default: break
            }
        }
        let x = max(0, extent.x), y = max(0, extent.y)
        let right = min(result.canvas.width, extent.x + extent.width)
        let bottom = min(result.canvas.height, extent.y + extent.height)
        guard right > x, bottom > y else { return [] }
        return [.element(named: "rect", nodes: [
            .attribute(named: "class", value: "free-range"),
            .attribute(named: "data-view", value: view.id),
            .attribute(named: "x", value: format(x)), .attribute(named: "y", value: format(y)),
            .attribute(named: "width", value: format(right - x)), .attribute(named: "height", value: format(bottom - y)),
            .element(named: "title", text: "\(view.id) can move: " + view.ranges.map(\.description).joined(separator: ", ")),
        ])]
    }
}
