import NinefoldResolution
import NinefoldScene
import NinefoldSolver

/// Resolved class in, frames out.
public enum LayoutEngine {
    /// How many times multi-line labels are re-measured at their solved width (UIKit's
    /// preferredMaxLayoutWidth round trip). Two passes settle every layout whose label widths do
    /// not depend on their own heights; the third is a safety margin.
    static let maximumPasses = 3

    /// The most components a class may have for `solve` to look for a later component of the
    /// same counts before solving one (`SolveCache.solve`'s `recurs`).
    static let recurrenceScan = 64

    public static func build(_ scene: ResolvedScene) -> LayoutSystem {
        var builder = SystemBuilder(scene: scene)
        return builder.build()
    }

    public static func solve(_ scene: ResolvedScene) -> SolvedLayout {
        solve(scene, safeArea: scene.safeArea)
    }

    /// Solves on a canvas whose root view has this safe area (a real device's, for `--devices`)
    /// instead of the one the scene's canvas states:
    /// the top and bottom layout guides and the safe-area guide follow it.
    public static func solve(_ scene: ResolvedScene, safeArea: SafeAreaInsets) -> SolvedLayout {
        var cache = SolveCache()
        return solve(scene, safeArea: safeArea, cache: &cache)
    }

    /// As `solve(_:safeArea:)`, reusing the component solves `cache` already holds (another
    /// class of the same document, say) and adding this class's.
    public static func solve(_ scene: ResolvedScene, safeArea: SafeAreaInsets, cache: inout SolveCache) -> SolvedLayout {
        if let known = cache.layout(of: scene, safeArea: safeArea) { return known }
        // The first pass (no label measured at its width yet) is an edit of an earlier class's
        // first pass when only canvas constants differ (`SystemEdit`); later passes are built.
        var edit: (system: LayoutSystem, changed: [Bool], earlier: SolvedComponents)?
        var first = true
        let layout = solveMeasuringLabels(scene, build: { overrides in
            guard overrides.isEmpty else { return build(scene, overrides: overrides, safeArea: safeArea) }
            if let found = cache.edit(to: scene, safeArea: safeArea) {
                edit = found
                return found.system
            }
            return build(scene, overrides: overrides, safeArea: safeArea)
        }, solve: { system in
            defer { first = false }
            // An earlier class answered without decomposing (`ResolvedComponents.answerAll`)
            // has no solve to reuse.
            let reused = first ? edit.flatMap { $0.earlier.decomposition == nil ? nil : (changed: $0.changed, earlier: $0.earlier) }
                : nil
            let solved = solve(system, decomposition: reused?.earlier.decomposition, reusing: reused, keeping: first,
                               cache: &cache)
            if first { cache.rememberFirstPass(system, safeArea: safeArea, components: solved.components) }
            return solved.layout
        })
        cache.remember(layout, safeArea: safeArea)
        return layout
    }

    /// Every class of one document, sharing the solves of components they have in common.
    public static func solve(classes: [ResolvedScene]) -> [SolvedLayout] {
        var cache = SolveCache()
        return classes.map { solve($0, safeArea: $0.safeArea, cache: &cache) }
    }

    /// Solves, then re-measures every multi-line label at its solved width and solves again
    /// while any label's measurement changed, at most `maximumPasses` times in all.
    ///
    /// The re-measured size is the wrapped text's bounding box, as UIKit's label reports once
    /// its `preferredMaxLayoutWidth` is known: as tall as its lines and as wide as its widest
    /// line, not the one-line width (Documentation/Layout.md, "Multi-line labels").
    static func solveMeasuringLabels(_ scene: ResolvedScene, build: ([String: ContentSize]) -> LayoutSystem,
                                     solve: (LayoutSystem) -> SolvedLayout) -> SolvedLayout {
        var overrides: [String: ContentSize] = [:]
        var solved = solve(build(overrides))
        for _ in 1..<maximumPasses {
            var changed = false
            for view in scene.views where view.kind == .label && (view.numberOfLines ?? 1) != 1 {
                guard view.intrinsicHeight.value == nil, let frame = solved.frame(of: view.id) else { continue }
                let font = Font(size: view.fontSize.value, weight: view.fontWeight.value)
                let text = view.text.value ?? ""
                let measured = ContentMeasurement.label(text: text, font: font, numberOfLines: view.numberOfLines ?? 0,
                                                        wrappingWidth: max(frame.width, 1), scale: scene.scale)
                let unwrapped = ContentMeasurement.label(text: text, font: font, numberOfLines: 1, wrappingWidth: nil,
                                                         scale: scene.scale)
                if overrides[view.id] != measured && (overrides[view.id] != nil || measured != unwrapped) {
                    overrides[view.id] = measured
                    changed = true
                }
            }
            guard changed else { break }
            solved = solve(build(overrides))
        }
        return solved
    }

    static func build(_ scene: ResolvedScene, overrides: [String: ContentSize],
                      safeArea: SafeAreaInsets? = nil) -> LayoutSystem {
        var builder = SystemBuilder(scene: scene, contentOverrides: overrides, safeArea: safeArea)
        return builder.build()
    }

    /// Adds every constraint in order. A required one that conflicts is left out (UIKit
    /// "breaks" the constraint it was adding) and the minimal conflicting set is recorded.
    /// The objective is minimised once, after the last add.
    ///
    /// Each connected component of the system is solved on its own solver
    /// (Documentation/Solver.md, "Decomposition"): adding a component's constraints in the
    /// class's order gives every component the additions, refusals and conflicts the whole
    /// system's solver gives it, since no constraint of another component shares a variable.
    public static func solve(_ system: LayoutSystem) -> SolvedLayout {
        var cache = SolveCache.oneSystem()
        return solve(system, cache: &cache)
    }

    /// `solve(_:)`, reusing and adding to the component solves in `cache`.
    public static func solve(_ system: LayoutSystem, cache: inout SolveCache) -> SolvedLayout {
        solve(system, decomposition: nil, reusing: nil, keeping: false, cache: &cache).layout
    }

    /// Solves component by component. With `reusing`, `system` is an edit of the system
    /// `earlier` solved (`SystemEdit`: the same constraints, some constants changed), so it has
    /// the same components (`decomposition`, the earlier one's), and a component none of whose
    /// constants `changed` is the earlier one: its solve (and parts) are taken as they are,
    /// without making its key. Without `decomposition`, the class is decomposed here, unless
    /// every component would be answered without a solver (`ResolvedComponents.answerAll`):
    /// then it is not decomposed at all, and the layout is the same as if it were.
    ///
    /// Without `keeping`, the components' solves and parts are not collected for a later class
    /// (the components returned are empty): a caller that solves one system, or a label pass
    /// after the first, never reuses them, and collecting them copied every solve and made two
    /// arrays and an object per class (Documentation/Performance.md, "Branch smallsolve").
    static func solve(_ system: LayoutSystem, decomposition known: Decomposition?,
                      reusing: (changed: [Bool], earlier: SolvedComponents)?, keeping: Bool = true,
                      cache: inout SolveCache) -> (layout: SolvedLayout, components: SolvedComponents) {
        var resolved = ResolvedComponents(system)
        if let components = resolved.answerAll() {
            cache.countResolved(components)
            var ids = [ConstraintID?](filled: nil, count: system.constraints.count)
            for index in ids.indices { ids[index] = ConstraintID(index: index) }
            let solution = LayoutSolution(parts: resolved.part().map { [$0] } ?? [], variableCount: system.blank.variableCount)
            return (SolvedLayout(system: system, solver: solution, solverIDs: ids, conflicts: []), SolvedComponents.answeredWhole)
        }
        let decomposition = known ?? Decomposition(system, mentioned: resolved.mentioned)
        var parts: [LayoutSolution.Part] = []
        // Every array here is reserved at its size: on a small document each growth was an
        // allocation, and allocations were most of solving one (Documentation/Performance.md,
        // "Branch tinysolve").
        var solves: [ComponentSolve?] = []
        if keeping { solves.reserveCapacity(decomposition.count) }
        var componentParts: [[LayoutSolution.Part]] = []
        if keeping { componentParts.reserveCapacity(decomposition.count) }
        var ids: [ConstraintID?] = Array(filled: nil, count: system.constraints.count)
        var conflicts: [LayoutConflict] = []
        // Each variable's number in its component, and each component's translation groups
        // (each group cut to its root's component and renumbered there): made at the first
        // component that needs a solve, so a class answered without one (the unconstrained
        // scene: 40,004 variables at 10,000 views) never fills an array per variable here.
        var local: [Int] = []
        var groups: [[[Variable]]] = []
        func numberComponents() {
            let variableCount = system.blank.variableCount
            // With groups, each variable's component follows its number in the same array
            // (`componentOf(v)` is entry `variableCount + v`): one allocation, not two.
            let hasGroups = !system.translationGroups.isEmpty
            local = Array(filled: -1, count: hasGroups ? 2 * variableCount : variableCount)
            for component in 0..<decomposition.count {
                for (position, variable) in decomposition.variables(component).enumerated() {
                    local[variable.index] = position
                    if hasGroups { local[variableCount + variable.index] = component }
                }
            }
            guard hasGroups else { return }
            func componentOf(_ variable: Variable) -> Int {
                variable.index >= 0 && variable.index < variableCount ? local[variableCount + variable.index] : -1
            }
            groups = Array(filled: [], count: decomposition.count)
            for group in system.translationGroups {
                guard let root = group.first, componentOf(root) >= 0 else { continue }
                let component = componentOf(root)
                // The members in the root's component counted, then renumbered into an array
                // made at its size: a filtered copy, then a mapped one, were two allocations a
                // group (Documentation/Performance.md, "Branch piecelean").
                var count = 0
                for member in group where componentOf(member) == component { count += 1 }
                guard count > 1 else { continue }
                var members: [Variable] = []
                members.reserveCapacity(count)
                for member in group where componentOf(member) == component { members.append(Variable(index: local[member.index])) }
                groups[component].append(members)
            }
        }
        // Parts are taken over only when some constant changed, so that some part is new: a
        // layout whose parts are all an earlier layout's is one handed on whole
        // (`LayoutSolution.isSame(as:)`), which the validator takes to mean the same resolved
        // scene, and an edit with no change can differ from its earlier class in the resolver's
        // findings (`SystemEdit`).
        let partsReused = reusing?.changed.contains(true) ?? false
        var reserved = false
        for component in 0..<decomposition.count {
            // Whether direct resolution answers a component alone reads its coefficients only,
            // never its constants, so an edit keeps it; whether the closed form does reads the
            // constants, but an earlier class's component answered so has no solve to reuse
            // (nil) and is solved afresh if this class's is not. They share the part below.
            if resolved.answers(decomposition.members(component), decomposition.variables(component)) {
                cache.countResolved()
                for index in decomposition.members(component) { ids[index] = ConstraintID(index: index) }
                if keeping {
                    solves.append(nil)
                    componentParts.append([])
                }
                continue
            }
            if local.isEmpty { numberComponents() }
            // The component's slice of the class's members, position k at `base + k`: not
            // copied into an array per component.
            let members = decomposition.members(component)
            let base = members.startIndex
            // The component's slice of the class's variables.
            let variables = decomposition.variables(component)
            let componentGroups = groups.isEmpty ? [] : groups[component]
            let solve: ComponentSolve
            var reusedParts: [LayoutSolution.Part]?
            if let reusing, !members.contains(where: { reusing.changed[$0] }), let earlier = reusing.earlier.solves[component] {
                solve = earlier
                cache.countReused()
                if partsReused { reusedParts = reusing.earlier.parts[component] }
            } else {
                let constraints = members.map { index in
                    let constraint = system.constraints[index].constraint
                    let terms = constraint.expression.terms.map { Term(Variable(index: local[$0.variable.index]), $0.coefficient) }
                    return Constraint(Expression(terms, constant: constraint.expression.constant), constraint.relation,
                                      priority: constraint.priority)
                }
                // Growing the table one doubling at a time rehashed every key solved so far, 7 %
                // of solving a small document (Documentation/Performance.md, "Branch small");
                // reserved at the first component that needs it, so a class whose components are
                // all answered without a solver allocates no table ("Branch tinysolve").
                if !reserved {
                    cache.reserve(decomposition.count - component)
                    reserved = true
                }
                // Whether a later component has this one's counts, and so may have its key
                // (`SolveCache.solve`): asked of a class of few components only, so that a large
                // one never scans its components once per component.
                var recurs = true
                if decomposition.count <= Self.recurrenceScan {
                    recurs = false
                    for later in (component + 1)..<max(component + 1, decomposition.count)
                    where decomposition.members(later).count == members.count
                        && decomposition.variables(later).count == variables.count {
                        recurs = true
                        break
                    }
                }
                solve = cache.solve(variableCount: variables.count, constraints: constraints, groups: componentGroups,
                                    recurs: recurs) {
                    // The class's direct resolution holds this component's without groups
                    // (`ResolvedComponents.shares`); with them, the solve resolves it itself,
                    // unless no group can be applied first and the share is empty: then the
                    // search with groups removes nothing either (`DirectResolution.mayTranslate`).
                    if !componentGroups.isEmpty {
                        guard !resolved.hasShare(of: component, in: decomposition),
                              !DirectResolution.mayTranslate(constraints, variableCount: variables.count, groups: componentGroups)
                        else { return nil }
                        return DirectResolution(definitions: [], variableCount: 0, constraintCount: 0)
                    }
                    let share = resolved.share(of: component, in: decomposition, local: local)
                    // A share that removes nothing is handed as the resolution of no variables:
                    // `ComponentSolve` keeps a resolution only when it removed something, so
                    // its per-variable and per-constraint flags are never read, and two arrays
                    // of `false` were made and dropped per such component (Documentation/Solver.md,
                    // "Branch fixedvars").
                    guard !share.isEmpty else { return DirectResolution(definitions: [], variableCount: 0, constraintCount: 0) }
                    return DirectResolution(definitions: share, variableCount: variables.count, constraintCount: members.count)
                }
            }
            for (position, id) in solve.ids.enumerated() where id != nil {
                ids[members[base + position]] = ConstraintID(index: members[base + position])
            }
            // A constraint direct resolution took out holds (its variable is defined by it), as
            // does a fixing equation and a constant one that holds: it is in the layout, though
            // no part's solver numbers it.
            if solve.resolution != nil || solve.fixing != nil {
                for position in 0..<members.count where solve.isHeldOutside(position) {
                    ids[members[base + position]] = ConstraintID(index: members[base + position])
                }
            }
            for conflict in solve.conflicts {
                conflicts.append(LayoutConflict(constraints: conflict.constraints.map { members[base + $0] },
                                                broken: members[base + conflict.broken]))
            }
            let made = reusedParts ?? solve.parts(variables: variables, members: members)
            parts += made
            if keeping {
                solves.append(solve)
                componentParts.append(made)
            }
        }
        if let part = resolved.part() { parts.append(part) }
        conflicts.sort { $0.broken < $1.broken }
        let layout = SolvedLayout(system: system, solver: LayoutSolution(parts: parts, variableCount: system.blank.variableCount),
                                  solverIDs: ids, conflicts: conflicts)
        guard keeping else { return (layout, SolvedComponents.answeredWhole) }
        return (layout, SolvedComponents(decomposition: decomposition, solves: solves, parts: componentParts))
    }

    /// The whole system on one solver, as before decomposition: the reference the decomposed
    /// solve is tested against, and the solver the bench's conflict stage adds to.
    public static func solveWhole(_ system: LayoutSystem) -> (layout: SolvedLayout, solver: Solver) {
        var solver = system.blank
        var ids: [ConstraintID?] = []
        var conflicts: [LayoutConflict] = []
        for (index, item) in system.constraints.enumerated() {
            do {
                ids.append(try solver.add(item.constraint))
            } catch {
                ids.append(nil)
                conflicts.append(LayoutConflict(constraints: error.constraints.map(\.index), broken: index))
            }
        }
        solver.optimize()
        return (SolvedLayout(system: system, solver: LayoutSolution(whole: solver), solverIDs: ids, conflicts: conflicts),
                solver)
    }
}
