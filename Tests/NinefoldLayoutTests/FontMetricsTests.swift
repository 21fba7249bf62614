import NinefoldScene
import Testing
@testable import NinefoldLayout

/// The font-metrics model against Interface Builder's saved frames (SCENE-FORMAT.md §3).
@Suite struct FontMetricsTests {
    /// Residual allowed at every calibration point except "Yellow" (see Documentation/FontMetrics.md).
    static let tolerance = 1.5

    @Test func seventeenPointLabelIsTwentyAndAHalfTall() {
        #expect(abs(TextMetrics.lineHeight(Font(size: 17)) - 20.5) <= Self.tolerance)
    }

    @Test(arguments: [("Red", 70.5), ("Blue", 81.0), ("Green", 110.5)])
    func blackLabelsMatchInterfaceBuilder(text: String, expected: Double) {
        let size = TextMetrics.size(of: text, in: Font(size: 36, weight: .black), numberOfLines: 1, wrappingWidth: nil)
        #expect(abs(size.width - expected) <= Self.tolerance)
        #expect(abs(size.height - 43) <= Self.tolerance)
    }

    /// Inter's "Y" and "w" are wider than SF Pro's and kerning is ignored: the known worst residual.
    @Test func yellowIsWithinAFewPoints() {
        let size = TextMetrics.size(of: "Yellow", in: Font(size: 36, weight: .black), numberOfLines: 1, wrappingWidth: nil)
        #expect(abs(size.width - 120.5) <= 5)
        #expect(abs(size.height - 43) <= Self.tolerance)
    }

    @Test func nameLabelIsBelievable() {
        let size = TextMetrics.size(of: "Name", in: Font(size: 17), numberOfLines: 1, wrappingWidth: nil)
        #expect(size.width > 40 && size.width < 52)
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
        // Latin-1 letters come from the table: "é" advances like "e".
        #expect(TextMetrics.width(of: "é", in: font) == TextMetrics.width(of: "e", in: font))
    }
}
