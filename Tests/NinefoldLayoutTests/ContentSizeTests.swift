import NinefoldScene
import Testing
@testable import NinefoldLayout

/// Intrinsic content sizes and baselines of the standard controls.
@Suite struct ContentSizeTests {
    /// Building measures each distinct text, font and line count once (`SystemBuilder.facts`),
    /// so every label must still get the size of its own text in its own font. Each label's
    /// content-hugging constraint is `width − w ≤ 0` (and its height's `height − h ≤ 0`), so its
    /// constant is minus the size `ContentMeasurement.label` gives that label measured alone
    /// (scale 2, the canvas default): "Hello" at 17 and at 34 points, "Hello" at 17 again (the
    /// remembered measurement), "Hello" at 17 on two lines (no wrapping width yet, so one line
    /// high, measured under its own key) and "Bye" at 17.
    @Test func labelsSharingATextAreMeasuredInTheirOwnFont() throws {
        let scene = try LayoutFixture.resolved(xml: """
            <scene version="1"><view id="root"><label id="a" text="Hello"/><label id="b" text="Hello" fontSize="34"/>\
            <label id="c" text="Hello"/><label id="d" text="Hello" numberOfLines="2"/><label id="e" text="Bye"/></view></scene>
            """)
        let system = LayoutEngine.build(scene)
        let expected: [(id: String, text: String, size: Double, lines: Int)] = [
            ("a", "Hello", 17, 1), ("b", "Hello", 34, 1), ("c", "Hello", 17, 1), ("d", "Hello", 17, 2), ("e", "Bye", 17, 1),
        ]
        for label in expected {
            let alone = ContentMeasurement.label(text: label.text, font: Font(size: label.size), numberOfLines: label.lines,
                                                 wrappingWidth: nil, scale: 2)
            let hugging = system.constraints.filter {
                if case .intrinsic(label.id, _, .hugging) = $0.origin { return true }
                return false
            }.map { -$0.constraint.expression.constant }
            #expect(hugging == [alone.width, alone.height].compactMap { $0 }, "\(label.id)")
        }
        // The two fonts must measure differently, or the first check could not tell them apart.
        let small = ContentMeasurement.label(text: "Hello", font: Font(size: 17), numberOfLines: 1, wrappingWidth: nil)
        let large = ContentMeasurement.label(text: "Hello", font: Font(size: 34), numberOfLines: 1, wrappingWidth: nil)
        #expect(small.width != large.width)
    }

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
