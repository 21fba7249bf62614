import NinefoldLayout
import NinefoldScene

/// A scroll view whose content size its content does not determine: the content needs a chain
/// of constraints from edge to edge of the scroll view (on each axis) through views of known size.
public enum ScrollableContentSizeAmbiguityRule: FindingRule {
    public static let identifier = "scrollable-content-size-ambiguity"
    public static let severity = Severity.error
    public static let summary = "A scroll view's scrollable content size is not determined by its content."

    public static let examples = [
        RuleExample("""
              <view id="root">
                <scrollView id="scroll">
                  <view id="content"/>
                </scrollView>
                <constraints>
                  <constraint id="c1" firstItem="scroll" firstAttribute="leading" secondItem="root" secondAttribute="leading"/>
                  <constraint id="c2" firstItem="scroll" firstAttribute="trailing" secondItem="root" secondAttribute="trailing"/>
                  <constraint id="c3" firstItem="scroll" firstAttribute="top" secondItem="root" secondAttribute="top"/>
                  <constraint id="c4" firstItem="scroll" firstAttribute="bottom" secondItem="root" secondAttribute="bottom"/>
                  <constraint id="c5" firstItem="content" firstAttribute="leading" secondItem="scroll" secondAttribute="leading"/>
                  <constraint id="c6" firstItem="content" firstAttribute="top" secondItem="scroll" secondAttribute="top"/>
                  <constraint id="c7" firstItem="content" firstAttribute="width" constant="100"/>
                  <constraint id="c8" firstItem="content" firstAttribute="height" constant="100"/>
                </constraints>
              </view>
            """, triggers: true),
        RuleExample("""
              <view id="root">
                <scrollView id="scroll">
                  <view id="content"/>
                </scrollView>
                <constraints>
                  <constraint id="c1" firstItem="scroll" firstAttribute="leading" secondItem="root" secondAttribute="leading"/>
                  <constraint id="c2" firstItem="scroll" firstAttribute="trailing" secondItem="root" secondAttribute="trailing"/>
                  <constraint id="c3" firstItem="scroll" firstAttribute="top" secondItem="root" secondAttribute="top"/>
                  <constraint id="c4" firstItem="scroll" firstAttribute="bottom" secondItem="root" secondAttribute="bottom"/>
                  <constraint id="c5" firstItem="content" firstAttribute="leading" secondItem="scroll" secondAttribute="leading"/>
                  <constraint id="c6" firstItem="content" firstAttribute="top" secondItem="scroll" secondAttribute="top"/>
                  <constraint id="c7" firstItem="content" firstAttribute="width" constant="100"/>
                  <constraint id="c8" firstItem="content" firstAttribute="height" constant="1000"/>
                  <constraint id="c9" firstItem="content" firstAttribute="trailing" secondItem="scroll" secondAttribute="trailing"/>
                  <constraint id="c10" firstItem="content" firstAttribute="bottom" secondItem="scroll" secondAttribute="bottom"/>
                </constraints>
              </view>
            """, triggers: false),
    ]

    public static func findings(in analysis: ClassAnalysis) -> [Finding] {
        analysis.layout.system.scrollContent.compactMap { content -> Finding? in
            let free = (analysis.scrollRanges[content.scrollViewID] ?? []).filter { !$0.range.isPoint }
            guard !free.isEmpty else { return nil }
            let view = analysis.resolved.view(content.scrollViewID)
            let ranges = free.map {
                FreeRange(view: content.scrollViewID, variable: $0.name, lower: $0.range.lower, upper: $0.range.upper)
            }
            return Finding(
                kind: identifier, severity: severity,
                message: "\(analysis.displayName(content.scrollViewID)) has ambiguous scrollable content "
                    + free.map { $0.name }.map { $0.replacingOccurrences(of: "content ", with: "") }.joined(separator: " and ")
                    + ": " + ranges.map { $0.description }.joined(separator: ", "),
                views: [content.scrollViewID], location: view?.location, details: ranges.map { $0.description },
                suggestion: "constrain the content to all four edges of the scroll view, through views whose size is known",
                ranges: ranges)
        }
    }
}
