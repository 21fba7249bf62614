import NinefoldScene
import Testing
@testable import NinefoldLayout

/// Text styles at Interface Builder's default Dynamic Type size (Large), from Apple's Human
/// Interface Guidelines, Typography > Specifications.
@Suite struct TextStyleTests {
    @Test(arguments: [
        ("UICTFontTextStyleTitle0", 34.0, FontWeight.regular), ("UICTFontTextStyleTitle1", 28, .regular),
        ("UICTFontTextStyleTitle2", 22, .regular), ("UICTFontTextStyleTitle3", 20, .regular),
        ("UICTFontTextStyleHeadline", 17, .semibold), ("UICTFontTextStyleBody", 17, .regular),
        ("UICTFontTextStyleCallout", 16, .regular), ("UICTFontTextStyleSubhead", 15, .regular),
        ("UICTFontTextStyleFootnote", 13, .regular), ("UICTFontTextStyleCaption1", 12, .regular),
        ("UICTFontTextStyleCaption2", 11, .regular),
    ])
    func largeSizes(name: String, size: Double, weight: FontWeight) throws {
        let style = try #require(TextStyle(interfaceBuilderName: name))
        #expect(style.font() == Font(size: size, weight: weight))
    }

    @Test func unknownNamesAreNotStyles() {
        #expect(TextStyle(interfaceBuilderName: "UICTFontTextStyleLargeTitle") == nil)
        #expect(TextStyle(interfaceBuilderName: "body") == nil)
    }

    /// Sizes never shrink as the category grows, and Large is the HIG's default column.
    @Test func sizesGrowWithTheCategory() {
        for style in TextStyle.allCases {
            let sizes = ContentSizeCategory.allCases.map { style.pointSize(at: $0) }
            #expect(sizes == sizes.sorted(), "\(style)")
            #expect(style.pointSize() == style.pointSize(at: .large))
        }
    }

    /// A Headline label: 17-pt semibold, 17 × 1.193 = 20.28 → 20.5 on the 2x canvas. (Xcode 7
    /// saved such labels 20 tall because it rounded frames to whole points; Xcode 8 and later
    /// save the pixel-rounded 20.5, which is what Ninefold reproduces.)
    @Test func headlineLabelIsTwentyAndAHalfTall() {
        let size = ContentMeasurement.label(text: "Headline", font: TextStyle.headline.font(), numberOfLines: 1, wrappingWidth: nil)
        #expect(size.height == 20.5)
    }

    /// The HIG's leading is never below the font's line height by more than its pixel rounding
    /// (Caption 2: leading 13, line height 11 × 1.193 = 13.12 → 13.5).
    @Test func leadingCoversTheLineHeight() {
        for style in TextStyle.allCases {
            #expect(style.leadingAtLarge >= TextMetrics.lineHeight(style.font()) - 0.5, "\(style)")
        }
        #expect(TextStyle.body.leadingAtLarge == 22)
    }
}

/// Interface Builder's `<fontDescription>` attributes to a Font (for storyboard readers).
@Suite struct FontDescriptionTests {
    @Test func textStylesWinOverTypeAndSize() {
        #expect(Font(interfaceBuilderType: nil, weight: nil, pointSize: nil, style: "UICTFontTextStyleHeadline")
            == Font(size: 17, weight: .semibold))
        #expect(Font(interfaceBuilderType: nil, weight: nil, pointSize: nil, style: "UICTFontTextStyleTitle1",
                     category: .extraSmall) == Font(size: 25))
        #expect(Font(interfaceBuilderType: nil, weight: nil, pointSize: nil, style: "UICTFontTextStyleNope") == nil)
    }

    @Test func systemTypesAndWeights() {
        #expect(Font(interfaceBuilderType: "system", weight: nil, pointSize: 17, style: nil) == Font(size: 17))
        #expect(Font(interfaceBuilderType: "system", weight: "black", pointSize: 36, style: nil)
            == Font(size: 36, weight: .black))
        #expect(Font(interfaceBuilderType: "boldSystem", weight: nil, pointSize: 18, style: nil)
            == Font(size: 18, weight: .bold))
        #expect(Font(interfaceBuilderType: "italicSystem", weight: nil, pointSize: 14, style: nil) == Font(size: 14))
    }

    /// Custom fonts (no type), unknown weights or types, and missing sizes are refused, not guessed.
    @Test func refusesWhatItCannotMeasure() {
        #expect(Font(interfaceBuilderType: nil, weight: nil, pointSize: 16, style: nil) == nil)
        #expect(Font(interfaceBuilderType: "system", weight: "extraHeavy", pointSize: 16, style: nil) == nil)
        #expect(Font(interfaceBuilderType: "boldSystem", weight: "light", pointSize: 16, style: nil) == nil)
        #expect(Font(interfaceBuilderType: "monospacedSystem", weight: nil, pointSize: 16, style: nil) == nil)
        #expect(Font(interfaceBuilderType: "system", weight: nil, pointSize: nil, style: nil) == nil)
        #expect(Font(interfaceBuilderType: "system", weight: nil, pointSize: 0, style: nil) == nil)
    }
}
