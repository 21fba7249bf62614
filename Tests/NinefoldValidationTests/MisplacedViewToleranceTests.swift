import NinefoldScene
import NinefoldValidation
import Testing

/// `misplaced-view` fires only past Interface Builder's own tolerance: a design-time x, y, width or
/// height more than one point from the solved value (Documentation/Validation.md, "How far
/// Interface Builder lets a frame drift").
@Suite struct MisplacedViewToleranceTests {
    /// The geometry of Xcode 6's launch-screen template, with a plain view instead of its label so
    /// that no text measurement is involved: a 480 × 480 canvas, the view's leading edge 20 from
    /// the root's, its centre x on the root's (240), its bottom 20 above the root's and its height
    /// 21. Solved: x 20, width 2 × (240 − 20) = 440, y 480 − 20 − 21 = 439, height 21.
    static func launchScreen(frame: String, height: String = "21") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <scene version="1" name="Launch screen">
          <canvas sizeClass="any-any" width="480" height="480"/>
          <view id="root">
            <view id="footer">
              \(frame)
            </view>
            <constraints>
              <constraint id="lead" firstItem="footer" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="20"/>
              <constraint id="centre" firstItem="footer" firstAttribute="centerX" secondItem="root" secondAttribute="centerX"/>
              <constraint id="bottom" firstItem="root" firstAttribute="bottom" secondItem="footer" secondAttribute="bottom" constant="20"/>
              <constraint id="height" firstItem="footer" firstAttribute="height" constant="\(height)"/>
            </constraints>
          </view>
        </scene>
        """
    }

    static func misplacedFindings(_ document: String) throws -> [Finding] {
        let scene = try SceneReader().read(string: document, path: "launch-screen.xml")
        let result = Validator.validate(scene, path: "launch-screen.xml", classes: [.anyAny])
        return result.classes.flatMap { $0.findings }.filter { $0.kind == "misplaced-view" }
    }

    /// Frames Interface Builder leaves unflagged, each component at most one point off.
    @Test(arguments: [
        // Xcode 6.3 and 7.0 saved the template's labels 441 wide, unflagged (one point).
        #"<frame x="20" y="439" width="441" height="21"/>"#,
        // One point to the left: x 19; width and y as solved.
        #"<frame x="19" y="439" width="440" height="21"/>"#,
        // One point in every component at once: each is compared on its own.
        #"<frame x="21" y="438" width="439" height="22"/>"#,
        // IB's binary noise on a one-point difference: 440.00000000000003 − 439 is one point
        // plus 3e-14, inside the 1e-6 frame tolerance.
        #"<frame x="20" y="440.00000000000003" width="440" height="21"/>"#,
    ])
    func withinOnePointIsInPlace(_ frame: String) throws {
        #expect(try Self.misplacedFindings(Self.launchScreen(frame: frame)).isEmpty)
    }

    /// Frames more than one point off in one component are misplaced, and the message names
    /// exactly that component.
    @Test(arguments: [
        // Width 441.5 against 440: one and a half points.
        (#"<frame x="20" y="439" width="441.5" height="21"/>"#, "width"),
        // y 437.5 against 439: one and a half points.
        (#"<frame x="20" y="437.5" width="440" height="21"/>"#, "y"),
        // y 440.01 against 439: 1.01, past the tolerance by more than 1e-6.
        (#"<frame x="20" y="440.01" width="440" height="21"/>"#, "y"),
        // x 22 against 20: two points (the template's label moved by the user).
        (#"<frame x="22" y="439" width="440" height="21"/>"#, "x"),
    ])
    func pastOnePointIsMisplaced(_ frame: String, component: String) throws {
        let findings = try Self.misplacedFindings(Self.launchScreen(frame: frame))
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.views == ["footer"])
        #expect(finding.message.contains("expected \(component) "))
        for other in ["x", "y", "width", "height"] where other != component {
            #expect(!finding.message.contains("expected \(other) ") && !finding.message.contains(", \(other) "))
        }
    }

    /// A 3x device's pixel grid: a view whose height constant is 20.333333333333332 (as IB
    /// writes a third of a point), saved 21 tall and so 0.667 off in height and, its bottom being
    /// pinned, 0.667 off in y (480 − 20 − 20.333 = 439.667 against 439). The "Label" IB saves
    /// 42 × 21 unflagged where its 3x size is 41.333 × 20.333 is this case.
    @Test func twoThirdsOfAPointIsInPlace() throws {
        let document = Self.launchScreen(frame: #"<frame x="20" y="439" width="440" height="21"/>"#,
                                         height: "20.333333333333332")
        #expect(try Self.misplacedFindings(document).isEmpty)
    }
}
