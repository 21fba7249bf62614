import NinefoldResolution
import NinefoldScene
import NinefoldSolver

/// Why a solver constraint exists: the document's own, or one Ninefold generated the way UIKit
/// does (intrinsic size, stack views, the root's frame). Reports list them separately.
public enum ConstraintOrigin: Hashable, Sendable {
    /// A constraint written in the document.
    case document(id: String)
    /// The root view's frame, fixed to the canvas.
    case rootFrame(String)
    /// Content hugging (`.hugging`) or compression resistance of a view with intrinsic size.
    case intrinsic(view: String, axis: Axis, kind: IntrinsicKind)
    /// A constraint a stack view generates, named as UIKit names it (`UISV-spacing`).
    case stack(view: String, identifier: String)

    public enum IntrinsicKind: String, Hashable, Sendable {
        case hugging, compressionResistance
    }

    /// The document constraint's id, if this is one.
    public var documentID: String? {
        if case .document(let id) = self { return id }
        return nil
    }

    /// The view that caused a generated constraint.
    public var generatingView: String? {
        switch self {
        case .document: nil
        case .rootFrame(let view), .intrinsic(let view, _, _), .stack(let view, _): view
        }
    }

    /// UIKit-style identifier: `NSContentSizeLayoutConstraint`, `UISV-spacing`, …
    public var identifier: String {
        switch self {
        case .document(let id): id
        case .rootFrame: "root-frame"
        case .intrinsic(_, _, let kind): kind == .hugging ? "content-hugging" : "compression-resistance"
        case .stack(_, let identifier): identifier
        }
    }
}

/// One solver constraint with where it came from and how to print it.
public struct LayoutConstraint: Sendable {
    public var constraint: NinefoldSolver.Constraint
    public var origin: ConstraintOrigin
    /// The cookbook's notation: `Name Text Field.Leading = Name Label.Trailing + Standard`, with
    /// ` (Priority 249)` when optional.
    ///
    /// Written only when asked for: only constraints a finding or report cites are printed, and
    /// writing every one while building was half of building a class.
    public var notation: String {
        get { writeNotation() }
        set { writeNotation = { newValue } }
    }
    public var location: SourceLocation?
    private var writeNotation: @Sendable () -> String

    init(constraint: NinefoldSolver.Constraint, origin: ConstraintOrigin, notation: @escaping @autoclosure @Sendable () -> String,
         location: SourceLocation?) {
        self.constraint = constraint
        self.origin = origin
        writeNotation = notation
        self.location = location
    }

    public var isRequired: Bool { constraint.priority.isRequired }
}

/// The frame variables of one view.
public struct ViewVariables: Sendable {
    public var x: Variable
    public var y: Variable
    public var width: Variable
    public var height: Variable

    public func variable(_ axis: Axis, size: Bool) -> Variable {
        switch (axis, size) {
        case (.horizontal, false): x
        case (.horizontal, true): width
        case (.vertical, false): y
        case (.vertical, true): height
        }
    }
}

/// A scroll view's content size, solved like any frame, so an undetermined one can be reported.
public struct ScrollContent: Sendable {
    public var scrollViewID: String
    public var width: Variable
    public var height: Variable
}

/// One size class as a system of linear constraints.
public struct LayoutSystem: Sendable {
    public var scene: ResolvedScene
    public var views: [(id: String, variables: ViewVariables)]
    public var scrollContent: [ScrollContent]
    public var constraints: [LayoutConstraint]
    /// The solver with every variable created but no constraint added.
    var blank: Solver
    /// Sets of position variables that a move of one view with everything inside it shifts by
    /// the same amount, the view's own position first (`SystemBuilder.translationGroups`):
    /// direct resolution's candidates for a free translation (Documentation/Solver.md).
    var translationGroups: [[Variable]] = []
    /// The constraints whose constants read the canvas or the safe area (`SystemBuilder`).
    var canvasConstants: [CanvasConstant]
    /// The document constraints that name the root view (`SystemBuilder.rootConstants`).
    var rootConstants: [CanvasConstant]
    /// Position of each view in `views`, so frame look-ups stay O(1) on large scenes. Checked on
    /// use: a caller who edits `views` gets a linear search, never a wrong answer.
    private var positions: [String: Int]

    init(scene: ResolvedScene, views: [(id: String, variables: ViewVariables)], scrollContent: [ScrollContent],
         constraints: [LayoutConstraint], blank: Solver, canvasConstants: [CanvasConstant] = [],
         rootConstants: [CanvasConstant] = []) {
        self.scene = scene
        self.canvasConstants = canvasConstants
        self.rootConstants = rootConstants
        self.views = views
        self.scrollContent = scrollContent
        self.constraints = constraints
        self.blank = blank
        positions = Dictionary(views.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public func variables(of viewID: String) -> ViewVariables? {
        if let position = positions[viewID], views.indices.contains(position), views[position].id == viewID {
            return views[position].variables
        }
        return views.first { $0.id == viewID }?.variables
    }
}

/// Required constraints that could not all hold, and the one left out to recover.
public struct LayoutConflict: Sendable {
    /// Indices into `LayoutSystem.constraints`: a minimal conflicting set.
    public var constraints: [Int]
    /// The index of the constraint left out (the one whose addition failed, as UIKit breaks one).
    public var broken: Int
}

/// A solved class: frames, the solution for further questions, and any conflicts.
public struct SolvedLayout: Sendable {
    public var system: LayoutSystem
    /// One solver per component of the system (or one for the whole), answering in the class's
    /// variables and in the ids of `solverIDs`.
    public var solver: LayoutSolution
    /// Parallel to `system.constraints`; nil for a constraint left out to recover from a conflict.
    public var solverIDs: [ConstraintID?]
    public var conflicts: [LayoutConflict]
    /// Solver id (its index) → index in `solverIDs`, −1 for none, so `index(of:)` is O(1)
    /// (analysis asks once per tied constraint). Checked on use: a caller who edits `solverIDs`
    /// gets a search, never a wrong answer. An array, not a dictionary: ids are dense (a
    /// decomposed class's are its constraint indices, a whole solver's its adding order), and
    /// hashing every id was 7 % of solving a small document (Documentation/Performance.md,
    /// "Branch small").
    /// Empty when every id is its own index (`idsAreIndices`).
    private var positions: [Int32]
    /// Whether each id in `solverIDs` is at its own index, as in a decomposed class (ids are
    /// constraint indices) and a whole solver that refused nothing: `positions` would then be
    /// the identity, and is not made (an allocation and two passes per class;
    /// Documentation/Performance.md, "Branch labels").
    private let idsAreIndices: Bool

    init(system: LayoutSystem, solver: LayoutSolution, solverIDs: [ConstraintID?], conflicts: [LayoutConflict]) {
        self.system = system
        self.solver = solver
        self.solverIDs = solverIDs
        self.conflicts = conflicts
        var count = 0
        var idsAreIndices = true
        for (index, id) in solverIDs.enumerated() {
            guard let id else { continue }
            count = max(count, id.index + 1)
            if id.index != index { idsAreIndices = false }
        }
        self.idsAreIndices = idsAreIndices
        guard !idsAreIndices else {
            positions = []
            return
        }
        var positions = [Int32](filled: -1, count: count)
        for (index, id) in solverIDs.enumerated() {
            if let id, positions[id.index] < 0 { positions[id.index] = Int32(index) }
        }
        self.positions = positions
    }

    public var frames: [(id: String, frame: Frame)] {
        system.views.map { ($0.id, frame($0.variables)) }
    }

    public func frame(of viewID: String) -> Frame? {
        system.variables(of: viewID).map(frame)
    }

    private func frame(_ variables: ViewVariables) -> Frame {
        Frame(x: clean(solver.value(of: variables.x)), y: clean(solver.value(of: variables.y)),
              width: clean(solver.value(of: variables.width)), height: clean(solver.value(of: variables.height)))
    }

    /// Rounds away floating-point dust (below the format's 1e-6 tolerance) so output is stable.
    private func clean(_ value: Double) -> Double {
        let rounded = (value * 1e6).rounded() / 1e6
        return rounded == 0 ? 0 : rounded
    }

    /// The layout constraint index for a solver id.
    public func index(of id: ConstraintID) -> Int? {
        if idsAreIndices {
            if solverIDs.indices.contains(id.index), solverIDs[id.index] == id { return id.index }
        } else if positions.indices.contains(id.index) {
            let position = Int(positions[id.index])
            if solverIDs.indices.contains(position), solverIDs[position] == id { return position }
        }
        return solverIDs.firstIndex { $0 == id }
    }
}
