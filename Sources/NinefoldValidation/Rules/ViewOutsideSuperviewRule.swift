import NinefoldLayout
import NinefoldResolution
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
        let contents = Dictionary(analysis.layout.system.scrollContent.map { ($0.scrollViewID, $0) },
                                  uniquingKeysWith: { first, _ in first })
        let overflowing = analysis.resolved.views.indices.compactMap { index -> Overflowing? in
            let view = analysis.resolved.views[index]
            guard let parentID = view.parentID, let frame = analysis.frame(at: index),
                  let bounds = container(of: parentID, contents: contents, analysis) else { return nil }
            let overflows = Edge.allCases.compactMap { edge -> (Edge, Double)? in
                let amount = edge.overflow(of: frame, past: bounds)
                return amount > tolerance ? (edge, amount) : nil
            }
            return overflows.isEmpty ? nil : Overflowing(view: view, parentID: parentID, frame: frame, bounds: bounds,
                                                         overflows: overflows)
        }
        guard !overflowing.isEmpty else { return [] }
        let mentions = constraintsByView(analysis.resolved.constraints)
        return overflowing.compactMap { item -> Finding? in
            guard let (edge, amount) = item.overflows.max(by: { $0.1 < $1.1 }) else { return nil }
            let view = item.view, parentID = item.parentID
            let parent = analysis.displayName(parentID)
            let others = item.overflows.filter { $0.0 != edge }
                .map { "\(NumberFormatting.format($0.1)) pt past its \($0.0.rawValue) edge" }
            return Finding(
                kind: identifier, severity: severity,
                message: "\(view.displayName) extends \(NumberFormatting.format(amount)) pt past the \(edge.rawValue) edge of \(parent)"
                    + (others.isEmpty ? "" : " (and " + others.joined(separator: ", ") + ")")
                    + ": \(MisplacedViewRule.describe(item.frame)) in \(MisplacedViewRule.describe(item.bounds))",
                views: [view.id, parentID], location: view.location,
                suggestion: suggestion(view, edge: edge, parentID: parentID, analysis,
                                       mentioning: (mentions[view.id] ?? []).map { analysis.resolved.constraints[$0] }))
        }
    }

    /// A view that reaches past its container, and by how much on each side it does.
    struct Overflowing {
        var view: ResolvedView
        var parentID: String
        var frame: Frame
        var bounds: Frame
        var overflows: [(Edge, Double)]
    }

    /// The constraints naming each view as one of their items, in document order: built once
    /// for all overflowing views rather than searched for each.
    ///
    /// Positions in `constraints`, not copies, and no array per constraint: on a grid of
    /// 10,000 views with thousands of overflowing views this index was 432 M instructions of
    /// copying (Documentation/Performance.md, "Branch stacks2").
    static func constraintsByView(_ constraints: [ResolvedConstraint]) -> [String: [Int]] {
        var mentions: [String: [Int]] = [:]
        for index in constraints.indices {
            let first = constraints[index].firstItem, second = constraints[index].secondItem
            if case .view(let id) = first { mentions[id, default: []].append(index) }
            // A second item naming the first's view again is one mention.
            if case .view(let id)? = second, second != first { mentions[id, default: []].append(index) }
        }
        return mentions
    }

    /// A side of a view, named as Interface Builder names the constraints that pin it.
    enum Edge: String, CaseIterable {
        case leading, trailing, top, bottom

        /// How far `frame` reaches past this side of `bounds` (negative when inside).
        func overflow(of frame: Frame, past bounds: Frame) -> Double {
            switch self {
            case .leading: bounds.x - frame.x
            case .trailing: frame.x + frame.width - (bounds.x + bounds.width)
            case .top: bounds.y - frame.y
            case .bottom: frame.y + frame.height - (bounds.y + bounds.height)
            }
        }

        /// The attributes that pin this side (left/right as well as leading/trailing: layout is
        /// left-to-right, SCENE-FORMAT §3).
        var attributes: Set<LayoutAttribute> {
            switch self {
            case .leading: [.leading, .left, .leadingMargin, .leftMargin]
            case .trailing: [.trailing, .right, .trailingMargin, .rightMargin]
            case .top: [.top, .topMargin, .firstBaseline]
            case .bottom: [.bottom, .bottomMargin, .lastBaseline, .baseline]
            }
        }

        var axis: Axis { self == .leading || self == .trailing ? .horizontal : .vertical }

        /// `Trailing`, as the cookbook's notation capitalises attributes.
        var notationName: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
    }

    /// Names the wrong constraint when one pins the overflowing side, else the missing one and
    /// the constraints that place the view on that axis instead.
    static func suggestion(_ view: ResolvedView, edge: Edge, parentID: String, _ analysis: ClassAnalysis,
                           mentioning constraints: [ResolvedConstraint]) -> String {
        let parent = analysis.displayName(parentID)
        let onAxis = constraints.filter { constraint in
            [(constraint.firstItem, constraint.firstAttribute), (constraint.secondItem, constraint.secondAttribute)]
                .contains { item, attribute in item == .view(view.id) && attribute?.axis == edge.axis }
        }
        func cite(_ constraint: ResolvedConstraint) -> String { "\(constraint.id) (line \(constraint.location.line))" }
        let pinning = onAxis.filter { constraint in
            let sides = [(constraint.firstItem, constraint.firstAttribute), (constraint.secondItem, constraint.secondAttribute)]
            let pinsEdge = sides.contains { item, attribute in item == .view(view.id) && attribute.map(edge.attributes.contains) == true }
            let toParent = sides.contains { item, _ in item != nil && item != .view(view.id) && item.map(Self.isViewItem) != true
                || item == .view(parentID) }
            return pinsEdge && toParent
        }
        if !pinning.isEmpty {
            return "correct \(pinning.map(cite).joined(separator: " and ")), which puts the \(edge.rawValue) edge of "
                + "\(view.displayName) outside \(parent) in this class (its constant, or a variation for this class)"
        }
        let placing = onAxis.isEmpty ? "" : "; \(onAxis.map(cite).joined(separator: ", ")) place\(onAxis.count == 1 ? "s" : "") it instead"
        return "no constraint ties the \(edge.rawValue) edge of \(view.displayName) to \(parent): add "
            + "\(view.displayName).\(edge.notationName) \(edge == .leading || edge == .top ? ">=" : "<=") "
            + "\(parent).\(edge.notationName)\(placing)"
    }

    /// Whether an item is a view (rather than a layout guide of the root or of a scroll view).
    static func isViewItem(_ item: ItemReference) -> Bool {
        if case .view = item { return true }
        return false
    }

    /// The rectangle a subview should stay within: the superview's frame, or a scroll view's
    /// content (`contents`: each scroll view's, by id, gathered once for all the views).
    private static func container(of parentID: String, contents: [String: ScrollContent], _ analysis: ClassAnalysis) -> Frame? {
        guard let frame = analysis.frame(of: parentID) else { return nil }
        guard let content = contents[parentID] else {
            return frame
        }
        // An undetermined content size is its own finding; there is no content area to compare with.
        guard (analysis.scrollRanges[parentID] ?? []).allSatisfy({ $0.range.isPoint }) else { return nil }
        return Frame(x: frame.x, y: frame.y, width: analysis.layout.solver.value(of: content.width),
                     height: analysis.layout.solver.value(of: content.height))
    }
}
