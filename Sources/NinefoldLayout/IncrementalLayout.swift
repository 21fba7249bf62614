import NinefoldResolution
import NinefoldSolver

/// Moves from one size class's system to the next, as a device rotating would, re-solving only
/// what differs. The two systems' constraints are matched (`ConstraintKey`: everything but the
/// constant) to describe the move (`lastMove`: kept, updated in place, removed, added), and the
/// new class is solved by components (`LayoutEngine.solve(_:cache:)`) with one `SolveCache` kept
/// across the walk, so a component whose constraints did not change (the vertical part when only
/// the width changes, a thousand identical pins) is not solved again, and one that changed is
/// solved afresh with direct resolution (Documentation/Solver.md).
///
/// Until branch stackscale one live solver for the whole class was edited instead (changed
/// constants replayed its tableau, Documentation/Solver.md, "Nine classes as edits"): on a
/// stack of rows that tableau holds every row's position as a sum over the rows above, so each
/// replay was quadratic and walking 1,000 views of nested stacks took over 30 s. The frames are
/// `LayoutEngine.solve`'s, conflicts included (it is the same solve).
public struct IncrementalLayout: Sendable {
    /// Every variable made so far, in a solver without constraints: the next build's blank.
    private var pool: VariablePool
    /// Component solves of the classes walked so far.
    private var cache = SolveCache()
    /// Parallel to `current.system.constraints`.
    private var keys: [ConstraintKey]
    public private(set) var current: SolvedLayout
    /// How the last move went, for benchmarks: constraints kept, changed in place, removed, added.
    public private(set) var lastMove = MoveStatistics()

    public struct MoveStatistics: Sendable, Equatable {
        public var kept = 0, updated = 0, removed = 0, added = 0
        /// True when the class or the one before it has a conflict (recovery depends on the
        /// order constraints are added, which the component solves follow).
        public var rebuilt = false
        /// Components taken from an earlier solve, and components solved for this move.
        public var reused = 0, solved = 0
    }

    public init(_ scene: ResolvedScene) {
        var pool = VariablePool()
        var cache = SolveCache()
        let solved = LayoutEngine.solveMeasuringLabels(scene, build: { overrides in
            var builder = SystemBuilder(scene: scene, contentOverrides: overrides, pool: pool)
            let system = builder.build()
            pool = builder.pool
            return system
        }, solve: { system in
            LayoutEngine.solve(system, cache: &cache)
        })
        self.pool = pool
        self.cache = cache
        keys = ConstraintKey.keys(for: solved.system.constraints)
        current = solved
    }

    /// The layout of `scene`, reached from the current class by the difference between them.
    @discardableResult
    public mutating func move(to scene: ResolvedScene) -> SolvedLayout {
        var statistics = MoveStatistics()
        var pool = self.pool
        var cache = self.cache
        var keys = self.keys
        var current = self.current
        let solved = LayoutEngine.solveMeasuringLabels(scene, build: { overrides in
            var builder = SystemBuilder(scene: scene, contentOverrides: overrides, pool: pool)
            let system = builder.build()
            pool = builder.pool
            return system
        }, solve: { system in
            let newKeys = ConstraintKey.keys(for: system.constraints)
            let (requested, solvedBefore) = (cache.requested, cache.solved)
            let layout = LayoutEngine.solve(system, cache: &cache)
            statistics = Self.difference(from: current, keys: keys, to: system, keys: newKeys)
            statistics.rebuilt = !current.conflicts.isEmpty || !layout.conflicts.isEmpty
            statistics.solved = cache.solved - solvedBefore
            statistics.reused = cache.requested - requested - statistics.solved
            current = layout
            keys = newKeys
            return layout
        })
        self.pool = pool
        self.cache = cache
        self.keys = keys
        self.current = solved
        lastMove = statistics
        return solved
    }

    /// What the move changes: old constraints matched to new ones by key (each old one once, in
    /// order), those matched with another constant, and those left over on either side.
    private static func difference(from old: SolvedLayout, keys oldKeys: [ConstraintKey], to system: LayoutSystem,
                                   keys newKeys: [ConstraintKey]) -> MoveStatistics {
        var available: [ConstraintKey: [Int]] = [:]
        for (index, key) in oldKeys.enumerated() where old.solverIDs.indices.contains(index) && old.solverIDs[index] != nil {
            available[key, default: []].append(index)
        }
        var statistics = MoveStatistics()
        for (index, key) in newKeys.enumerated() {
            guard var candidates = available[key], !candidates.isEmpty else {
                statistics.added += 1
                continue
            }
            let matched = candidates.removeFirst()
            available[key] = candidates
            if old.system.constraints[matched].constraint.expression.constant == system.constraints[index].constraint.expression.constant {
                statistics.kept += 1
            } else {
                statistics.updated += 1
            }
        }
        statistics.removed = available.values.reduce(0) { $0 + $1.count }
        return statistics
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
