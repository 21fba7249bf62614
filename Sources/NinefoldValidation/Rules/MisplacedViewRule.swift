import NinefoldLayout
import NinefoldScene
import NinefoldSolver

/// The document's design-time `<frame>` for the class differs from the solved frame by more
/// than Interface Builder tolerates, as Xcode's "misplaced view" warning (expected versus actual).
///
/// Interface Builder does not flag a frame whose x, y, width or height is off by one point or
/// less: it saved a label 441 wide, unflagged, where two required constraints (leading 20 and
/// centre x in a 480-point view) make it exactly 440, in Xcode 6.3 and in Xcode 7.0 — the second
/// time beside a label it did flag in the same file — and a 3x "Label" 42 × 21, unflagged, whose
/// solved size is 41.333 × 20.333 (Documentation/Validation.md, "How far Interface Builder
/// lets a frame drift", cites each file). Flagging anything above half a point, as this rule
/// did, reported frames Xcode shows as in place. One point is compared with the frame
/// tolerance added: IB stores frames such as `60.99999999999997`, which against a solved 62 is
/// one point, not more.
public enum MisplacedViewRule: FindingRule {
    public static let identifier = "misplaced-view"
    public static let severity = Severity.warning
    public static let summary = "The design-time frame differs from the frame the constraints give."
    /// How far (points) each of x, y, width and height may be from the solved value before the
    /// view is misplaced: Interface Builder's own tolerance, measured (see the type's comment).
    static let tolerance = 1.0

    public static let examples = [
        RuleExample("""
              <view id="root">
                <view id="box">
                  <frame x="10" y="10" width="100" height="50"/>
                </view>
                <constraints>
                  <constraint id="c1" firstItem="box" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="20"/>
                  <constraint id="c2" firstItem="box" firstAttribute="top" secondItem="root" secondAttribute="top" constant="10"/>
                  <constraint id="c3" firstItem="box" firstAttribute="width" constant="100"/>
                  <constraint id="c4" firstItem="box" firstAttribute="height" constant="50"/>
                </constraints>
              </view>
            """, triggers: true),
        RuleExample("""
              <view id="root">
                <view id="box">
                  <frame x="21" y="8.99999999999997" width="100" height="50.75"/>
                </view>
                <constraints>
                  <constraint id="c1" firstItem="box" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="20"/>
                  <constraint id="c2" firstItem="box" firstAttribute="top" secondItem="root" secondAttribute="top" constant="10"/>
                  <constraint id="c3" firstItem="box" firstAttribute="width" constant="100"/>
                  <constraint id="c4" firstItem="box" firstAttribute="height" constant="50"/>
                </constraints>
              </view>
            """, triggers: false),
    ]

    public static func findings(in analysis: ClassAnalysis) -> [Finding] {
        guard !analysis.isConflicting else { return [] }
        return analysis.resolved.views.compactMap { view -> Finding? in
            guard let expected = view.frame.value, let actual = analysis.layout.frame(of: view.id),
                  analysis.ambiguousAxes(of: view.id).isEmpty else { return nil }
            let differences = [("x", expected.x, actual.x), ("y", expected.y, actual.y),
                               ("width", expected.width, actual.width), ("height", expected.height, actual.height)]
                .filter { abs($0.1 - $0.2) > tolerance + Tolerance.frame }
            guard !differences.isEmpty else { return nil }
            let format = NumberFormatting.format
            return Finding(
                kind: identifier, severity: severity,
                message: "\(view.displayName) is misplaced: expected "
                    + differences.map { "\($0.0) \(format($0.1))" }.joined(separator: ", ")
                    + ", actual " + differences.map { "\($0.0) \(format($0.2))" }.joined(separator: ", "),
                views: [view.id], location: view.frame.provenance.location ?? view.location,
                details: ["expected \(describe(expected))", "actual \(describe(actual))"],
                suggestion: "update the frame to match the constraints (Xcode: Update Frames)")
        }
    }

    static func describe(_ frame: Frame) -> String {
        let format = NumberFormatting.format
        return "(x \(format(frame.x)), y \(format(frame.y)), width \(format(frame.width)), height \(format(frame.height)))"
    }
}
