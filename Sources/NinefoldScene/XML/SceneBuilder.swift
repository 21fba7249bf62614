/// Turns a schema-valid element tree into the scene model, collecting every problem the
/// schema cannot express (finite numbers, non-zero multipliers, at most one frame…).
struct SceneBuilder {
    let path: String
    private(set) var diagnostics: [Diagnostic] = []

    init(path: String) { self.path = path }

    mutating func error(_ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(message: message, file: path, location: location))
    }

    mutating func build(_ element: XMLElement) -> Scene? {
        guard element.name == "scene" else {
            error("the root element must be <scene>, not <\(element.name)>", at: element.location)
            return nil
        }
        var canvases: [Canvas] = []
        var root: View?
        for child in element.children {
            switch child.name {
            case "canvas":
                if let canvas = canvas(child) { canvases.append(canvas) }
            default:
                if root != nil {
                    error("a scene has exactly one root view; <\(child.name)> is a second one", at: child.location)
                } else {
                    root = view(child)
                }
            }
        }
        guard let root else {
            error("a scene needs a root view element", at: element.location)
            return nil
        }
        let rootKind = element.value(of: "root").flatMap(RootKind.init(rawValue:)) ?? .viewController
        return Scene(version: element.value(of: "version") ?? "1", name: element.value(of: "name"),
                     rootKind: rootKind, canvases: canvases, root: root, location: element.location)
    }

    private mutating func canvas(_ element: XMLElement) -> Canvas? {
        let sizeClass = sizeClass(element, "sizeClass")
        let width = number(element, "width", in: NumberRanges.canvas)
        let height = number(element, "height", in: NumberRanges.canvas)
        let safeArea = insets(element, "safeAreaInsets")
        var scale: Double?
        if let text = element.value(of: "scale") {
            guard let value = Double(text), Canvas.scales.contains(value) else {
                error("scale '\(text)' is not a screen scale: expected 1, 2 or 3", at: element.location(of: "scale"))
                return nil
            }
            scale = value
        }
        guard let sizeClass, let width, let height else { return nil }
        if let safeArea, safeArea.top + safeArea.bottom > height || safeArea.left + safeArea.right > width {
            error("safeAreaInsets '\(safeArea)' leave no safe area on a \(NumberFormatting.format(width)) × "
                  + "\(NumberFormatting.format(height)) canvas", at: element.location(of: "safeAreaInsets"))
            return nil
        }
        return Canvas(sizeClass: sizeClass, width: width, height: height, safeAreaInsets: safeArea,
                      scale: scale, location: element.location)
    }

    // MARK: Views

    private mutating func view(_ element: XMLElement) -> View {
        let kind = ViewKind(rawValue: element.name) ?? .view
        var result = View(id: element.value(of: "id") ?? "", kind: kind, userLabel: element.value(of: "userLabel"),
                          location: element.location)
        result.numberOfLines = numberOfLines(element)
        result.image = element.value(of: "image")
        result.imageWidth = optionalNumber(element, "imageWidth", in: NumberRanges.size)
        result.imageHeight = optionalNumber(element, "imageHeight", in: NumberRanges.size)
        result.contentInsets = insets(element, "contentInsets")
        result.titleHeightRounding = element.value(of: "titleHeightRounding").flatMap(TitleHeightRounding.init(rawValue:))
        result.insetsLayoutMarginsFromSafeArea = element.value(of: "insetsLayoutMarginsFromSafeArea").map { $0 == "true" }
        result.attributes = viewAttributes(element)
        var sawFrame = false
        var sawConstraints = false
        for child in element.children {
            switch child.name {
            case "frame":
                if sawFrame { error("a view has at most one <frame>", at: child.location) }
                sawFrame = true
                result.attributes.frame = frame(child)
            case "constraints":
                if sawConstraints { error("a view has at most one <constraints>", at: child.location) }
                sawConstraints = true
                result.constraints += child.children.map { constraint($0) }
            case "variation":
                result.variations.append(viewVariation(child))
            default:
                result.subviews.append(view(child))
            }
        }
        return result
    }

    private mutating func viewVariation(_ element: XMLElement) -> ViewVariation {
        var attributes = viewAttributes(element)
        for child in element.children where child.name == "frame" {
            if attributes.frame != nil { error("a variation has at most one <frame>", at: child.location) }
            attributes.frame = frame(child)
        }
        return ViewVariation(sizeClass: variationClass(element), attributes: attributes, location: element.location)
    }

    private mutating func viewAttributes(_ element: XMLElement) -> ViewAttributes {
        var attributes = ViewAttributes()
        attributes.installed = element.value(of: "installed").map { $0 == "true" }
        attributes.hidden = element.value(of: "hidden").map { $0 == "true" }
        attributes.text = element.value(of: "text")
        attributes.title = element.value(of: "title")
        attributes.placeholder = element.value(of: "placeholder")
        attributes.fontSize = optionalNumber(element, "fontSize", in: NumberRanges.fontSize)
        attributes.fontWeight = element.value(of: "fontWeight").flatMap(FontWeight.init(rawValue:))
        attributes.intrinsicWidth = intrinsic(element, "intrinsicWidth")
        attributes.intrinsicHeight = intrinsic(element, "intrinsicHeight")
        attributes.horizontalHuggingPriority = priority(element, "horizontalHuggingPriority")
        attributes.verticalHuggingPriority = priority(element, "verticalHuggingPriority")
        attributes.horizontalCompressionResistancePriority = priority(element, "horizontalCompressionResistancePriority")
        attributes.verticalCompressionResistancePriority = priority(element, "verticalCompressionResistancePriority")
        attributes.firstBaselineOffset = optionalNumber(element, "firstBaselineOffset")
        attributes.lastBaselineOffset = optionalNumber(element, "lastBaselineOffset")
        attributes.backgroundColor = element.value(of: "backgroundColor").flatMap(Color.init(hex:))
        attributes.layoutMargins = insets(element, "layoutMargins")
        attributes.axis = element.value(of: "axis").flatMap(StackAxis.init(rawValue:))
        attributes.alignment = element.value(of: "alignment").flatMap(StackAlignment.init(rawValue:))
        attributes.distribution = element.value(of: "distribution").flatMap(StackDistribution.init(rawValue:))
        attributes.spacing = optionalNumber(element, "spacing")
        return attributes
    }

    /// Four lengths, top left bottom right: `layoutMargins` of a view, `safeAreaInsets` of a canvas.
    private mutating func insets(_ element: XMLElement, _ name: String) -> EdgeInsets? {
        guard let text = element.value(of: name) else { return nil }
        guard let insets = EdgeInsets(parsing: text) else {
            error("\(name) must be four numbers: top left bottom right", at: element.location(of: name))
            return nil
        }
        let range = NumberRanges.length
        guard [insets.top, insets.left, insets.bottom, insets.right].allSatisfy(range.contains) else {
            error("\(name) '\(text)' is out of range: each must be \(Self.describe(range))",
                  at: element.location(of: name))
            return nil
        }
        return insets
    }

    private mutating func frame(_ element: XMLElement) -> Frame? {
        guard let x = number(element, "x"), let y = number(element, "y"),
              let width = number(element, "width"), let height = number(element, "height") else { return nil }
        return Frame(x: x, y: y, width: width, height: height)
    }

    // MARK: Constraints

    private mutating func constraint(_ element: XMLElement) -> Constraint {
        let first = element.value(of: "firstItem").map(ItemReference.init(parsing:)) ?? .view("")
        let firstAttribute = element.value(of: "firstAttribute").flatMap(LayoutAttribute.init(rawValue:)) ?? .width
        var result = Constraint(id: element.value(of: "id") ?? "", firstItem: first, firstAttribute: firstAttribute,
                                location: element.location)
        result.relation = element.value(of: "relation").flatMap(Relation.init(rawValue:)) ?? .equal
        result.secondItem = element.value(of: "secondItem").map(ItemReference.init(parsing:))
        result.secondAttribute = element.value(of: "secondAttribute").flatMap(LayoutAttribute.init(rawValue:))
        result.multiplier = multiplier(element) ?? .one
        result.userLabel = element.value(of: "userLabel")
        result.attributes = constraintAttributes(element)
        result.variations = element.children.filter { $0.name == "variation" }.map {
            ConstraintVariation(sizeClass: variationClass($0), attributes: constraintAttributes($0), location: $0.location)
        }
        return result
    }

    private mutating func constraintAttributes(_ element: XMLElement) -> ConstraintAttributes {
        var attributes = ConstraintAttributes()
        attributes.installed = element.value(of: "installed").map { $0 == "true" }
        attributes.priority = priority(element, "priority")
        if let text = element.value(of: "constant") {
            if text == "standard" {
                attributes.constant = .standard
            } else if let value = number(element, "constant") {
                attributes.constant = .value(value)
            }
        }
        return attributes
    }

    private mutating func multiplier(_ element: XMLElement) -> Multiplier? {
        guard let text = element.value(of: "multiplier") else { return nil }
        let location = element.location(of: "multiplier")
        guard let result = Multiplier(parsing: text) else {
            error("multiplier '\(text)' is not a number or a ratio a:b", at: location)
            return nil
        }
        guard result.numerator.isFinite, result.denominator.isFinite, result.value.isFinite else {
            error("multiplier '\(text)' is not finite", at: location)
            return nil
        }
        guard result.value != 0 else {
            error("multiplier '\(text)' is zero; a zero multiplier removes the second item (use a constant constraint)",
                  at: location)
            return nil
        }
        guard NumberRanges.multiplierMagnitude.contains(abs(result.value)) else {
            error("multiplier '\(text)' is out of range: its magnitude must be from "
                  + "\(NumberFormatting.format(NumberRanges.multiplierMagnitude.lowerBound)) to "
                  + "\(NumberFormatting.format(NumberRanges.multiplierMagnitude.upperBound))", at: location)
            return nil
        }
        return result
    }

    // MARK: Attribute values

    private mutating func variationClass(_ element: XMLElement) -> SizeClass {
        let sizeClass = self.sizeClass(element, "sizeClass") ?? .anyAny
        if sizeClass == .anyAny {
            error("a variation cannot be for any-any: the element's own attributes are its any-any values",
                  at: element.location(of: "sizeClass"))
        }
        return sizeClass
    }

    private mutating func sizeClass(_ element: XMLElement, _ name: String) -> SizeClass? {
        guard let text = element.value(of: name) else { return nil }
        guard let sizeClass = SizeClass(text) else {
            error("'\(text)' is not a size class (write WIDTH-HEIGHT, each compact, any or regular)",
                  at: element.location(of: name))
            return nil
        }
        return sizeClass
    }

    private mutating func number(_ element: XMLElement, _ name: String,
                                 in range: ClosedRange<Double> = NumberRanges.length) -> Double? {
        guard let text = element.value(of: name) else {
            error("<\(element.name)> needs a '\(name)' attribute", at: element.location)
            return nil
        }
        return parseNumber(text, element, name, in: range)
    }

    private mutating func optionalNumber(_ element: XMLElement, _ name: String,
                                         in range: ClosedRange<Double> = NumberRanges.length) -> Double? {
        element.value(of: name).flatMap { parseNumber($0, element, name, in: range) }
    }

    /// Parses a number and refuses what lies outside `range` (NumberRanges says why each range
    /// is what it is), so nothing downstream ever sees an overflowing or infinite value.
    private mutating func parseNumber(_ text: String, _ element: XMLElement, _ name: String,
                                      in range: ClosedRange<Double>) -> Double? {
        guard let value = NumberFormatting.parse(text) else {
            error("\(name) '\(text)' is not a number", at: element.location(of: name))
            return nil
        }
        guard value.isFinite else {
            error("\(name) '\(text)' is not a finite number", at: element.location(of: name))
            return nil
        }
        guard range.contains(value) else {
            error("\(name) '\(text)' is out of range: it must be \(Self.describe(range))", at: element.location(of: name))
            return nil
        }
        return value
    }

    static func describe(_ range: ClosedRange<Double>) -> String {
        if range == NumberRanges.fontSize { return "positive and at most \(NumberFormatting.format(range.upperBound))" }
        return "from \(NumberFormatting.format(range.lowerBound)) to \(NumberFormatting.format(range.upperBound))"
    }

    private mutating func intrinsic(_ element: XMLElement, _ name: String) -> IntrinsicDimension? {
        guard let text = element.value(of: name) else { return nil }
        if text == "none" { return IntrinsicDimension.none }
        guard let value = NumberFormatting.parse(text), value < 0 else {
            return parseNumber(text, element, name, in: NumberRanges.size).map(IntrinsicDimension.value)
        }
        error("\(name) cannot be negative", at: element.location(of: name))
        return nil
    }

    /// The schema makes it a non-negative integer; this bounds it (and a number too long for
    /// `Int` is refused rather than silently replaced by the default).
    private mutating func numberOfLines(_ element: XMLElement) -> Int? {
        guard let text = element.value(of: "numberOfLines") else { return nil }
        guard let value = Int(text), NumberRanges.numberOfLines.contains(value) else {
            error("numberOfLines '\(text)' is out of range: it must be from \(NumberRanges.numberOfLines.lowerBound) "
                  + "to \(NumberRanges.numberOfLines.upperBound) (0 means unlimited)", at: element.location(of: "numberOfLines"))
            return nil
        }
        return value
    }

    private mutating func priority(_ element: XMLElement, _ name: String) -> LayoutPriority? {
        guard let text = element.value(of: name) else { return nil }
        if let named = LayoutPriority.named.first(where: { $0.name == text }) { return named.priority }
        guard let value = Int(text), (1...1000).contains(value) else {
            error("\(name) '\(text)' must be 1–1000 or one of required, defaultHigh, defaultLow, fittingSizeLevel",
                  at: element.location(of: name))
            return nil
        }
        return LayoutPriority(value)
    }
}
