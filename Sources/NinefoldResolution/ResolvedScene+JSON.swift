import NinefoldScene

extension Provenance {
    /// `{"sizeClass": "compact-regular", "line": 42}`, or `"default"`.
    public var json: JSONValue {
        guard let qualifier else { return .string("default") }
        var members: [(String, JSONValue)] = [("sizeClass", .string(qualifier.description))]
        if let location { members.append(("line", .number(Double(location.line)))) }
        return .object(members)
    }
}

extension ResolutionFinding {
    public var json: JSONValue {
        .object([
            ("severity", .string(severity.rawValue)), ("kind", .string(kind.rawValue)), ("message", .string(message)),
            ("views", .array(views.map(JSONValue.string))), ("constraints", .array(constraints.map(JSONValue.string))),
            ("line", .number(Double(location.line))),
            ("relatedLines", .array(relatedLocations.map { .number(Double($0.line)) })),
        ])
    }
}

extension ResolvedScene {
    /// The resolved class with the provenance of every value (`ninefold resolve --format json`).
    public func json(document: String) -> JSONValue {
        .object([
            ("document", .string(document)),
            ("sizeClass", .string(sizeClass.description)),
            ("canvas", .object([("width", .number(canvas.value.width)), ("height", .number(canvas.value.height))]
                               // Only a stated safe area is shown, so output for the format's default is unchanged.
                               + (safeArea == .canvasSafeArea ? [] : [("safeAreaInsets", .string(safeArea.description))])
                               + (scale == Canvas.defaultScale ? [] : [("scale", .number(scale))])
                               + [("from", canvas.provenance.json)])),
            ("views", .array(views.map(\.json))),
            ("constraints", .array(constraints.map(\.json))),
            ("omitted", .array(omissions.map(\.json))),
            ("findings", .array(findings.map(\.json))),
        ])
    }
}

extension ResolvedView {
    var json: JSONValue {
        func entry<V>(_ name: String, _ value: Resolved<V>, _ render: (V) -> JSONValue) -> (String, JSONValue) {
            (name, .object([("value", render(value.value)), ("from", value.provenance.json)]))
        }
        func optionalString(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        func described<T: CustomStringConvertible>(_ value: T?) -> JSONValue {
            value.map { .string($0.description) } ?? .null
        }
        func priority(_ value: LayoutPriority) -> JSONValue { .number(Double(value.value)) }
        var properties: [(String, JSONValue)] = [
            entry("hidden", hidden) { .bool($0) },
        ]
        if kind.drawsText {
            properties += [entry("text", text, optionalString), entry("title", title, optionalString),
                           entry("placeholder", placeholder, optionalString),
                           entry("fontSize", fontSize) { .number($0) },
                           entry("fontWeight", fontWeight) { .string($0.rawValue) }]
        }
        properties += [
            entry("intrinsicWidth", intrinsicWidth, described), entry("intrinsicHeight", intrinsicHeight, described),
            entry("horizontalHuggingPriority", horizontalHuggingPriority, priority),
            entry("verticalHuggingPriority", verticalHuggingPriority, priority),
            entry("horizontalCompressionResistancePriority", horizontalCompressionResistancePriority, priority),
            entry("verticalCompressionResistancePriority", verticalCompressionResistancePriority, priority),
            entry("firstBaselineOffset", firstBaselineOffset) { $0.map(JSONValue.number) ?? .null },
            entry("lastBaselineOffset", lastBaselineOffset) { $0.map(JSONValue.number) ?? .null },
            entry("backgroundColor", backgroundColor, described),
            entry("layoutMargins", layoutMargins, described),
        ]
        if kind == .stackView {
            properties += [entry("axis", axis) { .string($0.rawValue) }, entry("alignment", alignment) { .string($0.rawValue) },
                           entry("distribution", distribution) { .string($0.rawValue) },
                           entry("spacing", spacing) { .number($0) }]
        }
        properties.append(entry("frame", frame) { frame in
            frame.map { .object([("x", .number($0.x)), ("y", .number($0.y)), ("width", .number($0.width)),
                                 ("height", .number($0.height))]) } ?? .null
        })
        return .object([
            ("id", .string(id)), ("kind", .string(kind.rawValue)), ("userLabel", optionalString(userLabel)),
            ("parent", optionalString(parentID)), ("line", .number(Double(location.line))),
            ("collapsedInStack", .bool(isCollapsedInStack)), ("properties", .object(properties)),
        ])
    }
}

extension ResolvedConstraint {
    var json: JSONValue {
        .object([
            ("id", .string(id)), ("userLabel", userLabel.map(JSONValue.string) ?? .null),
            ("firstItem", .string(firstItem.description)), ("firstAttribute", .string(firstAttribute.rawValue)),
            ("relation", .string(relation.rawValue)),
            ("secondItem", secondItem.map { .string($0.description) } ?? .null),
            ("secondAttribute", secondAttribute.map { .string($0.rawValue) } ?? .null),
            ("multiplier", .string(multiplier.description)), ("line", .number(Double(location.line))),
            ("constant", .object([("value", .string(constant.value.description)), ("from", constant.provenance.json)])),
            ("priority", .object([("value", .number(Double(priority.value.value))), ("from", priority.provenance.json)])),
        ])
    }
}

extension Omission {
    var json: JSONValue {
        let why: String
        switch reason {
        case .uninstalled(let provenance): why = "uninstalled (\(provenance))"
        case .ancestorUninstalled(let ancestor): why = "inside uninstalled view '\(ancestor)'"
        case .referencesUninstalledView(let view): why = "names uninstalled view '\(view)'"
        }
        return .object([("element", .string(element.rawValue)), ("id", .string(id)),
                        ("line", .number(Double(location.line))), ("reason", .string(why))])
    }
}
