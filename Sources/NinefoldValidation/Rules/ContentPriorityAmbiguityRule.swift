import NinefoldLayout
import NinefoldScene

/// Ambiguity caused by a tie between optional constraints of equal priority, typically two
/// views hugging (or resisting compression) at the same priority while competing for the same
/// space. Interface Builder calls this "content priority ambiguity".
public enum ContentPriorityAmbiguityRule: FindingRule {
    public static let identifier = "content-priority-ambiguity"
    public static let severity = Severity.error
    public static let summary = "Optional constraints of equal priority tie, so the layout is not determined."

    public static let examples = [
        RuleExample("""
              <view id="root">
                <label id="a" text="One"/>
                <label id="b" text="Two"/>
                <constraints>
                  <constraint id="c1" firstItem="a" firstAttribute="leading" secondItem="root" secondAttribute="leading"/>
                  <constraint id="c2" firstItem="b" firstAttribute="leading" secondItem="a" secondAttribute="trailing"/>
                  <constraint id="c3" firstItem="b" firstAttribute="trailing" secondItem="root" secondAttribute="trailing"/>
                  <constraint id="c4" firstItem="a" firstAttribute="top" secondItem="root" secondAttribute="top"/>
                  <constraint id="c5" firstItem="b" firstAttribute="top" secondItem="root" secondAttribute="top"/>
                </constraints>
              </view>
            """, triggers: true),
        RuleExample("""
              <view id="root">
                <label id="a" text="One"/>
                <label id="b" text="Two" horizontalHuggingPriority="250"/>
                <constraints>
                  <constraint id="c1" firstItem="a" firstAttribute="leading" secondItem="root" secondAttribute="leading"/>
                  <constraint id="c2" firstItem="b" firstAttribute="leading" secondItem="a" secondAttribute="trailing"/>
                  <constraint id="c3" firstItem="b" firstAttribute="trailing" secondItem="root" secondAttribute="trailing"/>
                  <constraint id="c4" firstItem="a" firstAttribute="top" secondItem="root" secondAttribute="top"/>
                  <constraint id="c5" firstItem="b" firstAttribute="top" secondItem="root" secondAttribute="top"/>
                </constraints>
              </view>
            """, triggers: false),
    ]

    public static func findings(in analysis: ClassAnalysis) -> [Finding] {
        var reported: Set<[Int]> = []
        var findings: [Finding] = []
        for view in analysis.resolved.views {
            for axis in analysis.ambiguousAxes(of: view.id) {
                let tied = analysis.tiedConstraints(of: view.id, axis: axis)
                guard !tied.isEmpty, reported.insert(tied).inserted else { continue }
                let members = tied.map { analysis.layout.system.constraints[$0] }
                let views = orderedUnique(members.compactMap { member in
                    member.origin.generatingView ?? member.origin.documentID.flatMap { id in
                        analysis.resolvedConstraint(id)?.firstItem.viewID
                    }
                })
                let priorities = orderedUnique(members.map { NumberFormatting.format($0.constraint.priority.value) })
                let names = views.map(analysis.displayName)
                let free = analysis.freeVariables(of: view.id).map {
                    FreeRange(view: view.id, variable: $0.name, lower: $0.range.lower, upper: $0.range.upper)
                }
                findings.append(Finding(
                    kind: identifier, severity: severity,
                    message: "\(names.joined(separator: " and ")) tie \(axis.rawValue)ly at priority "
                        + "\(priorities.joined(separator: "/")): any split of the space between them is optimal",
                    views: views, constraints: members.compactMap { $0.origin.documentID },
                    location: analysis.resolved.view(views.first ?? view.id)?.location,
                    details: members.map { $0.notation },
                    suggestion: "raise the \(axis.rawValue) content hugging or compression resistance priority of "
                        + "\(names.first ?? view.displayName) (for example to \(bump(priorities.first)))",
                    ranges: free))
            }
        }
        return findings
    }

    private static func bump(_ priority: String?) -> String {
        guard let priority, let value = Double(priority) else { return "251" }
        return NumberFormatting.format(min(999, value + 1))
    }

    private static func orderedUnique(_ values: [String]) -> [String] {
        var seen: Set<String> = []
        return values.filter { seen.insert($0).inserted }
    }
}
