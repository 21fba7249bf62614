import NinefoldLayout
import NinefoldScene

/// A uniquely solved view that extends past its superview's bounds (by more than half a point).
/// Content of a scroll view is compared with the scrollable content area instead.
public enum ViewOutsideSuperviewRule: FindingRule {
    public static let identifier = "view-outside-superview"
    public static let severity = Severity.warning
    public static let summary = "A view lies partly or wholly outside its superview."
    static let tolerance = 0.5

    public static let examples = [
        RuleExample("""
              <view id="root">
                <view id="box"/>
                <constraints>
                  <constraint id="c1" firstItem="box" firstAttribute="leading" secondItem="root" secondAttribute="trailing" constant="-50"/>
                  <constraint id="c2" firstItem="box" firstAttribute="top" secondItem="root" secondAttribute="top"/>
                  <constraint id="c3" firstItem="box" firstAttribute="width" constant="100"/>
                  <constraint id="c4" firstItem="box" firstAttribute="height" constant="100"/>
                </constraints>
              </view>
            """, triggers: true),
        RuleExample("""
              <view id="root">
                <view id="box"/>
                <constraints>
                  <constraint id="c1" firstItem="box" firstAttribute="trailing" secondItem="root" secondAttribute="trailing"/>
                  <constraint id="c2" firstItem="box" firstAttribute="top" secondItem="root" secondAttribute="top"/>
                  <constraint id="c3" firstItem="box" firstAttribute="width" constant="100"/>
                  <constraint id="c4" firstItem="box" firstAttribute="height" constant="100"/>
                </constraints>
              </view>
            """, triggers: false),
    ]

    public static func findings(in analysis: ClassAnalysis) -> [Finding] {
        guard !analysis.isConflicting, !analysis.isAmbiguous else { return [] }
        return analysis.resolved.views.compactMap { view -> Finding? in
            guard let parentID = view.parentID, let frame = analysis.layout.frame(of: view.id),
                  let bounds = container(of: parentID, analysis) else { return nil }
            let outside = frame.x < bounds.x - tolerance || frame.y < bounds.y - tolerance
                || frame.x + frame.width > bounds.x + bounds.width + tolerance
                || frame.y + frame.height > bounds.y + bounds.height + tolerance
            guard outside else { return nil }
            return Finding(
                kind: identifier, severity: severity,
                message: "\(view.displayName) \(MisplacedViewRule.describe(frame)) lies outside "
                    + "\(analysis.displayName(parentID)) \(MisplacedViewRule.describe(bounds))",
                views: [view.id, parentID], location: view.location,
                suggestion: "it will be clipped or overlap other views on a device in this class")
        }
    }

    /// The rectangle a subview should stay within: the superview's frame, or a scroll view's content.
    private static func container(of parentID: String, _ analysis: ClassAnalysis) -> Frame? {
        guard let frame = analysis.layout.frame(of: parentID) else { return nil }
        guard let content = analysis.layout.system.scrollContent.first(where: { $0.scrollViewID == parentID }) else {
            return frame
        }
        // An undetermined content size is its own finding; there is no content area to compare with.
        guard (analysis.scrollRanges[parentID] ?? []).allSatisfy({ $0.range.isPoint }) else { return nil }
        return Frame(x: frame.x, y: frame.y, width: analysis.layout.solver.value(of: content.width),
                     height: analysis.layout.solver.value(of: content.height))
    }
}
