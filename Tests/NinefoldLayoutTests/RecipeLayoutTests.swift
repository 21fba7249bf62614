import NinefoldScene
import Testing
@testable import NinefoldLayout

/// The cookbook recipes in Documents/ lay out as each recipe describes, on a 375 × 667 iPhone
/// in portrait (compact-regular): root margins 16, bottom layout guide at 667.
@Suite struct RecipeLayoutTests {
    /// A 15-point system button's intrinsic width for a title, as the fonts model measures it.
    private func buttonWidth(_ title: String) -> Double {
        ContentMeasurement.button(title: title, font: Font(size: 15)).width ?? -1
    }

    @Test func twoEqualWidthButtonsFillTheMarginsWithStandardSpacing() throws {
        let layout = try LayoutFixture.solveDocument("two-equal-width-buttons.xml")
        #expect(layout.conflicts.isEmpty)
        let unique = layout.isUnique
        #expect(unique)
        let short = layout.requireFrame("shortButton")
        let long = layout.requireFrame("longButton")
        // 375 − 2 × 16 margins − 8 standard spacing, shared equally.
        let width = (375 - 32 - 8) / 2.0
        #expect(close(short.x, 16) && close(short.width, width))
        #expect(close(long.x, 16 + width + 8) && close(long.width, width))
        // 20 above the bottom layout guide, buttons 30 tall.
        #expect(close(short.y, 667 - 20 - 30) && close(long.y, short.y))
        #expect(close(short.height, 30))
    }

    /// Buttons hug the longer title when it fits; c13 keeps the centre gap (and so, through the
    /// equal dummy widths, every gap) at least a standard 8, so on a narrow canvas both buttons
    /// are compressed equally instead.
    @Test(arguments: [(LayoutFixture.compactRegular, 375.0, 16.0), (SizeClass(width: .regular, height: .regular), 768.0, 20.0)])
    func twoButtonsWithEqualSpacingTakeTheLongerTitleAndThreeEqualGaps(sizeClass: SizeClass, canvas: Double,
                                                                       margin: Double) throws {
        let layout = try LayoutFixture.solveDocument("two-buttons-with-equal-spacing.xml", sizeClass: sizeClass)
        let unique = layout.isUnique
        #expect(unique)
        let short = layout.requireFrame("shortButton")
        let long = layout.requireFrame("longButton")
        let available = canvas - 2 * margin
        let buttonWidth = min(buttonWidth("Much Longer Button Title"), (available - 3 * 8) / 2)
        #expect(close(short.width, buttonWidth) && close(long.width, buttonWidth))
        let gaps = [short.x - margin, long.x - (short.x + short.width), canvas - margin - (long.x + long.width)]
        let expectedGap = (available - 2 * buttonWidth) / 3
        #expect(expectedGap >= 8)
        for gap in gaps { #expect(close(gap, expectedGap)) }
        for dummy in ["leadingDummyView", "centerDummyView", "trailingDummyView"] {
            #expect(close(layout.requireFrame(dummy).width, expectedGap))
            #expect(close(layout.requireFrame(dummy).height, 0))
        }
    }

    @Test func simpleStackViewStretchesTheImageViewBetweenLabelAndButton() throws {
        let layout = try LayoutFixture.solveDocument("simple-stack-view.xml")
        let unique = layout.isUnique
        #expect(unique)
        let stack = layout.requireFrame("stackView")
        // Margins 16; top at the top layout guide (20) + 8; bottom at 667 − 8.
        #expect(close(stack.x, 16) && close(stack.width, 343))
        #expect(close(stack.y, 28) && close(stack.height, 667 - 8 - 28))
        let label = layout.requireFrame("flowerLabel")
        let image = layout.requireFrame("imageView")
        let button = layout.requireFrame("editButton")
        for frame in [label, image, button] { #expect(close(frame.x, 16) && close(frame.width, 343)) }
        #expect(close(label.y, stack.y) && close(label.height, 20.5))
        #expect(close(image.y, label.y + label.height + 8))
        #expect(close(button.y, image.y + image.height + 8) && close(button.height, 30))
        #expect(close(button.y + button.height, stack.y + stack.height))
        // The image view, with the lowest vertical hugging, takes everything that is left.
        #expect(close(image.height, stack.height - 20.5 - 30 - 16))
    }

    @Test func threeEqualWidthButtonsShareTheMargins() throws {
        let layout = try LayoutFixture.solveDocument("three-equal-width-buttons.xml")
        let unique = layout.isUnique
        #expect(unique)
        let width = (343 - 16) / 3.0
        let frames = ["shortButton", "mediumButton", "longButton"].map { layout.requireFrame($0) }
        for (index, frame) in frames.enumerated() {
            #expect(close(frame.width, width))
            #expect(close(frame.x, 16 + Double(index) * (width + 8)))
        }
    }

    @Test func quizViewIsVerticallyAmbiguousButHorizontallyCentred() throws {
        let layout = try LayoutFixture.solveDocument("quiz-view.xml")
        let frame = layout.requireFrame("quizView")
        #expect(close(frame.x, (375 - 200) / 2) && close(frame.width, 200) && close(frame.height, 100))
        guard let variables = layout.system.variables(of: "quizView") else {
            Issue.record("no variables")
            return
        }
        #expect(!layout.solver.optimalRange(of: variables.y).isPoint)
        #expect(layout.solver.optimalRange(of: variables.x).isPoint)
    }

    @Test func fullScreenBackgroundCoversTheCanvasInEveryBaseClass() throws {
        for sizeClass in [LayoutFixture.compactRegular, LayoutFixture.anyAny, SizeClass(width: .regular, height: .compact)] {
            let layout = try LayoutFixture.solveDocument("full-screen-background.xml", sizeClass: sizeClass)
            let canvas = sizeClass.defaultCanvas
            #expect(layout.requireFrame("background") == Frame(x: 0, y: 0, width: canvas.width, height: canvas.height))
        }
    }

    @Test func sizeClassBasedLayoutStacksTheButtonsInPortrait() throws {
        let layout = try LayoutFixture.solveDocument("two-buttons-with-size-class-based-layouts.xml")
        let short = layout.requireFrame("shortButton")
        let long = layout.requireFrame("longButton")
        // Both span the margins; the long button sits a standard 8 below the short one.
        #expect(close(short.x, 16) && close(short.width, 343) && close(long.width, 343))
        #expect(close(short.y, 667 - 20 - 30) && close(long.y, short.y + 30 + 8))
    }

    @Test func everyRecipeSolvesWithoutConflictInEveryClass() throws {
        let documents = ["two-equal-width-buttons.xml", "two-buttons-with-equal-spacing.xml", "simple-stack-view.xml",
                         "nested-stack-views.xml", "three-equal-width-buttons.xml", "simple-label-and-text-field.xml",
                         "dynamic-height-label-and-text-field.xml", "full-screen-background.xml",
                         "dynamic-stack-view.xml", "fixed-height-columns.xml", "dynamic-height-columns.xml",
                         "two-buttons-with-size-class-based-layouts.xml"]
        for document in documents {
            for sizeClass in SizeClass.all {
                let layout = try LayoutFixture.solveDocument(document, sizeClass: sizeClass)
                #expect(layout.conflicts.isEmpty, "\(document) \(sizeClass)")
            }
        }
    }
}
