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
/// One line is Σ (advance + pair kerning) in em × size × scale, plus SF Pro's size-dependent
/// tracking (Apple's published table, with the design resources' −0.41 pt at 17 pt) per
/// character. Advances and kerning blend Inter's text and display instances as SF Pro switches
/// from Text to Display optical size: α = displayBlend(weight) × ramp(size), the ramp rising from
/// 0 at 20 pt to 1 at 28 pt, each instance with its own scale per weight. Scales and blend are
/// fitted to Interface Builder's saved sizes (Tests/NinefoldLayoutTests/Calibration),
/// and each character then adds its own small correction in em (`glyphCorrection(of:)`), fitted to
/// what the per-weight numbers leave over with the regularisation cross-validation chose.
/// Vertical metrics are SF Pro's (ascender 0.952 em, descender 0.241 em), because they decide
/// line heights, which Interface Builder's saved frames pin down precisely. Labels round up to
/// the pixel of their screen (2x unless the canvas says 3x). See Documentation/FontMetrics.md.
public enum TextMetrics {
    static let ascenderPerEm = 0.952
    static let descenderPerEm = 0.241

    public static func ascender(_ font: Font) -> Double { font.size * ascenderPerEm }

    public static func descender(_ font: Font) -> Double { font.size * descenderPerEm }

    /// A label's line height: the font's natural line height rounded up to the screen's pixel
    /// (17 pt: 20.281 → 20.5 at 2x, 20.333 at 3x).
    public static func lineHeight(_ font: Font, scale: Double = Canvas.defaultScale) -> Double {
        roundUpToPixel(naturalLineHeight(font), scale: scale)
    }

    /// Ascender plus descender, unrounded (SF Pro has no line gap).
    public static func naturalLineHeight(_ font: Font) -> Double {
        font.size * (ascenderPerEm + descenderPerEm)
    }

    /// One line's width, unrounded: blended, scaled advances and kerning plus SF Pro's tracking.
    public static func width(of text: String, in font: Font) -> Double {
        let metrics = WeightMetrics.of(font.weight)
        let tracking = self.tracking(at: font.size)
        let alpha = metrics.displayBlend * displayRamp(at: font.size)
        var textUnits = 0.0
        var displayUnits = 0.0
        var correctionEms = 0.0
        var points = 0.0
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if isHangul(scalar) {
                // Hangul comes from Apple SD Gothic Neo, narrower than a full em, untracked.
                points += font.size * hangulAdvancePerEm
            } else if isWide(scalar) {
                // Ideographs and emoji come from other fonts: a full em, untracked.
                points += font.size
            } else {
                textUnits += Double(metrics.text.advance(of: scalar))
                displayUnits += Double(metrics.display.advance(of: scalar))
                correctionEms += glyphCorrection(of: scalar)
                if let previous {
                    textUnits += Double(metrics.text.kerning(previous, scalar))
                    displayUnits += Double(metrics.display.kerning(previous, scalar))
                }
                points += tracking
            }
            previous = scalar
        }
        let ems = (1 - alpha) * textUnits / InterMetricsTable.unitsPerEm * metrics.textScale
            + alpha * displayUnits / InterMetricsTable.displayUnitsPerEm * metrics.displayScale
            + correctionEms * metrics.scale(at: font.size)
        return ems * font.size + points
    }

    /// The fitted per-character correction in em, the same at every weight and size (0 for a
    /// character no calibration row holds). Scaled like the advance it corrects
    /// (`WeightMetrics.scale(at:)`).
    public static func glyphCorrection(of scalar: Unicode.Scalar) -> Double {
        InterMetricsTable.glyphCorrections[scalar.value] ?? 0
    }

    /// How far `size` is into SF Pro's Text-to-Display transition: 0 up to 20 pt, 1 from 28 pt.
    public static func displayRamp(at size: Double) -> Double {
        let start = InterMetricsTable.displayRampStart
        let end = InterMetricsTable.displayRampEnd
        return min(max((size - start) / (end - start), 0), 1)
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

    /// Word-wrapped size: lines break at spaces, and next to Chinese and Japanese characters,
    /// when a word would pass `wrappingWidth` (a single word wider than that is not split).
    /// `numberOfLines` 0 means unlimited.
    /// Both sides round up to the pixel grid of a screen with `scale` pixels per point.
    public static func size(of text: String, in font: Font, numberOfLines: Int, wrappingWidth: Double?,
                            scale: Double = Canvas.defaultScale) -> Size {
        let lines = wrap(text, in: font, width: wrappingWidth)
        let shown = numberOfLines > 0 ? Array(lines.prefix(numberOfLines)) : lines
        let widest = shown.map { width(of: $0, in: font) }.max() ?? 0
        return Size(width: roundUpToPixel(widest, scale: scale),
                    height: lineHeight(font, scale: scale) * Double(max(1, shown.count)))
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
            for segment in segments(of: paragraph) {
                let candidate = current.isEmpty ? segment.text : current + (segment.spaceBefore ? " " : "") + segment.text
                if !current.isEmpty && width(of: candidate, in: font) > limit + 1e-9 {
                    lines.append(current)
                    current = segment.text
                } else {
                    current = candidate
                }
            }
            lines.append(current)
        }
        return lines
    }

    /// The pieces a line may break between: words separated by spaces, and each Chinese or
    /// Japanese character on its own, since UIKit's word wrapping breaks such text between any
    /// two characters (those scripts put no spaces between words) — except where Japanese line
    /// breaking rules (kinsoku) forbid it (`keepingLineBreakRules`). `spaceBefore` keeps the
    /// space a break would drop.
    static func segments(of paragraph: Substring) -> [(text: String, spaceBefore: Bool)] {
        keepingLineBreakRules(breakOpportunities(of: paragraph))
    }

    /// Kinsoku: with word wrapping, UIKit keeps punctuation, closing brackets, small kana and the
    /// long-vowel mark from starting a line and opening brackets from ending one (qiita.com,
    /// cub, "UILabel の lineBreakMode" (Xcode 12): byWordWrapping keeps 句読点, 括弧の終わり,
    /// 小文字 and 伸ばし棒 off the start of a line; byCharWrapping does not; the rule sets are
    /// Unicode line breaking's (UAX #14) CL, CP, EX, IS, NS and CJ classes, and OP). A piece that
    /// may not start a line joins the one before it, and one that may not end a line the one
    /// after it, unless a space separates them; the joined piece then moves to the next line
    /// whole, as UIKit pushes the preceding character down with it.
    static func keepingLineBreakRules(_ pieces: [(text: String, spaceBefore: Bool)]) -> [(text: String, spaceBefore: Bool)] {
        var result: [(text: String, spaceBefore: Bool)] = []
        for piece in pieces {
            if let last = result.last, !piece.spaceBefore,
               piece.text.unicodeScalars.first.map(mayNotStartLine) == true
                || last.text.unicodeScalars.last.map(mayNotEndLine) == true {
                result[result.count - 1].text += piece.text
            } else {
                result.append(piece)
            }
        }
        return result
    }

    /// Closing punctuation, stops, small kana, iteration and prolonged-sound marks: never at the
    /// start of a line (UAX #14 classes CL, CP, EX, IS, NS, CJ, in their CJK and ASCII forms).
    static func mayNotStartLine(_ scalar: Unicode.Scalar) -> Bool {
        "、。，．・：；？！ー…‥ゝゞヽヾ々〻）］｝〕〉》」』】〙〗〟’”｠»ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ)]},.:;!?%"
            .unicodeScalars.contains(scalar) || (0x31F0...0x31FF).contains(scalar.value)
    }

    /// Opening brackets and quotation marks: never at the end of a line (UAX #14 class OP).
    static func mayNotEndLine(_ scalar: Unicode.Scalar) -> Bool {
        "（［｛〔〈《「『【〘〖〝‘“｟«([{".unicodeScalars.contains(scalar)
    }

    /// Where a line may break before kinsoku: at spaces, and around each Chinese or Japanese
    /// character.
    static func breakOpportunities(of paragraph: Substring) -> [(text: String, spaceBefore: Bool)] {
        var result: [(text: String, spaceBefore: Bool)] = []
        for (index, word) in paragraph.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
            var spaceBefore = index > 0
            var run = ""
            for character in word {
                guard character.unicodeScalars.contains(where: breaksAround) else {
                    run.append(character)
                    continue
                }
                if !run.isEmpty {
                    result.append((run, spaceBefore))
                    spaceBefore = false
                    run = ""
                }
                result.append((String(character), spaceBefore))
                spaceBefore = false
            }
            if !run.isEmpty || word.isEmpty { result.append((run, spaceBefore)) }
        }
        return result
    }

    /// Han ideographs, kana and CJK punctuation: a line may break before or after each.
    private static func breaksAround(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isIdeographic || (0x3000...0x30FF).contains(scalar.value) || (0xFF00...0xFFEF).contains(scalar.value)
    }

    /// UIKit rounds a label's intrinsic size up to whole pixels of its screen: halves of a
    /// point at 2x, thirds at 3x (Interface Builder saves 20.333-tall 17-pt labels on 3x devices).
    /// The 1e-9 keeps a size already on the grid, such as 20.5 or 61/3, where it is.
    public static func roundUpToPixel(_ value: Double, scale: Double = Canvas.defaultScale) -> Double {
        (value * scale - 1e-9).rounded(.up) / scale
    }

    /// Buttons round their title's size up to whole points (Interface Builder saves system
    /// buttons at whole-point sizes: "Button" 15 pt is 46 × 30, a 27-pt title is 45 tall).
    public static func roundUpToPoint(_ value: Double) -> Double {
        (value - 1e-9).rounded(.up)
    }

    /// A Hangul syllable's or jamo's advance in em. SF Pro has no Hangul; UIKit draws it in Apple
    /// SD Gothic Neo. Fitted to the three 17-pt Korean labels Xcode 13 saved in stack views on a
    /// 2x canvas in sunghong32/AutoLayout-StoryBoard-UIKit, `LEDBoard/LEDBoard/Base.lproj/
    /// Main.storyboard` (toolsVersion 20037): "전광판에 표시할 글자" 141.5, "텍스트 색상 변경" 112 and
    /// "배경 색상 변경" 97 wide, 9, 7 and 6 syllables and two spaces each. With the model's 17-pt
    /// space (4.334 since the design resources' 17-pt tracking and the refit of the 181-row set;
    /// 4.398 before) the three half-point roundings leave a syllable 14.703–14.722 wide
    /// (0.86491–0.86599 em): the middle, 0.8654 em (0.8644 before). The repository also holds a
    /// held-out file (Documentation/Evaluation.md); no other source of Hangul widths was found.
    static let hangulAdvancePerEm = 0.8654

    /// Hangul syllables, jamo and compatibility jamo.
    private static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
        (0xAC00...0xD7A3).contains(scalar.value) || (0x1100...0x11FF).contains(scalar.value)
            || (0x3130...0x318F).contains(scalar.value)
    }

    /// Ideographs, kana, CJK punctuation, full-width forms and emoji-presentation characters:
    /// measured as one em, as the CJK fonts UIKit falls back to set them (full-width).
    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x1100 && (scalar.properties.isIdeographic || scalar.properties.isEmojiPresentation
            || (0x3000...0x30FF).contains(scalar.value) || (0xFF01...0xFF60).contains(scalar.value))
    }
}

/// One Inter instance's advances and kerning, decoded once.
struct InstanceMetrics: Sendable {
    let advances: [UInt16]
    let fallback: UInt16
    /// Pair adjustments in font units, keyed by `first << 16 | second` (both ASCII).
    let pairs: [UInt32: Int16]

    init(_ advances: [UInt16], _ fallback: UInt16, _ kerning: String) {
        self.advances = advances
        self.fallback = fallback
        self.pairs = Self.decode(kerning)
    }

    /// Latin text from the table; anything else gets the average lower-case advance.
    func advance(of scalar: Unicode.Scalar) -> UInt16 {
        let value = scalar.value
        switch value {
        case 0x20...0x7E: return advances[Int(value - 0x20)]
        case 0xA0...0xFF: return advances[Int(value - 0xA0) + 95]
        default: return fallback
        }
    }

    func kerning(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Int16 {
        guard first.value < 0x80, second.value < 0x80 else { return 0 }
        return pairs[first.value << 16 | second.value] ?? 0
    }

    /// "first second adjustment" triples (hexadecimal code points, decimal font units), separated
    /// by commas or newlines; an entry without exactly three valid fields is skipped.
    ///
    /// Read byte by byte, with no substring per field: the tables are decoded in every process
    /// that measures text, and splitting them into strings took about 18 million instructions per
    /// instance (callgrind), milliseconds of each `ninefold validate` of a small document.
    static func decode(_ text: String) -> [UInt32: Int16] {
        var pairs: [UInt32: Int16] = [:]
        var fields: [Int] = []
        var valid = true
        var value = 0
        var negative = false
        var digits = 0
        func endField() {
            // Runs of spaces separate fields; a lone "-" is no number.
            if digits == 0 && !negative { return }
            if digits == 0 { valid = false }
            fields.append(negative ? -value : value)
            (value, negative, digits) = (0, false, 0)
        }
        func endEntry() {
            endField()
            if valid, fields.count == 3, fields[0] >= 0, fields[0] <= Int(UInt32.max), fields[1] >= 0,
               fields[1] <= Int(UInt32.max), let adjustment = Int16(exactly: fields[2]) {
                pairs[UInt32(fields[0]) << 16 | UInt32(fields[1])] = adjustment
            }
            fields.removeAll(keepingCapacity: true)
            valid = true
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: ","), UInt8(ascii: "\n"): endEntry()
            case UInt8(ascii: " "): endField()
            default:
                // The first two fields are hexadecimal, the third decimal with an optional sign.
                let radix = fields.count < 2 ? 16 : 10
                let digit: Int? = switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
                default: nil
                }
                if let digit, digit < radix, value <= Int(UInt32.max) {
                    value = value * radix + digit
                    digits += 1
                } else if radix == 10, byte == UInt8(ascii: "-"), digits == 0, !negative {
                    negative = true
                } else {
                    valid = false
                }
            }
        }
        endEntry()
        return pairs
    }
}

/// One weight's text and display instances with their fitted scales and the display blend.
struct WeightMetrics: Sendable {
    let text: InstanceMetrics
    let display: InstanceMetrics
    /// Scales of Inter's text and display instances: fitted apart, because one scale per weight
    /// had to serve 13-pt and 55-pt bold at once and fitted neither (FontMetrics.md).
    let textScale: Double
    let displayScale: Double
    let displayBlend: Double

    /// The two scales blended as the advances are at `size`: what a per-glyph correction in em
    /// is multiplied by.
    func scale(at size: Double) -> Double {
        let alpha = displayBlend * TextMetrics.displayRamp(at: size)
        return (1 - alpha) * textScale + alpha * displayScale
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
    typealias T = InterMetricsTable
    static let ultraLight = WeightMetrics(
        text: InstanceMetrics(T.ultraLight, T.ultraLightFallback, T.ultraLightKerning),
        display: InstanceMetrics(T.ultraLightDisplay, T.ultraLightDisplayFallback, T.ultraLightDisplayKerning),
        textScale: T.ultraLightTextScale, displayScale: T.ultraLightDisplayScale, displayBlend: T.ultraLightDisplayBlend)
    static let thin = WeightMetrics(
        text: InstanceMetrics(T.thin, T.thinFallback, T.thinKerning),
        display: InstanceMetrics(T.thinDisplay, T.thinDisplayFallback, T.thinDisplayKerning),
        textScale: T.thinTextScale, displayScale: T.thinDisplayScale, displayBlend: T.thinDisplayBlend)
    static let light = WeightMetrics(
        text: InstanceMetrics(T.light, T.lightFallback, T.lightKerning),
        display: InstanceMetrics(T.lightDisplay, T.lightDisplayFallback, T.lightDisplayKerning),
        textScale: T.lightTextScale, displayScale: T.lightDisplayScale, displayBlend: T.lightDisplayBlend)
    static let regular = WeightMetrics(
        text: InstanceMetrics(T.regular, T.regularFallback, T.regularKerning),
        display: InstanceMetrics(T.regularDisplay, T.regularDisplayFallback, T.regularDisplayKerning),
        textScale: T.regularTextScale, displayScale: T.regularDisplayScale, displayBlend: T.regularDisplayBlend)
    static let medium = WeightMetrics(
        text: InstanceMetrics(T.medium, T.mediumFallback, T.mediumKerning),
        display: InstanceMetrics(T.mediumDisplay, T.mediumDisplayFallback, T.mediumDisplayKerning),
        textScale: T.mediumTextScale, displayScale: T.mediumDisplayScale, displayBlend: T.mediumDisplayBlend)
    static let semibold = WeightMetrics(
        text: InstanceMetrics(T.semibold, T.semiboldFallback, T.semiboldKerning),
        display: InstanceMetrics(T.semiboldDisplay, T.semiboldDisplayFallback, T.semiboldDisplayKerning),
        textScale: T.semiboldTextScale, displayScale: T.semiboldDisplayScale, displayBlend: T.semiboldDisplayBlend)
    static let bold = WeightMetrics(
        text: InstanceMetrics(T.bold, T.boldFallback, T.boldKerning),
        display: InstanceMetrics(T.boldDisplay, T.boldDisplayFallback, T.boldDisplayKerning),
        textScale: T.boldTextScale, displayScale: T.boldDisplayScale, displayBlend: T.boldDisplayBlend)
    static let heavy = WeightMetrics(
        text: InstanceMetrics(T.heavy, T.heavyFallback, T.heavyKerning),
        display: InstanceMetrics(T.heavyDisplay, T.heavyDisplayFallback, T.heavyDisplayKerning),
        textScale: T.heavyTextScale, displayScale: T.heavyDisplayScale, displayBlend: T.heavyDisplayBlend)
    static let black = WeightMetrics(
        text: InstanceMetrics(T.black, T.blackFallback, T.blackKerning),
        display: InstanceMetrics(T.blackDisplay, T.blackDisplayFallback, T.blackDisplayKerning),
        textScale: T.blackTextScale, displayScale: T.blackDisplayScale, displayBlend: T.blackDisplayBlend)
}
