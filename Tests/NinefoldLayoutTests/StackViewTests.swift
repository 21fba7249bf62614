import NinefoldScene
import Testing
@testable import NinefoldLayout

/// Stack views expanded into UIKit's constraints. A horizontal stack at (20, 40), 300 × 100,
/// spacing 10, holding three plain views with intrinsic sizes 40 × 20, 60 × 30 and 80 × 40
/// (default priorities; the first hugs at 249 horizontally so `fill` has one view to stretch).
@Suite struct StackViewTests {
    private static let arranged = """
        <view id="a" intrinsicWidth="40" intrinsicHeight="20" horizontalHuggingPriority="249"/>
        <view id="b" intrinsicWidth="60" intrinsicHeight="30"/>
        <view id="c" intrinsicWidth="80" intrinsicHeight="40"/>
        """

    private static let pins = """
        <constraints>
          <constraint id="p1" firstItem="s" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="20"/>
          <constraint id="p2" firstItem="s" firstAttribute="top" secondItem="root" secondAttribute="top" constant="40"/>
          <constraint id="p3" firstItem="s" firstAttribute="width" constant="300"/>
          <constraint id="p4" firstItem="s" firstAttribute="height" constant="100"/>
        </constraints>
        """

    private func stack(axis: String = "horizontal", distribution: String = "fill", alignment: String = "fill",
                       spacing: Double = 10, arranged: String = arranged) throws -> SolvedLayout {
        try LayoutFixture.solve("""
            <stackView id="s" axis="\(axis)" distribution="\(distribution)" alignment="\(alignment)" spacing="\(spacing)">\(arranged)</stackView>
            \(Self.pins)
            """)
    }

    private func frames(_ layout: SolvedLayout) -> [Frame] { ["a", "b", "c"].map { layout.requireFrame($0) } }

    private func expect(_ layout: SolvedLayout, _ identifier: String, count: Int,
                        sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(layout.stackConstraints(identifier).count == count, "\(identifier)", sourceLocation: sourceLocation)
    }

    // MARK: Distribution (along the axis)

    /// Widths along the axis, derived from UIKit's constraints (Documentation/StackViews.md):
    /// - fill: `a` hugs at 249, below `b` and `c` (250 and the fill-order nudge), so `a` takes
    ///   300 − 2 × 10 − 60 − 80 = 140.
    /// - fillEqually: (300 − 20) / 3 each.
    /// - fillProportionally: multipliers iᵥ / (Σi + spacings) = 40/200, 60/200, 80/200 at 999,
    ///   998, 997: `a` = 0.2 × 300 = 60 and `b` = 0.3 × 300 = 90 hold; `c`'s (120) cannot, the
    ///   chain gives it 300 − 20 − 150 = 130.
    /// - equalSpacing, equalCentering: views keep their intrinsic widths (hugging 250 and
    ///   compression 750 beat the gap equalities at 149 and `UISV-canvas-fit` at 49).
    static let distributions: [(String, [Double])] = [
        ("fill", [140.0, 60, 80]),
        ("fillEqually", [280.0 / 3, 280.0 / 3, 280.0 / 3]),
        ("fillProportionally", [60.0, 90, 130]),
        ("equalSpacing", [40.0, 60, 80]),
        ("equalCentering", [40.0, 60, 80]),
    ]

    @Test(arguments: distributions)
    func distribution(_ name: String, widths: [Double]) throws {
        let layout = try stack(distribution: name)
        #expect(layout.conflicts.isEmpty)
        let unique = layout.isUnique
        #expect(unique)
        let frames = frames(layout)
        for (frame, width) in zip(frames, widths) { #expect(close(frame.width, width), "\(name)") }
        #expect(close(frames[0].x, 20))
        #expect(close(frames[2].x + frames[2].width, 320))
        let gaps = [frames[1].x - frames[0].x - frames[0].width, frames[2].x - frames[1].x - frames[1].width]
        switch name {
        case "equalSpacing":
            // Two gap guides, equal and required: (300 − 180) / 2 in each.
            #expect(close(gaps[0], 60) && close(gaps[1], 60))
            expect(layout, "UISV-distributing-edge", count: 4)
            expect(layout, "UISV-fill-equally", count: 1)
            expect(layout, "UISV-canvas-fit", count: 1)
        case "equalCentering":
            // Centre-to-centre guides equal at 149: centres at 40 and 280, so the middle one at 160.
            #expect(close(frames[1].x + 30, 160))
            expect(layout, "UISV-distributing-edge", count: 4)
            expect(layout, "UISV-fill-equally", count: 1)
            #expect(layout.stackConstraints("UISV-fill-equally").map(\.constraint.priority.value) == [149])
        default:
            #expect(close(gaps[0], 10) && close(gaps[1], 10))
            expect(layout, "UISV-fill-equally", count: name == "fillEqually" ? 2 : 0)
        }
        // Two along the axis; `fill` alignment adds the first view's top and bottom.
        expect(layout, "UISV-canvas-connection", count: 4)
        expect(layout, "UISV-spacing", count: 2)
        expect(layout, "UISV-fill-proportionally", count: name == "fillProportionally" ? 3 : 0)
        if name == "fillProportionally" {
            #expect(layout.stackConstraints("UISV-fill-proportionally").map(\.constraint.priority.value) == [999, 998, 997])
        }
    }

    @Test func fillProportionallyFitsItsContentWhenNothingFixesItsLength() throws {
        // Without p3 the chain and all three proportions hold together only at the natural
        // length 40 + 60 + 80 + 20 = 200: every proportion then holds exactly.
        let layout = try LayoutFixture.solve("""
            <stackView id="s" distribution="fillProportionally" spacing="10">\(Self.arranged)</stackView>
            <constraints>
              <constraint id="p1" firstItem="s" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="20"/>
              <constraint id="p2" firstItem="s" firstAttribute="top" secondItem="root" secondAttribute="top" constant="40"/>
            </constraints>
            """)
        #expect(close(layout.requireFrame("s").width, 200))
        #expect(frames(layout).map(\.width) == [40, 60, 80])
    }

    @Test func spacingIsAMinimumForEqualSpacing() throws {
        let layout = try stack(distribution: "equalSpacing")
        let relations = layout.stackConstraints("UISV-spacing").map(\.constraint.relation)
        #expect(relations == [.greaterThanOrEqual, .greaterThanOrEqual])
        #expect(try stack().stackConstraints("UISV-spacing").map(\.constraint.relation) == [.equal, .equal])
    }

    // MARK: Alignment (across the axis)

    /// Tops and heights across the axis (the stack spans y 40…140), derived from UIKit's
    /// constraints; heights are the intrinsic ones wherever the views do not fill.
    /// - top/leading: `stack.top = a.top`, the others aligned to `a`'s top: all at 40.
    /// - center: `stack.centerY = a.centerY` = 90, the others' centres equal `a`'s.
    /// - bottom/trailing: `a.bottom = stack.bottom` = 140, the others' bottoms equal.
    /// - firstBaseline: plain views have no baselines, so UIKit aligns their tops instead. Only
    ///   `stack.top <= a.top` holds the top; the spanner's bottom is the stack's (140) and its
    ///   top `<=` every top, and `UISV-spanning-fit` (51) shrinks it: the row sinks until the
    ///   tallest view (40) meets 140, so every top is at 100.
    /// - lastBaseline: bottoms aligned instead. The spanner's top is the stack's (40) and its
    ///   bottom `>=` every bottom; shrinking it lifts the row until the tallest view's top meets
    ///   40, so every bottom is at 80.
    static let alignments: [(String, [Double], [Double])] = [
        ("fill", [40.0, 40, 40], [100.0, 100, 100]),
        ("top", [40.0, 40, 40], [20.0, 30, 40]),
        ("leading", [40.0, 40, 40], [20.0, 30, 40]),
        ("center", [80.0, 75, 70], [20.0, 30, 40]),
        ("bottom", [120.0, 110, 100], [20.0, 30, 40]),
        ("trailing", [120.0, 110, 100], [20.0, 30, 40]),
        ("firstBaseline", [100.0, 100, 100], [20.0, 30, 40]),
        ("lastBaseline", [60.0, 50, 40], [20.0, 30, 40]),
    ]

    @Test(arguments: alignments)
    func alignment(_ name: String, ys: [Double], heights: [Double]) throws {
        let layout = try stack(alignment: name)
        #expect(layout.conflicts.isEmpty)
        let unique = layout.isUnique
        #expect(unique)
        for (frame, (y, height)) in zip(frames(layout), zip(ys, heights)) {
            #expect(close(frame.y, y) && close(frame.height, height), "\(name)")
        }
        // Every later view is aligned to the first: two constraints per view for fill, one otherwise.
        expect(layout, "UISV-alignment", count: name == "fill" ? 4 : 2)
        switch name {
        case "fill":
            expect(layout, "UISV-canvas-connection", count: 4)
            expect(layout, "UISV-spanning-boundary", count: 0)
            expect(layout, "UISV-spanning-fit", count: 0)
            expect(layout, "UISV-ambiguity-suppression", count: 0)
        default:
            // Along: 2. Across: the stack's two edges, plus its centre for `center`.
            expect(layout, "UISV-canvas-connection", count: name == "center" ? 5 : 4)
            expect(layout, "UISV-spanning-boundary", count: 6)
            expect(layout, "UISV-spanning-fit", count: 1)
            expect(layout, "UISV-ambiguity-suppression", count: 3)
            expect(layout, "UISV-canvas-fit", count: name.hasSuffix("Baseline") ? 1 : 0)
        }
    }

    /// Leading alignment, constraint by constraint as UIKit's log prints it (kean, "Let's Build
    /// UIStackView"): the spanner's top equals each view's top at 999.5, its bottom is at least
    /// each view's bottom (required), the spanner's height is 0 at 51, each view's height 0 at 25.
    @Test func leadingAlignmentUsesUIKitsRelationsAndPriorities() throws {
        let layout = try stack(alignment: "top")
        let boundary = layout.stackConstraints("UISV-spanning-boundary").map { ($0.constraint.relation, $0.constraint.priority.value) }
        #expect(boundary.map(\.0) == [.equal, .greaterThanOrEqual, .equal, .greaterThanOrEqual, .equal, .greaterThanOrEqual])
        #expect(boundary.map(\.1) == [999.5, 1000, 999.5, 1000, 999.5, 1000])
        #expect(layout.stackConstraints("UISV-spanning-fit").map(\.constraint.priority.value) == [51])
        #expect(layout.stackConstraints("UISV-ambiguity-suppression").map(\.constraint.priority.value) == [25, 25, 25])
        #expect(layout.stackConstraints("UISV-spanning-fit").map(\.notation) == ["s.UISV-alignment-spanner.Height = 0 (Priority 51, UISV-spanning-fit)"])
    }

    private static func firstBaselineOffsets() -> [Double] {
        [17.0, 34, 24].map {
            ContentMeasurement.label(text: "x", font: Font(size: $0), numberOfLines: 1, wrappingWidth: nil).firstBaselineOffset
        }
    }

    @Test func firstBaselineAlignmentLinesUpTextOfDifferentSizes() throws {
        let layout = try stack(alignment: "firstBaseline", arranged: """
            <label id="a" text="x"/><label id="b" text="x" fontSize="34"/><label id="c" text="x" fontSize="24"/>
            """)
        let baselines = zip(frames(layout), Self.firstBaselineOffsets()).map { $0.y + $1 }
        #expect(close(baselines[0], baselines[1]) && close(baselines[1], baselines[2]))
        // The spanner's bottom is the stack's (140) and UISV-spanning-fit sinks the row until
        // its lowest-reaching label, the 34-point one, meets it.
        #expect(close(frames(layout).map { $0.y + $0.height }.max() ?? 0, 140))
        #expect(close(layout.requireFrame("b").y + layout.requireFrame("b").height, 140))
    }

    /// UIKit's baseline bug (useyourloaf, rdar://32291130): a first-baseline stack whose height
    /// nothing fixes hugs its first view's top (`stack.top <= a.top`, `UISV-canvas-fit` at 49),
    /// so a later label with a taller ascent sticks out above the stack.
    @Test func firstBaselineStackTopFollowsOnlyItsFirstView() throws {
        let layout = try LayoutFixture.solve("""
            <stackView id="s" alignment="firstBaseline" spacing="10"><label id="a" text="x"/><label id="b" text="x" fontSize="34"/></stackView>
            <constraints>
              <constraint id="p1" firstItem="s" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="20"/>
              <constraint id="p2" firstItem="s" firstAttribute="top" secondItem="root" secondAttribute="top" constant="40"/>
            </constraints>
            """)
        let offsets = Self.firstBaselineOffsets()
        let a = layout.requireFrame("a"), b = layout.requireFrame("b"), s = layout.requireFrame("s")
        // a's top meets the stack's (canvas-fit); b's baseline equals a's, so b starts
        // offsets[1] − offsets[0] above 40; the stack's bottom is the lower of the two bottoms.
        #expect(close(a.y, 40))
        #expect(close(b.y, 40 + offsets[0] - offsets[1]) && b.y < 40)
        #expect(close(s.y + s.height, max(a.y + a.height, b.y + b.height)))
        let unique = layout.isUnique
        #expect(unique)
    }

    /// The mirror image for the last baseline: `stack.top = spanner.top`, `stack.bottom >=
    /// a.bottom`. The spanner (51) lifts the row until its highest-reaching view, the 34-point
    /// label, meets the stack's top at 40; canvas-fit (49) ends the stack at `a`'s bottom, so the
    /// bigger label's longer descent sticks out below.
    @Test func lastBaselineStackBottomFollowsOnlyItsFirstView() throws {
        let layout = try LayoutFixture.solve("""
            <stackView id="s" alignment="lastBaseline" spacing="10"><label id="a" text="x"/><label id="b" text="x" fontSize="34"/></stackView>
            <constraints>
              <constraint id="p1" firstItem="s" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="20"/>
              <constraint id="p2" firstItem="s" firstAttribute="top" secondItem="root" secondAttribute="top" constant="40"/>
            </constraints>
            """)
        let small = ContentMeasurement.label(text: "x", font: Font(size: 17), numberOfLines: 1, wrappingWidth: nil)
        let big = ContentMeasurement.label(text: "x", font: Font(size: 34), numberOfLines: 1, wrappingWidth: nil)
        let smallHeight = try #require(small.height), bigHeight = try #require(big.height)
        // b.top = 40, so the shared baseline is at 40 + bigHeight − big.lastBaselineOffset.
        let baseline = 40 + bigHeight - big.lastBaselineOffset
        let a = layout.requireFrame("a"), b = layout.requireFrame("b"), s = layout.requireFrame("s")
        #expect(close(b.y, 40))
        #expect(close(a.y + a.height, baseline + small.lastBaselineOffset) && close(a.height, smallHeight))
        #expect(close(s.y, 40) && close(s.y + s.height, a.y + a.height))
        #expect(b.y + b.height > s.y + s.height)
        let unique = layout.isUnique
        #expect(unique)
    }

    @Test func equalSpacingWithNothingFixingItsLengthKeepsTheMinimumSpacing() throws {
        // UISV-canvas-fit (49) shortens the stack until the `>=` spacings meet 10: 40 + 60 + 80 + 20.
        let layout = try LayoutFixture.solve("""
            <stackView id="s" distribution="equalSpacing" spacing="10">\(Self.arranged)</stackView>
            <constraints>
              <constraint id="p1" firstItem="s" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="20"/>
              <constraint id="p2" firstItem="s" firstAttribute="top" secondItem="root" secondAttribute="top" constant="40"/>
            </constraints>
            """)
        #expect(close(layout.requireFrame("s").width, 200))
        #expect(frames(layout).map(\.x) == [20, 70, 140])
        let unique = layout.isUnique
        #expect(unique)
    }

    @Test func baselineAlignmentOfAVerticalStackIsIgnored() throws {
        // UIKit generates no UISV-alignment for a vertical stack aligned on a baseline: each view
        // sits anywhere within the spanner, so a view narrower than the stack is ambiguous in x.
        let layout = try stack(axis: "vertical", alignment: "firstBaseline")
        expect(layout, "UISV-alignment", count: 0)
        expect(layout, "UISV-spanning-boundary", count: 6)
        guard let a = layout.system.variables(of: "a") else {
            Issue.record("no variables for a")
            return
        }
        #expect(!layout.solver.optimalRange(of: a.x).isPoint)
        // Widths stay intrinsic: compression and hugging outrank UISV-ambiguity-suppression.
        #expect(frames(layout).map(\.width) == [40, 60, 80])
    }

    @Test func multiLineLabelAsksForEqualWidthsAt760() throws {
        // Label (numberOfLines 0, one line 40 wide) and an 80-wide view in 300 with spacing 10:
        // UISV-text-width-disambiguation asks each for (300 − 10) / 2 = 145 at 760, above hugging
        // (251, 250) and compression (750), as useyourloaf's "Stack Views and Multi-Line Labels" shows.
        let layout = try stack(arranged: """
            <label id="a" text="x" numberOfLines="0" intrinsicWidth="40" intrinsicHeight="20"/>
            <view id="b" intrinsicWidth="80" intrinsicHeight="20"/><view id="c" intrinsicWidth="80" intrinsicHeight="20" hidden="true"/>
            """)
        expect(layout, "UISV-text-width-disambiguation", count: 2)
        #expect(close(layout.requireFrame("a").width, 145) && close(layout.requireFrame("b").width, 145))
    }

    @Test func sizelessViewInACentredStackCollapsesInsteadOfBeingAmbiguous() throws {
        let layout = try stack(alignment: "center", arranged: """
            <view id="a" intrinsicWidth="40" intrinsicHeight="20" horizontalHuggingPriority="249"/>
            <view id="b" intrinsicWidth="60"/>
            <view id="c" intrinsicWidth="80" intrinsicHeight="40"/>
            """)
        let unique = layout.isUnique
        #expect(unique)
        // UISV-ambiguity-suppression: height 0, centred at 90.
        #expect(layout.requireFrame("b") == Frame(x: 170, y: 90, width: 60, height: 0))
    }

    @Test func verticalStackCentresAcrossAndSpacesAlong() throws {
        let layout = try stack(axis: "vertical", distribution: "equalSpacing", alignment: "center", spacing: 0)
        let frames = frames(layout)
        // Heights 20, 30, 40 in 100, spacing 0: the two gaps take 5 each; centred on x = 170.
        #expect(close(frames[0].y, 40) && close(frames[1].y, 65) && close(frames[2].y, 100))
        for frame in frames { #expect(close(frame.x + frame.width / 2, 170)) }
        #expect(close(frames[2].width, 80))
        let unique = layout.isUnique
        #expect(unique)
    }

    // MARK: Hidden and nested

    @Test func hiddenArrangedViewTakesNoSpaceAndNoSpacing() throws {
        let layout = try stack(arranged: """
            <view id="a" intrinsicWidth="40" intrinsicHeight="20" horizontalHuggingPriority="249"/>
            <view id="b" intrinsicWidth="60" intrinsicHeight="30" hidden="true"/>
            <view id="c" intrinsicWidth="80" intrinsicHeight="40"/>
            """)
        let frames = frames(layout)
        #expect(close(frames[1].width, 0))
        // One gap only: a stretches to 300 − 10 − 80.
        #expect(close(frames[0].width, 210) && close(frames[2].x, 240))
        expect(layout, "UISV-spacing", count: 1)
        expect(layout, "UISV-hiding", count: 4)
        #expect(layout.conflicts.isEmpty)
        let unique = layout.isUnique
        #expect(unique)
    }

    @Test func hiddenNestedStackWithSpacingClashesWithHidingAsInUIKit() throws {
        let layout = try LayoutFixture.solve("""
            <stackView id="s" spacing="10">
              <view id="a" intrinsicWidth="40" intrinsicHeight="20" horizontalHuggingPriority="249"/>
              <stackView id="b" spacing="8" hidden="true"><view id="b1"/><view id="b2"/></stackView>
              <view id="c" intrinsicWidth="80" intrinsicHeight="40"/>
            </stackView>
            <constraints>
              <constraint id="p1" firstItem="s" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="20"/>
              <constraint id="p2" firstItem="s" firstAttribute="top" secondItem="root" secondAttribute="top" constant="40"/>
              <constraint id="w1" firstItem="b1" firstAttribute="width" constant="10"/>
              <constraint id="w2" firstItem="b2" firstAttribute="width" constant="10"/>
            </constraints>
            """)
        #expect(layout.conflicts.count == 1)
        guard let conflict = layout.conflicts.first else { return }
        guard case .stack("b", "UISV-spacing") = layout.system.constraints[conflict.broken].origin else {
            Issue.record("broken: \(layout.system.constraints[conflict.broken].notation)")
            return
        }
        let identifiers = conflict.constraints.compactMap { index -> String? in
            if case .stack(_, let identifier) = layout.system.constraints[index].origin { return identifier }
            return nil
        }
        #expect(identifiers.contains("UISV-hiding"))
        #expect(close(layout.requireFrame("b").width, 0))
    }

    @Test func emptyStackCollapsesAlongItsAxis() throws {
        let layout = try LayoutFixture.solve("""
            <stackView id="s" axis="vertical"><view id="x" hidden="true"/></stackView>
            <constraints><constraint id="p1" firstItem="s" firstAttribute="top" secondItem="root" secondAttribute="top"/></constraints>
            """)
        #expect(close(layout.requireFrame("s").height, 0))
        expect(layout, "UISV-canvas-connection", count: 1)
    }

    @Test func nestedStacksSizeThemselvesFromTheirContent() throws {
        let fixed = "horizontalHuggingPriority=\"1000\" verticalHuggingPriority=\"1000\" horizontalCompressionResistancePriority=\"1000\" verticalCompressionResistancePriority=\"1000\""
        let layout = try LayoutFixture.solve("""
            <stackView id="outer" axis="vertical" spacing="5">
              <stackView id="inner" axis="horizontal" spacing="10">
                <view id="a" intrinsicWidth="30" intrinsicHeight="20" \(fixed)/>
                <view id="b" intrinsicWidth="40" intrinsicHeight="20" \(fixed)/>
              </stackView>
              <view id="c" intrinsicHeight="15"/>
            </stackView>
            <constraints>
              <constraint id="p1" firstItem="outer" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="20"/>
              <constraint id="p2" firstItem="outer" firstAttribute="top" secondItem="root" secondAttribute="top" constant="40"/>
            </constraints>
            """)
        let unique = layout.isUnique
        #expect(unique)
        #expect(layout.requireFrame("outer") == Frame(x: 20, y: 40, width: 80, height: 40))
        #expect(layout.requireFrame("inner") == Frame(x: 20, y: 40, width: 80, height: 20))
        #expect(layout.requireFrame("a") == Frame(x: 20, y: 40, width: 30, height: 20))
        #expect(layout.requireFrame("b") == Frame(x: 60, y: 40, width: 40, height: 20))
        #expect(layout.requireFrame("c") == Frame(x: 20, y: 65, width: 80, height: 15))
    }

    @Test func aDocumentConstraintAgainstTheStackBreaksTheGeneratedOne() throws {
        let layout = try LayoutFixture.solve("""
            <stackView id="s" distribution="fillEqually" spacing="10">\(Self.arranged)</stackView>
            <constraints>
              <constraint id="p1" firstItem="s" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="20"/>
              <constraint id="p2" firstItem="s" firstAttribute="top" secondItem="root" secondAttribute="top" constant="40"/>
              <constraint id="p3" firstItem="s" firstAttribute="width" constant="300"/>
              <constraint id="fixed" firstItem="a" firstAttribute="width" constant="50"/>
            </constraints>
            """)
        #expect(layout.conflicts.count == 1)
        guard let conflict = layout.conflicts.first else { return }
        // Document constraints come first, so the stack's second equal-width constraint is the
        // one whose addition fails: three views of 50 and two gaps of 10 cannot fill 300.
        guard case .stack("s", "UISV-fill-equally") = layout.system.constraints[conflict.broken].origin else {
            Issue.record("broken: \(layout.system.constraints[conflict.broken].notation)")
            return
        }
        let documentIDs = conflict.constraints.compactMap { layout.system.constraints[$0].origin.documentID }
        #expect(documentIDs.sorted() == ["p3", "fixed"].sorted())
        #expect(close(layout.requireFrame("a").width, 50) && close(layout.requireFrame("b").width, 50))
    }

    @Test func sameSceneGivesTheSameSystem() throws {
        let first = try stack(distribution: "equalCentering", alignment: "firstBaseline")
        let second = try stack(distribution: "equalCentering", alignment: "firstBaseline")
        #expect(first.system.constraints.map(\.notation) == second.system.constraints.map(\.notation))
        #expect(first.system.constraints.map(\.constraint) == second.system.constraints.map(\.constraint))
        #expect(first.frames.map(\.frame) == second.frames.map(\.frame))
    }

    /// Every kind of side a generated constraint's notation has, written only when read
    /// (`StackExpansion.SideText`), in UIKit's log form (Documentation/StackViews.md):
    /// - a view's attribute plus the spacing: `b.Leading = a.Trailing + 10` (UISV-spacing);
    /// - the stack's own attribute against the alignment spanner's start and end, which are
    ///   vertical in a horizontal stack: `s.Top = s.UISV-alignment-spanner.Top`,
    ///   `s.UISV-alignment-spanner.Bottom = s.Bottom` (centre alignment's canvas connection);
    /// - a constant: `a.Height = 0` at 25 (UISV-ambiguity-suppression);
    /// - a fraction of the stack less a share of the spacing, when a multi-line label is in a
    ///   horizontal fill stack of two: (W − 10) / 2 = 0.5 × W − 5 at 760.
    @Test func generatedNotationsAreWrittenWhenRead() throws {
        let centred = try stack(alignment: "center")
        #expect(centred.stackConstraints("UISV-spacing").map(\.notation)
            == ["b.Leading = a.Trailing + 10 (UISV-spacing)", "c.Leading = b.Trailing + 10 (UISV-spacing)"])
        let connections = centred.stackConstraints("UISV-canvas-connection").map(\.notation)
        #expect(connections.contains("s.Top = s.UISV-alignment-spanner.Top (UISV-canvas-connection)"))
        #expect(connections.contains("s.UISV-alignment-spanner.Bottom = s.Bottom (UISV-canvas-connection)"))
        #expect(centred.stackConstraints("UISV-ambiguity-suppression").first?.notation
            == "a.Height = 0 (Priority 25, UISV-ambiguity-suppression)")
        let text = try stack(arranged: #"<label id="a" text="one two" numberOfLines="0"/><view id="b" intrinsicWidth="60" intrinsicHeight="30"/>"#)
        #expect(text.stackConstraints("UISV-text-width-disambiguation").map(\.notation) == [
            "a.Width = 0.5 × s.Width - 5 (Priority 760, UISV-text-width-disambiguation)",
            "b.Width = 0.5 × s.Width - 5 (Priority 760, UISV-text-width-disambiguation)",
        ])
    }

    @Test func generatedConstraintsAreNamedLikeUIKit() throws {
        let layout = try stack(distribution: "fillEqually")
        let notations = layout.stackConstraints("UISV-fill-equally").map(\.notation)
        #expect(notations == ["b.Width = a.Width (UISV-fill-equally)", "c.Width = a.Width (UISV-fill-equally)"])
        for item in layout.system.constraints {
            if case .stack(let view, let identifier) = item.origin {
                #expect(view == "s")
                #expect(identifier.hasPrefix("UISV-"))
            }
        }
    }
}
