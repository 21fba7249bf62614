import NinefoldLayout
import NinefoldResolution
import NinefoldScene
import NinefoldSolver

/// Everything the rules ask of one solved class, computed once: the exact range of every frame
/// variable over the optimal layouts, and for each free one the optional constraints it trades.
///
/// Every question is answered in time linear in the class: a variable no constraint mentions
/// is free over the whole line without asking the solver (a free view is the common case of a
/// large document, and each solver query costs a small linear program), the answers every
/// rule needs are kept rather than asked again, and views and constraints are found by id.
public struct ClassAnalysis: Sendable {
    public let path: String
    public let resolved: ResolvedScene
    public let layout: SolvedLayout
    public let ranges: [String: [(name: String, range: ValueRange)]]
    public let scrollRanges: [String: [(name: String, range: ValueRange)]]
    /// Indexed by variable: whether a constraint of the system mentions it.
    private let mentioned: [Bool]
    /// The ambiguous axes of each view with one; a view not listed has none.
    private let axes: [String: [Axis]]
    /// `tiedConstraints(of:axis:)` for every ambiguous axis, asked of the solver once.
    private let ties: [TieKey: [Int]]
    /// Resolved constraint by id (the first, should ids repeat).
    private let constraintPositions: [String: Int]
    /// `layout.frame(of:)` of each resolved view, parallel to `resolved.views`: the rules that
    /// read every view's frame (negative size, outside the superview) found each by id, two
    /// hashed look-ups and four solution reads per view per rule.
    private let viewFrames: [Frame?]

    private struct TieKey: Hashable {
        var viewID: String
        var axis: Axis
    }

    public init(path: String, resolved: ResolvedScene, layout: SolvedLayout) {
        self.path = path
        self.resolved = resolved
        self.layout = layout
        var mentioned = Array(repeating: false, count: layout.solver.variableCount)
        // By index: iterating the constraints copied each one (its origin, notation and location).
        let constraints = layout.system.constraints
        for index in constraints.indices {
            for term in constraints[index].constraint.expression.terms where mentioned.indices.contains(term.variable.index) {
                mentioned[term.variable.index] = true
            }
        }
        self.mentioned = mentioned
        // Every range asked of the solution at once, so each component's solver is reached once.
        let framed = layout.system.views.filter { view in
            resolved.index(of: view.id).map { resolved.views[$0].parentID != nil } ?? false
        }
        let asked = framed.flatMap { [$0.variables.x, $0.variables.y, $0.variables.width, $0.variables.height] }
            + layout.system.scrollContent.flatMap { [$0.width, $0.height] }
        // Indexed by variable (ids are dense), the first answer for each: hashing every
        // variable into a dictionary and out again cost more than the rest of this loop.
        var answers = [ValueRange?](repeating: nil, count: layout.solver.variableCount)
        for (variable, answer) in zip(asked, Self.ranges(of: asked, in: layout.solver, mentioned: mentioned))
        where answers.indices.contains(variable.index) && answers[variable.index] == nil {
            answers[variable.index] = answer
        }
        func range(_ variable: Variable) -> ValueRange {
            (answers.indices.contains(variable.index) ? answers[variable.index] : nil)
                ?? Self.range(of: variable, in: layout.solver, mentioned: mentioned)
        }
        // Typed with the stored properties' labels: an unlabelled tuple type made assigning the
        // dictionaries an element-by-element upcast with a dynamic cast per view (a tenth of
        // analysing 10,000 free views).
        var ranges: [String: [(name: String, range: ValueRange)]] = [:]
        ranges.reserveCapacity(framed.count)
        var axes: [String: [Axis]] = [:]
        for (id, variables) in framed {
            let viewRanges = [("x", variables.x), ("y", variables.y), ("width", variables.width), ("height", variables.height)]
                .map { (name: $0.0, range: range($0.1)) }
            ranges[id] = viewRanges
            let free = viewRanges.filter { !$0.1.isPoint }.map(\.0)
            var viewAxes: [Axis] = []
            if free.contains("x") || free.contains("width") { viewAxes.append(.horizontal) }
            if free.contains("y") || free.contains("height") { viewAxes.append(.vertical) }
            if !viewAxes.isEmpty { axes[id] = viewAxes }
        }
        self.ranges = ranges
        self.axes = axes
        var scrollRanges: [String: [(name: String, range: ValueRange)]] = [:]
        for content in layout.system.scrollContent {
            scrollRanges[content.scrollViewID] = [("content width", range(content.width)),
                                                  ("content height", range(content.height))]
        }
        self.scrollRanges = scrollRanges
        var constraintPositions: [String: Int] = [:]
        for (position, constraint) in resolved.constraints.enumerated() where constraintPositions[constraint.id] == nil {
            constraintPositions[constraint.id] = position
        }
        self.constraintPositions = constraintPositions
        viewFrames = Self.viewFrames(resolved, layout)
        var ties: [TieKey: [Int]] = [:]
        for (id, viewAxes) in axes {
            for axis in viewAxes {
                ties[TieKey(viewID: id, axis: axis)] = Self.tiedConstraints(of: id, axis: axis, layout: layout,
                                                                            ranges: ranges[id] ?? [], mentioned: mentioned)
            }
        }
        self.ties = ties
    }

    /// The system's views are the resolved views in order (`SystemBuilder`), so `layout.frames`
    /// answers them all at once. `frame(of:)` is the frame of the variables `variables(of:)`
    /// finds for the id, so a view's frame is taken from the same position of `layout.frames`
    /// only when those are that position's variables; anything else asks `frame(of:)`.
    private static func viewFrames(_ resolved: ResolvedScene, _ layout: SolvedLayout) -> [Frame?] {
        let solved = layout.frames
        let views = layout.system.views
        return resolved.views.indices.map { index in
            let id = resolved.views[index].id
            guard views.indices.contains(index), let found = layout.system.variables(of: id) else { return layout.frame(of: id) }
            let own = views[index].variables
            let same = found.x == own.x && found.y == own.y && found.width == own.width && found.height == own.height
            return same ? solved[index].frame : layout.frame(of: id)
        }
    }

    /// The solved frame of the resolved view at `index` in `resolved.views` (`layout.frame(of:)`).
    public func frame(at index: Int) -> Frame? {
        viewFrames.indices.contains(index) ? viewFrames[index] : nil
    }

    /// `layout.frame(of:)`, through the frames made once.
    public func frame(of viewID: String) -> Frame? {
        resolved.index(of: viewID).flatMap(frame(at:)) ?? layout.frame(of: viewID)
    }

    /// The solver's exact range, or the whole line for a variable no constraint mentions: the
    /// solver's answer for such a variable too, found without building its linear program.
    static func range(of variable: Variable, in solver: LayoutSolution, mentioned: [Bool]) -> ValueRange {
        guard mentioned.indices.contains(variable.index), !mentioned[variable.index] else {
            return solver.optimalRange(of: variable)
        }
        return ValueRange(lower: -.infinity, upper: .infinity)
    }

    /// `range(of:in:mentioned:)` of each variable, in order, the solver asked once for them all.
    static func ranges(of variables: [Variable], in solver: LayoutSolution, mentioned: [Bool]) -> [ValueRange] {
        func isAsked(_ variable: Variable) -> Bool {
            !mentioned.indices.contains(variable.index) || mentioned[variable.index]
        }
        var solved = solver.optimalRanges(of: variables.filter(isAsked)).makeIterator()
        return variables.map { variable in
            isAsked(variable) ? solved.next() ?? solver.optimalRange(of: variable) : ValueRange(lower: -.infinity, upper: .infinity)
        }
    }

    /// `range(of:in:mentioned:)` on this class's solver.
    func range(of variable: Variable) -> ValueRange {
        Self.range(of: variable, in: layout.solver, mentioned: mentioned)
    }

    /// Whether a constraint of the system mentions the variable (true for one it does not know).
    func isMentioned(_ variable: Variable) -> Bool {
        mentioned.indices.contains(variable.index) ? mentioned[variable.index] : true
    }

    public var isConflicting: Bool { !layout.conflicts.isEmpty }

    /// The free variables of a view, in x, y, width, height order.
    public func freeVariables(of viewID: String) -> [(name: String, range: ValueRange)] {
        (ranges[viewID] ?? []).filter { !$0.range.isPoint }
    }

    public func ambiguousAxes(of viewID: String) -> [Axis] {
        axes[viewID] ?? []
    }

    public var isAmbiguous: Bool { !axes.isEmpty }

    /// Layout constraint indices of the optional constraints whose violations trade as this
    /// view moves along `axis` over the optimal layouts.
    public func tiedConstraints(of viewID: String, axis: Axis) -> [Int] {
        ties[TieKey(viewID: viewID, axis: axis)]
            ?? Self.tiedConstraints(of: viewID, axis: axis, layout: layout, ranges: ranges[viewID] ?? [], mentioned: mentioned)
    }

    /// The solver's ties for the view's variables along `axis`. A variable that cannot move (its
    /// range is a point) or that no constraint mentions trades nothing, which is also what the
    /// solver would answer.
    private static func tiedConstraints(of viewID: String, axis: Axis, layout: SolvedLayout,
                                        ranges: [(name: String, range: ValueRange)], mentioned: [Bool]) -> [Int] {
        guard let variables = layout.system.variables(of: viewID) else { return [] }
        let moving = axis == .horizontal ? [("x", variables.x), ("width", variables.width)]
            : [("y", variables.y), ("height", variables.height)]
        let ids = moving.flatMap { name, variable -> [ConstraintID] in
            let isMentioned = !mentioned.indices.contains(variable.index) || mentioned[variable.index]
            let isPoint = ranges.first { $0.name == name }?.range.isPoint ?? false
            return isMentioned && !isPoint ? layout.solver.tiedConstraints(movingWith: variable) : []
        }
        return Array(Set(ids.compactMap { layout.index(of: $0) })).sorted()
    }

    public var view: (String) -> ResolvedView? { resolved.view }

    public func displayName(_ viewID: String) -> String { resolved.view(viewID)?.displayName ?? viewID }

    /// The resolved constraint with this id, found through an index rather than a search.
    public func resolvedConstraint(_ id: String) -> ResolvedConstraint? {
        constraintPositions[id].map { resolved.constraints[$0] }
    }

    /// The document constraint id of a layout constraint, if it is one.
    public func documentID(_ index: Int) -> String? {
        layout.system.constraints.indices.contains(index) ? layout.system.constraints[index].origin.documentID : nil
    }
}
