import NinefoldLayout
import NinefoldScene
import NinefoldSolver

/// A uniquely solved view whose width or height is negative: the constraints hold, but only
/// with a frame UIKit cannot draw.
public enum NegativeSizeRule: FindingRule {
    public static let identifier = "negative-size"
    public static let severity = Severity.error
    public static let summary = "The constraints give a view a negative width or height."

    public static let examples = [
        RuleExample("""
              <view id="root">
                <view id="box"/>
                <constraints>
                  <constraint id="c1" firstItem="box" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="400"/>
                  <constraint id="c2" firstItem="box" firstAttribute="trailing" secondItem="root" secondAttribute="trailing" constant="-300"/>
                  <constraint id="c3" firstItem="box" firstAttribute="top" secondItem="root" secondAttribute="top"/>
                  <constraint id="c4" firstItem="box" firstAttribute="height" constant="10"/>
                </constraints>
              </view>
            """, triggers: true),
        RuleExample("""
              <view id="root">
                <view id="box"/>
                <constraints>
                  <constraint id="c1" firstItem="box" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="100"/>
                  <constraint id="c2" firstItem="box" firstAttribute="trailing" secondItem="root" secondAttribute="trailing" constant="-100"/>
                  <constraint id="c3" firstItem="box" firstAttribute="top" secondItem="root" secondAttribute="top"/>
                  <constraint id="c4" firstItem="box" firstAttribute="height" constant="10"/>
                </constraints>
              </view>
            """, triggers: false),
    ]

    public static func findings(in analysis: ClassAnalysis) -> [Finding] {
        guard !analysis.isConflicting, !analysis.isAmbiguous else { return [] }
        return analysis.resolved.views.indices.compactMap { index -> Finding? in
            let view = analysis.resolved.views[index]
            guard let frame = analysis.frame(at: index) else { return nil }
            let negative = [("width", frame.width), ("height", frame.height)].filter { $0.1 < -Tolerance.frame }
            guard !negative.isEmpty else { return nil }
            return Finding(
                kind: identifier, severity: severity,
                message: "\(view.displayName) gets a negative "
                    + negative.map { "\($0.0) (\(NumberFormatting.format($0.1)))" }.joined(separator: " and "),
                views: [view.id], location: view.location,
                suggestion: "check the constants: the edges it is pinned to cross over in this class")
        }
    }
}
