import NinefoldLayout
import NinefoldResolution
import NinefoldScene
import NinefoldSolver

/// Everything the rules ask of one solved class, computed once: the exact range of every frame
/// variable over the optimal layouts, and for each free one the optional constraints it trades.
public struct ClassAnalysis: Sendable {
    public let path: String
    public let resolved: ResolvedScene
    public let layout: SolvedLayout
    public let ranges: [String: [(name: String, range: ValueRange)]]
    public let scrollRanges: [String: [(name: String, range: ValueRange)]]

    public init(path: String, resolved: ResolvedScene, layout: SolvedLayout) {
        self.path = path
        self.resolved = resolved
        self.layout = layout
        var ranges: [String: [(String, ValueRange)]] = [:]
        for (id, variables) in layout.system.views where resolved.view(id)?.parentID != nil {
            ranges[id] = [("x", variables.x), ("y", variables.y), ("width", variables.width), ("height", variables.height)]
                .map { ($0.0, layout.solver.optimalRange(of: $0.1)) }
        }
        self.ranges = ranges
        var scrollRanges: [String: [(String, ValueRange)]] = [:]
        for content in layout.system.scrollContent {
            scrollRanges[content.scrollViewID] = [("content width", layout.solver.optimalRange(of: content.width)),
                                                  ("content height", layout.solver.optimalRange(of: content.height))]
        }
        self.scrollRanges = scrollRanges
    }

    public var isConflicting: Bool { !layout.conflicts.isEmpty }

    /// The free variables of a view, in x, y, width, height order.
    public func freeVariables(of viewID: String) -> [(name: String, range: ValueRange)] {
        (ranges[viewID] ?? []).filter { !$0.range.isPoint }
    }

    public func ambiguousAxes(of viewID: String) -> [Axis] {
        let free = Set(freeVariables(of: viewID).map { $0.name })
        var axes: [Axis] = []
        if free.contains("x") || free.contains("width") { axes.append(.horizontal) }
        if free.contains("y") || free.contains("height") { axes.append(.vertical) }
        return axes
    }

    public var isAmbiguous: Bool {
        resolved.views.contains { !ambiguousAxes(of: $0.id).isEmpty }
    }

    /// Layout constraint indices of the optional constraints whose violations trade as this
    /// view moves along `axis` over the optimal layouts.
    public func tiedConstraints(of viewID: String, axis: Axis) -> [Int] {
        guard let variables = layout.system.variables(of: viewID) else { return [] }
        let moving = axis == .horizontal ? [variables.x, variables.width] : [variables.y, variables.height]
        let ids = moving.flatMap { layout.solver.tiedConstraints(movingWith: $0) }
        return Array(Set(ids.compactMap { layout.index(of: $0) })).sorted()
    }

    public var view: (String) -> ResolvedView? { resolved.view }

    public func displayName(_ viewID: String) -> String { resolved.view(viewID)?.displayName ?? viewID }

    /// The document constraint id of a layout constraint, if it is one.
    public func documentID(_ index: Int) -> String? {
        layout.system.constraints.indices.contains(index) ? layout.system.constraints[index].origin.documentID : nil
    }
}
