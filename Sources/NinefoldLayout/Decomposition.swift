import NinefoldResolution
import NinefoldScene
import NinefoldSolver

/// The connected components of one class's system: two constraints are in one component when a
/// chain of constraints sharing variables joins them (union-find over variables). Horizontal and
/// vertical constraints never share a variable unless an aspect ratio (or a baseline measured on
/// a height) ties them, so the axes come apart on their own, and independent groups of views
/// within an axis too.
///
/// Components are solved apart because nothing couples them: the lexicographic objective is a
/// sum of per-component terms at every level, so its optimal face is the product of the
/// components' faces, and a minimal conflict (a circuit of the required rows) lies within one.
struct Decomposition: Sendable {
    /// Per component, the indices of its constraints in the system, ascending.
    var members: [[Int]] = []
    /// Per component, the system's variables it mentions, ascending by index.
    var variables: [[Variable]] = []

    init(_ system: LayoutSystem) {
        let count = system.blank.variableCount
        var parent = Array(0..<count)
        func find(_ start: Int) -> Int {
            var root = start
            while parent[root] != root { root = parent[root] }
            var node = start
            while parent[node] != root {
                let next = parent[node]
                parent[node] = root
                node = next
            }
            return root
        }
        for item in system.constraints {
            let terms = item.constraint.expression.terms
            guard let first = terms.first else { continue }
            let root = find(first.variable.index)
            for term in terms.dropFirst() {
                let other = find(term.variable.index)
                if other != root { parent[other] = root }
            }
        }
        // Components are numbered by their first constraint, so the order of solving (and of
        // everything reported per component) follows the document.
        var componentOfRoot = Array(repeating: -1, count: count)
        for (index, item) in system.constraints.enumerated() {
            guard let first = item.constraint.expression.terms.first else {
                // No variable at all (a guide's constant against a constant): a component alone.
                members.append([index])
                variables.append([])
                continue
            }
            let root = find(first.variable.index)
            if componentOfRoot[root] < 0 {
                componentOfRoot[root] = members.count
                members.append([])
                variables.append([])
            }
            members[componentOfRoot[root]].append(index)
        }
        for index in 0..<count {
            let root = find(index)
            if componentOfRoot[root] >= 0 { variables[componentOfRoot[root]].append(Variable(index: index)) }
        }
    }
}

/// One component's system in its own numbering: variable `k` is the component's `k`-th variable
/// in the class's order, constraints in the class's order. Two components with the same key —
/// in two classes (the horizontal part of three classes that share a width), or twice in one —
/// have the same solve, so it is done once.
struct ComponentKey: Hashable, Sendable {
    /// Variable count, then per constraint its relation and priority, constant, term count and
    /// terms, every number as its exact bit pattern.
    private let words: [UInt64]

    init(variableCount: Int, constraints: [NinefoldSolver.Constraint]) {
        var words: [UInt64] = [UInt64(variableCount)]
        for constraint in constraints {
            let relation: UInt64 = switch constraint.relation {
            case .equal: 0
            case .lessThanOrEqual: 1
            case .greaterThanOrEqual: 2
            }
            words.append(relation)
            words.append(constraint.priority.value.bitPattern)
            words.append(constraint.expression.constant.bitPattern)
            words.append(UInt64(constraint.expression.terms.count))
            for term in constraint.expression.terms {
                words.append(UInt64(term.variable.index))
                words.append(term.coefficient.bitPattern)
            }
        }
        self.words = words
    }
}

/// A component solved on its own solver: constraints added in order, a refused required one
/// recorded with its minimal conflict (indices into the component's constraints), then optimised.
struct ComponentSolve: Sendable {
    var solver: Solver
    /// Per constraint of the component; nil for one left out to recover from a conflict, or
    /// removed by direct resolution (`resolution`).
    var ids: [ConstraintID?]
    var conflicts: [(constraints: [Int], broken: Int)]
    /// Each variable's value, read once: frames are read many times per class (every rule that
    /// looks at geometry), and each read through a solver held elsewhere copied the solver.
    var values: [Double]
    /// The chains taken out before the simplex (Documentation/Solver.md, "Direct resolution"),
    /// nil when none was or when asked to keep every constraint.
    var resolution: DirectResolution?

    /// With `resolving`, the removable chains are taken out first (`DirectResolution`), and the
    /// reduced solve is kept only when every variable of the component is then a point: where
    /// a layout is ambiguous, which vertex the simplex shows depends on the tableau, and the
    /// reports show that vertex, so such a component is solved whole as before.
    init(variableNames: [String], constraints: [NinefoldSolver.Constraint], resolving: Bool = true) {
        let found = resolving ? DirectResolution(variableCount: variableNames.count, constraints: constraints) : nil
        if let found, !found.definitions.isEmpty {
            let reduced = ComponentSolve(variableNames: variableNames, constraints: constraints, resolution: found)
            if reduced.isFixed(variableCount: variableNames.count, constraints: constraints) {
                self = reduced
                return
            }
        }
        self.init(variableNames: variableNames, constraints: constraints, resolution: nil)
    }

    /// Whether every variable is a point: the remaining ones by their optimal ranges, the removed
    /// ones because every other variable of their equations is.
    private func isFixed(variableCount: Int, constraints: [NinefoldSolver.Constraint]) -> Bool {
        guard let resolution else { return true }
        let kept = (0..<variableCount).filter { !resolution.isRemoved[$0] }.map { Variable(index: $0) }
        return solver.optimalRanges(of: kept).allSatisfy { $0.lower == $0.upper }
    }

    private init(variableNames: [String], constraints: [NinefoldSolver.Constraint], resolution: DirectResolution?) {
        var solver = Solver()
        for name in variableNames { _ = solver.makeVariable(named: name) }
        var ids: [ConstraintID?] = []
        var conflicts: [(constraints: [Int], broken: Int)] = []
        // The solver numbers the constraints it is given in order; `positions` maps its numbers
        // back to the component's.
        var positions: [Int] = []
        for (position, constraint) in constraints.enumerated() {
            if let resolution, resolution.isConstraintRemoved[position] {
                ids.append(nil)
                continue
            }
            positions.append(position)
            do {
                ids.append(try solver.add(constraint))
            } catch {
                ids.append(nil)
                conflicts.append((error.constraints.map { positions[$0.index] }, position))
            }
        }
        solver.optimize()
        let reduced = solver
        values = resolution?.values(constraints, variableCount: variableNames.count) { reduced.value(of: $0) }
            ?? variableNames.indices.map { reduced.value(of: Variable(index: $0)) }
        self.solver = solver
        self.ids = ids
        self.conflicts = conflicts
        self.resolution = resolution
    }
}

/// Component solves shared across the classes of one document (and across the label passes and
/// components of one class): identical components are solved once. A value type, passed
/// `inout` through the classes in turn; keep one per document.
///
/// It also keeps each class's whole layout: a class whose resolved scene equals an earlier
/// one's but for its name, on a canvas of the same size, safe area and scale, builds the same
/// system and so has the same layout (the generated scenes' nine classes have three canvas
/// widths and one height). Its resolution shares the earlier class's arrays when the document
/// declares no variation (`Resolver.resolve(_ classes:)`), so the comparison is quick then.
public struct SolveCache: Sendable {
    private var solves: [ComponentKey: ComponentSolve] = [:]
    private var layouts: [(safeArea: SafeAreaInsets, layout: SolvedLayout)] = []
    /// How many components were asked for, and how many of them were solved (the rest reused).
    public private(set) var requested = 0
    public private(set) var solved = 0
    /// How many classes' first passes were made as edits of an earlier class's (`SystemEdit`).
    public private(set) var edited = 0

    /// Per document class solved, its first pass's system (no label measured at its width)
    /// and how it was solved, for a later class whose system is an edit of it (`SystemEdit`).
    private var firstPasses: [(safeArea: SafeAreaInsets, system: LayoutSystem, components: SolvedComponents)] = []

    public init() {}

    /// This class's first-pass system as an edit of an earlier class's, with which constants
    /// changed and how the earlier one was solved; nil when no earlier first pass differs from
    /// it in canvas constants only.
    mutating func edit(to scene: ResolvedScene, safeArea: SafeAreaInsets)
        -> (system: LayoutSystem, changed: [Bool], earlier: SolvedComponents)? {
        for known in firstPasses where known.safeArea == safeArea {
            if let edit = SystemEdit(from: known.system, to: scene, safeArea: safeArea) {
                edited += 1
                return (edit.system, edit.changed, known.components)
            }
        }
        return nil
    }

    /// Counts a component an edit took from the earlier class as asked for and reused.
    mutating func countReused() {
        requested += 1
    }

    mutating func rememberFirstPass(_ system: LayoutSystem, safeArea: SafeAreaInsets, components: SolvedComponents) {
        firstPasses.append((safeArea, system, components))
    }

    /// An earlier class's layout when this class's system would be the same, given this class's
    /// scene.
    func layout(of scene: ResolvedScene, safeArea: SafeAreaInsets) -> SolvedLayout? {
        for known in layouts where known.safeArea == safeArea {
            var earlier = known.layout.system.scene
            guard earlier.canvas.value == scene.canvas.value, earlier.scale == scene.scale,
                  earlier.safeArea == scene.safeArea else { continue }
            earlier.sizeClass = scene.sizeClass
            earlier.canvas = scene.canvas
            guard earlier == scene else { continue }
            var layout = known.layout
            layout.system.scene = scene
            return layout
        }
        return nil
    }

    mutating func remember(_ layout: SolvedLayout, safeArea: SafeAreaInsets) {
        layouts.append((safeArea, layout))
    }

    mutating func solve(_ key: ComponentKey, variableNames: () -> [String], constraints: [NinefoldSolver.Constraint]) -> ComponentSolve {
        requested += 1
        if let known = solves[key] { return known }
        solved += 1
        let solve = ComponentSolve(variableNames: variableNames(), constraints: constraints)
        solves[key] = solve
        return solve
    }
}

/// How one class's system was solved, component by component: what a later class whose system
/// differs only in canvas constants reuses for the components those constants do not touch.
final class SolvedComponents: Sendable {
    let decomposition: Decomposition
    /// Per component of `decomposition`.
    let solves: [ComponentSolve]
    let parts: [LayoutSolution.Part]

    init(decomposition: Decomposition, solves: [ComponentSolve], parts: [LayoutSolution.Part]) {
        self.decomposition = decomposition
        self.solves = solves
        self.parts = parts
    }
}
