import NinefoldScene
import Testing
@testable import NinefoldLayout

/// The font-metrics model against Interface Builder's saved frames (SCENE-FORMAT.md §3).
@Suite struct FontMetricsTests {
    /// Residual allowed at the Auto Layout Cookbook's black labels (Red is 1 pt narrow).
    static let tolerance = 1.0

    @Test func seventeenPointLabelIsTwentyAndAHalfTall() {
        #expect(TextMetrics.lineHeight(Font(size: 17)) == 20.5)
    }

    @Test(arguments: [("Red", 70.5), ("Blue", 81.0), ("Green", 110.5), ("Yellow", 120.5)])
    func blackLabelsMatchInterfaceBuilder(text: String, expected: Double) {
        let size = TextMetrics.size(of: text, in: Font(size: 36, weight: .black), numberOfLines: 1, wrappingWidth: nil)
        #expect(abs(size.width - expected) <= Self.tolerance)
        #expect(size.height == 43)
    }

    /// Apple's tracking table: 0 at 12 pt, −20/1000 em at 16 pt (−0.32 pt), +10/1000 em at 36 pt;
    /// at 17 pt the design resources' −0.41 pt, −24/1000 em to the table's precision (−0.408 pt;
    /// the HIG table's −26 would be −0.442). Between whole sizes it is interpolated:
    /// 17.5 pt → −24.5/1000 × 17.5 = −0.42875 pt (halfway to 18 pt's −25).
    /// Outside 6…36 pt the end values hold: 50 pt → 10/1000 × 50 = 0.5; 4 pt → 41/1000 × 4.
    @Test func trackingFollowsApplesTable() {
        #expect(TextMetrics.tracking(at: 12) == 0)
        #expect(abs(TextMetrics.tracking(at: 16) - -0.32) < 1e-12)
        #expect(abs(TextMetrics.tracking(at: 17) - -0.408) < 1e-12)
        #expect(abs(TextMetrics.tracking(at: 36) - 0.36) < 1e-12)
        #expect(abs(TextMetrics.tracking(at: 17.5) - -0.42875) < 1e-12)
        #expect(abs(TextMetrics.tracking(at: 50) - 0.5) < 1e-12)
        #expect(abs(TextMetrics.tracking(at: 4) - 0.164) < 1e-12)
    }

    /// One character at 12 pt (no tracking, below the Display ramp): its Inter advance in em plus
    /// its fitted correction, × 12 × the weight's text scale. "H" in Inter Regular advances 2084
    /// units (hmtx of Inter-Regular.otf, read with fonttools; the table's entry for U+0048).
    @Test func oneCharacterIsItsScaledAdvance() {
        let metrics = WeightMetrics.of(.regular)
        #expect(metrics.text.advances[0x48 - 0x20] == 2084)
        let correction = TextMetrics.glyphCorrection(of: "H")
        #expect(correction == InterMetricsTable.glyphCorrections[0x48])
        let expected = (2084.0 / 2816 + correction) * 12 * metrics.textScale
        #expect(metrics.scale(at: 12) == metrics.textScale)
        #expect(abs(TextMetrics.width(of: "H", in: Font(size: 12)) - expected) < 1e-9)
    }

    /// The Text-to-Display ramp: 0 up to 20 pt, linear to 1 at 28 pt (the end WWDC 2020
    /// describes; fixed since the 175-row set, because a scan of 21…28 pt on the training rows
    /// flipped between 23 and 28 on one row's margin), 1 beyond: 24 pt is (24 − 20) / (28 − 20)
    /// = 0.5 of the way, 22 pt (Title 2) a quarter.
    @Test func displayRampRunsFromTwentyToTheFittedEnd() {
        #expect(InterMetricsTable.displayRampStart == 20)
        #expect(InterMetricsTable.displayRampEnd == 28)
        #expect(TextMetrics.displayRamp(at: 17) == 0)
        #expect(TextMetrics.displayRamp(at: 20) == 0)
        #expect(TextMetrics.displayRamp(at: 22) == 0.25)
        #expect(TextMetrics.displayRamp(at: 24) == 0.5)
        #expect(TextMetrics.displayRamp(at: 28) == 1)
        #expect(TextMetrics.displayRamp(at: 47) == 1)
    }

    /// At 28 pt the ramp is 1, so "H" is the blend, by the weight's display blend α, of Inter
    /// Regular's text advance (2084 / 2816 em) × the text scale and its display advance
    /// (1364 / 2048 em, InterDisplay-Regular.otf's hmtx) × the display scale, plus the fitted
    /// correction of "H" in em × the two scales blended alike, all times 28, plus the 28-pt
    /// tracking 14/1000 × 28 = 0.392.
    @Test func displaySizesBlendTheDisplayInstance() {
        let metrics = WeightMetrics.of(.regular)
        #expect(metrics.display.advances[0x48 - 0x20] == 1364)
        let alpha = metrics.displayBlend
        let scale = (1 - alpha) * metrics.textScale + alpha * metrics.displayScale
        #expect(abs(metrics.scale(at: 28) - scale) < 1e-15)
        let ems = (1 - alpha) * 2084 / 2816 * metrics.textScale + alpha * 1364 / 2048 * metrics.displayScale
            + TextMetrics.glyphCorrection(of: "H") * scale
        let expected = ems * 28 + 0.392
        #expect(abs(TextMetrics.width(of: "H", in: Font(size: 28)) - expected) < 1e-9)
    }

    /// Bold's text and display scales apply apart: at 13 pt (below the ramp) "H" is Inter Bold's
    /// text advance × the text scale only, at 40 pt (ramp 1) the blend of the two by bold's α, each
    /// with its own scale, plus 40-pt tracking 10/1000 × 40 = 0.4 (the 36-pt value held). One
    /// scale for both had to serve SwiftMessages' 13-pt and Cuberto's 55-pt bold at once; fitted
    /// apart, the text scale is the larger (13-pt bold ran 0.5–2 pt narrow of IB, 55-pt bold up to
    /// 2 pt wide), so a 13-pt bold "H" is wider than one scale's would be.
    @Test func textAndDisplayScalesApplyApart() {
        let bold = WeightMetrics.of(.bold)
        #expect(bold.textScale > bold.displayScale)
        let text = Double(bold.text.advance(of: "H"))
        let display = Double(bold.display.advance(of: "H"))
        let correction = TextMetrics.glyphCorrection(of: "H")
        let small = (text / 2816 + correction) * 13 * bold.textScale + TextMetrics.tracking(at: 13)
        #expect(abs(TextMetrics.width(of: "H", in: Font(size: 13, weight: .bold)) - small) < 1e-9)
        let alpha = bold.displayBlend
        let scale = (1 - alpha) * bold.textScale + alpha * bold.displayScale
        let large = ((1 - alpha) * text / 2816 * bold.textScale + alpha * display / 2048 * bold.displayScale
                     + correction * scale) * 40 + 0.4
        #expect(abs(TextMetrics.width(of: "H", in: Font(size: 40, weight: .bold)) - large) < 1e-9)
    }

    /// A system button rounds its title box up to whole points: 27 pt × 1.193 = 32.21 → 33, plus
    /// 6 above and below = 45 (IB: 45); 15 pt → 17.9 → 18 + 12 = 30.
    @Test func buttonsRoundToWholePoints() {
        #expect(ContentMeasurement.button(title: "Go", font: Font(size: 27)).height == 45)
        #expect(ContentMeasurement.button(title: "Go", font: Font(size: 15)).height == 30)
        let width = ContentMeasurement.button(title: "Settings", font: Font(size: 15)).width ?? 0
        #expect(width == width.rounded())
        #expect(width >= TextMetrics.width(of: "Settings", in: Font(size: 15)))
    }

    /// Inter kerns "A" against "V" (a negative pair adjustment); the pair is exactly that
    /// adjustment, scaled, narrower than the two letters measured apart.
    @Test func kerningPairsTightenAV() {
        let metrics = WeightMetrics.of(.regular)
        let adjustment = Double(metrics.text.kerning("A", "V"))
        #expect(adjustment < 0)
        let font = Font(size: 12)
        let apart = TextMetrics.width(of: "A", in: font) + TextMetrics.width(of: "V", in: font)
        let together = TextMetrics.width(of: "AV", in: font)
        #expect(abs(together - (apart + adjustment * 12 / 2816 * metrics.textScale)) < 1e-9)
        // No pair between letters Inter does not kern.
        #expect(metrics.text.kerning("n", "n") == 0)
    }

    /// Interface Builder saved the cookbook's "Name" 45 and "Middle Name" 101 wide, 20.5 tall.
    @Test(arguments: [("Name", 45.0), ("Middle Name", 101.0)])
    func seventeenPointLabels(text: String, expected: Double) {
        let size = TextMetrics.size(of: text, in: Font(size: 17), numberOfLines: 1, wrappingWidth: nil)
        #expect(abs(size.width - expected) <= 0.5)
        #expect(size.height == 20.5)
    }

    @Test func widthGrowsWithSizeAndWeight() {
        var previous = 0.0
        for size in stride(from: 8.0, through: 40.0, by: 1) {
            let width = TextMetrics.width(of: "Hello, World", in: Font(size: size))
            #expect(width > previous)
            #expect(TextMetrics.lineHeight(Font(size: size)) >= TextMetrics.lineHeight(Font(size: size - 1)))
            previous = width
        }
        var lighter = 0.0
        for weight in FontWeight.allCases {
            let width = TextMetrics.width(of: "Hamburgefonts", in: Font(size: 17, weight: weight))
            #expect(width > lighter, "\(weight)")
            lighter = width
        }
    }

    @Test func lineHeightIsOnTheHalfPointGrid() {
        for size in stride(from: 6.0, through: 60.0, by: 0.5) {
            let height = TextMetrics.lineHeight(Font(size: size))
            #expect((height * 2).rounded() == height * 2)
            #expect(height >= TextMetrics.ascender(Font(size: size)) + TextMetrics.descender(Font(size: size)))
        }
    }

    @Test func measurementIsDeterministic() {
        let font = Font(size: 13.5, weight: .semibold)
        let text = "The quick brown fox jumps over the lazy dog. Ça va? Ünïcødé"
        let first = TextMetrics.size(of: text, in: font, numberOfLines: 0, wrappingWidth: 120)
        for _ in 0..<20 {
            #expect(TextMetrics.size(of: text, in: font, numberOfLines: 0, wrappingWidth: 120) == first)
        }
    }

    @Test func longTextWrapsAndNumberOfLinesLimitsIt() {
        let font = Font(size: 17)
        let text = "The quick brown fox jumps over the lazy dog and keeps on running far away"
        let oneLine = TextMetrics.lineHeight(font)
        let unlimited = TextMetrics.size(of: text, in: font, numberOfLines: 0, wrappingWidth: 100)
        #expect(unlimited.height >= 4 * oneLine)
        #expect(unlimited.width <= 100)
        let two = TextMetrics.size(of: text, in: font, numberOfLines: 2, wrappingWidth: 100)
        #expect(two.height == 2 * oneLine)
        let unwrapped = TextMetrics.size(of: text, in: font, numberOfLines: 0, wrappingWidth: nil)
        #expect(unwrapped.height == oneLine)
        #expect(unwrapped.width > 400)
    }

    @Test func explicitNewlinesBreakLines() {
        let font = Font(size: 17)
        let size = TextMetrics.size(of: "One\nTwo\nThree", in: font, numberOfLines: 0, wrappingWidth: nil)
        #expect(size.height == 3 * TextMetrics.lineHeight(font))
    }

    @Test func emptyStringHasNoWidthButOneLine() {
        let font = Font(size: 17)
        #expect(TextMetrics.width(of: "", in: font) == 0)
        let size = TextMetrics.size(of: "", in: font, numberOfLines: 1, wrappingWidth: nil)
        #expect(size == Size(width: 0, height: TextMetrics.lineHeight(font)))
    }

    @Test func nonLatinFallsBack() {
        let font = Font(size: 20)
        // CJK and emoji: one em each.
        #expect(TextMetrics.width(of: "漢字", in: font) == 40)
        #expect(TextMetrics.width(of: "😀", in: font) == 20)
        // Other scripts: the average lower-case advance, between "i" and "m".
        let greek = TextMetrics.width(of: "α", in: font)
        #expect(greek > TextMetrics.width(of: "i", in: font))
        #expect(greek < TextMetrics.width(of: "m", in: font))
        // Latin-1 letters come from the table: "é" advances like "e", without "e"'s fitted
        // correction (no calibration row holds "é", so it has none): 20 pt × scale × that
        // correction, the text scale at 20 pt, where the Display ramp starts.
        #expect(TextMetrics.glyphCorrection(of: "é") == 0)
        let scale = WeightMetrics.of(.regular).scale(at: 20)
        let e = TextMetrics.width(of: "e", in: font) - TextMetrics.glyphCorrection(of: "e") * 20 * scale
        #expect(abs(TextMetrics.width(of: "é", in: font) - e) < 1e-9)
    }
}

/// The generated kerning strings decode completely: decoding skips nothing, so a malformed entry
/// from the generator cannot silently drop pairs.
@Suite struct KerningTableTests {
    static let tables: [String] = [
        InterMetricsTable.ultraLightKerning, InterMetricsTable.ultraLightDisplayKerning,
        InterMetricsTable.thinKerning, InterMetricsTable.thinDisplayKerning,
        InterMetricsTable.lightKerning, InterMetricsTable.lightDisplayKerning,
        InterMetricsTable.regularKerning, InterMetricsTable.regularDisplayKerning,
        InterMetricsTable.mediumKerning, InterMetricsTable.mediumDisplayKerning,
        InterMetricsTable.semiboldKerning, InterMetricsTable.semiboldDisplayKerning,
        InterMetricsTable.boldKerning, InterMetricsTable.boldDisplayKerning,
        InterMetricsTable.heavyKerning, InterMetricsTable.heavyDisplayKerning,
        InterMetricsTable.blackKerning, InterMetricsTable.blackDisplayKerning,
    ]

    @Test(arguments: tables.indices)
    func everyEntryDecodes(index: Int) {
        let text = Self.tables[index]
        let entries = text.split(whereSeparator: { $0 == "," || $0 == "\n" })
            .filter { !$0.allSatisfy(\.isWhitespace) }
        #expect(entries.count > 500)
        #expect(InstanceMetrics.decode(text).count == entries.count)
    }

    /// Every pair is between printable ASCII characters and adjusts by less than an em.
    @Test(arguments: tables.indices)
    func pairsAreAsciiAndSmall(index: Int) {
        for (key, value) in InstanceMetrics.decode(Self.tables[index]) {
            #expect((0x20...0x7E).contains(key >> 16) && (0x20...0x7E).contains(key & 0xFFFF))
            #expect(value != 0 && abs(Int(value)) < 2048)
        }
    }
}

/// UIKit's word wrapping breaks Chinese and Japanese text between any two characters, since
/// those scripts put no spaces between words (a held-out storyboard's Japanese label wraps to six
/// lines in IB; Documentation/Evaluation.md).
@Suite struct CJKWrappingTests {
    let font = Font(size: 17)

    @Test func ideographsBreakBetweenAnyTwoCharacters() {
        // A limit just wider than three ideographs holds three per line: 10 → 3 + 3 + 3 + 1.
        let limit = TextMetrics.width(of: "一二三", in: font) + 0.01
        #expect(TextMetrics.wrap("一二三四五六七八九十", in: font, width: limit) == ["一二三", "四五六", "七八九", "十"])
        let size = TextMetrics.size(of: "一二三四五六七八九十", in: font, numberOfLines: 0, wrappingWidth: limit)
        #expect(size.height == 4 * TextMetrics.lineHeight(font))
    }

    @Test func latinWordsStillBreakOnlyAtSpaces() {
        // "Hello 世" fits, so the line breaks inside "世界" rather than at the space; a Latin
        // word is never split.
        let limit = TextMetrics.width(of: "Hello 世", in: font) + 0.01
        #expect(TextMetrics.wrap("Hello 世界", in: font, width: limit) == ["Hello 世", "界"])
        let narrow = TextMetrics.width(of: "Hel", in: font)
        #expect(TextMetrics.wrap("Hello world", in: font, width: narrow) == ["Hello", "world"])
    }

    /// Kinsoku: "。" may not start a line, so it stays with "お" and the two move down together.
    /// Kana are one em (17 pt) each, untracked; the limit holds exactly five: 85 pt. Greedy
    /// breaking alone would give "あいうえお" / "。かきく"; with the rule, "お。" is one piece
    /// (34 pt) that does not fit after "あいうえ" (68 + 34 = 102 > 85), and the second line
    /// "お。かきく" is 5 × 17 = 85, which fits.
    @Test func stopsNeverStartALine() {
        let limit = 5 * 17.0
        #expect(TextMetrics.wrap("あいうえお。かきく", in: font, width: limit) == ["あいうえ", "お。かきく"])
        // Small kana and the long-vowel mark are kept off the line start the same way.
        #expect(TextMetrics.wrap("あいうえおーか", in: font, width: limit) == ["あいうえ", "おーか"])
        #expect(TextMetrics.wrap("あいうえおっか", in: font, width: limit) == ["あいうえ", "おっか"])
    }

    /// Opening brackets may not end a line and closing ones may not start one: with room for
    /// three characters (51 pt) "あいう「えお」" breaks into "あいう", "「え", "お」" — "「え" and
    /// "お」" are pieces of two characters (34 pt each) and 34 + 34 = 68 > 51.
    @Test func bracketsStayWithTheirText() {
        #expect(TextMetrics.wrap("あいう「えお」", in: font, width: 3 * 17.0) == ["あいう", "「え", "お」"])
        // A space still allows a break before a closing mark (the rule joins only touching pieces).
        #expect(TextMetrics.keepingLineBreakRules([("あ", false), ("。", true)]).count == 2)
    }
}

/// UIKit rounds a label's intrinsic size up to whole pixels of its screen (Documentation/
/// FontMetrics.md, "Rounding"): halves of a point at 2x, thirds at 3x, whole points at 1x.
@Suite struct PixelGridTests {
    @Test func lineHeightsRoundUpToTheScreensPixel() {
        // 17 × (0.952 + 0.241) = 20.281: 41 pixels at 2x, 61 at 3x, 21 at 1x.
        let font = Font(size: 17)
        #expect(TextMetrics.lineHeight(font, scale: 2) == 20.5)
        #expect(abs(TextMetrics.lineHeight(font, scale: 3) - 61.0 / 3) < 1e-12)
        #expect(TextMetrics.lineHeight(font, scale: 1) == 21)
        // The default is Interface Builder's 2x canvas.
        #expect(TextMetrics.lineHeight(font) == 20.5)
    }

    @Test func valuesOnTheGridStayThere() {
        #expect(TextMetrics.roundUpToPixel(41.2, scale: 3) == 124.0 / 3)
        #expect(TextMetrics.roundUpToPixel(124.0 / 3, scale: 3) == 124.0 / 3)
        #expect(TextMetrics.roundUpToPixel(41.2, scale: 2) == 41.5)
        #expect(TextMetrics.roundUpToPixel(41.5, scale: 2) == 41.5)
    }

    @Test func labelsMeasureOnTheirScreensGrid() throws {
        let font = Font(size: 17)
        let raw = TextMetrics.width(of: "Tap the button if you like", in: font)
        let thirds = ContentMeasurement.label(text: "Tap the button if you like", font: font, numberOfLines: 1,
                                              wrappingWidth: nil, scale: 3)
        let width = try #require(thirds.width)
        #expect(width >= raw && width - raw < 1.0 / 3)
        #expect(abs(width * 3 - (width * 3).rounded()) < 1e-9)
        // Baselines sit in the 61/3-point line box: half-leading (61/3 − 20.281) / 2 above the ascender.
        let ascender = 17 * 0.952
        let halfLeading = (61.0 / 3 - 17 * (0.952 + 0.241)) / 2
        #expect(abs(thirds.firstBaselineOffset - (halfLeading + ascender)) < 1e-9)
    }
}
