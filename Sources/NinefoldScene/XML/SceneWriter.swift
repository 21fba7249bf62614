/// Writes the scene model back as canonical XML: a fixed attribute order, two-space indents,
/// numbers in their shortest exact form, and only what was declared (defaults stay implicit).
///
/// Canonical output makes documents diffable and lets `resolve` print flat scenes that read
/// back to the same model.
public struct SceneWriter: Sendable {
    public init() {}

    public func write(_ scene: Scene) -> String {
        var output = XMLOutput()
        output.line(#"<?xml version="1.0" encoding="UTF-8"?>"#)
        output.open("scene", [("version", scene.version), ("name", scene.name),
                              ("root", scene.rootKind == .viewController ? nil : scene.rootKind.rawValue)])
        for canvas in scene.canvases {
            output.empty("canvas", [("sizeClass", canvas.sizeClass.description),
                                    ("width", NumberFormatting.format(canvas.width)),
                                    ("height", NumberFormatting.format(canvas.height)),
                                    ("safeAreaInsets", canvas.safeAreaInsets?.description),
                                    ("scale", canvas.scale.map(NumberFormatting.format))])
        }
        write(scene.root, to: &output)
        output.close("scene")
        return output.text
    }

    private func write(_ view: View, to output: inout XMLOutput) {
        var attributes: [(String, String?)] = [("id", view.id), ("userLabel", view.userLabel)]
        attributes += [("numberOfLines", view.numberOfLines.map(String.init)), ("image", view.image),
                       ("imageWidth", view.imageWidth.map(NumberFormatting.format)),
                       ("imageHeight", view.imageHeight.map(NumberFormatting.format)),
                       ("contentInsets", view.contentInsets?.description),
                       ("titleHeightRounding", view.titleHeightRounding?.rawValue),
                       ("insetsLayoutMarginsFromSafeArea", view.insetsLayoutMarginsFromSafeArea.map(String.init))]
        attributes += Self.pairs(view.attributes)
        let children = !view.subviews.isEmpty || view.attributes.frame != nil || !view.constraints.isEmpty
            || !view.variations.isEmpty
        guard children else {
            output.empty(view.kind.rawValue, attributes)
            return
        }
        output.open(view.kind.rawValue, attributes)
        view.subviews.forEach { write($0, to: &output) }
        if let frame = view.attributes.frame { output.empty("frame", Self.pairs(frame)) }
        if !view.constraints.isEmpty {
            output.open("constraints", [])
            view.constraints.forEach { write($0, to: &output) }
            output.close("constraints")
        }
        for variation in view.variations {
            let attributes = [("sizeClass", variation.sizeClass.description)] + Self.pairs(variation.attributes)
            if let frame = variation.attributes.frame {
                output.open("variation", attributes)
                output.empty("frame", Self.pairs(frame))
                output.close("variation")
            } else {
                output.empty("variation", attributes)
            }
        }
        output.close(view.kind.rawValue)
    }

    private func write(_ constraint: Constraint, to output: inout XMLOutput) {
        var attributes: [(String, String?)] = [
            ("id", constraint.id), ("userLabel", constraint.userLabel),
            ("firstItem", constraint.firstItem.description), ("firstAttribute", constraint.firstAttribute.rawValue),
            ("relation", constraint.relation == .equal ? nil : constraint.relation.rawValue),
            ("secondItem", constraint.secondItem?.description), ("secondAttribute", constraint.secondAttribute?.rawValue),
            ("multiplier", constraint.multiplier == .one ? nil : constraint.multiplier.description),
        ]
        attributes += Self.pairs(constraint.attributes)
        guard !constraint.variations.isEmpty else {
            output.empty("constraint", attributes)
            return
        }
        output.open("constraint", attributes)
        for variation in constraint.variations {
            output.empty("variation", [("sizeClass", variation.sizeClass.description)] + Self.pairs(variation.attributes))
        }
        output.close("constraint")
    }

    static func pairs(_ attributes: ViewAttributes) -> [(String, String?)] {
        let format = NumberFormatting.format
        return [
            ("text", attributes.text), ("title", attributes.title), ("placeholder", attributes.placeholder),
            ("fontSize", attributes.fontSize.map(format)), ("fontWeight", attributes.fontWeight?.rawValue),
            ("axis", attributes.axis?.rawValue), ("alignment", attributes.alignment?.rawValue),
            ("distribution", attributes.distribution?.rawValue), ("spacing", attributes.spacing.map(format)),
            ("installed", attributes.installed.map(String.init)), ("hidden", attributes.hidden.map(String.init)),
            ("backgroundColor", attributes.backgroundColor?.description),
            ("layoutMargins", attributes.layoutMargins?.description),
            ("intrinsicWidth", attributes.intrinsicWidth?.description),
            ("intrinsicHeight", attributes.intrinsicHeight?.description),
            ("horizontalHuggingPriority", attributes.horizontalHuggingPriority?.description),
            ("verticalHuggingPriority", attributes.verticalHuggingPriority?.description),
            ("horizontalCompressionResistancePriority", attributes.horizontalCompressionResistancePriority?.description),
            ("verticalCompressionResistancePriority", attributes.verticalCompressionResistancePriority?.description),
            ("firstBaselineOffset", attributes.firstBaselineOffset.map(format)),
            ("lastBaselineOffset", attributes.lastBaselineOffset.map(format)),
        ]
    }

    static func pairs(_ attributes: ConstraintAttributes) -> [(String, String?)] {
        [("constant", attributes.constant?.description), ("priority", attributes.priority?.description),
         ("installed", attributes.installed.map(String.init))]
    }

    static func pairs(_ frame: Frame) -> [(String, String?)] {
        [("x", NumberFormatting.format(frame.x)), ("y", NumberFormatting.format(frame.y)),
         ("width", NumberFormatting.format(frame.width)), ("height", NumberFormatting.format(frame.height))]
    }
}

/// Indented XML text with escaping; attributes whose value is nil are left out.
struct XMLOutput {
    private(set) var text = ""
    private var depth = 0

    mutating func line(_ content: String) {
        text += String(repeating: "  ", count: depth) + content + "\n"
    }

    mutating func open(_ name: String, _ attributes: [(String, String?)]) {
        line("<\(name)\(Self.render(attributes))>")
        depth += 1
    }

    mutating func empty(_ name: String, _ attributes: [(String, String?)]) {
        line("<\(name)\(Self.render(attributes))/>")
    }

    mutating func close(_ name: String) {
        depth -= 1
        line("</\(name)>")
    }

    private static func render(_ attributes: [(String, String?)]) -> String {
        attributes.compactMap { name, value in value.map { " \(name)=\"\(escape($0))\"" } }.joined()
    }

    /// Escapes for a double-quoted attribute value; newlines and tabs as character references so
    /// attribute-value normalisation on reading does not turn them into spaces.
    static func escape(_ value: String) -> String {
        var result = ""
        for character in value {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            case "\t": result += "&#9;"
            default: result.append(character)
            }
        }
        return result
    }
}
