import NinefoldScene
import NinefoldSolver
import Testing
@testable import NinefoldLayout

/// SCENE-FORMAT §3 attribute by attribute, on small scenes whose frames follow from the rules.
@Suite struct GeometryTests {
    /// A plain view with a fixed size, so only its position is under test.
    private func box(_ id: String, width: Double = 50, height: Double = 40) -> String {
        "<view id=\"\(id)\" intrinsicWidth=\"\(width)\" intrinsicHeight=\"\(height)\" horizontalHuggingPriority=\"1000\" verticalHuggingPriority=\"1000\" horizontalCompressionResistancePriority=\"1000\" verticalCompressionResistancePriority=\"1000\"/>"
    }

    private func constraint(_ id: String, _ first: String, _ firstAttribute: String, _ second: String? = nil,
                            _ secondAttribute: String? = nil, extra: String = "") -> String {
        var text = "<constraint id=\"\(id)\" firstItem=\"\(first)\" firstAttribute=\"\(firstAttribute)\""
        if let second, let secondAttribute { text += " secondItem=\"\(second)\" secondAttribute=\"\(secondAttribute)\"" }
        return text + " \(extra)/>"
    }

    @Test(arguments: [(LayoutFixture.compactRegular, 16.0), (SizeClass(width: .regular, height: .regular), 20.0),
                      (LayoutFixture.anyAny, 20.0)])
    func rootMarginsDependOnCanvasWidth(sizeClass: SizeClass, side: Double) throws {
        let layout = try LayoutFixture.solve(box("a") + "<constraints>"
            + constraint("c1", "a", "leading", "root", "leadingMargin")
            + constraint("c2", "a", "top", "root", "topMargin") + "</constraints>", sizeClass: sizeClass)
        // A view controller's root view has no top margin (SCENE-FORMAT §3, corrected 2026-11-23).
        #expect(layout.requireFrame("a") == Frame(x: side, y: 0, width: 50, height: 40))
    }

    @Test func trailingAndBottomMarginsOfTheRoot() throws {
        let layout = try LayoutFixture.solve(box("a") + "<constraints>"
            + constraint("c1", "a", "trailing", "root", "trailingMargin")
            + constraint("c2", "a", "bottom", "root", "bottomMargin") + "</constraints>")
        // compact-regular is 375 × 667; side margins 16, bottom margin 0.
        #expect(layout.requireFrame("a") == Frame(x: 375 - 16 - 50, y: 667 - 0 - 40, width: 50, height: 40))
    }

    /// The four edges of the root's margins, pinned by one view per edge pair.
    private func marginBox() -> String {
        box("a") + box("b") + "<constraints>"
            + constraint("c1", "a", "leading", "root", "leadingMargin")
            + constraint("c2", "a", "top", "root", "topMargin")
            + constraint("c3", "b", "trailing", "root", "trailingMargin")
            + constraint("c4", "b", "bottom", "root", "bottomMargin") + "</constraints>"
    }

    @Test(arguments: ["view", "cell"])
    func freeStandingAndCellRootsHaveEightOnEverySide(root: String) throws {
        let layout = try LayoutFixture.solve(marginBox(), sceneAttributes: " root=\"\(root)\"")
        // UIView's default layoutMargins are 8 on every side, for a .xib's top-level view and a
        // cell's content view alike; the canvas (375 × 667) does not change them.
        #expect(layout.requireFrame("a") == Frame(x: 8, y: 8, width: 50, height: 40))
        #expect(layout.requireFrame("b") == Frame(x: 375 - 8 - 50, y: 667 - 8 - 40, width: 50, height: 40))
    }

    @Test func fixedLayoutMarginsReplaceTheDefaults() throws {
        let layout = try LayoutFixture.solve(marginBox(), rootAttributes: " layoutMargins=\"10 30 40 5\"")
        // top 10, left 30, bottom 40, right 5: a at (30, 10); b's right edge at 375 − 5, bottom at 667 − 40.
        #expect(layout.requireFrame("a") == Frame(x: 30, y: 10, width: 50, height: 40))
        #expect(layout.requireFrame("b") == Frame(x: 375 - 5 - 50, y: 667 - 40 - 40, width: 50, height: 40))
    }

    @Test func layoutMarginsVaryBySizeClass() throws {
        let body = marginBox() + "<variation sizeClass=\"regular-regular\" layoutMargins=\"0 0 0 0\"/>"
        let regular = try LayoutFixture.solve(body, sizeClass: SizeClass(width: .regular, height: .regular))
        let compact = try LayoutFixture.solve(body)
        // regular-regular (768 × 1024) zeroes every margin; compact-regular keeps 16 | 0.
        #expect(regular.requireFrame("a") == Frame(x: 0, y: 0, width: 50, height: 40))
        #expect(regular.requireFrame("b") == Frame(x: 768 - 50, y: 1024 - 40, width: 50, height: 40))
        #expect(compact.requireFrame("a") == Frame(x: 16, y: 0, width: 50, height: 40))
    }

    @Test func marginsMeasuredFromTheSafeArea() throws {
        let layout = try LayoutFixture.solve(marginBox(), rootAttributes: " insetsLayoutMarginsFromSafeArea=\"true\"")
        // The canvas's safe area is inset 20 at the top (the simulated status bar), 0 elsewhere:
        // the top margin becomes 20 + 0, the others stay 16 | 0.
        #expect(layout.requireFrame("a") == Frame(x: 16, y: 20, width: 50, height: 40))
        #expect(layout.requireFrame("b") == Frame(x: 375 - 16 - 50, y: 667 - 40, width: 50, height: 40))
    }

    @Test func nestedViewMarginsAreEight() throws {
        let layout = try LayoutFixture.solve("<view id=\"outer\">\(box("inner"))</view><constraints>"
            + constraint("c1", "outer", "leading", "root", "leading", extra: "constant=\"100\"")
            + constraint("c2", "outer", "top", "root", "top", extra: "constant=\"200\"")
            + constraint("c3", "outer", "width", extra: "constant=\"150\"")
            + constraint("c4", "outer", "height", extra: "constant=\"150\"")
            + constraint("c5", "inner", "trailing", "outer", "trailingMargin")
            + constraint("c6", "inner", "centerY", "outer", "centerYWithinMargins") + "</constraints>")
        // Outer spans 100…250 × 200…350; its margins are 8.
        #expect(layout.requireFrame("inner") == Frame(x: 250 - 8 - 50, y: 275 - 20, width: 50, height: 40))
    }

    @Test func standardIsTwentyToTheSuperviewEdgeAndEightElsewhere() throws {
        let layout = try LayoutFixture.solve(box("a") + box("b") + "<constraints>"
            + constraint("c1", "a", "leading", "root", "leading", extra: "constant=\"standard\"")
            + constraint("c2", "b", "leading", "a", "trailing", extra: "constant=\"standard\"")
            + constraint("c3", "a", "top", "root", "topMargin", extra: "constant=\"standard\"")
            // Written with the superview first: the edge rule applies either way round.
            + constraint("c4", "root", "bottom", "b", "bottom", extra: "constant=\"standard\"") + "</constraints>")
        let a = layout.requireFrame("a")
        let b = layout.requireFrame("b")
        #expect(close(a.x, 20))
        #expect(close(b.x, 20 + 50 + 8))
        // To a margin, standard is 8: the root's top margin 0, plus 8.
        #expect(close(a.y, 8))
        #expect(close(b.y + b.height, 667 - 20))
    }

    @Test func layoutGuidesAndSafeArea() throws {
        let layout = try LayoutFixture.solve(box("a") + box("b") + box("c") + "<constraints>"
            + constraint("c1", "a", "top", "topLayoutGuide", "bottom")
            + constraint("c2", "bottomLayoutGuide", "top", "b", "bottom", extra: "constant=\"10\"")
            + constraint("c3", "c", "top", "safeArea", "top")
            + constraint("c4", "c", "trailing", "safeArea", "trailing")
            + constraint("c5", "a", "leading", "safeArea", "leading")
            + constraint("c6", "b", "centerX", "safeArea", "centerX") + "</constraints>")
        #expect(close(layout.requireFrame("a").y, 20))
        #expect(close(layout.requireFrame("a").x, 0))
        #expect(close(layout.requireFrame("b").y, 667 - 10 - 40))
        #expect(close(layout.requireFrame("b").x, 375 / 2 - 25))
        #expect(layout.requireFrame("c") == Frame(x: 375 - 50, y: 20, width: 50, height: 40))
    }

    @Test func multiplierRatioAndAspect() throws {
        let layout = try LayoutFixture.solve("<view id=\"a\"/><constraints>"
            + constraint("c1", "a", "width", "root", "width", extra: "multiplier=\"1:3\"")
            + constraint("c2", "a", "height", "a", "width", extra: "multiplier=\"16:9\"")
            + constraint("c3", "a", "centerX", "root", "centerX", extra: "multiplier=\"0.5\"")
            + constraint("c4", "a", "top", "root", "top", extra: "constant=\"-5\"") + "</constraints>")
        let frame = layout.requireFrame("a")
        #expect(close(frame.width, 125))
        #expect(close(frame.height, 125 * 16 / 9))
        #expect(close(frame.x + frame.width / 2, 187.5 / 2))
        #expect(close(frame.y, -5))
        let unique = layout.isUnique
        #expect(unique)
    }

    @Test func baselinesOfLabelsComeFromTheFont() throws {
        let layout = try LayoutFixture.solve("<label id=\"small\" text=\"Name\"/><label id=\"big\" text=\"Name\" fontSize=\"34\"/><constraints>"
            + constraint("c1", "small", "leading", "root", "leading")
            + constraint("c2", "small", "top", "root", "top", extra: "constant=\"100\"")
            + constraint("c3", "big", "leading", "small", "trailing")
            + constraint("c4", "big", "firstBaseline", "small", "firstBaseline") + "</constraints>")
        let small = ContentMeasurement.label(text: "Name", font: Font(size: 17), numberOfLines: 1, wrappingWidth: nil)
        let big = ContentMeasurement.label(text: "Name", font: Font(size: 34), numberOfLines: 1, wrappingWidth: nil)
        let baseline = 100 + small.firstBaselineOffset
        #expect(close(layout.requireFrame("big").y + big.firstBaselineOffset, baseline))
        #expect(close(layout.requireFrame("big").height, big.height ?? -1))
    }

    @Test func viewsWithoutTextHaveTheirBaselinesAtTheBottom() throws {
        let layout = try LayoutFixture.solve(box("a") + box("b", height: 10) + "<constraints>"
            + constraint("c1", "a", "leading", "root", "leading")
            + constraint("c2", "a", "top", "root", "top", extra: "constant=\"100\"")
            + constraint("c3", "b", "leading", "a", "trailing")
            + constraint("c4", "b", "firstBaseline", "a", "lastBaseline") + "</constraints>")
        // a's bottom is 140; b's baseline (its bottom) sits there.
        #expect(close(layout.requireFrame("b").y, 130))
    }

    @Test func textViewBaselinesAreAtItsBottomToo() throws {
        let layout = try LayoutFixture.solve(box("a") + "<textView id=\"t\"/><constraints>"
            + constraint("c1", "t", "leading", "root", "leading")
            + constraint("c2", "t", "top", "root", "top", extra: "constant=\"100\"")
            + constraint("c3", "t", "width", extra: "constant=\"100\"")
            + constraint("c4", "t", "height", extra: "constant=\"60\"")
            + constraint("c5", "a", "leading", "root", "leading")
            + constraint("c6", "a", "firstBaseline", "t", "firstBaseline") + "</constraints>")
        // Both baselines at bottoms: a's bottom on t's (160).
        #expect(close(layout.requireFrame("a").y, 120))
    }

    @Test func explicitBaselineOffsetsWin() throws {
        let layout = try LayoutFixture.solve(box("a") + box("b", height: 10).replacingOccurrences(of: "/>", with: " firstBaselineOffset=\"3\"/>")
            + "<constraints>"
            + constraint("c1", "a", "leading", "root", "leading")
            + constraint("c2", "a", "top", "root", "top", extra: "constant=\"100\"")
            + constraint("c3", "b", "leading", "a", "trailing")
            + constraint("c4", "b", "firstBaseline", "a", "bottom") + "</constraints>")
        #expect(close(layout.requireFrame("b").y, 137))
    }

    @Test func intrinsicSizeHugsAndResistsAtItsPriorities() throws {
        // A 100-wide image view squeezed into 60 by a constraint at 751 beats compression at 750.
        let layout = try LayoutFixture.solve("<imageView id=\"i\" imageWidth=\"100\" imageHeight=\"50\"/><switch id=\"s\"/><constraints>"
            + constraint("c1", "i", "width", extra: "constant=\"60\" priority=\"751\"")
            + constraint("c2", "i", "leading", "root", "leading")
            + constraint("c3", "i", "top", "root", "top")
            + constraint("c4", "s", "leading", "root", "leading")
            + constraint("c5", "s", "top", "root", "top")
            + constraint("c6", "s", "width", extra: "constant=\"80\" priority=\"749\"") + "</constraints>")
        #expect(layout.requireFrame("i") == Frame(x: 0, y: 0, width: 60, height: 50))
        // The switch's hugging (250) loses to 749, so it stretches; its height stays 31.
        #expect(layout.requireFrame("s") == Frame(x: 0, y: 0, width: 80, height: 31))
        let kinds = layout.system.constraints.compactMap { item -> ConstraintOrigin.IntrinsicKind? in
            if case .intrinsic("s", .horizontal, let kind) = item.origin { return kind }
            return nil
        }
        #expect(kinds == [.hugging, .compressionResistance])
    }

    @Test func explicitIntrinsicNoneRemovesTheMeasuredSize() throws {
        let system = LayoutEngine.build(try LayoutFixture.resolved(xml: """
            <scene version="1"><view id="root"><label id="l" text="Hello" intrinsicWidth="none"/></view></scene>
            """))
        let axes = system.constraints.compactMap { item -> Axis? in
            if case .intrinsic("l", let axis, _) = item.origin { return axis }
            return nil
        }
        #expect(axes == [.vertical, .vertical])
    }

    @Test func multiLineLabelWrapsAtItsSolvedWidth() throws {
        let text = "A long label that certainly needs more than one line at one hundred points"
        let layout = try LayoutFixture.solve("<label id=\"l\" text=\"\(text)\" numberOfLines=\"0\"/><constraints>"
            + constraint("c1", "l", "leading", "root", "leading")
            + constraint("c2", "l", "top", "root", "top")
            + constraint("c3", "l", "width", extra: "constant=\"100\"") + "</constraints>")
        let wrapped = ContentMeasurement.label(text: text, font: Font(size: 17), numberOfLines: 0, wrappingWidth: 100)
        let frame = layout.requireFrame("l")
        #expect(close(frame.height, wrapped.height ?? -1))
        #expect(frame.height > 2 * 20.5)
    }

    @Test func conflictsAreRecordedMinimalAndTheLaterConstraintIsBroken() throws {
        let layout = try LayoutFixture.solve("<view id=\"a\"/><constraints>"
            + constraint("c1", "a", "width", extra: "constant=\"100\"")
            + constraint("c2", "a", "height", extra: "constant=\"10\"")
            + constraint("c3", "a", "width", extra: "constant=\"200\"") + "</constraints>")
        #expect(layout.conflicts.count == 1)
        guard let conflict = layout.conflicts.first else { return }
        let ids = conflict.constraints.compactMap { layout.system.constraints[$0].origin.documentID }.sorted()
        #expect(ids == ["c1", "c3"])
        #expect(layout.system.constraints[conflict.broken].origin.documentID == "c3")
        #expect(layout.solverIDs[conflict.broken] == nil)
        #expect(close(layout.requireFrame("a").width, 100))
    }

    @Test func notationFollowsTheCookbook() throws {
        let system = LayoutEngine.build(try LayoutFixture.resolved(xml: """
            <scene version="1"><view id="root" userLabel="Superview"><button id="b" userLabel="Name Button" title="x"/><label id="l" userLabel="Name Label" text="y"/>
            <constraints><constraint id="c1" firstItem="b" firstAttribute="leading" secondItem="l" secondAttribute="trailing" constant="standard"/>
            <constraint id="c2" firstItem="b" firstAttribute="top" secondItem="root" secondAttribute="topMargin" constant="4" priority="249"/></constraints></view></scene>
            """))
        let notations = system.constraints.filter { $0.origin.documentID != nil }.map(\.notation)
        #expect(notations == ["Name Button.Leading = Name Label.Trailing + Standard",
                              "Name Button.Top = Superview.TopMargin + 4 (Priority 249)"])
    }

    @Test func scrollContentSizeIsSolvedFromTheContent() throws {
        let layout = try LayoutFixture.solve("<scrollView id=\"s\">\(box("c", width: 500, height: 900))</scrollView><constraints>"
            + constraint("c1", "s", "leading", "root", "leading")
            + constraint("c2", "s", "trailing", "root", "trailing")
            + constraint("c3", "s", "top", "root", "top")
            + constraint("c4", "s", "bottom", "root", "bottom")
            + constraint("c5", "c", "leading", "s", "leading", extra: "constant=\"10\"")
            + constraint("c6", "c", "top", "s", "top")
            + constraint("c7", "c", "trailing", "s", "trailing")
            + constraint("c8", "c", "bottom", "s", "bottom") + "</constraints>")
        guard let content = layout.system.scrollContent.first else {
            Issue.record("no scroll content")
            return
        }
        // Edges attach to the content area: it is as large as the content (plus the 10 inset).
        #expect(close(layout.solver.value(of: content.width), 510))
        #expect(close(layout.solver.value(of: content.height), 900))
        #expect(layout.requireFrame("s") == Frame(x: 0, y: 0, width: 375, height: 667))
        #expect(layout.requireFrame("c") == Frame(x: 10, y: 0, width: 500, height: 900))
    }

    @Test func scrollContentSizeIsAmbiguousWithoutContentEdges() throws {
        let layout = try LayoutFixture.solve("<scrollView id=\"s\">\(box("c"))</scrollView><constraints>"
            + constraint("c1", "s", "leading", "root", "leading")
            + constraint("c2", "s", "trailing", "root", "trailing")
            + constraint("c3", "s", "top", "root", "top")
            + constraint("c4", "s", "bottom", "root", "bottom")
            + constraint("c5", "c", "leading", "s", "leading")
            + constraint("c6", "c", "top", "s", "top")
            // Width and centre go to the frame, not the content: they do not size the content.
            + constraint("c7", "c", "centerX", "s", "centerX") + "</constraints>")
        guard let content = layout.system.scrollContent.first else {
            Issue.record("no scroll content")
            return
        }
        #expect(!layout.solver.optimalRange(of: content.width).isPoint)
        #expect(!layout.solver.optimalRange(of: content.height).isPoint)
        #expect(close(layout.requireFrame("c").x, 0))
    }

    @Test func contentAndFrameLayoutGuides() throws {
        let layout = try LayoutFixture.solve("<scrollView id=\"s\"><view id=\"c\"/></scrollView><constraints>"
            + constraint("c1", "s", "leading", "root", "leading", extra: "constant=\"5\"")
            + constraint("c2", "s", "width", extra: "constant=\"300\"")
            + constraint("c3", "s", "top", "root", "top")
            + constraint("c4", "s", "height", extra: "constant=\"200\"")
            + constraint("c5", "c", "leading", "s.contentLayoutGuide", "leading")
            + constraint("c6", "c", "trailing", "s.contentLayoutGuide", "trailing")
            + constraint("c7", "c", "top", "s.contentLayoutGuide", "top")
            + constraint("c8", "c", "bottom", "s.contentLayoutGuide", "bottom")
            + constraint("c9", "c", "width", "s.frameLayoutGuide", "width")
            + constraint("c10", "c", "height", extra: "constant=\"1000\"") + "</constraints>")
        guard let content = layout.system.scrollContent.first else {
            Issue.record("no scroll content")
            return
        }
        #expect(layout.requireFrame("c") == Frame(x: 5, y: 0, width: 300, height: 1000))
        #expect(close(layout.solver.value(of: content.width), 300))
        #expect(close(layout.solver.value(of: content.height), 1000))
        let unique = layout.isUnique
        #expect(unique)
    }

    // MARK: The canvas's safe area (scene-format addition `safeAreaInsets`)

    /// A view 8 below the top layout guide, 8 above the bottom one, on the safe area's sides; a
    /// second view on the root's top-left margins (which the root measures from its safe area).
    private func safeAreaScene(canvas: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <scene version="1" name="Safe">\(canvas)<view id="root" insetsLayoutMarginsFromSafeArea="true">
          \(box("m"))<view id="v"/>
          <constraints>
            <constraint id="t" firstItem="v" firstAttribute="top" secondItem="topLayoutGuide" secondAttribute="bottom" constant="8"/>
            <constraint id="b" firstItem="bottomLayoutGuide" firstAttribute="top" secondItem="v" secondAttribute="bottom" constant="8"/>
            <constraint id="l" firstItem="v" firstAttribute="leading" secondItem="safeArea" secondAttribute="leading"/>
            <constraint id="r" firstItem="v" firstAttribute="trailing" secondItem="safeArea" secondAttribute="trailing"/>
            <constraint id="ml" firstItem="m" firstAttribute="leading" secondItem="root" secondAttribute="leadingMargin"/>
            <constraint id="mt" firstItem="m" firstAttribute="top" secondItem="root" secondAttribute="topMargin"/>
          </constraints>
        </view></scene>
        """
    }

    @Test func guidesAndMarginsFollowTheCanvasSafeArea() throws {
        // iPhone 12 in landscape as a document states it: 844 × 390, insets top 0, left 47,
        // bottom 21, right 47. v: x = 47, width 844 − 94 = 750, y = 0 + 8, bottom 390 − 21 − 8 = 361.
        // m: root margins 0 top, 20 sides (844 ≥ 400 wide) plus the safe area: x = 47 + 20, y = 0.
        let canvas = #"<canvas sizeClass="compact-compact" width="844" height="390" safeAreaInsets="0 47 21 47"/>"#
        let sizeClass = SizeClass(width: .compact, height: .compact)
        let layout = LayoutEngine.solve(try LayoutFixture.resolved(xml: safeAreaScene(canvas: canvas), sizeClass: sizeClass))
        #expect(layout.requireFrame("v") == Frame(x: 47, y: 8, width: 750, height: 361 - 8))
        #expect(layout.requireFrame("m") == Frame(x: 67, y: 0, width: 50, height: 40))
        // Another class keeps the format's fixed safe area: the 20-point status bar only, on the
        // 375 × 667 compact-regular canvas: v from 28 to 667 − 8, m at (16, 20).
        let other = LayoutEngine.solve(try LayoutFixture.resolved(xml: safeAreaScene(canvas: canvas)))
        #expect(other.requireFrame("v") == Frame(x: 0, y: 28, width: 375, height: 659 - 28))
        #expect(other.requireFrame("m") == Frame(x: 16, y: 20, width: 50, height: 40))
    }

    @Test func safeAreaLeavingNoRoomIsRefused() throws {
        let canvas = #"<canvas sizeClass="compact-regular" width="375" height="667" safeAreaInsets="400 0 300 0"/>"#
        #expect(throws: DocumentError.self) { try SceneReader().read(string: safeAreaScene(canvas: canvas), path: "s.xml") }
    }

    // MARK: Configured buttons (scene-format addition `contentInsets`)

    @Test func configuredButtonIsItsTitleInsideItsContentInsets() throws {
        // A configured button measures its title as a one-line label of the same font and adds
        // its content insets; so it is the label "Button" (17 pt: 20.5 tall, SCENE-FORMAT §3's
        // calibration) plus 12 + 12 wide and 7 + 7 tall, whatever the label's width is.
        let layout = try LayoutFixture.solve(#"<label id="l" text="Button" fontSize="17"/>"#
            + #"<button id="b" title="Button" fontSize="17" contentInsets="7 12 7 12"/>"#
            + #"<button id="c" title="Button" fontSize="17"/>"# + "<constraints>"
            + constraint("c1", "l", "top", "root", "top") + constraint("c2", "l", "leading", "root", "leading")
            + constraint("c3", "b", "top", "root", "top") + constraint("c4", "b", "leading", "root", "leading")
            + constraint("c5", "c", "top", "root", "top") + constraint("c6", "c", "leading", "root", "leading")
            + "</constraints>")
        let label = layout.requireFrame("l")
        let button = layout.requireFrame("b")
        #expect(label.height == 20.5)
        #expect(button.width == label.width + 24)
        #expect(button.height == 20.5 + 14)
        // A classic button of the same title keeps its 6-point insets above and below.
        #expect(layout.requireFrame("c").height != button.height)
    }

    // MARK: Multi-line labels

    @Test func wrappedLabelIsAsWideAsItsWidestLine() throws {
        // A multi-line label held to at most 120 points. UIKit lays it out on one line first
        // (wider than 120, so the cap wins), then wraps it at its width, 120, and reports the
        // wrapped text's bounding box as its intrinsic size: as wide as the widest line, as tall
        // as its lines. Hugging then pulls the label in to that widest line, short of the cap.
        let text = "Tap the button if you like her"
        let font = Font(size: 17)
        let lines = TextMetrics.wrap(text, in: font, width: 120)
        let widest = TextMetrics.roundUpToPixel(lines.map { TextMetrics.width(of: $0, in: font) }.max() ?? 0)
        try #require(lines.count > 1 && widest < 120 - 1)
        let layout = try LayoutFixture.solve(#"<label id="l" text="\#(text)" fontSize="17" numberOfLines="0"/>"#
            + "<constraints>" + constraint("c1", "l", "top", "root", "top")
            + constraint("c2", "l", "leading", "root", "leading")
            + constraint("c3", "l", "width", extra: #"relation="lessThanOrEqual" constant="120""#) + "</constraints>")
        let label = layout.requireFrame("l")
        #expect(label.width == widest)
        #expect(label.height == TextMetrics.lineHeight(font) * Double(lines.count))
    }

    @Test(arguments: [2.0, 3.0])
    func configuredButtonTitleHeightInWholePoints(scale: Double) throws {
        // 17-pt SF Pro is 17 × (0.952 + 0.241) = 20.281 tall: a label rounds it up to the pixel
        // (20.5 at 2x, 20.333 at 3x), a button with titleHeightRounding="point" to the whole
        // point, 21, as Interface Builder sizes configured buttons outside stack views: 21 + 7 + 7
        // = 35 on both screens. The width stays the label's plus 12 + 12.
        let canvas = #"<canvas sizeClass="compact-regular" width="393" height="852" scale="\#(Int(scale))"/>"#
        let layout = try LayoutFixture.solve(#"<label id="l" text="Button" fontSize="17"/>"#
            + #"<button id="p" title="Button" fontSize="17" contentInsets="7 12 7 12" titleHeightRounding="point"/>"#
            + #"<button id="x" title="Button" fontSize="17" contentInsets="7 12 7 12"/>"# + "<constraints>"
            + constraint("c1", "l", "top", "root", "top") + constraint("c2", "l", "leading", "root", "leading")
            + constraint("c3", "p", "top", "root", "top") + constraint("c4", "p", "leading", "root", "leading")
            + constraint("c5", "x", "top", "root", "top") + constraint("c6", "x", "leading", "root", "leading")
            + "</constraints>", canvas: canvas)
        // Solved frames carry six decimals (SCENE-FORMAT §4), hence the tolerance.
        let label = layout.requireFrame("l")
        #expect(abs(label.height - (20.281 * scale).rounded(.up) / scale) < 1e-6)
        #expect(abs(layout.requireFrame("p").height - (21 + 14)) < 1e-6)
        #expect(abs(layout.requireFrame("p").width - (label.width + 24)) < 1e-6)
        #expect(abs(layout.requireFrame("x").height - (label.height + 14)) < 1e-6)
    }
}
