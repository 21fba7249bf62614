import NinefoldScene

/// The Dynamic Type sizes a text style can be shown at (UIContentSizeCategory's seven
/// non-accessibility sizes). Interface Builder and UIKit default to `large`.
public enum ContentSizeCategory: String, CaseIterable, Sendable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge

    /// Index into `TextStyle`'s size rows (xSmall … xxxLarge).
    var column: Int { Self.allCases.firstIndex(of: self) ?? 3 }
}

/// UIKit's text styles (`UIFont.TextStyle`), as Interface Builder writes them in
/// `<fontDescription style="UICTFontTextStyle…"/>`.
///
/// Point sizes and weights per content size, and the leading at Large, are those of Apple's Human
/// Interface Guidelines, Typography > Specifications > "iOS, iPadOS Dynamic Type sizes"
/// (see Documentation/FontMetrics.md). Interface Builder's own spelling of Large Title is
/// `UICTFontTextStyleTitle0` (UIFont.TextStyle.largeTitle's raw value); Subheadline is `…Subhead`.
public enum TextStyle: String, CaseIterable, Sendable {
    case largeTitle = "UICTFontTextStyleTitle0"
    case title1 = "UICTFontTextStyleTitle1"
    case title2 = "UICTFontTextStyleTitle2"
    case title3 = "UICTFontTextStyleTitle3"
    case headline = "UICTFontTextStyleHeadline"
    case body = "UICTFontTextStyleBody"
    case callout = "UICTFontTextStyleCallout"
    case subheadline = "UICTFontTextStyleSubhead"
    case footnote = "UICTFontTextStyleFootnote"
    case caption1 = "UICTFontTextStyleCaption1"
    case caption2 = "UICTFontTextStyleCaption2"

    /// The style Interface Builder names in a `fontDescription`'s `style` attribute, or nil
    /// when the name is not a text style UIKit defines.
    public init?(interfaceBuilderName name: String) {
        self.init(rawValue: name)
    }

    /// The font at a Dynamic Type size (Interface Builder's canvas default is Large).
    public func font(at category: ContentSizeCategory = .large) -> Font {
        Font(size: pointSize(at: category), weight: weight)
    }

    public func pointSize(at category: ContentSizeCategory = .large) -> Double {
        sizes[category.column]
    }

    /// Headline is the only semibold style; every other style is regular at every size.
    public var weight: FontWeight { self == .headline ? .semibold : .regular }

    /// The HIG's leading (baseline-to-baseline distance of wrapped lines) at Large. A label's
    /// own height is its font's line height (TextMetrics.lineHeight), which Interface Builder's
    /// frames follow, not this typographic leading.
    public var leadingAtLarge: Double {
        switch self {
        case .largeTitle: 41
        case .title1: 34
        case .title2: 28
        case .title3: 25
        case .headline, .body: 22
        case .callout: 21
        case .subheadline: 20
        case .footnote: 18
        case .caption1: 16
        case .caption2: 13
        }
    }

    /// Point sizes at xSmall, Small, Medium, Large, xLarge, xxLarge, xxxLarge.
    private var sizes: [Double] {
        switch self {
        case .largeTitle: [31, 32, 33, 34, 36, 38, 40]
        case .title1: [25, 26, 27, 28, 30, 32, 34]
        case .title2: [19, 20, 21, 22, 24, 26, 28]
        case .title3: [17, 18, 19, 20, 22, 24, 26]
        case .headline, .body: [14, 15, 16, 17, 19, 21, 23]
        case .callout: [13, 14, 15, 16, 18, 20, 22]
        case .subheadline: [12, 13, 14, 15, 17, 19, 21]
        case .footnote: [12, 12, 12, 13, 15, 17, 19]
        case .caption1: [11, 11, 11, 12, 14, 16, 18]
        case .caption2: [11, 11, 11, 11, 13, 15, 17]
        }
    }
}

extension Font {
    /// The system font an Interface Builder `<fontDescription>` describes, for readers of
    /// storyboards and xibs: `style="UICTFontTextStyle…"` gives the text style's font at
    /// `category`; otherwise `type="system"` (with an optional `weight`), `"boldSystem"` or
    /// `"italicSystem"` with `pointSize`. Returns nil for anything else (custom fonts name a
    /// `name`/`family` and no `type`; unknown styles, types or weights; a missing or non-positive
    /// size), so the caller can report it instead of measuring with a wrong font. Italic is
    /// measured with the upright advances (SF Pro's italic keeps its widths).
    public init?(interfaceBuilderType type: String?, weight: String?, pointSize: Double?, style: String?,
                 category: ContentSizeCategory = .large) {
        if let style {
            guard let textStyle = TextStyle(interfaceBuilderName: style) else { return nil }
            self = textStyle.font(at: category)
            return
        }
        guard let pointSize, pointSize > 0, let type else { return nil }
        switch type {
        case "system", "italicSystem":
            // No weight attribute means regular; a weight UIKit does not define is refused.
            let resolved = weight == nil ? FontWeight.regular : weight.flatMap(FontWeight.init(rawValue:))
            guard let resolved else { return nil }
            self.init(size: pointSize, weight: resolved)
        case "boldSystem":
            guard weight == nil else { return nil }
            self.init(size: pointSize, weight: .bold)
        default:
            return nil
        }
    }
}
