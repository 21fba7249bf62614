import NinefoldLayout
import NinefoldScene

/// A view whose frame is not the same in every optimal layout, when no tie between optional
/// constraints explains it: something is simply missing. Names each free variable with the
/// exact range it can take, and what would pin it.
public enum AmbiguousLayoutRule: FindingRule {
    public static let identifier = "ambiguous-layout"
    public static let severity = Severity.error
    public static let summary = "A view's position or size is not determined by its constraints."

    public static let examples = [
        RuleExample("""
              <view id="root">
                <view id="quiz"/>
                <constraints>
                  <constraint id="c1" firstItem="quiz" firstAttribute="centerX" secondItem="root" secondAttribute="centerX"/>
                  <constraint id="c2" firstItem="quiz" firstAttribute="width" constant="200"/>
                  <constraint id="c3" firstItem="quiz" firstAttribute="height" constant="100"/>
                </constraints>
              </view>
            """, triggers: true),
        RuleExample("""
              <view id="root">
                <view id="quiz"/>
                <constraints>
                  <constraint id="c1" firstItem="quiz" firstAttribute="centerX" secondItem="root" secondAttribute="centerX"/>
                  <constraint id="c2" firstItem="quiz" firstAttribute="width" constant="200"/>
                  <constraint id="c3" firstItem="quiz" firstAttribute="height" constant="100"/>
                  <constraint id="c4" firstItem="quiz" firstAttribute="centerY" secondItem="root" secondAttribute="centerY"/>
                </constraints>
              </view>
            """, triggers: false),
    ]

    public static func findings(in analysis: ClassAnalysis) -> [Finding] {
        analysis.resolved.views.compactMap { view -> Finding? in
            let axes = analysis.ambiguousAxes(of: view.id).filter {
                analysis.tiedConstraints(of: view.id, axis: $0).isEmpty
            }
            guard !axes.isEmpty else { return nil }
            let free = analysis.freeVariables(of: view.id).filter { variable in
                axes.contains(variable.name == "x" || variable.name == "width" ? .horizontal : .vertical)
            }
            let ranges = free.map {
                FreeRange(view: view.id, variable: $0.name, lower: $0.range.lower, upper: $0.range.upper)
            }
            let names = free.map { $0.name }
            // Each range written once for the message and the details: on a document of free
            // views, formatting the numbers is most of this rule's time.
            let described = ranges.map(\.description)
            return Finding(
                kind: identifier, severity: severity,
                message: "\(view.displayName) is not determined \(axes.map { $0.rawValue + "ly" }.joined(separator: " or ")): "
                    + described.joined(separator: ", "),
                views: [view.id], location: view.location, details: described.map { "\(view.displayName).\($0)" },
                suggestion: suggestion(for: names), ranges: ranges)
        }
    }

    /// What kind of constraint pins the free variables.
    static func suggestion(for free: [String]) -> String {
        var wanted: [String] = []
        let horizontalPosition = free.contains("x"), width = free.contains("width")
        let verticalPosition = free.contains("y"), height = free.contains("height")
        if width { wanted.append("a width (or a second horizontal edge)") }
        if horizontalPosition && !width { wanted.append("a horizontal position constraint (leading or centre X)") }
        if height { wanted.append("a height (or a second vertical edge)") }
        if verticalPosition && !height { wanted.append("a vertical position constraint (top or centre Y)") }
        return "add " + wanted.joined(separator: " and ")
    }
}
