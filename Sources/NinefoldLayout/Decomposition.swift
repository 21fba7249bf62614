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
    /// The components' constraint indices (each component's ascending), one after another:
    /// component `c`'s are `memberList[memberStart[c]..<memberStart[c + 1]]`. Flat, so that a
    /// class of many small components allocates a few arrays, not two per component: on a
    /// small document allocations were most of solving (Documentation/Performance.md, "Branch
    /// tinysolve").
    private var memberList: [Int] = []
    /// Likewise the system's variables each component mentions, ascending by index.
    private var variableList: [Variable] = []
    /// Where each component's members start in `memberList` (one more entry, the end), then
    /// where its variables start in `variableList` (one more entry): one array, not two
    /// (Documentation/Performance.md, "Branch piecelean").
    private var starts: [Int] = [0, 0]

    /// How many components there are.
    var count: Int { starts.count / 2 - 1 }

    /// How many variables the components mention in all.
    var variableTotal: Int { variableList.count }

    /// The indices of component `component`'s constraints in the system, ascending.
    func members(_ component: Int) -> ArraySlice<Int> {
        memberList[starts[component]..<starts[component + 1]]
    }

    /// The system's variables component `component` mentions, ascending by index.
    func variables(_ component: Int) -> ArraySlice<Variable> {
        let variableStart = count + 1
        return variableList[starts[variableStart + component]..<starts[variableStart + component + 1]]
    }

    /// Sparse: the union-find holds only the variables some constraint mentions (the
    /// unconstrained scene of 100 views has 404 variables and 4 constraints), and the
    /// constraints are read in place, never copied out with their notation and origin.
    /// `mentioned`, when given, is every variable some constraint mentions, ascending
    /// (`ResolvedComponents.mentioned`): each variable's number is then its position there,
    /// and nothing here has an entry per class variable.
    init(_ system: borrowing LayoutSystem, mentioned list: [Int32]? = nil) {
        let count = system.blank.variableCount
        let constraints = system.constraints
        // Each mentioned variable's number in the union-find: its position in `list`, or else
        // its order of first mention.
        var slot = [Int32](filled: -1, count: list == nil ? count : 0)
        var mentioned = list?.count ?? 0
        if list == nil {
            // Terms read by position, here and below: a loop over a constraint's terms array
            // retained and released it (Documentation/Solver.md, "Branch fixedvars"). Written
            // through a buffer pointer, each variable checked once against the count.
            slot.withUnsafeMutableBufferPointer { slot in
                for index in constraints.indices {
                    for position in constraints[index].constraint.expression.terms.indices {
                        let variable = constraints[index].constraint.expression.terms[position].variable.index
                        precondition(variable >= 0 && variable < count, "a term's variable is outside the system")
                        guard slot[variable] < 0 else { continue }
                        slot[variable] = Int32(mentioned)
                        mentioned += 1
                    }
                }
            }
        }
        func number(_ variable: Variable) -> Int {
            list.map { DirectResolution.position(of: variable.index, in: $0) } ?? Int(slot[variable.index])
        }
        // The union-find's parents, each root's component, each constraint's component and the
        // placing cursors, in one array (components are at most the constraints): ten arrays
        // were a quarter of solving a small document (Documentation/Solver.md, "Fixed cost per
        // class"). Path halving; which node is a root does not matter, as components are
        // numbered by their first constraint and list their variables ascending.
        let rootBase = mentioned
        let componentBase = 2 * mentioned
        let memberCursor = componentBase + constraints.count
        let variableCursor = memberCursor + constraints.count + 1
        var work = Array(filled: -1, count: variableCursor + constraints.count + 1)
        var starts: [Int] = []
        var memberList: [Int] = []
        var variableList: [Variable] = []
        // Through a buffer pointer, without a uniqueness and bounds check per access (about
        // ninety of each a class on a small document; Documentation/Performance.md, "Branch
        // aroundsolver"): every index is a node (a variable's number, below `mentioned`),
        // a root's or constraint's entry, or a component's cursor (components are at most the
        // constraints), within the layout above. The same operations in the same order.
        work.withUnsafeMutableBufferPointer { work in
            for node in 0..<mentioned { work[node] = node }
            func find(_ element: Int) -> Int {
                var node = element
                while work[node] != node {
                    work[node] = work[work[node]]
                    node = work[node]
                }
                return node
            }
            for index in constraints.indices {
                let count = constraints[index].constraint.expression.terms.count
                guard count > 1 else { continue }
                let first = constraints[index].constraint.expression.terms[0].variable
                for position in 1..<count {
                    let (a, b) = (find(number(first)), find(number(constraints[index].constraint.expression.terms[position].variable)))
                    if a != b { work[max(a, b)] = min(a, b) }
                }
            }
            // Components are numbered by their first constraint, so the order of solving (and of
            // everything reported per component) follows the document. Counted first, then placed.
            var components = 0
            for index in constraints.indices {
                guard let first = constraints[index].constraint.expression.terms.first else {
                    // No variable at all (a guide's constant against a constant): a component alone.
                    work[componentBase + index] = components
                    components += 1
                    continue
                }
                let root = find(number(first.variable))
                if work[rootBase + root] < 0 {
                    work[rootBase + root] = components
                    components += 1
                }
                work[componentBase + index] = work[rootBase + root]
            }
            starts = Array(filled: 0, count: 2 * (components + 1))
            let variableStart = components + 1
            memberList = Array(filled: 0, count: constraints.count)
            variableList = Array(filled: Variable(index: 0), count: mentioned)
            // The three arrays through buffer pointers too: every component number is below
            // `components`, every cursor within its component's range of the lists.
            starts.withUnsafeMutableBufferPointer { starts in
                memberList.withUnsafeMutableBufferPointer { memberList in
                    variableList.withUnsafeMutableBufferPointer { variableList in
                        for index in constraints.indices { starts[work[componentBase + index] + 1] += 1 }
                        for number in 0..<mentioned { starts[variableStart + work[rootBase + find(number)] + 1] += 1 }
                        for component in 0..<components {
                            starts[component + 1] += starts[component]
                            starts[variableStart + component + 1] += starts[variableStart + component]
                        }
                        // Placed in ascending order into each component's range.
                        for component in 0...components {
                            work[memberCursor + component] = starts[component]
                            work[variableCursor + component] = starts[variableStart + component]
                        }
                        for index in constraints.indices {
                            let component = work[componentBase + index]
                            memberList[work[memberCursor + component]] = index
                            work[memberCursor + component] += 1
                        }
                        func place(_ index: Int, _ number: Int) {
                            let component = work[rootBase + find(number)]
                            variableList[work[variableCursor + component]] = Variable(index: index)
                            work[variableCursor + component] += 1
                        }
                        if let list {
                            for (number, index) in list.enumerated() { place(Int(index), number) }
                        } else {
                            for index in 0..<count where slot[index] >= 0 { place(index, Int(slot[index])) }
                        }
                    }
                }
            }
        }
        self.memberList = memberList
        self.starts = starts
        self.variableList = variableList
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
    /// The words folded into one (`fold`), computed once: hashing each word with the standard
    /// hasher (SipHash, a round per word, once to look the key up and again to store it) was
    /// about 3 % of solving a small document (Documentation/Performance.md, "Branch
    /// smallsolve"). Equal keys have equal digests; `==` still compares the words.
    private let digest: UInt64

    init(variableCount: Int, constraints: [NinefoldSolver.Constraint], groups: [[Variable]] = []) {
        var count = 2 + groups.count
        for group in groups { count += group.count }
        for constraint in constraints { count += 4 + 2 * constraint.expression.terms.count }
        var words: [UInt64] = []
        words.reserveCapacity(count)
        words.append(UInt64(variableCount))
        // The translation groups change only how the solve is found (and its rounding), but
        // two components with the same key share one solve, so they are part of it.
        words.append(UInt64(groups.count))
        for group in groups {
            words.append(UInt64(group.count))
            for member in group { words.append(UInt64(member.index)) }
        }
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
        digest = Self.fold(words)
    }

    /// Each word mixed into the running value by SplitMix64's finaliser (a bijection with full
    /// avalanche), so keys differing in any word differ in every bit with even odds; the
    /// dictionary mixes the result with its own seed.
    private static func fold(_ words: [UInt64]) -> UInt64 {
        var value: UInt64 = 0x9E37_79B9_7F4A_7C15
        for word in words {
            value = (value ^ word) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            value ^= value >> 31
        }
        return value
    }

    static func == (lhs: ComponentKey, rhs: ComponentKey) -> Bool {
        lhs.digest == rhs.digest && lhs.words == rhs.words
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }
}

/// A component solved on its own solver: constraints added in order, a refused required one
/// recorded with its minimal conflict (indices into the component's constraints), then optimised.
/// After direct resolution the remaining constraints often fall apart (a stack's rows, once the
/// equations placing each row below the previous are out), and each connected piece gets a
/// solver of its own, for the same reason components do (`Decomposition`): a solver's pivots
/// scan its cost rows, so one solver for n independent pieces is quadratic.
struct ComponentSolve: Sendable {
    /// One solver for some of the component's constraints and the variables they mention.
    struct Piece: Sendable {
        /// Nil for a piece answered in closed form (`SingleVariableOptimum`): one variable whose
        /// optimum is a point, so it is answered as a removed variable is (`Part.removed`).
        var solver: Solver?
        /// The component's variable for each of the solver's, in order.
        var variables: [Int]
        /// The component's constraint for each id the solver gave, in adding order.
        var positions: [Int]
    }

    /// The whole component on one solver; or, with `resolution`, one per connected piece of
    /// the remaining constraints.
    var pieces: [Piece]
    /// Per constraint of the component, its id in its piece's solver; nil for one left out to
    /// recover from a conflict, or removed by direct resolution (`resolution`).
    var ids: [ConstraintID?]
    var conflicts: [(constraints: [Int], broken: Int)]
    /// Each variable's value, read once: frames are read many times per class (every rule that
    /// looks at geometry), and each read through a solver held elsewhere copied the solver.
    var values: [Double]
    /// The chains taken out before the simplex (Documentation/Solver.md, "Direct resolution"),
    /// nil when none was or when asked to keep every constraint.
    ///
    /// This and the two below are constants: an optional `var` has a default value (nil),
    /// and with one the optimised init built the solve twice and copied one into the other,
    /// every array retained and released (Documentation/Solver.md, "Branch fixedvars").
    let resolution: DirectResolution?

    /// The variables required equalities fix, read as constants by the pieces' solvers
    /// (Documentation/Solver.md, "Fixed variables as constants"); nil when none was used.
    let fixing: FixedVariables?
    /// With `fixing`, the component's required constraints as direct resolution left them
    /// (before the fixed variables were substituted), for the redundancy question, which a
    /// fixing equation can answer yes to.
    let remainder: RequiredRemainder?
    /// Whether every piece's solver answers a point for each of its variables
    /// (`Solver.optimalRangesArePoints`), asked as each solver is made, while it is still the
    /// init's own: asked afterwards through `pieces`, each solver was copied for the question
    /// (`isFixed`; Documentation/Performance.md, "Branch aroundfixed"). True when not asked.
    private let piecesArePoints: Bool

    /// With `resolving`, the removable chains are taken out first (`DirectResolution`), then
    /// the variables required equalities fix are read as constants (`FixedVariables`), and the
    /// reduced solve is kept only when every variable of the component is then a point: where
    /// a layout is ambiguous, which vertex the simplex shows depends on the tableau, and the
    /// reports show that vertex, so such a component is solved whole as before. A solve with
    /// fixed variables is kept only when no piece conflicts and every constraint left with no
    /// variable holds exactly; otherwise the component is solved without them (conflicts, their
    /// minimal sets and the allowed miss are then the whole solver's, as before).
    ///
    /// `groups` are the component's translation groups (`LayoutSystem.translationGroups`, in
    /// the component's numbering): direct resolution also takes out an equation that alone
    /// places such a group (Documentation/Solver.md, "Translations").
    ///
    /// `pieceSize` is the fewest constraints a piece's solver holds (`merged`); tests pass 1 to
    /// solve every piece apart. `fixing: false` leaves fixed variables in the solvers (the
    /// reduced solve as before branch stackflat), for tests that compare the two.
    ///
    /// `resolved`, when given, is what direct resolution finds for these constraints and no
    /// groups, found by the caller (`ResolvedComponents.share`): the search is not run again.
    ///
    /// The pieces' solvers name no variable: nothing asks a part's solver for a name (a
    /// variable's name is the class system's, `LayoutSystem.blank`), and copying each name
    /// into them was about 1,800 instructions a class on dynamic-height-label-and-text-field
    /// (Documentation/Performance.md, "Branch labels"; about 3,000 a solve of
    /// dynamic-height-columns, "Branch columns3").
    init(variableCount: Int, constraints: [NinefoldSolver.Constraint], groups: [[Variable]] = [],
         resolved: DirectResolution? = nil, resolving: Bool = true, fixing: Bool = true,
         pieceSize: Int = ComponentSolve.pieceSize) {
        let found = resolving
            ? resolved ?? DirectResolution(variableCount: variableCount, constraints: constraints, groups: groups) : nil
        let resolution = (found?.definitions.isEmpty ?? true) ? nil : found
        // With translations, the remaining constraints are in the re-expressed variables.
        let transformed = resolution?.transformed(constraints) ?? constraints
        if resolving && fixing && FixedVariables.mayFix(transformed, ignoring: resolution?.isConstraintRemoved,
                                                        variableCount: variableCount) {
            // The search first, its result's arrays made only when it is used: most searches
            // fix nothing or leave one piece (Documentation/Performance.md, "Branch piecelean").
            var finding = FixedVariables.Finding(variableCount: variableCount, constraints: transformed,
                                                 ignoring: resolution?.isConstraintRemoved)
            // Exactly one piece left: it goes to a solver as it would without the fixed
            // variables, less a few of them, which saved less than the pass cost (the form's
            // horizontal axis, tied together by its equal label widths: +4 % instructions for
            // nine classes when kept), so it is solved without them. Whether the constant
            // constraints hold is asked once.
            let usable = finding.count > 0 && finding.holds()
            if usable && finding.leavesNothing(removed: resolution?.isRemoved) {
                // Every constraint removed, fixing or constant (and holding), every variable
                // fixed or removed: no constraint is left for a piece, so no solver, no
                // conflict, every variable a point. That is the reduced solve `plan` and the
                // init below would make and keep, without the substituted system, the pieces'
                // search and the count of them (two-equal-width-buttons' horizontal axis:
                // Documentation/Performance.md, "Branch aroundsolve").
                self.init(variableCount: variableCount, constraints: constraints, transformed: transformed,
                          resolution: resolution, fixing: FixedVariables(&finding))
                return
            }
            // How many pieces `plan` would find with the fixed variables: the constraints it
            // keeps, joined by their variables that are not fixed (`Finding.pieceCount`).
            if usable && finding.pieceCount() != 1 {
                let fixed = FixedVariables(&finding)
                let plan = Self.plan(transformed, resolution: resolution, fixing: fixed, variableCount: variableCount)
                let reduced = ComponentSolve(variableCount: variableCount, constraints: constraints, transformed: transformed,
                                             plan: plan, resolution: resolution, fixing: fixed, pieceSize: pieceSize,
                                             askingPoints: true)
                if reduced.conflicts.isEmpty && reduced.isFixed(variableCount: variableCount) {
                    self = reduced
                    return
                }
            }
        }
        if let resolution {
            let plan = Self.plan(transformed, resolution: resolution, fixing: nil, variableCount: variableCount)
            let reduced = ComponentSolve(variableCount: variableCount, constraints: constraints, transformed: transformed,
                                         plan: plan, resolution: resolution, fixing: nil, pieceSize: pieceSize,
                                         askingPoints: true)
            if reduced.isFixed(variableCount: variableCount) {
                self = reduced
                return
            }
        }
        let plan = Self.plan(constraints, resolution: nil, fixing: nil, variableCount: variableCount)
        self.init(variableCount: variableCount, constraints: constraints, transformed: constraints, plan: plan,
                  resolution: nil, fixing: nil, pieceSize: pieceSize)
    }

    /// The system the pieces' solvers get (`transformed`; with `fixing`, each constraint is read
    /// as `fixing.substituted` of it, fixed variables as constants) and its pieces: the
    /// constraints neither removed, fixing nor constant, split by `split`; one piece of
    /// everything when nothing was taken out. `substituted`: `system` is already
    /// `fixing.substituted(transformed)` (most constraints kept), read as it is.
    private static func plan(_ transformed: [NinefoldSolver.Constraint], resolution: DirectResolution?,
                             fixing: FixedVariables?, variableCount: Int)
        -> (system: [NinefoldSolver.Constraint], pieces: [(variables: [Int], positions: [Int])], substituted: Bool) {
        // Nothing taken out: every constraint is kept, in one piece (`split`'s whole), without
        // asking each whether it was.
        if resolution == nil && fixing == nil {
            return (transformed, [(Array(0..<variableCount), Array(transformed.indices))], false)
        }
        // The kept constraints are split as `fixing.substituted` would leave them (their terms
        // on fixed variables passed over), but not substituted here: a piece's solver gets each
        // substituted and renumbered in one pass, a closed form substituted, and the others
        // never are (the substituted copy of the whole component was most of an array per
        // constraint made and dropped; Documentation/Performance.md, "Branch aroundfixed").
        let kept = transformed.indices.filter { index in
            !(resolution?.isConstraintRemoved[index] ?? false) && !(fixing?.isFixing[index] ?? false)
                && !(fixing?.isConstant[index] ?? false)
        }
        // When most constraints are kept (nested stacks' rows), the substituted copy is mostly
        // what the pieces read anyway, and reading every term through the fixed values cost
        // more than it saved: the whole component is substituted then, as before. Either way the
        // pieces, and each constraint a piece's solver gets, are the same.
        if let fixing, 2 * kept.count > transformed.count {
            let system = fixing.substituted(transformed)
            return (system, Self.split(kept, of: system, variableCount: variableCount, whole: false), true)
        }
        let split = Self.split(kept, of: transformed, fixed: fixing?.values, variableCount: variableCount,
                               whole: resolution == nil && fixing == nil)
        return (transformed, split, false)
    }

    /// Per constraint of the component: whether it holds though no piece's solver numbers it:
    /// removed by direct resolution (its variable is defined by it), a fixing equation, or a
    /// constraint left with no variable that holds at the fixed values.
    var isHeldOutside: [Bool]? {
        guard resolution != nil || fixing != nil else { return nil }
        return ids.indices.map { isHeldOutside($0) }
    }

    /// `isHeldOutside?[index] ?? false`, asked without the array: the layout reads each
    /// constraint once, and the array was an allocation per component solved
    /// (Documentation/Performance.md, "Branch piecelean").
    func isHeldOutside(_ index: Int) -> Bool {
        (resolution?.isConstraintRemoved[index] ?? false) || (fixing?.isFixing[index] ?? false)
            || (fixing?.isConstant[index] ?? false)
    }

    /// Whether no piece's solver holds component variable `variable`, because direct
    /// resolution removed it or a required equality fixed it (its value is then in `values`,
    /// its range a point): asked per variable, without an array of the flags.
    private func isOutside(_ variable: Int) -> Bool {
        (resolution?.isRemoved[variable] ?? false) || (fixing?.values[variable] != nil)
    }

    /// Whether every variable is a point: those the pieces hold by their optimal ranges, the
    /// removed and fixed ones because every other variable of their equations is. A variable
    /// that is neither outside nor in a piece is free.
    ///
    /// Made with `askingPoints`, the init asked each piece's solver as it was made
    /// (`piecesArePoints`, stopping at the first that is not); the flags are filled here
    /// per variable (`isOutside(_:)`), not mapped from an optional array of them.
    private func isFixed(variableCount: Int) -> Bool {
        guard resolution != nil || fixing != nil else { return true }
        guard piecesArePoints else { return false }
        var held = Array(filled: false, count: values.count)
        for variable in held.indices where isOutside(variable) { held[variable] = true }
        // Each piece read in place: a copy of a piece retains and releases its solver's arrays.
        for index in pieces.indices {
            for variable in pieces[index].variables { held[variable] = true }
        }
        return held.allSatisfy { $0 }
    }

    /// `transformed` is `resolution`'s `transformed(constraints)` (the constraints themselves
    /// without one): the remaining constraints are in the re-expressed variables; with fixed
    /// variables, those are constants.
    private init(variableCount: Int, constraints: [NinefoldSolver.Constraint],
                 transformed: [NinefoldSolver.Constraint],
                 plan: (system: [NinefoldSolver.Constraint], pieces: [(variables: [Int], positions: [Int])], substituted: Bool),
                 resolution: DirectResolution?, fixing: FixedVariables?, pieceSize: Int, askingPoints: Bool = false) {
        let system = plan.system
        let whole = resolution == nil && fixing == nil
        var ids: [ConstraintID?] = Array(filled: nil, count: constraints.count)
        var conflicts: [(constraints: [Int], broken: Int)] = []
        var pieces: [Piece] = []
        pieces.reserveCapacity(plan.pieces.count)
        // Each variable's value, written as its piece is answered (a closed form, or its
        // solver once optimised), not read back from the pieces afterwards: a loop over the
        // pieces copied each, and a copy of a piece retains and releases every array of its
        // solver (Documentation/Performance.md, "Branch aroundsolver"). A variable is in one
        // piece at most and no piece holds a fixed one, so the values are the same.
        var solved = Array(filled: 0.0, count: variableCount)
        // Per component variable, its number in its piece's solver; not needed whole, where
        // the solver's numbering is the component's.
        var local = whole ? [] : Array(0..<variableCount)
        var split = plan.pieces
        var arePoints = true
        // With `fixing`, each constraint a piece reads is substituted (`FixedVariables
        // .substituted`), from the fixed values taken once: `fixing` bound per constraint was
        // a copy of it, its arrays retained and released.
        let substitutes = fixing != nil && !plan.substituted
        let fixedValues = substitutes ? fixing?.values ?? [] : []
        // A piece of one variable under non-required constraints whose optimum is a point needs
        // no solver (Documentation/Solver.md, "Small systems"): a label's hugging pair. Asked
        // only when some piece has one variable: removing none still copied the shared list of
        // pieces (Documentation/Performance.md, "Branch piecelean").
        if split.contains(where: { $0.variables.count == 1 }) {
            split.removeAll { pieceVariables, positions in
                // A required constraint is never answered in closed form (`SingleVariableOptimum`
                // declines it first): asked before the piece's constraints are substituted, so
                // that a piece the solver takes is not substituted twice.
                guard pieceVariables.count == 1, !positions.contains(where: { system[$0].priority.isRequired }),
                      let value = SingleVariableOptimum.value(of: positions.map {
                          substitutes ? FixedVariables.substituted(system[$0], values: fixedValues) : system[$0]
                      })
                else { return false }
                for (number, position) in positions.enumerated() { ids[position] = ConstraintID(index: number) }
                pieces.append(Piece(solver: nil, variables: pieceVariables, positions: positions))
                solved[pieceVariables[0]] = value
                return true
            }
        }
        for (pieceVariables, positions) in Self.merged(split, size: pieceSize) {
            var solver = Solver()
            solver.makeUnnamedVariables(pieceVariables.count)
            if !whole {
                for (number, variable) in pieceVariables.enumerated() { local[variable] = number }
            }
            for position in positions {
                var constraint = system[position]
                if substitutes {
                    constraint = FixedVariables.substituted(constraint, values: fixedValues, renumbering: local)
                } else if !whole {
                    constraint.expression.terms = constraint.expression.terms.map { Term(Variable(index: local[$0.variable.index]), $0.coefficient) }
                }
                do {
                    ids[position] = try solver.add(constraint)
                } catch {
                    // The solver numbers the constraints it is given in order.
                    conflicts.append((error.constraints.map { positions[$0.index] }, position))
                }
            }
            solver.optimize()
            if askingPoints && arePoints { arePoints = solver.optimalRangesArePoints(ofFirst: pieceVariables.count) }
            for (number, variable) in pieceVariables.enumerated() { solved[variable] = solver.value(of: Variable(index: number)) }
            // Moved, not copied: a copy of a solver retains and later releases each of its
            // arrays (about 1,500 instructions a solver on a small document).
            pieces.append(Piece(solver: consume solver, variables: pieceVariables, positions: positions))
        }
        conflicts.sort { $0.broken < $1.broken }
        if let fixing {
            for (variable, value) in fixing.values.enumerated() { if let value { solved[variable] = value } }
        }
        // Back substitution in place (`DirectResolution.substitute`), the removed variables at 0
        // first, as `values(_:variableCount:remaining:)` starts them: its array beside `solved`
        // was one more allocation per component (Documentation/Performance.md, "Branch
        // aroundfixed").
        if let resolution {
            for variable in 0..<variableCount where resolution.isRemoved[variable] { solved[variable] = 0 }
            resolution.substitute(constraints, into: &solved)
        }
        values = solved
        self.pieces = pieces
        self.ids = ids
        self.conflicts = conflicts
        self.resolution = resolution
        self.fixing = fixing
        piecesArePoints = arePoints
        remainder = fixing.map {
            RequiredRemainder(variableCount: variableCount, constraints: transformed, fixing: $0,
                              removed: resolution?.isConstraintRemoved)
        }
    }

    /// The reduced solve when every variable is fixed (`fixing`) or removed (`resolution`):
    /// what the init below gives with no piece (no solver, so no id and no conflict), each
    /// fixed variable at its value and the removed ones by back substitution from them.
    private init(variableCount: Int, constraints: [NinefoldSolver.Constraint], transformed: [NinefoldSolver.Constraint],
                 resolution: DirectResolution?, fixing: FixedVariables) {
        pieces = []
        ids = Array(filled: nil, count: constraints.count)
        conflicts = []
        piecesArePoints = true
        // In place, as in the init below.
        var solved = fixing.values.map { $0 ?? 0 }
        if let resolution {
            for variable in 0..<variableCount where resolution.isRemoved[variable] { solved[variable] = 0 }
            resolution.substitute(constraints, into: &solved)
        }
        values = solved
        self.resolution = resolution
        self.fixing = fixing
        remainder = RequiredRemainder(variableCount: variableCount, constraints: transformed, fixing: fixing,
                                      removed: resolution?.isConstraintRemoved)
    }

    /// The connected pieces of the constraints at `positions` (union-find over variables), each
    /// as its variables ascending and its constraints in order, ordered by first constraint;
    /// with `whole`, one piece of every variable and constraint, as before direct resolution.
    ///
    /// With `fixed` (`FixedVariables.values`), each constraint is read as `FixedVariables
    /// .substituted` leaves it: its terms on fixed variables passed over, the others in order.
    private static func split(_ positions: [Int], of system: [NinefoldSolver.Constraint], fixed: [Double?]? = nil,
                              variableCount: Int, whole: Bool) -> [(variables: [Int], positions: [Int])] {
        if whole { return [(Array(0..<variableCount), positions)] }
        // One array for the union-find (path halving, the larger root under the smaller: the
        // sets, and so the pieces, are `VariableComponents`' whatever the roots) and each
        // root's piece; each position's piece; then each piece's arrays made at their size.
        // The pieces' arrays grown an append at a time, and the union-find's own arrays, were
        // most of splitting a component (Documentation/Performance.md, "Branch aroundsolver").
        // Each position's piece follows, from `work[2 * variableCount]`: one array, not two
        // (Documentation/Performance.md, "Branch aroundfixed").
        var work = Array(filled: -1, count: 2 * variableCount + positions.count)
        let pieceOfPosition = 2 * variableCount
        for variable in 0..<variableCount { work[variable] = variable }
        func root(_ variable: Int) -> Int {
            var node = variable
            while work[node] != node {
                work[node] = work[work[node]]
                node = work[node]
            }
            return node
        }
        // A term on a fixed variable is passed over (read in place: no closure and no optional
        // bound per term, each a retain and a release).
        let passesFixed = fixed != nil
        let fixedValues = fixed ?? []
        for position in positions {
            let count = system[position].expression.terms.count
            var first = -1
            for term in 0..<count {
                let variable = system[position].expression.terms[term].variable.index
                if passesFixed && fixedValues[variable] != nil { continue }
                guard first >= 0 else {
                    first = variable
                    continue
                }
                let (a, b) = (root(first), root(variable))
                if a != b { work[max(a, b)] = min(a, b) }
            }
        }
        // Pieces numbered by their first constraint; a constraint with no variable is one alone.
        var pieceCount = 0
        for (number, position) in positions.enumerated() {
            var firstRead = -1
            for term in system[position].expression.terms.indices {
                let variable = system[position].expression.terms[term].variable.index
                if passesFixed && fixedValues[variable] != nil { continue }
                firstRead = variable
                break
            }
            guard firstRead >= 0 else {
                work[pieceOfPosition + number] = pieceCount
                pieceCount += 1
                continue
            }
            let root = root(firstRead)
            if work[variableCount + root] < 0 {
                work[variableCount + root] = pieceCount
                pieceCount += 1
            }
            work[pieceOfPosition + number] = work[variableCount + root]
        }
        // Each piece's positions (in order) and variables (ascending) placed together in two
        // flat lists by a counting sort, then each piece's two arrays copied out whole: appended
        // one at a time into the pieces, every append checked both the list of pieces and the
        // piece's array for uniqueness.
        // The starts, then the placing cursors (a copy of the starts) in the same array.
        let cursor = 2 * (pieceCount + 1)
        var start = Array(filled: 0, count: 2 * cursor)
        let variableStart = pieceCount + 1
        for number in positions.indices { start[work[pieceOfPosition + number] + 1] += 1 }
        // Each variable's parent made its root (ascending, a walk meets only smaller variables,
        // already pointing at their roots), so that its piece is `work[variableCount + work[v]]`.
        for variable in 0..<variableCount { work[variable] = root(variable) }
        var placed = 0
        for variable in 0..<variableCount where work[variableCount + work[variable]] >= 0 {
            start[variableStart + work[variableCount + work[variable]] + 1] += 1
            placed += 1
        }
        for piece in 0..<pieceCount {
            start[piece + 1] += start[piece]
            start[variableStart + piece + 1] += start[variableStart + piece]
        }
        var flat = Array(filled: 0, count: positions.count + placed)
        for entry in 0..<cursor { start[cursor + entry] = start[entry] }
        for (number, position) in positions.enumerated() {
            let piece = work[pieceOfPosition + number]
            flat[start[cursor + piece]] = position
            start[cursor + piece] += 1
        }
        for variable in 0..<variableCount where work[variableCount + work[variable]] >= 0 {
            let piece = work[variableCount + work[variable]]
            flat[positions.count + start[cursor + variableStart + piece]] = variable
            start[cursor + variableStart + piece] += 1
        }
        var pieces: [(variables: [Int], positions: [Int])] = []
        pieces.reserveCapacity(pieceCount)
        for piece in 0..<pieceCount {
            pieces.append((Array(flat[(positions.count + start[variableStart + piece])..<(positions.count + start[variableStart + piece + 1])]),
                           Array(flat[start[piece]..<start[piece + 1]])))
        }
        return pieces
    }

    /// Consecutive pieces joined until each holds at least `size` constraints: a solver
    /// per piece of one or two constraints (a form's label heights) cost more to set up and
    /// to ask than it saved, while a solver of a bounded number of pieces keeps solving
    /// linear. Joining independent pieces is what one solver for the component did.
    private static func merged(_ pieces: [(variables: [Int], positions: [Int])], size: Int)
        -> [(variables: [Int], positions: [Int])] {
        // One piece (a component solved whole) is joined to nothing: handed back, not copied
        // into a new array.
        guard pieces.count > 1 else { return pieces }
        var joined: [(variables: [Int], positions: [Int])] = []
        for piece in pieces {
            if let last = joined.last, last.positions.count < size {
                joined[joined.count - 1] = ((last.variables + piece.variables).sorted(), (last.positions + piece.positions).sorted())
            } else {
                joined.append(piece)
            }
        }
        return joined
    }

    /// Constraints a piece's solver holds at least (but for the last), when pieces are joined.
    static let pieceSize = 64

    /// The layout's parts for this solve, given the class's variable for each of the component's
    /// and the class's constraint index for each of its constraints: one per piece (a variable
    /// re-expressed by a translation answered from `values`), and one without a solver for the
    /// variables direct resolution removed or a required equality fixed; with fixed variables,
    /// that part also answers the redundancy question for the component's constraints
    /// (`RequiredRemainder`). The parts without a solver (that one, and a piece answered in
    /// closed form) say that every variable is a point by `allRemoved`, not by an array of
    /// `true`s, which was an allocation each (Documentation/Performance.md, "Branch aroundsolve").
    func parts(variables: [Variable], members: [Int]) -> [LayoutSolution.Part] {
        parts(variables: variables[...], members: members[...])
    }

    /// `parts(variables:members:)` with the members as the component's slice of the class's
    /// (`Decomposition.members`), position k of the component at `members.startIndex + k`: the
    /// layout made an array of them per component solved (Documentation/Performance.md,
    /// "Branch piecelean").
    ///
    /// The variables too are the component's slice of the class's (`Decomposition.variables`),
    /// variable k at `variables.startIndex + k`: copied into an array only for a piece of every
    /// variable, whose part holds them as they are (the layout made an array of them per
    /// component solved; Documentation/Performance.md, "Branch aroundfixed").
    func parts(variables: ArraySlice<Variable>, members: ArraySlice<Int>) -> [LayoutSolution.Part] {
        var pieces = self.pieces
        var parts: [LayoutSolution.Part] = []
        parts.reserveCapacity(pieces.count + 1)
        append(variables: variables, members: members, pieces: &pieces, taking: false, to: &parts)
        return parts
    }

    /// `parts(variables:members:)` of a solve that is dropped next and that no one else holds
    /// (the layout's, when neither the cache nor a later class keeps it): each piece's solver
    /// is moved into its part, not copied, and this solve is left without pieces. A copy
    /// retained every array of the solver, and dropping the solve then released each again
    /// (Documentation/Performance.md, "Branch labels"). Were the pieces held elsewhere too,
    /// they would be copied first (copy on write), and the parts would be the same.
    ///
    /// The parts are appended to the layout's own list: returned in an array of their own,
    /// they were an allocation per component solved and an append of its contents
    /// (Documentation/Performance.md, "Branch labels").
    mutating func takeParts(variables: ArraySlice<Variable>, members: ArraySlice<Int>,
                            into parts: inout [LayoutSolution.Part]) {
        var pieces: [Piece] = []
        swap(&pieces, &self.pieces)
        append(variables: variables, members: members, pieces: &pieces, taking: true, to: &parts)
    }

    /// Appends the parts of `pieces` (this solve's) to `parts`, each piece's solver copied into
    /// its part or, with `taking`, moved out of `pieces`.
    private func append(variables: ArraySlice<Variable>, members: ArraySlice<Int>, pieces: inout [Piece],
                        taking: Bool, to parts: inout [LayoutSolution.Part]) {
        let base = members.startIndex
        let first = variables.startIndex
        let replaced = resolution?.isReplaced
        // Each piece read in place: a loop over copies of the pieces retained and released each
        // piece's arrays, its solver's among them (Documentation/Performance.md, "Branch
        // aroundsolve").
        for index in pieces.indices {
            let pieceVariables = pieces[index].variables
            guard let solver = taking ? pieces[index].solver.take() : pieces[index].solver else {
                parts.append(LayoutSolution.Part(solver: Solver(), variables: pieceVariables.map { variables[first + $0] }[...], ids: [],
                                                 values: pieceVariables.map { values[$0] }, allRemoved: true))
                continue
            }
            // A piece of every variable (a component solved whole) holds them in the component's
            // order (a piece's variables are ascending), so its variables and values are the
            // component's as they are: shared (the variables the decomposition's slice, not
            // copied into an array), not mapped into two new arrays.
            let isWhole = pieceVariables.count == variables.count
            parts.append(LayoutSolution.Part(solver: solver, variables: isWhole ? variables : pieceVariables.map { variables[first + $0] }[...],
                                             ids: pieces[index].positions.map { ids[$0] == nil ? nil : ConstraintID(index: members[base + $0]) },
                                             values: isWhole ? values : pieceVariables.map { values[$0] },
                                             removed: replaced.map { replaced in pieceVariables.map { replaced[$0] } }))
        }
        if resolution != nil || fixing != nil {
            // The variables outside every piece and their values, counted first and written into
            // arrays made at their size: the flags, the positions filtered from them, then two
            // maps were four allocations a component (Documentation/Performance.md, "Branch
            // piecelean").
            var count = 0
            for index in 0..<variables.count where isOutside(index) { count += 1 }
            if count > 0 || remainder != nil {
                var removedVariables: [Variable] = []
                var removedValues: [Double] = []
                removedVariables.reserveCapacity(count)
                removedValues.reserveCapacity(count)
                for index in 0..<variables.count where isOutside(index) {
                    removedVariables.append(variables[first + index])
                    removedValues.append(values[index])
                }
                parts.append(LayoutSolution.Part(solver: Solver(), variables: removedVariables[...], ids: [],
                                                 values: removedValues, allRemoved: true,
                                                 remainder: remainder.map { (Array(members), $0) }))
            }
        }
    }
}

/// A component's required constraints as direct resolution left them, for the redundancy
/// question when fixed variables were read as constants (`FixedVariables`). A fixing equation
/// can be implied by the others (the outer stack's leading pinned twice), and whether it is
/// can depend on every piece that hangs from it, so no piece's solver can answer. The answer
/// is the component solved whole's: implication reads the required constraints alone
/// (`Solver.impliedConstraints`), a constraint direct resolution removed is never implied (its
/// variable is free without it), and removing it changes no other's implication (its variable
/// occurs in no other remaining constraint; the translations' change of variables is
/// invertible). Asked only by the redundancy rule, at most once per layout.
final class RequiredRemainder: Sendable {
    let variableCount: Int
    /// The component's constraints as direct resolution left them (`DirectResolution.transformed`).
    let constraints: [NinefoldSolver.Constraint]
    /// Per constraint: whether direct resolution removed it (nil: none was).
    let removed: [Bool]?
    let fixing: FixedVariables

    init(variableCount: Int, constraints: [NinefoldSolver.Constraint], fixing: FixedVariables, removed: [Bool]?) {
        self.variableCount = variableCount
        self.constraints = constraints
        self.fixing = fixing
        self.removed = removed
    }

    /// Whether constraint `index` takes part: required, and not removed by direct resolution.
    /// Asked, not kept as an array: the question is asked at most once per layout, and the
    /// array was made for every component answered with fixed variables (Documentation/Solver.md,
    /// "Branch fixedvars").
    func isCounted(_ index: Int) -> Bool {
        constraints[index].priority.isRequired && !(removed?[index] ?? false)
    }

    /// Of `candidates` (positions in the component, in the caller's order), those
    /// `Solver.impliedConstraints(among:)` reports for the counted constraints: from the fixing
    /// steps when every variable is fixed by equalities (`FixedVariables.implied`), otherwise
    /// on a solver holding them in order. The component had no conflict (`ComponentSolve`
    /// keeps fixed variables only then), so every add succeeds; one that did not would be left
    /// out, as the whole solver leaves out a constraint it refuses.
    func implied(among candidates: [Int]) -> [Int] {
        let asked = candidates.filter { isCounted($0) }
        guard !asked.isEmpty else { return [] }
        if let found = fixing.implied(among: asked, in: constraints, counted: { isCounted($0) }) { return found }
        var solver = Solver()
        solver.makeUnnamedVariables(variableCount)
        var ids: [ConstraintID?] = Array(filled: nil, count: constraints.count)
        var positionOfID: [Int: Int] = [:]
        for (position, constraint) in constraints.enumerated() where isCounted(position) {
            ids[position] = try? solver.add(constraint)
            if let id = ids[position] { positionOfID[id.index] = position }
        }
        return solver.impliedConstraints(among: asked.compactMap { ids[$0] }).compactMap { positionOfID[$0.index] }
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
    /// Each key's solve, as its position in `solveList`: a solve is a large value, and a table
    /// of them allocated its buckets at that size (a table reserved for a small document's few
    /// components took about 6,500 instructions, callgrind; Documentation/Performance.md,
    /// "Branch smallsolve").
    private var solves: [ComponentKey: Int] = [:]
    private var solveList: [ComponentSolve] = []
    /// Whether only the class being solved will ever read this cache (`oneSystem()`).
    private var isForOneSystem = false
    /// With `isForOneSystem`, the solves made without a key, with what their keys would be made
    /// of (`Shape`): a key is made only when another component of the same shape comes.
    private var unkeyed: [(shape: Shape, constraints: [NinefoldSolver.Constraint], groups: [[Variable]], position: Int)] = []
    private var layouts: [(safeArea: SafeAreaInsets, layout: SolvedLayout)] = []
    /// How many components were asked of the cache, and how many of them were solved (the rest
    /// reused).
    public private(set) var requested = 0
    public private(set) var solved = 0
    /// How many components direct resolution answered alone, without the cache
    /// (`ResolvedComponents`).
    public private(set) var resolved = 0
    /// How many classes' first passes were made as edits of an earlier class's (`SystemEdit`).
    public private(set) var edited = 0

    /// Per document class solved, its first pass's system (no label measured at its width)
    /// and how it was solved, for a later class whose system is an edit of it (`SystemEdit`).
    private var firstPasses: [(safeArea: SafeAreaInsets, system: LayoutSystem, components: SolvedComponents)] = []

    public init() {}

    /// A cache that only the one system being solved will read (`LayoutEngine.solve(_:)`), so
    /// a component can share a solve only with another component of the same class. Two
    /// components have equal keys only if they have the same shape (variable, constraint and
    /// group counts, `Shape`), so a component's key is made only when an earlier component of
    /// its shape was solved here; otherwise the solve is made and kept without one. Making
    /// the key and reserving the table (whose first allocation looks up the table's generic
    /// metadata at run time) were about 7,000 instructions of solving a small document whose
    /// one component needs a solve (Documentation/Performance.md, "Branch aroundsolve"). The
    /// solves are those a keyed cache gives: a solve depends on its key's contents alone.
    static func oneSystem() -> SolveCache {
        var cache = SolveCache()
        cache.isForOneSystem = true
        return cache
    }

    /// What two equal keys have in common, cheap to compare before a key is made.
    private struct Shape: Equatable {
        let variableCount: Int
        let constraintCount: Int
        let groupCount: Int
    }

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

    /// Whether `solve(…recurs:…)` keeps the solve it gives (to hand it to a later component
    /// of the same key): not for one system when no later component can share it.
    func keeps(recurring recurs: Bool) -> Bool {
        !(isForOneSystem && !recurs)
    }

    /// Makes room for `more` component solves; not for one system (`oneSystem()`), which makes
    /// few keys, if any.
    mutating func reserve(_ more: Int) {
        guard !isForOneSystem else { return }
        solves.reserveCapacity(solves.count + more)
        solveList.reserveCapacity(solveList.count + more)
    }

    /// Counts a component that direct resolution answered alone (`ResolvedComponents`), with
    /// no solver and no cache entry.
    mutating func countResolved(_ components: Int = 1) {
        resolved += components
    }

    mutating func remember(_ layout: SolvedLayout, safeArea: SafeAreaInsets) {
        layouts.append((safeArea, layout))
    }

    /// The solve of the component of these constraints and groups over `variableCount`
    /// variables (in its own numbering, `ComponentKey`), from the cache or made now; `resolved`
    /// gives its direct resolution when the caller has it (`ComponentSolve.init`), asked only
    /// when the component is solved here.
    ///
    /// `recurs: false` says that no later component of the class has this one's variable and
    /// constraint counts, so none can share its solve: for one system (`oneSystem()`) the solve
    /// is then not kept at all (its copy in the list, the list's growth and the generic
    /// destruction of both were about 1,500 instructions a class on a small document;
    /// Documentation/Performance.md, "Branch aroundsolver").
    mutating func solve(variableCount: Int, constraints: [NinefoldSolver.Constraint], groups: [[Variable]] = [],
                        recurs: Bool = true,
                        resolved: () -> DirectResolution? = { nil }) -> ComponentSolve {
        requested += 1
        if !keeps(recurring: recurs) {
            solved += 1
            return ComponentSolve(variableCount: variableCount, constraints: constraints, groups: groups,
                                  resolved: resolved())
        }
        var key: ComponentKey?
        if isForOneSystem {
            let shape = Shape(variableCount: variableCount, constraintCount: constraints.count, groupCount: groups.count)
            if unkeyed.contains(where: { $0.shape == shape }) {
                // Another component of this shape: its key and this one's decide.
                for earlier in unkeyed where earlier.shape == shape {
                    let earlierKey = ComponentKey(variableCount: variableCount, constraints: earlier.constraints,
                                                  groups: earlier.groups)
                    solves[earlierKey] = earlier.position
                }
                unkeyed.removeAll { $0.shape == shape }
                key = ComponentKey(variableCount: variableCount, constraints: constraints, groups: groups)
            } else {
                unkeyed.append((shape, constraints, groups, solveList.count))
            }
        } else {
            key = ComponentKey(variableCount: variableCount, constraints: constraints, groups: groups)
        }
        if let key, let known = solves[key] { return solveList[known] }
        solved += 1
        let solve = ComponentSolve(variableCount: variableCount, constraints: constraints, groups: groups,
                                   resolved: resolved())
        if let key { solves[key] = solveList.count }
        solveList.append(solve)
        return solve
    }
}

/// The components of a class answered without a solver: those direct resolution answers alone
/// (every variable and every constraint taken out: pins such as `height = 44`, a position fixed
/// by a chain of required equalities from a pinned anchor), and those of one variable whose
/// non-required constraints have a single optimal point (`SingleVariableOptimum`: a label's
/// hugging pair on its width). They need no solver, no key and no cache entry: their values are
/// a back substitution or the closed form, their ranges points, and nothing ties to them. All of
/// them share one part. On the bundled documents most components are of these kinds, and a
/// solver, a cache key and a part each per component were most of solving one
/// (Documentation/Performance.md, "Branch small" and "Branch tinysolve").
///
/// Exact, and the same answers as solving each alone (`DecompositionTests` compares every
/// answer with one solver holding the whole class): direct resolution's rule reads occurrence
/// counts, which never cross a component, and its work list is a stack that a component's own
/// variables enter only from that component, in the same relative order (variables and
/// constraints keep the class's order in a component's numbering); so each component gets the
/// definitions, in the same order, that `ComponentSolve` finds for it, and back substitution
/// computes each value from the same terms in the same order. `ComponentSolve` keeps such a
/// reduced solve whatever the ranges (no variable is left to move), as here; and it answers a
/// one-variable component by the same closed form, from the same constraints.
struct ResolvedComponents {
    private let resolution: DirectResolution?
    /// The class's constraints, in the class's numbering; `resolution` and the values here
    /// number variables by `number(_:)`.
    private let constraints: [NinefoldSolver.Constraint]
    /// The class's variables some constraint mentions, ascending, when the class's terms are
    /// fewer than half of its variables (the unconstrained scene of 100 views has 404 variables
    /// and 4 constraints): variable `k` of `resolution` is then `mentioned[k]`, and nothing here
    /// has an entry per class variable, so a variable no constraint mentions costs nothing
    /// (Documentation/Solver.md, "Fixed cost per class"). Ascending, as each component's own
    /// numbering is, so direct resolution meets every component's variables in the same
    /// relative order either way. Nil: `constraints` are in the class's own numbering.
    let mentioned: [Int32]?
    private let variableCount: Int
    /// Whether the class has translation groups (`LayoutSystem.translationGroups`).
    private let hasGroups: Bool
    /// The variables of the components answered so far, in the order asked, and the value of
    /// each answered in closed form (the others' come from back substitution).
    private var answered: [Variable] = []
    private var closed: [(variable: Variable, value: Double)] = []
    /// Whether `answered` is every mentioned variable in ascending order (`answerAll`).
    private var answeredAll = false
    /// `closedForms`' working arrays, kept from one component to the next so that a class
    /// allocates them once rather than per component asked (Documentation/Performance.md,
    /// "Branch aroundsolve").
    private var scratchAlone: [(variable: Int32, constraint: Int32)] = []
    private var scratchPositions: [Int] = []
    /// The components' shares once asked (`share(of:in:local:)`).
    private var madeShares: ResolutionShares?
    /// How many components found their share alone (`directShare`).
    private var sharesAskedAlone = 0

    init(_ system: borrowing LayoutSystem) {
        hasGroups = !system.translationGroups.isEmpty
        guard !system.constraints.isEmpty else {
            resolution = nil
            constraints = []
            mentioned = nil
            variableCount = 0
            return
        }
        let count = system.blank.variableCount
        var termCount = 0
        for index in system.constraints.indices { termCount += system.constraints[index].constraint.expression.terms.count }
        if termCount * 2 < count {
            // Sorted and made unique rather than marked in an array of every variable.
            var list: [Int32] = []
            list.reserveCapacity(termCount)
            for index in system.constraints.indices {
                for term in system.constraints[index].constraint.expression.terms { list.append(Int32(term.variable.index)) }
            }
            list.sort()
            var unique = 0
            for value in list where unique == 0 || list[unique - 1] != value {
                list[unique] = value
                unique += 1
            }
            list.removeLast(list.count - unique)
            mentioned = list
            variableCount = list.count
        } else {
            mentioned = nil
            variableCount = count
        }
        let constraints = system.constraints.map(\.constraint)
        self.constraints = constraints
        let found = mentioned.map { DirectResolution(mentioned: $0, constraints: constraints) }
            ?? DirectResolution(variableCount: variableCount, constraints: constraints)
        resolution = found.definitions.isEmpty ? nil : found
    }

    /// `variable`'s number in `constraints`.
    private func number(_ variable: Variable) -> Int {
        mentioned.map { DirectResolution.position(of: variable.index, in: $0) } ?? variable.index
    }

    /// Whether the component of these constraints (indices in the class) and variables is
    /// answered here, remembering it for `part` if so. Direct resolution must take out each
    /// constraint and each variable: `x + y = 10` alone loses its constraint with one of the
    /// two, and the other is then free (`ComponentSolve` solves such a component whole, for the
    /// vertex the simplex shows). Or, in a class without translation groups, every variable it
    /// keeps must be held alone by constraints whose optimum is one point in closed form, its
    /// other constraints removed (`closedForms`: a view placed below a label whose height is
    /// its hugging pair).
    mutating func answers(_ members: ArraySlice<Int>, _ variables: ArraySlice<Variable>) -> Bool {
        guard let first = variables.first else { return false }
        if let resolution, members.allSatisfy({ resolution.isConstraintRemoved[$0] }),
           variables.allSatisfy({ resolution.isRemoved[number($0)] }) {
            appendAnswered(variables)
            return true
        }
        if variables.count == 1 {
            guard let value = SingleVariableOptimum.value(of: constraints, at: members) else { return false }
            reserveAnswered()
            answered.append(first)
            closed.append((first, value))
            return true
        }
        guard !hasGroups, closedForms(members, variables) else { return false }
        appendAnswered(variables)
        return true
    }

    /// `answered += variables`, one append at a time into the room `reserveAnswered` makes:
    /// the slice's `+=` went through the generic `append(contentsOf:)`, about 190 instructions
    /// a component answered, for the two or three variables of a bundled layout's
    /// (Documentation/Performance.md, "Branch labels2"). The same variables in the same order.
    private mutating func appendAnswered(_ variables: ArraySlice<Variable>) {
        reserveAnswered()
        for variable in variables { answered.append(variable) }
    }

    /// Room for every variable in `answered`, made at the first component answered: reserved
    /// at the first asked, it was an allocation for nothing in a class none of whose components
    /// is answered here (diary-table-view-cell; Documentation/Performance.md, "Branch
    /// aroundfixed").
    private mutating func reserveAnswered() {
        if answered.isEmpty { answered.reserveCapacity(variableCount) }
    }

    /// Whether each variable of the component that direct resolution kept is held alone by the
    /// constraints it did not remove, their optimum one point in closed form
    /// (`SingleVariableOptimum`), and no other constraint is left; if so, those values are
    /// appended to `closed` (nothing is, otherwise).
    ///
    /// What `ComponentSolve` answers for such a component, as `answerAll` says of a whole class
    /// of them: the same definitions (`shares`), nothing fixed (fixing reads required
    /// equalities, and every kept constraint is optional), each kept variable a piece of its
    /// own answered by the same closed form of the same constraints, the reduced solve kept
    /// (every variable a point), and back substitution into the same equations in the same
    /// order (`part`); every constraint held, none tied or implied. Asked only without
    /// translation groups, with which `ComponentSolve`'s resolution could re-express the
    /// component. On the bundled documents such components (a view placed below or beside a
    /// label) each cost a solve, a cache key and two parts (Documentation/Performance.md,
    /// "Branch smallsolve").
    private mutating func closedForms(_ members: ArraySlice<Int>, _ variables: ArraySlice<Variable>) -> Bool {
        // Checked before anything is allocated: most components asked here have a kept
        // constraint of two variables or more, and are solved.
        for index in members {
            if let resolution, resolution.isConstraintRemoved[index] { continue }
            let count = constraints[index].expression.terms.count
            guard count > 0 else { return false }
            let first = constraints[index].expression.terms[0].variable
            guard !(resolution?.isRemoved[number(first)] ?? false) else { return false }
            for position in 1..<count where constraints[index].expression.terms[position].variable != first { return false }
        }
        // Per kept constraint: the one variable it holds (class numbering) and its index. The
        // scratch arrays are taken out while used, so they stay uniquely referenced.
        var alone = scratchAlone
        var positions = scratchPositions
        (scratchAlone, scratchPositions) = ([], [])
        defer { (scratchAlone, scratchPositions) = (alone, positions) }
        alone.removeAll(keepingCapacity: true)
        // Room for every member at once: grown an append at a time, the scratch arrays were
        // four allocations and copies on a class's first components (Documentation/Performance.md,
        // "Branch piecelean").
        alone.reserveCapacity(members.count)
        positions.reserveCapacity(members.count)
        for index in members where !(resolution?.isConstraintRemoved[index] ?? false) {
            if let first = constraints[index].expression.terms.first {
                alone.append((Int32(first.variable.index), Int32(index)))
            }
        }
        let start = closed.count
        // A kept variable that only removed equations mention is free: not a point.
        var kept = 0
        for variable in variables where !(resolution?.isRemoved[number(variable)] ?? false) { kept += 1 }
        guard Self.singleVariableOptima(&alone, positions: &positions, of: constraints, into: &closed),
              closed.count - start == kept else {
            closed.removeLast(closed.count - start)
            return false
        }
        return true
    }

    /// The closed-form optimum (`SingleVariableOptimum`) of each variable over the constraints
    /// that hold it alone, given as (variable, constraint) pairs in any order (sorted here, in
    /// place: both callers are done with them), appended to `closed`; false when one variable's
    /// optimum is not a single point (some may have been appended then). The variables come
    /// out in ascending order, each asked over its constraints in the class's order.
    /// `positions` is working room. Shared by `closedForms` (one component) and `answerAll`
    /// (the whole class). Inlined: called as a function it added about 100 instructions to
    /// every class `answerAll` answers (callgrind, unconstrained scene: 15,777 → 15,881;
    /// inlined 15,770).
    @inline(__always)
    private static func singleVariableOptima(_ alone: inout [(variable: Int32, constraint: Int32)], positions: inout [Int],
                                             of constraints: [NinefoldSolver.Constraint],
                                             into closed: inout [(variable: Variable, value: Double)]) -> Bool {
        alone.sort { ($0.variable, $0.constraint) < ($1.variable, $1.constraint) }
        positions.removeAll(keepingCapacity: true)
        // Reserved when more than the first growth holds: growing an append at a time copied
        // a class's list a few times (size-classes), while reserving a handful cost more than
        // the one growth it saves (full-screen-background; Documentation/Performance.md,
        // "Branch piecelean").
        if alone.count > 4 { positions.reserveCapacity(alone.count) }
        for item in alone { positions.append(Int(item.constraint)) }
        var start = 0
        while start < alone.count {
            var end = start + 1
            while end < alone.count && alone[end].variable == alone[start].variable { end += 1 }
            guard let value = SingleVariableOptimum.value(of: constraints, at: positions[start..<end]) else { return false }
            closed.append((Variable(index: Int(alone[start].variable)), value))
            start = end
        }
        return true
    }

    /// Per component of `decomposition`, its share of the class's direct resolution, renumbered
    /// as the component's solve numbers it: a variable by its position among the component's
    /// variables (`local`, per class variable), a constraint by its position among the
    /// component's members, in the class's order of removal. Without groups that is what
    /// `DirectResolution` finds for the component alone (`init(definitions:variableCount:
    /// constraintCount:)` says why), so a component that needs a solver is not resolved a
    /// second time: on a small document the second search was about 6 % of solving it
    /// (Documentation/Performance.md, "Branch smallsolve"). Every share is empty when the class
    /// has no definition.
    /// Component `component`'s share (`shares`), the class's shares made at the first ask and
    /// kept. Mutating, so that the caller's closure asking it reaches `self` in place: a
    /// non-mutating call from there copied the whole value (its arrays retained and released
    /// again, about 1,600 instructions a class; Documentation/Performance.md, "Branch
    /// aroundsolve").
    ///
    /// The first few components asked find their share alone (`directShare`), without the
    /// class's table: a class with one or two components to solve (a label and a field side by
    /// side) spent more making the shares of every component, and the per-constraint map
    /// behind them, than solving needed (Documentation/Performance.md, "Branch aroundsolver").
    mutating func share(of component: Int, in decomposition: Decomposition, local: [Int]) -> [DirectResolution.Definition] {
        if let madeShares { return madeShares[component] }
        guard resolution != nil else { return [] }
        if sharesAskedAlone < Self.sharesAlone {
            sharesAskedAlone += 1
            return directShare(of: component, in: decomposition, local: local)
        }
        let all = shares(of: decomposition, local: local)
        madeShares = all
        return all[component]
    }

    /// How many components find their share alone before the class's shares are made: each
    /// such search reads every definition of the class, so a class of many components to solve
    /// makes the table, as before.
    static let sharesAlone = 4

    /// Component `component`'s share, as `shares` gives it, found by reading the class's
    /// definitions in order and keeping those whose constraint is among the component's members
    /// (ascending, so a binary search finds its position there).
    func directShare(of component: Int, in decomposition: Decomposition, local: [Int]) -> [DirectResolution.Definition] {
        guard let resolution else { return [] }
        let members = decomposition.members(component)
        var share: [DirectResolution.Definition] = []
        for definition in resolution.definitions {
            guard let position = Self.position(of: definition.constraint, in: members) else { continue }
            let variable = mentioned.map { Int($0[definition.variable.index]) } ?? definition.variable.index
            share.append(DirectResolution.Definition(variable: Variable(index: local[variable]),
                                                     constraint: position - members.startIndex))
        }
        return share
    }

    /// Whether component `component`'s share (`share(of:in:local:)`) is not empty, found
    /// without making it: some definition of the class removes one of its members.
    func hasShare(of component: Int, in decomposition: Decomposition) -> Bool {
        guard let resolution else { return false }
        let members = decomposition.members(component)
        return resolution.definitions.contains { Self.position(of: $0.constraint, in: members) != nil }
    }

    /// Where `constraint` stands in a component's members (ascending), by binary search; nil
    /// when it is not one of them. What `directShare` and `hasShare` both ask of each definition.
    private static func position(of constraint: Int, in members: ArraySlice<Int>) -> Int? {
        var low = members.startIndex
        var high = members.endIndex
        while low < high {
            let middle = (low + high) / 2
            if members[middle] < constraint { low = middle + 1 } else { high = middle }
        }
        return low < members.endIndex && members[low] == constraint ? low : nil
    }

    func shares(of decomposition: Decomposition, local: [Int]) -> ResolutionShares {
        guard let resolution else { return ResolutionShares(count: decomposition.count) }
        // Per class constraint: its component and its position there.
        var place = Array(filled: (component: 0, position: 0), count: constraints.count)
        for component in 0..<decomposition.count {
            for (position, index) in decomposition.members(component).enumerated() { place[index] = (component, position) }
        }
        // Counted per component, then placed in the class's order of removal.
        var start = Array(filled: 0, count: decomposition.count + 1)
        for definition in resolution.definitions { start[place[definition.constraint].component + 1] += 1 }
        for component in 0..<decomposition.count { start[component + 1] += start[component] }
        var cursor = start
        var list = Array(filled: DirectResolution.Definition(variable: Variable(index: 0), constraint: 0),
                         count: resolution.definitions.count)
        for definition in resolution.definitions {
            let variable = mentioned.map { Int($0[definition.variable.index]) } ?? definition.variable.index
            let (component, position) = place[definition.constraint]
            list[cursor[component]] = DirectResolution.Definition(variable: Variable(index: local[variable]), constraint: position)
            cursor[component] += 1
        }
        return ResolutionShares(list: list, start: start)
    }

    /// Whether every component of the class would be answered by `answers`, found without
    /// decomposing the class; if so, every variable is remembered for `part` and the number of
    /// components is returned. On the bundled documents without a real linear program
    /// (quiz-view, full-screen-background, size-classes) and on the unconstrained scene this is
    /// every class, and the union-find, the components' arrays and the per-component loop were
    /// most of solving one (Documentation/Performance.md, "Branch classcost").
    ///
    /// The components `Decomposition` would find are then of two kinds. Those whose every
    /// constraint and variable direct resolution removed, which `answers` takes whole. And
    /// those whose kept variables are each held by constraints that mention nothing else, with
    /// a single optimal point (`SingleVariableOptimum`), and whose other constraints are
    /// removed equations: alone (one variable), `answers` asks the closed form of exactly those
    /// constraints; with removed equations (size-classes: a label's height places the view
    /// below it), `ComponentSolve` would find the same definitions (direct resolution's
    /// occurrence counts never cross a component, and without translation groups it runs the
    /// same rule), fix nothing (its fixing reads required equalities only, and every kept
    /// constraint is optional), answer each kept variable's piece by the same closed form,
    /// keep that reduced solve (every variable a point) and back-substitute into the same
    /// equations in the same order, every constraint held and none tied or implied; so the
    /// values, ranges and ids are those `part` gives. Anything else (a kept constraint of two
    /// variables, a kept variable held by removed equations only, a constraint with no
    /// variable, a closed form that declines, a removed equation reading a kept variable when
    /// the class has translation groups) is nil, and the caller decomposes, as before; nothing
    /// is remembered then.
    mutating func answerAll() -> Int? {
        guard !constraints.isEmpty else { return 0 }
        // Every kept constraint checked first, nothing allocated: most classes asked here have a
        // kept constraint of two variables, and the list reserved at the first kept constraint
        // was made and dropped for each (Documentation/Performance.md, "Branch labels").
        var keptCount = 0
        for index in constraints.indices {
            // A removed constraint's variables are checked below, once the closed forms are known.
            if let resolution, resolution.isConstraintRemoved[index] { continue }
            let count = constraints[index].expression.terms.count
            guard count > 0 else { return nil }
            let first = constraints[index].expression.terms[0].variable
            guard !(resolution?.isRemoved[number(first)] ?? false) else { return nil }
            for position in 1..<count where constraints[index].expression.terms[position].variable != first { return nil }
            keptCount += 1
        }
        // Per kept variable: the constraints holding it alone, grouped by variable, in order.
        var alone: [(variable: Int32, constraint: Int32)] = []
        alone.reserveCapacity(keptCount)
        for index in constraints.indices where !(resolution?.isConstraintRemoved[index] ?? false) {
            alone.append((Int32(number(constraints[index].expression.terms[0].variable)), Int32(index)))
        }
        var found: [(variable: Variable, value: Double)] = []
        var positions: [Int] = []
        guard Self.singleVariableOptima(&alone, positions: &positions, of: constraints, into: &found) else { return nil }
        // Answered variables (removed, or in closed form) are their own sets, the others −1;
        // each removed constraint joins its variables (removed or in closed form), and the components are
        // the sets. One array with path halving, not `VariableComponents`' two: this is most of
        // what a class answered here costs beyond direct resolution itself.
        // Pins alone (every removed equation of one variable, none read in closed form, the
        // unconstrained scene's root frame) are a component each, and need no sets.
        if let mentioned, let resolution, !constraints.indices.contains(where: { index in
            resolution.isConstraintRemoved[index] && constraints[index].expression.terms.count > 1 }) {
            closed = found.map { (Variable(index: Int(mentioned[$0.variable.index])), $0.value) }
            answered = mentioned.map { Variable(index: Int($0)) }
            answeredAll = true
            return resolution.definitions.count + found.count
        }
        var parent = [Int32](filled: -1, count: variableCount)
        if let resolution {
            for variable in 0..<variableCount where resolution.isRemoved[variable] { parent[variable] = Int32(variable) }
        }
        for (variable, _) in found { parent[variable.index] = Int32(variable.index) }
        func root(_ variable: Int) -> Int {
            var node = variable
            while Int(parent[node]) != node {
                parent[node] = parent[Int(parent[node])]
                node = Int(parent[node])
            }
            return node
        }
        for (index, constraint) in constraints.enumerated() where resolution?.isConstraintRemoved[index] ?? false {
            guard let first = constraint.expression.terms.first else { continue }
            for term in constraint.expression.terms where !(resolution?.isRemoved[number(term.variable)] ?? false) {
                // A kept variable in a removed equation (a label's height that places the view
                // below it): only one in closed form, and only without translation groups, for
                // which `ComponentSolve`'s direct resolution could re-express the component.
                guard parent[number(term.variable)] >= 0, !hasGroups else { return nil }
            }
            for term in constraint.expression.terms.dropFirst() {
                let (a, b) = (root(number(first.variable)), root(number(term.variable)))
                if a != b { parent[max(a, b)] = Int32(min(a, b)) }
            }
        }
        var components = 0
        var all: [Variable] = []
        all.reserveCapacity(mentioned == nil ? found.count + (resolution?.definitions.count ?? 0) : 0)
        for variable in 0..<variableCount where parent[variable] >= 0 {
            if root(variable) == variable { components += 1 }
            if mentioned == nil { all.append(Variable(index: variable)) }
        }
        closed = found.map { item in
            (Variable(index: mentioned.map { Int($0[item.variable.index]) } ?? item.variable.index), item.value)
        }
        answered = mentioned.map { $0.map { Variable(index: Int($0)) } } ?? all
        answeredAll = true
        return components
    }

    /// One part holding every answered component's variables, as points.
    func part() -> LayoutSolution.Part? {
        guard !answered.isEmpty else { return nil }
        // Every variable of the other components counts as 0 here; no equation of a resolved
        // component mentions one.
        // The closed forms first: a removed equation may read one (`answerAll`), as
        // `ComponentSolve`'s back substitution reads its pieces' values.
        var values = Array(filled: 0.0, count: variableCount)
        for (variable, value) in closed { values[number(variable)] = value }
        resolution?.substitute(constraints, into: &values)
        // Every mentioned variable, ascending, in the numbering of `mentioned`: the values are
        // already the part's.
        let partValues = answeredAll && mentioned != nil ? values : answered.map { values[number($0)] }
        return LayoutSolution.Part(solver: Solver(), variables: answered[...], ids: [], values: partValues, allRemoved: true)
    }
}

/// Each component's share of a class's direct resolution (`ResolvedComponents.shares`), one
/// after another in one array: component `c`'s are `list[start[c]..<start[c + 1]]`. An array
/// per component was an allocation (and its growth) for every component with a definition,
/// though only those that need a solve read theirs (Documentation/Performance.md, "Branch
/// aroundsolve").
struct ResolutionShares {
    private let list: [DirectResolution.Definition]
    private let start: [Int]

    /// No definition in any of `count` components.
    init(count: Int) {
        list = []
        start = Array(filled: 0, count: count + 1)
    }

    init(list: [DirectResolution.Definition], start: [Int]) {
        self.list = list
        self.start = start
    }

    /// How many components there are.
    var count: Int { start.count - 1 }

    /// Component `component`'s definitions, in the class's order of removal.
    subscript(component: Int) -> [DirectResolution.Definition] {
        Array(list[start[component]..<start[component + 1]])
    }
}

/// How one class's system was solved, component by component: what a later class whose system
/// differs only in canvas constants reuses for the components those constants do not touch.
final class SolvedComponents: Sendable {
    /// Nil for a class answered without decomposing it (`ResolvedComponents.answerAll`): every
    /// component was answered without a solver, so there is no solve to reuse.
    let decomposition: Decomposition?
    /// Per component of `decomposition`: its solve and its parts (a part per piece, and one for
    /// the variables direct resolution removed), or nil and none for a component direct
    /// resolution answers alone (`ResolvedComponents`, whose shared part is made per layout).
    let solves: [ComponentSolve?]
    let parts: [[LayoutSolution.Part]]

    /// A class answered without decomposing it: shared, as it holds nothing (one allocation
    /// less per such class).
    static let answeredWhole = SolvedComponents(decomposition: nil, solves: [], parts: [])

    init(decomposition: Decomposition?, solves: [ComponentSolve?], parts: [[LayoutSolution.Part]]) {
        self.decomposition = decomposition
        self.solves = solves
        self.parts = parts
    }
}
