import NinefoldResolution
import NinefoldSolver

/// Moves one live solver from one size class's system to the next, as a device rotating would:
/// constraints both classes share stay in the solver, those differing only in their constant
/// (the canvas pins, a per-class constant) are changed with one `updateConstants` batch, and only
/// the rest are removed or added. The solver keeps no marker for a required equality, so a batch
/// that changes one replays its tableau once (Documentation/Solver.md); the walk then costs about
/// one fresh solve per class, which the benchmark's "walk" column shows next to "nine".
///
/// The frames equal `LayoutEngine.solve`'s wherever the layout is unique (the optimum is the
/// same; only the path to it differs). Recovery from a conflict depends on the order constraints
/// were added, so a class with a conflict (or the first class after one) is solved from scratch
/// in document order, keeping conflict reports identical to `LayoutEngine.solve`.
public struct IncrementalLayout: Sendable {
    /// Every variable made so far, in a solver without constraints: the next build's blank.
    private var pool: VariablePool
    /// The live solver: the same variables (same indices) plus the current class's constraints.
    private var solver: Solver
    /// Parallel to `current.system.constraints`.
    private var keys: [ConstraintKey]
    public private(set) var current: SolvedLayout
    /// How the last move went, for benchmarks: constraints kept, changed in place, removed, added.
    public private(set) var lastMove = MoveStatistics()

    public struct MoveStatistics: Sendable, Equatable {
        public var kept = 0, updated = 0, removed = 0, added = 0
        /// True when the class was solved from scratch (a conflict before or after the move).
        public var rebuilt = false
    }

    public init(_ scene: ResolvedScene) {
        var pool = VariablePool()
        var whole = Solver()
        let solved = LayoutEngine.solveMeasuringLabels(scene, build: { overrides in
            var builder = SystemBuilder(scene: scene, contentOverrides: overrides, pool: pool)
            let system = builder.build()
            pool = builder.pool
            return system
        }, solve: { system in
            let result = LayoutEngine.solveWhole(system)
            whole = result.solver
            return result.layout
        })
        self.pool = pool
        solver = whole
        keys = ConstraintKey.keys(for: solved.system.constraints)
        current = solved
    }

    /// The layout of `scene`, reached from the current class by the difference between them.
    @discardableResult
    public mutating func move(to scene: ResolvedScene) -> SolvedLayout {
        lastMove = MoveStatistics()
        var statistics = MoveStatistics()
        var pool = self.pool
        var solver = self.solver
        var keys = self.keys
        var current = self.current
        let solved = LayoutEngine.solveMeasuringLabels(scene, build: { overrides in
            var builder = SystemBuilder(scene: scene, contentOverrides: overrides, pool: pool)
            let system = builder.build()
            pool = builder.pool
            return system
        }, solve: { system in
            let result = Self.transition(from: current, keys: keys, solver: &solver, to: system, statistics: &statistics)
            current = result.layout
            keys = result.keys
            return result.layout
        })
        self.pool = pool
        self.solver = solver
        self.keys = keys
        self.current = solved
        lastMove = statistics
        return solved
    }

    private static func transition(from old: SolvedLayout, keys oldKeys: [ConstraintKey], solver: inout Solver,
                                   to system: LayoutSystem, statistics: inout MoveStatistics)
        -> (layout: SolvedLayout, keys: [ConstraintKey]) {
        let newKeys = ConstraintKey.keys(for: system.constraints)
        // Variables made for views new to this class exist in the blank; mirror them, in order.
        while solver.variableCount < system.blank.variableCount {
            _ = solver.makeVariable(named: system.blank.name(of: Variable(index: solver.variableCount)))
        }
        if !old.conflicts.isEmpty {
            return rebuild(system, keys: newKeys, solver: &solver, statistics: &statistics)
        }
        var available: [ConstraintKey: [(index: Int, id: ConstraintID)]] = [:]
        for (index, key) in oldKeys.enumerated() {
            if let id = old.solverIDs[index] { available[key, default: []].append((index, id)) }
        }
        var matched: [ConstraintID?] = Array(repeating: nil, count: system.constraints.count)
        for (index, key) in newKeys.enumerated() {
            guard var candidates = available[key], !candidates.isEmpty else { continue }
            matched[index] = candidates.removeFirst().id
            available[key] = candidates
        }
        var attempt = solver
        var local = MoveStatistics()
        let leftovers = available.values.flatMap { $0 }.sorted { $0.index < $1.index }
        for leftover in leftovers {
            attempt.remove(leftover.id)
            local.removed += 1
        }
        // Constants first, all at once: a required equality keeps no marker in the solver's rows,
        // so changing one rebuilds its tableau, and one rebuild serves every change.
        var changes: [(id: ConstraintID, constant: Double)] = []
        for (index, item) in system.constraints.enumerated() {
            guard let id = matched[index] else { continue }
            if attempt.constraint(id).expression.constant == item.constraint.expression.constant {
                local.kept += 1
            } else {
                changes.append((id, item.constraint.expression.constant))
                local.updated += 1
            }
        }
        var ids: [ConstraintID?] = []
        do {
            try attempt.updateConstants(changes)
            for (index, item) in system.constraints.enumerated() {
                if let id = matched[index] {
                    ids.append(id)
                } else {
                    ids.append(try attempt.add(item.constraint))
                    local.added += 1
                }
            }
        } catch {
            return rebuild(system, keys: newKeys, solver: &solver, statistics: &statistics)
        }
        attempt.optimize()
        solver = attempt
        statistics = local
        return (SolvedLayout(system: system, solver: LayoutSolution(whole: attempt), solverIDs: ids, conflicts: []), newKeys)
    }

    /// From scratch, in document order, exactly as `LayoutEngine.solve` does.
    private static func rebuild(_ system: LayoutSystem, keys: [ConstraintKey], solver: inout Solver,
                                statistics: inout MoveStatistics) -> (layout: SolvedLayout, keys: [ConstraintKey]) {
        let (layout, whole) = LayoutEngine.solveWhole(system)
        solver = whole
        statistics = MoveStatistics(kept: 0, updated: 0, removed: 0, added: system.constraints.count, rebuilt: true)
        return (layout, keys)
    }
}

/// What makes two classes' constraints "the same one": where it came from, its terms, relation
/// and priority, and which occurrence of that origin it is. The constant is left out on purpose,
/// so a constraint that only changes its constant is updated in place.
struct ConstraintKey: Hashable, Sendable {
    var origin: ConstraintOrigin
    var occurrence: Int
    var relation: String
    var priority: Double
    var terms: [Term]

    static func keys(for constraints: [LayoutConstraint]) -> [ConstraintKey] {
        var seen: [ConstraintOrigin: Int] = [:]
        return constraints.map { item in
            let occurrence = seen[item.origin, default: 0]
            seen[item.origin] = occurrence + 1
            let normalized = item.constraint.expression.normalized
            return ConstraintKey(origin: item.origin, occurrence: occurrence, relation: item.constraint.relation.rawValue,
                                 priority: item.constraint.priority.value,
                                 terms: normalized.terms.sorted { $0.variable < $1.variable })
        }
    }
}
