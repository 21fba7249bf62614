import NinefoldScene
import Testing
@testable import NinefoldLayout

/// Intrinsic content sizes and baselines of the standard controls.
@Suite struct ContentSizeTests {
    @Test func labelReportsTextSizeAndBaselines() {
        let font = Font(size: 17)
        let label = ContentMeasurement.label(text: "Name", font: font, numberOfLines: 1, wrappingWidth: nil)
        #expect(label.height == 20.5)
        #expect(label.width == TextMetrics.roundUpToPixel(TextMetrics.width(of: "Name", in: font)))
        let height = label.height ?? 0
        // Baseline sits below the ascender and above the descender.
        #expect(label.firstBaselineOffset >= TextMetrics.ascender(font))
        #expect(label.lastBaselineOffset >= TextMetrics.descender(font))
        #expect(abs(label.firstBaselineOffset + label.lastBaselineOffset - height) < 1e-9)
    }

    @Test func multiLineLabelBaselinesSpanAllLines() {
        let font = Font(size: 17)
        let label = ContentMeasurement.label(text: "one two three four five six seven", font: font,
                                             numberOfLines: 0, wrappingWidth: 60)
        let height = label.height ?? 0
        #expect(height > 2 * TextMetrics.lineHeight(font))
        #expect(label.firstBaselineOffset + label.lastBaselineOffset < height)
    }

    /// UIKit measures no line for an empty label, so it collapses to 0 × 0 (IB saves it 0 tall),
    /// while a single space is one 17-pt line, 20.5 tall.
    @Test func emptyLabelIsZeroByZero() {
        let label = ContentMeasurement.label(text: "", font: Font(size: 17), numberOfLines: 1, wrappingWidth: nil)
        #expect(label.width == 0)
        #expect(label.height == 0)
        let space = ContentMeasurement.label(text: " ", font: Font(size: 17), numberOfLines: 1, wrappingWidth: nil)
        #expect(space.height == 20.5)
    }

    @Test func systemButtonIsThirtyTallAtFifteenPoints() {
        let font = Font(size: 15)
        let button = ContentMeasurement.button(title: "Save", font: font)
        #expect(button.height == 30)
        let width = button.width ?? 0
        #expect(width >= TextMetrics.width(of: "Save", in: font))
        #expect(abs(button.firstBaselineOffset + button.lastBaselineOffset - 30) < 1e-9)
        #expect(button.firstBaselineOffset > 15)
    }

    @Test func untitledButtonIsThirtySquare() {
        let button = ContentMeasurement.button(title: "", font: Font(size: 15))
        #expect(button.width == 30)
        #expect(button.height == 30)
    }

    @Test func textFieldIsThirtyTallAndWidensWithItsText() {
        let font = Font(size: 14)
        let short = ContentMeasurement.textField(text: "a", placeholder: nil, font: font)
        let long = ContentMeasurement.textField(text: nil, placeholder: "Enter your name", font: font)
        #expect(short.height == 30)
        #expect(long.height == 30)
        #expect((long.width ?? 0) > (short.width ?? 0))
        #expect((long.width ?? 0) >= TextMetrics.width(of: "Enter your name", in: font) + 14)
        let empty = ContentMeasurement.textField(text: nil, placeholder: nil, font: font)
        #expect(empty.width == 14)
        #expect(abs(long.firstBaselineOffset + long.lastBaselineOffset - 30) < 1e-9)
    }

    @Test func switchAndImageView() {
        #expect(ContentMeasurement.switchControl.width == 51)
        #expect(ContentMeasurement.switchControl.height == 31)
        let image = ContentMeasurement.imageView(width: 40, height: nil)
        #expect(image.width == 40)
        #expect(image.height == nil)
    }
}
