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
/// One line is Σ (Inter advance + Inter pair kerning) × size / unitsPerEm × scale(weight), plus
/// SF Pro's size-dependent tracking (Apple's published table) per character; scale(weight) is
/// fitted to Interface Builder's saved label sizes (Tests/NinefoldLayoutTests/Calibration).
/// Vertical metrics are SF Pro's (ascender 0.952 em, descender 0.241 em), because they decide
/// line heights, which Interface Builder's saved frames pin down precisely. Sizes are rounded up
/// to the pixel of Interface Builder's 2x canvas. See Documentation/FontMetrics.md.
public enum TextMetrics {
    static let ascenderPerEm = 0.952
    static let descenderPerEm = 0.241

    public static func ascender(_ font: Font) -> Double { font.size * ascenderPerEm }

    public static func descender(_ font: Font) -> Double { font.size * descenderPerEm }

    public static func lineHeight(_ font: Font) -> Double {
        roundUpToPixel(font.size * (ascenderPerEm + descenderPerEm))
    }

    /// One line's width, unrounded: scaled advances and kerning plus SF Pro's tracking.
    public static func width(of text: String, in font: Font) -> Double {
        let metrics = WeightMetrics.of(font.weight)
        let tracking = self.tracking(at: font.size)
        var units = 0.0
        var points = 0.0
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if isWide(scalar) {
                // Ideographs and emoji come from other fonts: a full em, untracked.
                points += font.size
            } else {
                units += Double(advance(of: scalar, in: metrics))
                if let previous {
                    units += Double(metrics.kerning(previous, scalar))
                }
                points += tracking
            }
            previous = scalar
        }
        return units * font.size / InterMetricsTable.unitsPerEm * metrics.scale + points
    }

    /// SF Pro's tracking per character, in points, at `size`: Apple's table in 1/1000 em for
    /// 6…36 pt (Text sizes below 20 pt, Display sizes from 20 pt), linearly interpolated between
    /// whole sizes, clamped at both ends.
    public static func tracking(at size: Double) -> Double {
        let table = InterMetricsTable.trackingPerMille
        let first = 6.0
        let last = first + Double(table.count - 1)
        let clamped = min(max(size, first), last)
        let low = clamped.rounded(.down)
        let lowValue = Double(table[Int(low - first)])
        let highValue = Double(table[min(Int(low - first) + 1, table.count - 1)])
        let perMille = lowValue + (highValue - lowValue) * (clamped - low)
        return perMille / 1000 * size
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

    /// Ideographs and emoji-presentation characters: measured as one em.
    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x1100 && (scalar.properties.isIdeographic || scalar.properties.isEmojiPresentation)
    }

    /// Latin text from the table; anything else gets the weight's average lower-case advance.
    private static func advance(of scalar: Unicode.Scalar, in metrics: WeightMetrics) -> UInt16 {
        let value = scalar.value
        switch value {
        case 0x20...0x7E: return metrics.advances[Int(value - 0x20)]
        case 0xA0...0xFF: return metrics.advances[Int(value - 0xA0) + 95]
        default: return metrics.fallback
        }
    }
}

/// One weight's slice of the generated Inter table, with its kerning pairs decoded once.
struct WeightMetrics: Sendable {
    let advances: [UInt16]
    let fallback: UInt16
    let scale: Double
    /// Pair adjustments in font units, keyed by `first << 16 | second` (both code points < 0x100).
    let pairs: [UInt32: Int16]

    func kerning(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Int16 {
        guard first.value < 0x100, second.value < 0x100 else { return 0 }
        return pairs[first.value << 16 | second.value] ?? 0
    }

    static func of(_ weight: FontWeight) -> WeightMetrics {
        switch weight {
        case .ultraLight: ultraLight
        case .thin: thin
        case .light: light
        case .regular: regular
        case .medium: medium
        case .semibold: semibold
        case .bold: bold
        case .heavy: heavy
        case .black: black
        }
    }

    // Decoded on first use (Swift's static lets are lazy and thread-safe).
    static let ultraLight = WeightMetrics(InterMetricsTable.ultraLight, InterMetricsTable.ultraLightFallback,
                                          InterMetricsTable.ultraLightScale, InterMetricsTable.ultraLightKerning)
    static let thin = WeightMetrics(InterMetricsTable.thin, InterMetricsTable.thinFallback,
                                    InterMetricsTable.thinScale, InterMetricsTable.thinKerning)
    static let light = WeightMetrics(InterMetricsTable.light, InterMetricsTable.lightFallback,
                                     InterMetricsTable.lightScale, InterMetricsTable.lightKerning)
    static let regular = WeightMetrics(InterMetricsTable.regular, InterMetricsTable.regularFallback,
                                       InterMetricsTable.regularScale, InterMetricsTable.regularKerning)
    static let medium = WeightMetrics(InterMetricsTable.medium, InterMetricsTable.mediumFallback,
                                      InterMetricsTable.mediumScale, InterMetricsTable.mediumKerning)
    static let semibold = WeightMetrics(InterMetricsTable.semibold, InterMetricsTable.semiboldFallback,
                                        InterMetricsTable.semiboldScale, InterMetricsTable.semiboldKerning)
    static let bold = WeightMetrics(InterMetricsTable.bold, InterMetricsTable.boldFallback,
                                    InterMetricsTable.boldScale, InterMetricsTable.boldKerning)
    static let heavy = WeightMetrics(InterMetricsTable.heavy, InterMetricsTable.heavyFallback,
                                     InterMetricsTable.heavyScale, InterMetricsTable.heavyKerning)
    static let black = WeightMetrics(InterMetricsTable.black, InterMetricsTable.blackFallback,
                                     InterMetricsTable.blackScale, InterMetricsTable.blackKerning)

    init(_ advances: [UInt16], _ fallback: UInt16, _ scale: Double, _ kerning: String) {
        self.advances = advances
        self.fallback = fallback
        self.scale = scale
        self.pairs = Self.decode(kerning)
    }

    /// "first second adjustment" triples (hexadecimal code points, decimal font units), comma-separated.
    static func decode(_ text: String) -> [UInt32: Int16] {
        var pairs: [UInt32: Int16] = [:]
        for entry in text.split(whereSeparator: { $0 == "," || $0 == "\n" }) {
            let fields = entry.split(separator: " ")
            guard fields.count == 3, let first = UInt32(fields[0], radix: 16),
                  let second = UInt32(fields[1], radix: 16), let value = Int16(fields[2]) else { continue }
            pairs[first << 16 | second] = value
        }
        return pairs
    }
}
