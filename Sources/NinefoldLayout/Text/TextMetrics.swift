import NinefoldScene

/// A system font at a size and weight.
public struct Font: Hashable, Sendable {
    public var size: Double
    public var weight: FontWeight

    public init(size: Double, weight: FontWeight = .regular) {
        self.size = size
        self.weight = weight
    }
}

public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// Deterministic text measurement standing in for Apple's SF Pro, which Linux does not have.
///
/// Horizontal advances come from Inter (a free font of very similar proportions); vertical
/// metrics are SF Pro's published ones (ascender 0.952 em, descender 0.241 em), because they
/// decide line heights, which Interface Builder's saved frames pin down precisely. Sizes are
/// rounded up to the half point, as UIKit rounds to pixels on a 2x screen.
/// See Documentation/FontMetrics.md for the calibration against Interface Builder's frames.
public enum TextMetrics {
    static let ascenderPerEm = 0.952
    static let descenderPerEm = 0.241

    public static func ascender(_ font: Font) -> Double { font.size * ascenderPerEm }

    public static func descender(_ font: Font) -> Double { font.size * descenderPerEm }

    public static func lineHeight(_ font: Font) -> Double {
        roundUpToPixel(font.size * (ascenderPerEm + descenderPerEm))
    }

    /// One line's advance width, unrounded. Kerning is ignored.
    public static func width(of text: String, in font: Font) -> Double {
        let table = advances(font.weight)
        var units = 0.0
        for scalar in text.unicodeScalars {
            units += Double(advance(of: scalar, table: table))
        }
        return units * font.size / InterMetricsTable.unitsPerEm
    }

    /// Word-wrapped size: lines break at spaces when a word would pass `wrappingWidth`
    /// (a single word wider than that is not split). `numberOfLines` 0 means unlimited.
    public static func size(of text: String, in font: Font, numberOfLines: Int, wrappingWidth: Double?) -> Size {
        let lines = wrap(text, in: font, width: wrappingWidth)
        let shown = numberOfLines > 0 ? Array(lines.prefix(numberOfLines)) : lines
        let widest = shown.map { width(of: $0, in: font) }.max() ?? 0
        return Size(width: roundUpToPixel(widest), height: lineHeight(font) * Double(max(1, shown.count)))
    }

    /// The lines `text` breaks into at `width` (explicit newlines always break).
    public static func wrap(_ text: String, in font: Font, width limit: Double?) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let limit else {
                lines.append(String(paragraph))
                continue
            }
            var current = ""
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                let candidate = current.isEmpty ? String(word) : current + " " + word
                if !current.isEmpty && width(of: candidate, in: font) > limit + 1e-9 {
                    lines.append(current)
                    current = String(word)
                } else {
                    current = candidate
                }
            }
            lines.append(current)
        }
        return lines
    }

    /// UIKit rounds sizes up to whole pixels; Interface Builder's canvas is 2x.
    public static func roundUpToPixel(_ value: Double) -> Double {
        (value * 2 - 1e-9).rounded(.up) / 2
    }

    private static func advances(_ weight: FontWeight) -> (table: [UInt16], fallback: UInt16) {
        switch weight {
        case .ultraLight: (InterMetricsTable.ultraLight, InterMetricsTable.ultraLightFallback)
        case .thin: (InterMetricsTable.thin, InterMetricsTable.thinFallback)
        case .light: (InterMetricsTable.light, InterMetricsTable.lightFallback)
        case .regular: (InterMetricsTable.regular, InterMetricsTable.regularFallback)
        case .medium: (InterMetricsTable.medium, InterMetricsTable.mediumFallback)
        case .semibold: (InterMetricsTable.semibold, InterMetricsTable.semiboldFallback)
        case .bold: (InterMetricsTable.bold, InterMetricsTable.boldFallback)
        case .heavy: (InterMetricsTable.heavy, InterMetricsTable.heavyFallback)
        case .black: (InterMetricsTable.black, InterMetricsTable.blackFallback)
        }
    }

    /// Latin text from the table; anything else gets the average lower-case advance, except
    /// wide characters (CJK, emoji), which take a full em.
    private static func advance(of scalar: Unicode.Scalar, table: (table: [UInt16], fallback: UInt16)) -> UInt16 {
        let value = scalar.value
        switch value {
        case 0x20...0x7E: return table.table[Int(value - 0x20)]
        case 0xA0...0xFF: return table.table[Int(value - 0xA0) + 95]
        case 0x1100... where scalar.properties.isIdeographic || scalar.properties.isEmojiPresentation:
            return UInt16(InterMetricsTable.unitsPerEm)
        default: return table.fallback
        }
    }
}
