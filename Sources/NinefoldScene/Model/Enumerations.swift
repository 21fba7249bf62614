/// What a scene's root view is (`<scene root="…">`), which decides its default layout margins
/// (SCENE-FORMAT §3): a view controller's root view has no top and bottom margins, while a
/// free-standing view (a .xib's top-level view) and a cell's content view have 8 on every side.
public enum RootKind: String, CaseIterable, Sendable, Codable {
    case viewController, view, cell
}

/// The element names of the nine view kinds.
public enum ViewKind: String, CaseIterable, Sendable, Codable {
    case view, label, button, textField, textView, imageView, `switch`, stackView, scrollView

    /// Kinds that draw text with a font (and so take `fontSize` and `fontWeight`).
    public var drawsText: Bool {
        switch self {
        case .label, .button, .textField, .textView: true
        default: false
        }
    }

    /// Interface Builder's default horizontal and vertical content hugging priority:
    /// labels hug at 251 so they win against the 250 of everything else.
    public var defaultHuggingPriority: LayoutPriority {
        self == .label ? LayoutPriority(251) : LayoutPriority(250)
    }

    /// The default font size for text-drawing kinds, as in Interface Builder.
    public var defaultFontSize: Double {
        switch self {
        case .label: 17
        case .button: 15
        case .textField, .textView: 14
        default: 17
        }
    }
}

public enum FontWeight: String, CaseIterable, Sendable, Codable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
}

public enum Relation: String, CaseIterable, Sendable, Codable {
    case equal, lessThanOrEqual, greaterThanOrEqual

    /// The symbol the cookbook uses in its constraint notation.
    public var symbol: String {
        switch self {
        case .equal: "="
        case .lessThanOrEqual: "<="
        case .greaterThanOrEqual: ">="
        }
    }
}

/// How a configured button's title height rounds up before its content insets are added (format
/// addition `titleHeightRounding`): to the screen's pixel grid, as a label's line, or to whole
/// points, as Interface Builder sizes a configured button that no stack view lays out
/// (Documentation/InterfaceBuilder.md, "Button configurations").
public enum TitleHeightRounding: String, CaseIterable, Sendable, Codable {
    case pixel, point
}

public enum StackAxis: String, CaseIterable, Sendable, Codable {
    case horizontal, vertical
}

public enum StackAlignment: String, CaseIterable, Sendable, Codable {
    case fill, leading, top, center, trailing, bottom, firstBaseline, lastBaseline
}

public enum StackDistribution: String, CaseIterable, Sendable, Codable {
    case fill, fillEqually, fillProportionally, equalSpacing, equalCentering
}

/// A layout axis: constraints never relate positions across axes.
public enum Axis: String, CaseIterable, Sendable, Codable {
    case horizontal, vertical
}
