import NinefoldLayout
import NinefoldScene
import NinefoldSolver

/// The document's design-time `<frame>` for the class differs from the solved frame by more
/// than half a point, as Xcode's "misplaced view" warning (expected versus actual).
///
/// The half point is compared with the frame tolerance added: Interface Builder stores frames
/// such as `60.99999999999997`, which against a solved 61.5 is half a point, not more.
public enum MisplacedViewRule: FindingRule {
    public static let identifier = "misplaced-view"
    public static let severity = Severity.warning
    public static let summary = "The design-time frame differs from the frame the constraints give."
    static let tolerance = 0.5

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
                  <frame x="20.25" y="9.49999999999997" width="100" height="50"/>
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
