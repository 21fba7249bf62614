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

    /// The scroll view hangs from the root's top margin, which is 0 for a view controller's root
    /// (SCENE-FORMAT §3): it starts at y = 0 and ends 20 above the bottom layout guide (667).
    /// The stack fills its content area: two entry rows and the Add button. A firstBaseline entry
    /// row hugs its first view, the date label, and reaches down to the Delete button's bottom;
    /// the button's baseline lies (button offset − label offset) further below its top than the
    /// label's, so the row is 30 − that difference tall (Documentation/StackViews.md).
    @Test func dynamicStackViewStartsAtTheRootsTopMargin() throws {
        let layout = try LayoutFixture.solveDocument("dynamic-stack-view.xml")
        #expect(layout.isUnique)
        #expect(layout.requireFrame("scrollView") == Frame(x: 16, y: 0, width: 343, height: 667 - 20))
        let button = ContentMeasurement.button(title: "Delete", font: Font(size: 15)).firstBaselineOffset
        let date = ContentMeasurement.label(text: "11/23/26", font: Font(size: 17), numberOfLines: 1, wrappingWidth: nil)
            .firstBaselineOffset
        let row = 30 - (button - date)
        let stack = layout.requireFrame("stackView"), add = layout.requireFrame("addButton")
        #expect(close(stack.y, 0) && close(stack.height, 2 * row + 30))
        #expect(close(add.y, 2 * row) && close(add.height, 30))
        #expect(close(layout.requireFrame("delete1").y, -(button - date)))
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

    private func label(_ text: String) -> ContentSize {
        ContentMeasurement.label(text: text, font: Font(size: 17), numberOfLines: 1, wrappingWidth: nil)
    }

    private func textField(placeholder: String) -> ContentSize {
        ContentMeasurement.textField(text: nil, placeholder: placeholder, font: Font(size: 14))
    }

    @Test func simpleLabelAndTextFieldShareABaseline() throws {
        let layout = try LayoutFixture.solveDocument("simple-label-and-text-field.xml")
        let unique = layout.isUnique
        #expect(unique)
        let nameLabel = layout.requireFrame("nameLabel")
        let field = layout.requireFrame("nameTextField")
        #expect(close(nameLabel.x, 16) && close(nameLabel.width, label("Name").width ?? -1))
        #expect(close(field.x, nameLabel.x + nameLabel.width + 8) && close(field.x + field.width, 359))
        #expect(close(field.y, 20 + 20))
        let labelBaseline = nameLabel.y + nameLabel.height - label("Name").lastBaselineOffset
        let fieldBaseline = field.y + field.height - textField(placeholder: "Enter Name").lastBaselineOffset
        #expect(close(labelBaseline, fieldBaseline))
    }

    @Test func nestedStackViewsSplitTheScreenAsTheRecipeShows() throws {
        let layout = try LayoutFixture.solveDocument("nested-stack-views.xml")
        let unique = layout.isUnique
        #expect(unique)
        #expect(layout.conflicts.isEmpty)
        // Root stack: margins, 20 below the top guide (at 20) and 20 above the bottom guide.
        #expect(layout.requireFrame("rootStackView") == Frame(x: 16, y: 40, width: 343, height: 667 - 20 - 40))
        // Each firstBaseline row hugs its first view, the label: `row.top <= label.top` with
        // UISV-canvas-fit (49) makes them equal, and the row reaches down to the lower bottom,
        // the 30-tall field's, hung from the shared baseline: 30 + (label's baseline offset −
        // field's). Canvas-fit (49) outranks the image's compression resistance (48), so the
        // rows stay that short and the square image matches three rows and two gaps of 8.
        // (Interface Builder makes the image larger and the rows ambiguous: its engine weighs
        // priorities instead of ranking them; Documentation/StackViews.md.)
        let labelOffset = label("First Name").firstBaselineOffset
        let fieldOffset = textField(placeholder: "Enter First Name").firstBaselineOffset
        let rowHeight = max(label("First Name").height ?? 0, 30 + labelOffset - fieldOffset)
        let rowsHeight = 3 * rowHeight + 2 * 8.0
        for (index, row) in ["firstRow", "middleRow", "lastRow"].enumerated() {
            #expect(close(layout.requireFrame(row).height, rowHeight))
            let labelID = ["firstNameLabel", "middleNameLabel", "lastNameLabel"][index]
            #expect(close(layout.requireFrame(labelID).y, layout.requireFrame(row).y))
        }
        let image = layout.requireFrame("imageView")
        #expect(close(image.x, 16) && close(image.y, 40) && close(image.width, rowsHeight) && close(image.height, rowsHeight))
        let rows = layout.requireFrame("nameRows")
        #expect(close(rows.x, 16 + rowsHeight + 8) && close(rows.width, 343 - rowsHeight - 8))
        // Equal text-field widths make the labels equally wide: the widest label's width.
        let labelWidth = ["First Name", "Middle Name", "Last Name"].compactMap { label($0).width }.max() ?? -1
        for (labelID, fieldID) in [("firstNameLabel", "firstNameTextField"), ("middleNameLabel", "middleNameTextField"),
                                   ("lastNameLabel", "lastNameTextField")] {
            let labelFrame = layout.requireFrame(labelID)
            let field = layout.requireFrame(fieldID)
            #expect(close(labelFrame.width, labelWidth))
            #expect(close(field.width, rows.width - labelWidth - 8))
            // firstBaseline alignment: the label's baseline on the field's.
            let labelBaseline = labelFrame.y + label("First Name").firstBaselineOffset
            let fieldBaseline = field.y + textField(placeholder: "Enter First Name").firstBaselineOffset
            #expect(close(labelBaseline, fieldBaseline))
        }
        // Buttons share the bottom row equally; the text view takes what is left.
        let buttons = ["saveButton", "cancelButton", "clearButton"].map { layout.requireFrame($0) }
        for button in buttons {
            #expect(close(button.width, (343 - 16) / 3.0) && close(button.y, 647 - 30))
        }
        let text = layout.requireFrame("textView")
        #expect(close(text.y, 40 + rowsHeight + 8) && close(text.y + text.height, 647 - 30 - 8))
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
