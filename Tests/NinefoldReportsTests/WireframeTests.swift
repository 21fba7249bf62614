import Foundation
@testable import NinefoldReports
import NinefoldLayout
import NinefoldScene
import NinefoldValidation
import Testing

/// The matrix page of a bundled document, parsed; the drawing of one class in it.
private func matrixPage(_ path: String) throws -> (page: String, root: Element) {
    let page = MatrixReport(result: try Fixtures.document(path)).html()
    let (root, errors) = Markup.parseHTML(page)
    #expect(errors == [])
    return (page, try #require(root))
}

private func drawing(_ root: Element, _ sizeClass: String) throws -> Element {
    let cell = try #require(root.all.first { $0.attributes["data-size-class"] == sizeClass })
    return try #require(cell.first("svg"))
}

private func view(_ svg: Element, _ id: String) throws -> Element {
    try #require(svg.all.first { $0.name == "g" && $0.attributes["data-view"] == id })
}

private func number(_ element: Element?, _ attribute: String) -> Double? {
    element?.attributes[attribute].flatMap(Double.init)
}

/// What the drawings show a reviewer: size, text in proportion, findings, reach, overflow.
@Suite struct WireframeTests {
    @Test("Drawings are at least twice the old size: a 600-point canvas is drawn at least 386 px wide")
    func size() throws {
        // The old page drew every class at the scale fitting 768 × 1024 into 330 × 330 (0.322),
        // so a 600-point canvas was 193 px wide; twice that is 386.
        let (_, root) = try matrixPage("Documents/two-buttons-with-size-class-based-layouts.xml")
        let svg = try drawing(root, "any-any")
        #expect(try #require(number(svg, "width")) >= 386)
    }

    @Test("Labels, buttons and text fields show their text inside their boxes, in their own font size")
    func textInProportion() throws {
        // Simple Label and Text Field: a 17-pt label "Name" at its leading edge, a 14-pt text
        // field showing its placeholder "Enter Name" (grey) inset 7 points.
        let document = try Fixtures.document("Documents/simple-label-and-text-field.xml")
        let (_, root) = try matrixPage("Documents/simple-label-and-text-field.xml")
        let svg = try drawing(root, "compact-regular")
        let layout = try #require(document.classes.first { $0.sizeClass.description == "compact-regular" })
        for (id, size, inset, colour) in [("nameLabel", 17.0, 0.0, "on-light"), ("nameTextField", 14.0, 7.0, "placeholder")] {
            let group = try view(svg, id)
            let text = try #require(group.first("text"), "\(id) has no text")
            let frame = try #require(layout.views.first { $0.id == id }?.frame)
            #expect(number(text, "font-size") == size)
            #expect(number(text, "x") == frame.x + inset)
            let y = try #require(number(text, "y"))
            #expect(y > frame.y && y < frame.y + frame.height)
            #expect(text.attributes["class"] == colour)
        }
        #expect(try view(svg, "nameLabel").first("tspan")?.text == "Name")
        #expect(try view(svg, "nameTextField").first("tspan")?.text == "Enter Name")
        // Two Buttons: a button's title is centred in its box.
        let buttons = try drawing(try matrixPage("Documents/two-buttons-with-size-class-based-layouts.xml").root, "any-any")
        let short = try view(buttons, "shortButton")
        let rect = try #require(short.first("rect"))
        let centre = try #require(number(rect, "x")) + (number(rect, "width") ?? 0) / 2
        #expect(number(short.first("text"), "x") == centre)
        #expect(short.first("text")?.attributes["text-anchor"] == "middle")
        #expect(short.first("tspan")?.text == "Short")
    }

    @Test("Text is measured with the layout's font metrics: a label's own text fits its box; longer text is cut with an ellipsis")
    func shortening() throws {
        let body = Font(size: 17)
        // A label is as wide as its text (its intrinsic width comes from the same metrics), so
        // its text is shown whole, never "Ti…".
        let width = TextMetrics.width(of: "Title", in: body)
        #expect(Wireframe.fitted("Title", font: body, width: width, lines: 1) == ["Title"])
        let cut = try #require(Wireframe.fitted("Much Longer Button Title", font: body, width: 80, lines: 1).first)
        #expect(cut.hasSuffix("…") && cut.hasPrefix("Much"))
        #expect(TextMetrics.width(of: cut, in: body) <= 80.5)
        // Several lines wrap at spaces; the last shown line is cut when text remains.
        let two = Wireframe.fitted("one two three four five six", font: body, width: TextMetrics.width(of: "one two", in: body), lines: 2)
        #expect(two.first == "one two")
        #expect(two.count == 2 && two.last?.hasSuffix("…") == true)
        // Degenerate boxes fit nothing, and never trap.
        for width in [Double.infinity, .nan, -50, 0] {
            #expect(Wireframe.fitted("Title", font: body, width: width, lines: 1) == [])
        }
        // A huge text in a huge box is measured only as far as it could show.
        let long = String(repeating: "x", count: 200_000)
        #expect(Wireframe.fitted(long, font: body, width: 1e300, lines: 1).first?.count ?? 0 <= 2_002)
    }

    @Test("The views a finding names are outlined in its colour, and hovering its row highlights them (CSS only)")
    func findingOutlines() throws {
        // Broken/conflict.xml: the conflict (an error, the page's only finding, number 0) names
        // the banner in compact-any and compact-regular; elsewhere the banner is not outlined.
        let (page, root) = try matrixPage("Documents/Broken/conflict.xml")
        for sizeClass in ["compact-any", "compact-regular"] {
            let classes = try view(try drawing(root, sizeClass), "banner").attributes["class"] ?? ""
            #expect(classes.split(separator: " ").contains("finding-error"))
            #expect(classes.split(separator: " ").contains("f0"))
        }
        #expect(try view(try drawing(root, "any-any"), "banner").attributes["class"]?.contains("finding-") == false)
        let row = try #require(root.all.first { $0.name == "tr" && $0.attributes["class"] == "finding-0" })
        #expect(row.all.contains { $0.text.contains("conflict") })
        #expect(page.contains(".main:has(.finding-0:hover) svg.wireframe g.f0 > rect.frame-rect"))
        // Script-free: no script element, no event-handler attribute, no javascript: URL.
        #expect(!root.all.contains { $0.name == "script" })
        #expect(!root.all.contains { $0.attributes.keys.contains { $0.lowercased().hasPrefix("on") } })
        #expect(!page.lowercased().contains("javascript:"))
    }

    @Test("The 'where it can move' box is the exact reach: the content-priority example stops at the pinned trailing edge")
    func exactReach() throws {
        // Broken/content-priority-ambiguity.xml in any-any (600 wide, so root margins 20): Value's
        // trailing edge is pinned to the trailing margin at 580; its leading edge follows Title
        // (leading margin 20, Title at its narrowest, its text's width, then the standard 8).
        // So its box runs from there to exactly 580, never to the canvas edge.
        let document = try Fixtures.document("Documents/Broken/content-priority-ambiguity.xml")
        let narrowestTitle = try #require(document.classes.first { $0.sizeClass == .anyAny }?.views.first { $0.id == "title" }?
            .ranges.first { $0.variable == "width" }?.lower)
        let (_, root) = try matrixPage("Documents/Broken/content-priority-ambiguity.xml")
        let svg = try drawing(root, "any-any")
        let box = try #require(svg.all.first { $0.attributes["class"] == "free-range" && $0.attributes["data-view"] == "value" })
        let x = try #require(number(box, "x")), width = try #require(number(box, "width"))
        #expect(x == 20 + narrowestTitle + 8)
        #expect(x + width == 580)
        let reach = try #require(document.classes.first { $0.sizeClass == .anyAny }?.views.first { $0.id == "value" }?.reach)
        #expect(reach.maxX == 580)
    }

    @Test("Overflow off the canvas is obvious: a red wash outside and the canvas edge dashed on top")
    func offCanvas() throws {
        // Two Buttons in compact-regular: Long Button's bottom is at 685 on a 667-point canvas.
        let (_, root) = try matrixPage("Documents/two-buttons-with-size-class-based-layouts.xml")
        let svg = try drawing(root, "compact-regular")
        let edge = try #require(svg.all.first { $0.attributes["class"] == "canvas-edge" })
        #expect([number(edge, "x"), number(edge, "y"), number(edge, "width"), number(edge, "height")] == [0, 0, 375, 667])
        #expect(svg.all.contains { $0.attributes["class"] == "offscreen" })
        // Its last child is the edge, drawn over the views.
        #expect(svg.children.last?.attributes["class"] == "canvas-edge")
        #expect(try view(svg, "longButton").attributes["class"]?.contains("finding-warning") == true)
        // A class that fits its canvas has neither.
        #expect(!(try drawing(root, "any-any")).all.contains { $0.attributes["class"] == "canvas-edge" })
    }
}
