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

    static let distributions: [(String, [Double])] = [
        ("fill", [140.0, 60, 80]),
        ("fillEqually", [280.0 / 3, 280.0 / 3, 280.0 / 3]),
        ("fillProportionally", [280.0 * 40 / 180, 280.0 * 60 / 180, 280.0 * 80 / 180]),
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
            // (300 − 180) / 2 in each gap.
            #expect(close(gaps[0], 60) && close(gaps[1], 60))
            expect(layout, "UISV-distributing-edge", count: 1)
            expect(layout, "UISV-spacing-fit", count: 2)
        case "equalCentering":
            // Centres at 40 and 280, so the middle one at 160.
            #expect(close(frames[1].x + 30, 160))
            expect(layout, "UISV-distributing-center", count: 1)
            expect(layout, "UISV-spacing-fit", count: 2)
        default:
            #expect(close(gaps[0], 10) && close(gaps[1], 10))
        }
        expect(layout, "UISV-canvas-connection", count: 2)
        expect(layout, "UISV-spacing", count: 2)
        expect(layout, "UISV-fill-equally", count: name == "fillEqually" ? 2 : 0)
        expect(layout, "UISV-fill-proportionally", count: name == "fillProportionally" ? 3 : 0)
    }

    @Test func spacingIsAMinimumForEqualSpacing() throws {
        let layout = try stack(distribution: "equalSpacing")
        let relations = layout.stackConstraints("UISV-spacing").map(\.constraint.relation)
        #expect(relations == [.greaterThanOrEqual, .greaterThanOrEqual])
        #expect(try stack().stackConstraints("UISV-spacing").map(\.constraint.relation) == [.equal, .equal])
    }

    // MARK: Alignment (across the axis)

    static let alignments: [(String, [Double], [Double])] = [
        ("fill", [40.0, 40, 40], [100.0, 100, 100]),
        ("top", [40.0, 40, 40], [20.0, 30, 40]),
        ("leading", [40.0, 40, 40], [20.0, 30, 40]),
        ("center", [80.0, 75, 70], [20.0, 30, 40]),
        ("bottom", [120.0, 110, 100], [20.0, 30, 40]),
        ("trailing", [120.0, 110, 100], [20.0, 30, 40]),
        // Views without text have their baselines at the bottom: bottoms line up, and the
        // tallest view's top meets the stack's top.
        ("firstBaseline", [60.0, 50, 40], [20.0, 30, 40]),
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
        switch name {
        case "fill":
            expect(layout, "UISV-alignment", count: 6)
            expect(layout, "UISV-spanning-boundary", count: 0)
            expect(layout, "UISV-spanning-fit", count: 0)
            expect(layout, "UISV-ambiguity-suppression", count: 0)
        case "center":
            expect(layout, "UISV-alignment", count: 3)
            expect(layout, "UISV-spanning-boundary", count: 6)
            expect(layout, "UISV-spanning-fit", count: 1)
        case "firstBaseline", "lastBaseline":
            expect(layout, "UISV-alignment", count: 2)
            expect(layout, "UISV-spanning-boundary", count: 6)
            // One pins the aligned row to the stack's top; one per view collapses a sizeless view.
            expect(layout, "UISV-ambiguity-suppression", count: 4)
            expect(layout, "UISV-spanning-fit", count: 1)
        default:
            expect(layout, "UISV-alignment", count: 3)
            expect(layout, "UISV-spanning-boundary", count: 3)
            expect(layout, "UISV-spanning-fit", count: 1)
        }
    }

    @Test func firstBaselineAlignmentLinesUpTextOfDifferentSizes() throws {
        let layout = try stack(alignment: "firstBaseline", arranged: """
            <label id="a" text="Small"/><label id="b" text="Big" fontSize="34"/><label id="c" text="Mid" fontSize="24"/>
            """)
        let offsets = [("Small", 17.0), ("Big", 34), ("Mid", 24)].map {
            ContentMeasurement.label(text: $0.0, font: Font(size: $0.1), numberOfLines: 1, wrappingWidth: nil).firstBaselineOffset
        }
        let baselines = zip(frames(layout), offsets).map { $0.y + $1 }
        #expect(close(baselines[0], baselines[1]) && close(baselines[1], baselines[2]))
        // The biggest font reaches highest: its top meets the stack's.
        #expect(close(layout.requireFrame("b").y, 40))
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
