/// Scene documents shaped like the layouts people write, at any size, as XML text so that
/// parsing is measured too.
enum GeneratedScene: String, CaseIterable {
    /// A horizontal chain of equal-width views between the margins (where kiwi goes dense).
    case chain
    /// A grid of labels with equal column widths and row heights, sized by their text.
    case grid
    /// A vertical stack of horizontal stacks of labels.
    case nestedStacks = "nested-stacks"
    /// Label / text field rows, baselines aligned, each row below the previous.
    case form
    /// Random but solvable: each view pinned to an earlier one with random offsets and priorities.
    case random
    /// Sibling views and no constraint at all: every view is free, the worst case of proving
    /// ambiguity (Documentation/Reliability.md's budget for a document at the view limit).
    case unconstrained

    func document(views: Int) -> String {
        var xml = XMLBuilder(name: "\(rawValue) \(views)")
        switch self {
        case .chain: chain(&xml, views)
        case .grid: grid(&xml, views)
        case .nestedStacks: nestedStacks(&xml, views)
        case .form: form(&xml, views)
        case .random: random(&xml, views)
        case .unconstrained: unconstrained(&xml, views)
        }
        return xml.finish()
    }

    private func chain(_ xml: inout XMLBuilder, _ count: Int) {
        xml.canvas(width: Double(count) * 10 + 40, height: 200)
        for index in 0..<count { xml.view("v\(index)") }
        for index in 0..<count {
            let view = "v\(index)"
            xml.constraint(view, "leading", index == 0 ? "root" : "v\(index - 1)",
                           index == 0 ? "leadingMargin" : "trailing")
            xml.constraint(view, "top", "root", "topMargin")
            xml.constraint(view, "height", constant: 44)
            if index > 0 { xml.constraint(view, "width", "v0", "width") }
        }
        xml.constraint("v\(count - 1)", "trailing", "root", "trailingMargin")
    }

    private func grid(_ xml: inout XMLBuilder, _ count: Int) {
        let columns = max(1, Int(Double(count).squareRoot()))
        let rows = (count + columns - 1) / columns
        xml.canvas(width: Double(columns) * 60 + 40, height: Double(rows) * 30 + 40)
        var cells: [[String]] = []
        for row in 0..<rows {
            cells.append([])
            for column in 0..<columns where row * columns + column < count {
                let id = "r\(row)c\(column)"
                xml.label(id, text: "Cell \(row * columns + column)")
                cells[row].append(id)
            }
        }
        for (row, line) in cells.enumerated() {
            for (column, id) in line.enumerated() {
                if column == 0 {
                    xml.constraint(id, "leading", "root", "leadingMargin")
                } else {
                    xml.constraint(id, "leading", line[column - 1], "trailing")
                }
                if row == 0 {
                    xml.constraint(id, "top", "root", "topMargin")
                } else {
                    xml.constraint(id, "top", cells[row - 1][min(column, cells[row - 1].count - 1)], "bottom")
                }
                if row > 0 { xml.constraint(id, "width", cells[0][min(column, cells[0].count - 1)], "width") }
                if column > 0 { xml.constraint(id, "height", line[0], "height") }
            }
        }
    }

    private func nestedStacks(_ xml: inout XMLBuilder, _ count: Int) {
        let perRow = 10
        let rows = max(1, count / (perRow + 1))
        xml.canvas(width: 1200, height: Double(rows) * 40 + 40)
        xml.open("stackView id=\"outer\" axis=\"vertical\" spacing=\"8\"")
        for row in 0..<rows {
            xml.open("stackView id=\"row\(row)\" axis=\"horizontal\" distribution=\"fillEqually\" alignment=\"firstBaseline\" spacing=\"4\"")
            for column in 0..<perRow { xml.label("s\(row)x\(column)", text: "Item \(column)") }
            xml.close("stackView")
        }
        xml.close("stackView")
        xml.constraint("outer", "leading", "root", "leadingMargin")
        xml.constraint("outer", "trailing", "root", "trailingMargin")
        xml.constraint("outer", "top", "topLayoutGuide", "bottom", constant: 8)
    }

    private func form(_ xml: inout XMLBuilder, _ count: Int) {
        let rows = max(1, count / 2)
        xml.canvas(width: 400, height: Double(rows) * 40 + 40)
        for row in 0..<rows {
            xml.label("label\(row)", text: "Field \(row)")
            xml.element("textField id=\"field\(row)\" placeholder=\"Value\"")
        }
        for row in 0..<rows {
            xml.constraint("label\(row)", "leading", "root", "leadingMargin")
            xml.constraint("field\(row)", "leading", "label\(row)", "trailing", constant: 8)
            xml.constraint("field\(row)", "trailing", "root", "trailingMargin")
            xml.constraint("label\(row)", "firstBaseline", "field\(row)", "firstBaseline")
            xml.constraint("field\(row)", "top", row == 0 ? "topLayoutGuide" : "field\(row - 1)", "bottom",
                           constant: 8)
            if row > 0 { xml.constraint("label\(row)", "width", "label0", "width") }
        }
    }

    private func unconstrained(_ xml: inout XMLBuilder, _ count: Int) {
        xml.canvas(width: 400, height: 800)
        for index in 0..<count { xml.view("u\(index)") }
    }

    private func random(_ xml: inout XMLBuilder, _ count: Int) {
        var state: UInt64 = 42
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        xml.canvas(width: 2000, height: 2000)
        for index in 0..<count { xml.view("n\(index)") }
        for index in 0..<count {
            let anchor = index == 0 ? "root" : "n\(next(index))"
            let horizontal = anchor == "root" ? "leading" : ["leading", "trailing", "centerX"][next(3)]
            let vertical = anchor == "root" ? "top" : ["top", "bottom", "centerY"][next(3)]
            xml.constraint("n\(index)", "leading", anchor, horizontal, constant: Double(next(40)))
            xml.constraint("n\(index)", "top", anchor, vertical, constant: Double(next(40)))
            xml.constraint("n\(index)", "width", constant: Double(10 + next(50)))
            xml.constraint("n\(index)", "height", constant: Double(10 + next(50)))
            if next(4) == 0 {
                xml.constraint("n\(index)", "width", constant: Double(20 + next(30)), priority: 250 + next(500))
            }
        }
    }
}

/// Just enough XML writing for generated documents.
struct XMLBuilder {
    private var body = ""
    private var constraints = ""
    private var canvases = ""
    private var counter = 0
    private let name: String

    init(name: String) { self.name = name }

    mutating func canvas(width: Double, height: Double) {
        for sizeClass in ["any-any", "compact-any", "regular-any", "any-compact", "any-regular",
                          "compact-compact", "compact-regular", "regular-compact", "regular-regular"] {
            let scale = sizeClass.hasPrefix("compact") ? 0.9 : sizeClass.hasPrefix("regular") ? 1.1 : 1
            canvases += "  <canvas sizeClass=\"\(sizeClass)\" width=\"\(Int(width * scale))\" height=\"\(Int(height))\"/>\n"
        }
    }

    mutating func view(_ id: String) { body += "    <view id=\"\(id)\"/>\n" }

    mutating func label(_ id: String, text: String) { body += "    <label id=\"\(id)\" text=\"\(text)\"/>\n" }

    mutating func element(_ content: String) { body += "    <\(content)/>\n" }

    mutating func open(_ content: String) { body += "    <\(content)>\n" }

    mutating func close(_ name: String) { body += "    </\(name)>\n" }

    mutating func constraint(_ first: String, _ firstAttribute: String, _ second: String? = nil,
                             _ secondAttribute: String? = nil, constant: Double = 0, priority: Int? = nil) {
        counter += 1
        var text = "      <constraint id=\"k\(counter)\" firstItem=\"\(first)\" firstAttribute=\"\(firstAttribute)\""
        if let second, let secondAttribute {
            text += " secondItem=\"\(second)\" secondAttribute=\"\(secondAttribute)\""
        }
        if constant != 0 { text += " constant=\"\(constant)\"" }
        if let priority { text += " priority=\"\(priority)\"" }
        constraints += text + "/>\n"
    }

    func finish() -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<scene version=\"1\" name=\"\(name)\">\n\(canvases)"
            + "  <view id=\"root\">\n\(body)    <constraints>\n\(constraints)    </constraints>\n  </view>\n</scene>\n"
    }
}
