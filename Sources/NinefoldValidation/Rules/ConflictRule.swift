import NinefoldLayout
import NinefoldScene

/// Required constraints that cannot all hold. The set listed is minimal: drop any one of them
/// and the rest can hold. To draw the class anyway, the constraint whose addition failed is left
/// out, as UIKit "breaks" a constraint (Documentation/Validation.md).
public enum ConflictRule: FindingRule {
    public static let identifier = "conflict"
    public static let severity = Severity.error
    public static let summary = "Required constraints that cannot all hold together."

    public static let examples = [
        RuleExample("""
              <view id="root">
                <view id="box"/>
                <constraints>
                  <constraint id="c1" firstItem="box" firstAttribute="leading" secondItem="root" secondAttribute="leading"/>
                  <constraint id="c2" firstItem="box" firstAttribute="trailing" secondItem="root" secondAttribute="trailing"/>
                  <constraint id="c3" firstItem="box" firstAttribute="width" constant="700"/>
                  <constraint id="c4" firstItem="box" firstAttribute="top" secondItem="root" secondAttribute="top"/>
                  <constraint id="c5" firstItem="box" firstAttribute="height" constant="10"/>
                </constraints>
              </view>
            """, triggers: true),
        RuleExample("""
              <view id="root">
                <view id="box"/>
                <constraints>
                  <constraint id="c1" firstItem="box" firstAttribute="leading" secondItem="root" secondAttribute="leading"/>
                  <constraint id="c3" firstItem="box" firstAttribute="width" constant="700" priority="999"/>
                  <constraint id="c2" firstItem="box" firstAttribute="trailing" secondItem="root" secondAttribute="trailing"/>
                  <constraint id="c4" firstItem="box" firstAttribute="top" secondItem="root" secondAttribute="top"/>
                  <constraint id="c5" firstItem="box" firstAttribute="height" constant="10"/>
                </constraints>
              </view>
            """, triggers: false),
    ]

    public static func findings(in analysis: ClassAnalysis) -> [Finding] {
        let system = analysis.layout.system
        return analysis.layout.conflicts.map { conflict in
            let members = conflict.constraints.map { system.constraints[$0] }
            let broken = system.constraints[conflict.broken]
            let documentIDs = members.compactMap { $0.origin.documentID }
            let views = Array(Set(members.flatMap { member -> [String] in
                if let id = member.origin.documentID,
                   let constraint = analysis.resolvedConstraint(id) {
                    return constraint.items.compactMap { $0.viewID }
                }
                return member.origin.generatingView.map { [$0] } ?? []
            })).filter { analysis.resolved.view($0)?.parentID != nil }.sorted()
            let details = members.map { member in
                let line = member.location.map { " (line \($0.line))" } ?? ""
                return member.notation + line
            }
            return Finding(
                kind: identifier, severity: severity,
                message: "\(members.count) required constraints cannot hold together; "
                    + "to draw the layout, '\(broken.notation)' was left out",
                views: views, constraints: documentIDs, location: broken.location ?? members.compactMap { $0.location }.first,
                details: details,
                suggestion: "remove one of these constraints or lower its priority below 1000")
        }
    }

    /// A conflict found in one class only, among several validated, is a size-class problem: the
    /// fix a designer makes in Interface Builder is to uninstall one of its constraints in that
    /// class (a `<variation … installed="false"/>`), not to weaken it everywhere. Only when the
    /// conflict is in several classes is lowering a priority the first suggestion.
    static func suggestingSizeClassFix(_ results: [ClassResult]) -> [ClassResult] {
        guard results.count > 1 else { return results }
        let sets = results.map { result in result.findings.filter { $0.kind == identifier }.map { Set($0.constraints) } }
        return results.enumerated().map { index, result in
            var result = result
            result.findings = result.findings.map { finding in
                guard finding.kind == identifier, !finding.constraints.isEmpty else { return finding }
                let elsewhere = sets.enumerated().contains { other, conflicts in other != index && conflicts.contains(Set(finding.constraints)) }
                guard !elsewhere else { return finding }
                var finding = finding
                let sizeClass = result.sizeClass
                finding.suggestion = "this conflict exists only in \(sizeClass): uninstall one of "
                    + finding.constraints.map { "'\($0)'" }.joined(separator: ", ")
                    + " in \(sizeClass) (<variation sizeClass=\"\(sizeClass)\" installed=\"false\"/>); "
                    + "otherwise lower its priority below 1000"
                return finding
            }
            return result
        }
    }
}
