/// Direct resolution of a batch of constraints before the simplex: a free variable that occurs in
/// exactly one constraint, that constraint a required equality, leaves with its constraint, and
/// the rule repeats (a free column singleton, as LP presolvers call it; Android
/// ConstraintLayout's direct resolution resolves the same chains from their anchors).
///
/// Why: a chain `topᵣ = topᵣ₋₁ + heightᵣ₋₁ + 8` kept in the tableau holds each `topᵣ` as the sum
/// of every height above it, r cells, at any basis that is optimal (the heights' wishes are the
/// non-basic symbols): n²/2 cells for a form, n^1.5 for a grid's rows, and each wish that makes
/// an early height basic rewrites all of them (Documentation/Solver.md, "Direct resolution").
///
/// Exact: a removed variable is free and occurs in no remaining constraint, so every solution of
/// the remaining system extends to the removed equations by back substitution, and the optimal
/// face of the whole is that of the remainder, extended. A removed equation is in no minimal
/// conflict (it can always be met) and is never implied by the others (its variable is free
/// without it).
public struct DirectResolution: Sendable {
    /// One removed equation: `variable` is defined by the constraint at `constraint`.
    public struct Definition: Sendable, Equatable {
        public let variable: Variable
        public let constraint: Int

        public init(variable: Variable, constraint: Int) {
            self.variable = variable
            self.constraint = constraint
        }
    }

    /// In the order of removal; back substitution runs in the reverse order, since a variable's
    /// equation may mention variables removed after it.
    public let definitions: [Definition]
    /// Per variable: whether it was removed.
    public let isRemoved: [Bool]
    /// Per constraint: whether it was removed.
    public let isConstraintRemoved: [Bool]
    /// Per variable: the root of the translation group it was re-expressed against (−1: none).
    /// The remaining system's variable `v` then stands for `v − anchor(v)` (`transformed`).
    public var anchors: [Int] { isTranslated ? anchorOf : Array(filled: -1, count: isRemoved.count) }
    /// `anchors` when some variable was re-expressed, else empty: most systems have no
    /// translation group, and an array of −1 per variable was one more allocation per solve
    /// (Documentation/Solver.md, "Fixed cost per class").
    private let anchorOf: [Int]
    /// Whether some variable was re-expressed against a group's root.
    private var isTranslated: Bool { !anchorOf.isEmpty }

    /// Per variable: whether the remaining system's variable of that index is not the original
    /// one, because it was removed or re-expressed against a group's root. Such a variable's
    /// value comes from `values`, never from a solver of the remaining system.
    public var isReplaced: [Bool] { isTranslated ? zip(isRemoved, anchorOf).map { $0 || $1 >= 0 } : isRemoved }

    /// Finds the removable equations of `constraints` over variables `0..<variableCount`. A
    /// variable is removed only if it appears in one term of its equation and its coefficient is
    /// at least `Solver.subjectThreshold` of the equation's largest (the solver's threshold
    /// pivoting: dividing by a relatively tiny coefficient would magnify rounding).
    ///
    /// `groups` generalise the free column singleton to a free *translation*
    /// (Documentation/Solver.md, "Translations"): a group is a set of variables (first its root)
    /// that may move together by the same amount. When every remaining constraint but one
    /// required equality E is unchanged by that move (its coefficients over the group cancel
    /// exactly, in pairs), the group's other members are re-expressed relative to the root
    /// (`v = v′ + root`), after which the root occurs in E alone and leaves with it, as a
    /// singleton does. Groups must be laminar (two are nested or disjoint) and a group's root in
    /// no group inside it; a family that is not is ignored (checked, never trusted).
    public init(variableCount: Int, constraints: [Constraint], groups: [[Variable]] = []) {
        self.init(constraints: constraints, numbering: Numbering(count: variableCount), groups: groups)
    }

    /// `init(variableCount:constraints:)` of `constraints` renumbered by `mentioned` (ascending,
    /// holding every variable they mention): variable `k` of the result (`definitions`,
    /// `isRemoved`, `values`) is `mentioned[k]`, and `constraints` keep the caller's numbering,
    /// so a caller whose constraints mention few of many variables needs no renumbered copy of
    /// each (an allocation per constraint; Documentation/Solver.md, "Fixed cost per class").
    public init(mentioned: [Int32], constraints: [Constraint]) {
        self.init(constraints: constraints, numbering: Numbering(count: mentioned.count, mentioned: mentioned), groups: [])
    }

    /// The resolution whose removals are `definitions` (in order), over `variableCount`
    /// variables and `constraintCount` constraints, without searching: a caller that resolved a
    /// larger system holding these constraints as a connected component already has them. The
    /// layout resolves each class once (`ResolvedComponents`) and hands every component that
    /// still needs a solver its share, renumbered, instead of resolving it a second time
    /// (Documentation/Solver.md, "Branch smallsolve"). Equal to
    /// `init(variableCount:constraints:)` of the component when `definitions` are what that
    /// search finds, which holds for a component's share of its system's definitions, in the
    /// system's order (occurrence counts never cross a component, and its work list is a stack
    /// the component's variables enter in the same relative order), without groups.
    public init(definitions: [Definition], variableCount: Int, constraintCount: Int) {
        numbering = Numbering(count: variableCount)
        var isRemoved = Array(filled: false, count: variableCount)
        var isConstraintRemoved = Array(filled: false, count: constraintCount)
        for definition in definitions {
            isRemoved[definition.variable.index] = true
            isConstraintRemoved[definition.constraint] = true
        }
        self.definitions = definitions
        self.isRemoved = isRemoved
        self.isConstraintRemoved = isConstraintRemoved
        anchorOf = []
    }

    private init(constraints: [Constraint], numbering: Numbering, groups: [[Variable]]) {
        self.numbering = numbering
        let variableCount = numbering.count
        var search = Search(variableCount: variableCount, constraints: constraints, numbering: numbering, groups: groups)
        if !groups.isEmpty { search.chargeGroups() }
        search.run()
        if !groups.isEmpty, !search.appliedGroupsAreSubtrees(groups) {
            search = Search(variableCount: variableCount, constraints: constraints, numbering: numbering, groups: [])
            search.run()
        }
        definitions = search.definitions
        isRemoved = search.removedVariable
        isConstraintRemoved = search.removedConstraint
        anchorOf = search.anchor.contains { $0 >= 0 } ? search.anchor : []
    }

    /// Whether the search of `init(variableCount:constraints:groups:)` could apply a group
    /// before it removes a singleton: some group of two members or more is changed by exactly
    /// one constraint at the start (`chargeGroups`' pending groups: a constraint changes a group
    /// when its coefficients over the group's members, a member listed twice counted twice, do
    /// not cancel in pairs). True also when the question would cost more than `translationBudget`
    /// steps, or a term's variable is outside `0..<variableCount` (the search then decides).
    ///
    /// Without groups the search removes singletons only; with them it removes the same
    /// singletons in the same order until it first applies a group (a removal changes only
    /// which groups are pending), and a group becomes pending only through a removal or at the
    /// start. So when the search without groups removes nothing (a component's share of its
    /// class's resolution is empty) and this is false, the search with groups removes nothing
    /// either, and need not be made: on simple-stack-view's two components, each with one
    /// group, the search made and dropped was about 9,000 instructions a component
    /// (Documentation/Performance.md, "Branch piecelean").
    public static func mayTranslate(_ constraints: [Constraint], variableCount: Int, groups: [[Variable]]) -> Bool {
        var members = 0
        for group in groups where group.count > 1 { members += group.count }
        var terms = 0
        for index in constraints.indices { terms += constraints[index].expression.terms.count }
        guard members.multipliedReportingOverflow(by: terms).partialValue <= translationBudget,
              members <= translationBudget, terms <= translationBudget else { return true }
        // A constraint's coefficients over the group: one or two (most) kept in place, an
        // array only for more.
        var more: [Double] = []
        for group in groups where group.count > 1 {
            var charged = 0
            for index in constraints.indices {
                var count = 0
                var first = 0.0
                var second = 0.0
                for position in constraints[index].expression.terms.indices {
                    let term = constraints[index].expression.terms[position]
                    guard term.coefficient != 0 else { continue }
                    guard term.variable.index >= 0 && term.variable.index < variableCount else { return true }
                    for member in group where member.index == term.variable.index {
                        switch count {
                        case 0: first = term.coefficient
                        case 1: second = term.coefficient
                        case 2:
                            more.removeAll(keepingCapacity: true)
                            more.append(first)
                            more.append(second)
                            more.append(term.coefficient)
                        default: more.append(term.coefficient)
                        }
                        count += 1
                    }
                }
                switch count {
                case 0: continue
                case 1: if first == -first { continue }
                case 2: if first == -second { continue }
                default: if Search.cancels(more) { continue }
                }
                charged += 1
                if charged > 1 { break }
            }
            if charged == 1 { return true }
        }
        return false
    }

    /// The most (group member, term) pairs `mayTranslate` reads before it answers true
    /// unasked: its pass is quadratic, where the search's own bookkeeping is linear.
    static let translationBudget = 1 << 14

    /// How the constraints' variables are numbered here: as they are, or by their position in
    /// an ascending list of the mentioned ones (found by a binary search; such callers have few
    /// terms).
    struct Numbering: Sendable {
        let count: Int
        var mentioned: [Int32] = []
        /// Whether `mentioned` is empty, kept apart so that the identity costs one test of a
        /// stored flag per term (a generic search specialised per numbering cost 230,000
        /// instructions of runtime metadata the first time a process destroyed one).
        private let isIdentity: Bool

        init(count: Int, mentioned: [Int32] = []) {
            self.count = count
            self.mentioned = mentioned
            isIdentity = mentioned.isEmpty
        }

        @inline(__always)
        func callAsFunction(_ variable: Variable) -> Int {
            if isIdentity { return variable.index }
            return DirectResolution.position(of: variable.index, in: mentioned)
        }
    }

    /// The position of variable `index` in `list` (ascending, and holding it): a variable's
    /// number in a class renumbered to the variables its constraints mention. Public because the
    /// layout numbers the same sorted list the same way (ResolvedComponents), and one search
    /// keeps the two numberings from drifting apart.
    @inlinable
    public static func position(of index: Int, in list: [Int32]) -> Int {
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if Int(list[middle]) < index { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private let numbering: Numbering

    /// The worklist behind `init`: singletons and groups whose remaining constraints that move
    /// with them have come down to one.
    private struct Search {
        let constraints: [Constraint]
        let numbering: Numbering
        let groups: [[Variable]]
        let variableCount: Int
        /// Every per-variable work array in one, so that a search allocates four arrays (this,
        /// the two results and the definitions), not a dozen: on a small document each
        /// allocation costs more than the search's arithmetic (Documentation/Solver.md, "Fixed
        /// cost per class"). From `work[0]`: per variable its occurrence count in the remaining
        /// constraints, then its last remaining constraint, then the start of its constraints
        /// in `holding` (one more entry, the end), then `holding` (the constraints holding each
        /// variable, ascending: variable v's are `start(v)..<start(v + 1)`), then the work
        /// list of singletons (a stack: each variable enters it at most once, when its count
        /// first is or falls to one).
        var work: [Int]
        let lastBase: Int
        let startBase: Int
        let holdingBase: Int
        let singletonBase: Int
        var singletonCount: Int
        var removedVariable: [Bool]
        var removedConstraint: [Bool]
        var definitions: [Definition]
        /// Per variable, the root it was re-expressed against (−1: none); empty without groups.
        var anchor: [Int]
        /// Per group: how many remaining constraints its move changes, and which (all of them,
        /// removed or not); per constraint, the groups its value moves with; per group whether
        /// it was applied; and the stack of pending groups: all in one array (`GroupWork` says
        /// where each list starts), made by `chargeGroups`, empty without groups. Group g's
        /// constraints are `chargedBy(g)`, ascending; constraint c's groups `charging(c)`,
        /// ascending. An array per group and per constraint, then a dozen flat arrays, were
        /// most of a stack's direct resolution (Documentation/Performance.md, "Branch
        /// aroundsolver" and "Branch piecelean").
        var groupWork: [Int]
        var at: GroupWork
        var pendingCount: Int
        /// How many groups were applied.
        var appliedCount: Int

        init(variableCount: Int, constraints: [Constraint], numbering: Numbering, groups: [[Variable]]) {
            self.constraints = constraints
            self.numbering = numbering
            self.groups = groups
            self.variableCount = variableCount
            // Room for every term (those with a coefficient of 0 are not held, so some may stay
            // unused): counting terms per constraint, not reading each, keeps this a pass over
            // the constraints only.
            var holdingCount = 0
            for index in constraints.indices { holdingCount += constraints[index].expression.terms.count }
            let lastBase = variableCount
            let startBase = 2 * variableCount
            let holdingBase = 3 * variableCount + 1
            let singletonBase = holdingBase + holdingCount
            self.lastBase = lastBase
            self.startBase = startBase
            self.holdingBase = holdingBase
            self.singletonBase = singletonBase
            var work = Array(filled: 0, count: singletonBase + variableCount)
            var singletonCount = 0
            // The passes below write `work` through a buffer pointer, without a bounds check
            // per access: every variable number is checked once (first pass), each range's
            // start and end lie within `holding` (a running sum of at most `holdingCount`
            // terms), the singletons are at most the variables. The checks were about a fifth
            // of the search on a small document (Documentation/Solver.md, "Branch fixedvars").
            // The terms are read by position: a loop over a constraint's terms array retained
            // and released it (about 40 instructions a constraint a pass).
            work.withUnsafeMutableBufferPointer { work in
                for index in constraints.indices {
                    for position in constraints[index].expression.terms.indices {
                        let term = constraints[index].expression.terms[position]
                        guard term.coefficient != 0 else { continue }
                        let variable = numbering(term.variable)
                        precondition(variable >= 0 && variable < variableCount, "a term's variable is outside the system")
                        work[variable] &+= 1
                        work[lastBase &+ variable] = index
                    }
                }
                // Each variable's start is first its range's end (a running sum), then filled
                // from the constraints taken in reverse, each fill moving it one back: it ends
                // at the range's start, with each range ascending.
                var total = 0
                for variable in 0..<variableCount {
                    total &+= work[variable]
                    work[startBase &+ variable] = total
                    if work[variable] == 0 { work[lastBase &+ variable] = -1 }
                }
                work[startBase &+ variableCount] = total
                for index in constraints.indices.reversed() {
                    for position in constraints[index].expression.terms.indices.reversed() {
                        let term = constraints[index].expression.terms[position]
                        guard term.coefficient != 0 else { continue }
                        let variable = numbering(term.variable)
                        work[startBase &+ variable] &-= 1
                        work[holdingBase &+ work[startBase &+ variable]] = index
                    }
                }
                // Ascending, so the work list takes the last first, as it always has.
                for variable in 0..<variableCount where work[variable] == 1 {
                    work[singletonBase &+ singletonCount] = variable
                    singletonCount &+= 1
                }
            }
            self.singletonCount = singletonCount
            self.work = work
            removedVariable = Array(filled: false, count: variableCount)
            removedConstraint = Array(filled: false, count: constraints.count)
            // Each variable is removed at most once. Every property is set here, none has a
            // default value: with defaults (and a mutating call on `definitions`), the
            // optimised init built the search twice and copied one into the other, its thirteen
            // arrays retained and released (about 750 instructions a search, callgrind;
            // Documentation/Solver.md, "Branch fixedvars").
            var definitions: [Definition] = []
            definitions.reserveCapacity(min(variableCount, constraints.count))
            self.definitions = definitions
            anchor = []
            groupWork = []
            at = GroupWork(groups: 0, constraints: 0, entries: 0)
            pendingCount = 0
            appliedCount = 0
        }

        /// Where each list of the group bookkeeping starts in `groupWork`, for `groups` groups,
        /// `constraints` constraints and room for `entries` (constraint, group) charges: per
        /// group its charge count, whether applied (0 or 1), then the pending stack; per group
        /// the start of its constraints (one more entry, the end); per constraint the start of
        /// its groups (one more entry); the constraints' groups; the groups' constraints.
        struct GroupWork {
            let charged: Int
            let applied: Int
            let pending: Int
            let chargedByStart: Int
            let chargingStart: Int
            let chargingList: Int
            let chargedByList: Int
            let size: Int

            init(groups: Int, constraints: Int, entries: Int) {
                charged = 0
                applied = groups
                pending = 2 * groups
                chargedByStart = 3 * groups
                chargingStart = chargedByStart + groups + 1
                chargingList = chargingStart + constraints + 1
                chargedByList = chargingList + entries
                size = chargedByList + entries
            }
        }

        /// Whether group `number` was applied.
        func isApplied(_ number: Int) -> Bool { groupWork[at.applied + number] != 0 }

        /// Per group, the remaining constraints its move changes, and per constraint the
        /// groups it moves with; the groups changing one constraint only are pending. Called
        /// by the owner after `init` when there are groups, so that `init` is straight-line
        /// code that sets each property once.
        ///
        /// Two arrays and a scratch of cells, where it made a dozen: each variable's groups
        /// (a member listed twice in a group, twice) and each constraint's cells are counted
        /// first, so every list has its room in `groupWork` before it is written, through a
        /// buffer pointer. A constraint's cells are its nonzero terms' (group, coefficient) for
        /// each group of the term's variable, sorted by group (an insertion sort: a
        /// constraint's cells are few); a run of one group's cells charges it unless its
        /// coefficients cancel in pairs, which does not depend on the run's order. The lists
        /// are those the arrays held, in the same order (Documentation/Performance.md, "Branch
        /// piecelean").
        mutating func chargeGroups() {
            let variableCount = self.variableCount
            let groupCount = groups.count
            let constraintCount = constraints.count
            anchor = Array(filled: -1, count: variableCount)
            // Each variable's groups, flat: `membership[memberStart[v]..<memberStart[v + 1]]`,
            // ascending, in one scratch array with the counts.
            var memberships = 0
            for group in groups {
                for member in group where member.index >= 0 && member.index < variableCount { memberships += 1 }
            }
            var members = Array(filled: 0, count: variableCount + 1 + memberships)
            let membership = variableCount + 1
            // The cells of every constraint (room for the charges) and of the largest one.
            var entries = 0
            var widest = 0
            members.withUnsafeMutableBufferPointer { members in
                for group in groups {
                    for member in group where member.index >= 0 && member.index < variableCount {
                        members[member.index &+ 1] &+= 1
                    }
                }
                for variable in 0..<variableCount { members[variable &+ 1] &+= members[variable] }
                // Placed from the last group back, each variable's range filled from its end.
                for number in stride(from: groupCount - 1, through: 0, by: -1) {
                    for member in groups[number].reversed() where member.index >= 0 && member.index < variableCount {
                        members[member.index &+ 1] &-= 1
                        members[membership &+ members[member.index &+ 1]] = number
                    }
                }
                // Now `members[v + 1]` is v's range's start; the end is the next start, or
                // the end of the list for the last variable.
                for index in constraints.indices {
                    var cells = 0
                    for position in constraints[index].expression.terms.indices {
                        let term = constraints[index].expression.terms[position]
                        guard term.coefficient != 0 else { continue }
                        let variable = term.variable.index
                        let end = variable &+ 1 < variableCount ? members[variable &+ 2] : memberships
                        cells &+= end &- members[variable &+ 1]
                    }
                    entries &+= cells
                    widest = max(widest, cells)
                }
            }
            let at = GroupWork(groups: groupCount, constraints: constraintCount, entries: entries)
            self.at = at
            var work = Array(filled: 0, count: at.size)
            var cells = Array(filled: (group: 0, coefficient: 0.0), count: widest)
            var pendingCount = 0
            members.withUnsafeBufferPointer { members in
                work.withUnsafeMutableBufferPointer { work in
                    cells.withUnsafeMutableBufferPointer { cells in
                        var charges = 0
                        for index in constraints.indices {
                            var count = 0
                            for position in constraints[index].expression.terms.indices {
                                let term = constraints[index].expression.terms[position]
                                guard term.coefficient != 0 else { continue }
                                let variable = term.variable.index
                                let end = variable &+ 1 < variableCount ? members[variable &+ 2] : memberships
                                for slot in members[variable &+ 1]..<end {
                                    cells[count] = (members[membership &+ slot], term.coefficient)
                                    count &+= 1
                                }
                            }
                            work[at.chargingStart &+ index] = charges
                            guard count > 0 else { continue }
                            for next in 1..<max(count, 1) {
                                let cell = cells[next]
                                var place = next
                                while place > 0 && cells[place &- 1].group > cell.group {
                                    cells[place] = cells[place &- 1]
                                    place &-= 1
                                }
                                cells[place] = cell
                            }
                            var start = 0
                            while start < count {
                                var end = start
                                while end < count && cells[end].group == cells[start].group { end &+= 1 }
                                if !Self.cancels(cells, start, end) {
                                    let group = cells[start].group
                                    work[at.charged &+ group] &+= 1
                                    work[at.chargingList &+ charges] = group
                                    charges &+= 1
                                }
                                start = end
                            }
                        }
                        work[at.chargingStart &+ constraintCount] = charges
                        // Each group's constraints, ascending: counted (`charged`), then placed
                        // in the constraints' order, the pending stack serving as the cursors
                        // before it is filled.
                        work[at.chargedByStart] = 0
                        for group in 0..<groupCount {
                            work[at.chargedByStart &+ group &+ 1] = work[at.chargedByStart &+ group] &+ work[at.charged &+ group]
                            work[at.pending &+ group] = work[at.chargedByStart &+ group]
                        }
                        for index in constraints.indices {
                            for slot in work[at.chargingStart &+ index]..<work[at.chargingStart &+ index &+ 1] {
                                let group = work[at.chargingList &+ slot]
                                work[at.chargedByList &+ work[at.pending &+ group]] = index
                                work[at.pending &+ group] &+= 1
                            }
                        }
                        for group in 0..<groupCount where work[at.charged &+ group] == 1 && groups[group].count > 1 {
                            work[at.pending &+ pendingCount] = group
                            pendingCount &+= 1
                        }
                    }
                }
            }
            groupWork = work
            self.pendingCount = pendingCount
        }

        /// `cancels` of the coefficients of `cells[start..<end]`, without an array for one or
        /// two (most runs).
        static func cancels(_ cells: UnsafeMutableBufferPointer<(group: Int, coefficient: Double)>, _ start: Int,
                            _ end: Int) -> Bool {
            if end - start == 1 { return cells[start].coefficient == -cells[start].coefficient }
            if end - start == 2 { return cells[start].coefficient == -cells[start + 1].coefficient }
            return cancels(cells[start..<end].map(\.coefficient))
        }

        /// Whether coefficients sum to exactly zero because they cancel in pairs (`a` against
        /// `−a`): exact, where a floating-point sum of zero need not be.
        static func cancels<Coefficients: Collection<Double>>(_ coefficients: Coefficients) -> Bool {
            // One or two coefficients (most cells) need no sorted copy.
            if coefficients.count == 1, let only = coefficients.first { return only == -only }
            if coefficients.count == 2, let first = coefficients.first, let last = coefficients.dropFirst().first {
                return first == -last
            }
            let sorted = coefficients.sorted()
            return sorted.indices.allSatisfy { sorted[$0] == -sorted[sorted.count - 1 - $0] }
        }

        mutating func run() {
            while true {
                if singletonCount > 0 {
                    singletonCount -= 1
                    removeSingleton(work[singletonBase + singletonCount])
                } else if pendingCount > 0 {
                    pendingCount -= 1
                    applyGroup(groupWork[at.pending + pendingCount])
                } else {
                    return
                }
            }
        }

        private mutating func removeSingleton(_ variable: Int) {
            guard work[variable] == 1, !removedVariable[variable] else { return }
            let index = work[lastBase + variable]
            guard !removedConstraint[index], constraints[index].relation == .equal, constraints[index].priority.isRequired,
                  defines(variable, index) else { return }
            remove(index, defining: variable)
        }

        /// Whether `variable` is in exactly one term of constraint `index`, with a coefficient
        /// a subject may have. The terms are read by position (no copy of the constraint).
        private func defines(_ variable: Int, _ index: Int) -> Bool {
            var own = 0.0
            var ownCount = 0
            var largest = 0.0
            for position in constraints[index].expression.terms.indices {
                let term = constraints[index].expression.terms[position]
                guard term.coefficient != 0 else { continue }
                if numbering(term.variable) == variable {
                    own = term.coefficient
                    ownCount += 1
                }
                largest = max(largest, abs(term.coefficient))
            }
            return ownCount == 1 && abs(own) >= Solver.subjectThreshold * largest
        }

        private mutating func applyGroup(_ number: Int) {
            let group = groups[number]
            guard groupWork[at.charged + number] == 1, !isApplied(number), let root = group.first?.index, !removedVariable[root],
                  let index = lastRemaining(of: number) else { return }
            let constraint = constraints[index]
            guard constraint.relation == .equal, constraint.priority.isRequired else { return }
            // Membership asked of the group itself, not of a set made of it (an allocation and
            // a hash per member for a question asked once per term).
            var charge = 0.0
            var largest = 0.0
            for term in constraint.expression.terms where term.coefficient != 0 {
                largest = max(largest, abs(term.coefficient))
                if group.contains(where: { $0.index == term.variable.index }) { charge += term.coefficient }
            }
            guard abs(charge) >= Solver.subjectThreshold * largest else { return }
            groupWork[at.applied + number] = 1
            appliedCount += 1
            // Members already re-expressed against a group inside this one stay so; their
            // roots, like the other members, now move relative to this root.
            for member in group.dropFirst() where anchor[member.index] == anchor[root] { anchor[member.index] = root }
            remove(index, defining: root)
        }

        private mutating func remove(_ index: Int, defining variable: Int) {
            removedVariable[variable] = true
            removedConstraint[index] = true
            definitions.append(Definition(variable: Variable(index: variable), constraint: index))
            for position in constraints[index].expression.terms.indices {
                let term = constraints[index].expression.terms[position]
                guard term.coefficient != 0 && numbering(term.variable) != variable else { continue }
                let other = numbering(term.variable)
                // Wrapping arithmetic: every sum is an index within `work` (checked on access),
                // every count at most the terms.
                work[other] &-= 1
                if work[other] == 1 {
                    // Its one remaining occurrence: find which constraint holds it.
                    var last = -1
                    var position = work[startBase &+ other &+ 1]
                    while position > work[startBase &+ other] {
                        position &-= 1
                        if !removedConstraint[work[holdingBase &+ position]] {
                            last = work[holdingBase &+ position]
                            break
                        }
                    }
                    work[lastBase &+ other] = last
                    if last >= 0 {
                        work[singletonBase &+ singletonCount] = other
                        singletonCount &+= 1
                    }
                }
            }
            guard !groupWork.isEmpty else { return }
            // A group is pushed when its count first falls to one, so at most once, and the
            // stack has room for every group.
            for slot in groupWork[at.chargingStart + index]..<groupWork[at.chargingStart + index + 1] {
                let group = groupWork[at.chargingList + slot]
                groupWork[at.charged + group] -= 1
                if groupWork[at.charged + group] == 1 && !isApplied(group) {
                    groupWork[at.pending + pendingCount] = group
                    pendingCount += 1
                }
            }
        }

        /// The last of group `number`'s constraints not removed.
        private func lastRemaining(of number: Int) -> Int? {
            var slot = groupWork[at.chargedByStart + number + 1]
            while slot > groupWork[at.chargedByStart + number] {
                slot -= 1
                if !removedConstraint[groupWork[at.chargedByList + slot]] { return groupWork[at.chargedByList + slot] }
            }
            return nil
        }

        /// Whether every applied group is exactly the set of variables re-expressed against its
        /// root, directly or through a group inside it: what makes the root's coefficients in
        /// the constraints that do not move with the group cancel to zero (laminar groups).
        ///
        /// Without a set per group or an array of children per variable (Documentation/Performance.md,
        /// "Branch aroundsolver"): the children are one flat list (`childStart[v]..<childStart[v + 1]`,
        /// ascending), and a variable's mark says which group's walk reached it (the group's
        /// number plus one) or, negated, that the group's member list named it. The walk fails
        /// on a variable reached twice; then every member must have been reached and named
        /// once, and the reached as many as the members: the set of reached variables is then
        /// the group's, and the group names no variable twice, as the comparison of sets asked.
        func appliedGroupsAreSubtrees(_ groups: [[Variable]]) -> Bool {
            // No group applied: nothing to check (the walk below visits applied groups only).
            guard appliedCount > 0 else { return true }
            let count = anchor.count
            var childStart = Array(filled: 0, count: count + 1)
            for root in anchor where root >= 0 { childStart[root + 1] += 1 }
            for variable in 0..<count { childStart[variable + 1] += childStart[variable] }
            var children = Array(filled: 0, count: childStart[count])
            var cursor = childStart
            for (variable, root) in anchor.enumerated() where root >= 0 {
                children[cursor[root]] = variable
                cursor[root] += 1
            }
            var mark = Array(filled: 0, count: count)
            var stack: [Int] = []
            for (number, group) in groups.enumerated() where isApplied(number) {
                let stamp = number + 1
                var reached = 0
                stack.removeAll(keepingCapacity: true)
                stack.append(group[0].index)
                while let next = stack.popLast() {
                    guard mark[next] != stamp else { return false }
                    mark[next] = stamp
                    reached += 1
                    // One at a time: appending the slice went through the generic path, for
                    // a child or two.
                    for child in childStart[next]..<childStart[next + 1] { stack.append(children[child]) }
                }
                for member in group {
                    guard mark.indices.contains(member.index), mark[member.index] == stamp else { return false }
                    mark[member.index] = -stamp
                }
                guard reached == group.count else { return false }
            }
            return true
        }
    }

    /// The constraints over the remaining system's variables: each variable re-expressed against
    /// a root (`v = v′ + root`, through nested roots) is substituted, so a group's root keeps the
    /// sum of its members' coefficients, and none in a constraint whose members cancel in pairs
    /// (exactly zero, as the group's move leaves that constraint unchanged). Constraints with no
    /// re-expressed variable are returned as they are.
    public func transformed(_ constraints: [Constraint]) -> [Constraint] {
        guard isTranslated else { return constraints }
        var scratch = Rewriting(variableCount: anchorOf.count)
        return constraints.map { rewritten($0, &scratch) }
    }

    /// The arrays `rewritten` reuses from constraint to constraint: a dictionary and an array
    /// per variable for each constraint were a quarter of solving the nested-stack-views
    /// document (Documentation/Performance.md, "Branch tinysolve").
    private struct Rewriting {
        /// Per variable, its place among the constraint's distinct variables (−1: none yet).
        var rank: [Int]
        /// The constraint's distinct variables, its cells, each variable's cells' start (one
        /// more entry, the end), the coefficients grouped by variable and the placing cursors,
        /// each at least as long as the constraint's cells (`reserve`), used up to counts kept
        /// by `rewritten` and written through buffer pointers. Emptied and refilled per
        /// constraint, they went through the generic paths of `removeAll(keepingCapacity:)` and
        /// `append(contentsOf:)`, every write checked their uniqueness, and the cursors were a
        /// copy per constraint (Documentation/Performance.md, "Branch aroundsolver").
        var distinct: [Int] = []
        var cells: [(rank: Int, coefficient: Double)] = []
        var start: [Int] = []
        var grouped: [Double] = []
        var next: [Int] = []

        init(variableCount: Int) {
            rank = Array(filled: -1, count: variableCount)
        }

        /// Room for a constraint of `cellCount` cells.
        mutating func reserve(_ cellCount: Int) {
            guard cells.count < cellCount else { return }
            let more = cellCount - cells.count
            distinct.append(contentsOf: repeatElement(0, count: more))
            cells.append(contentsOf: repeatElement((rank: 0, coefficient: 0.0), count: more))
            start.append(contentsOf: repeatElement(0, count: cellCount + 1 - start.count))
            grouped.append(contentsOf: repeatElement(0.0, count: more))
            next.append(contentsOf: repeatElement(0, count: more))
        }
    }

    /// One constraint of `transformed`: each term, and each root above its variable, adds its
    /// coefficient to that variable's cell, variables in the order they first appear and each
    /// cell's coefficients in the order added (so each sum is the same as ever, bit for bit).
    private func rewritten(_ constraint: Constraint, _ scratch: inout Rewriting) -> Constraint {
        let terms = constraint.expression.terms
        let anchorOf = self.anchorOf
        guard terms.contains(where: { anchorOf[$0.variable.index] >= 0 }) else { return constraint }
        // The cells counted first, so that every index below is within the scratch arrays:
        // a distinct variable, a cell or a rank is below the count of cells (a rank's start
        // below one more), a variable below `rank`'s count (the anchors' variables).
        var cellCount = 0
        for position in terms.indices where terms[position].coefficient != 0 {
            var variable = terms[position].variable.index
            while variable >= 0 {
                cellCount += 1
                variable = anchorOf[variable]
            }
        }
        scratch.reserve(cellCount)
        var rewritten: [Term] = []
        precondition(scratch.rank.count >= anchorOf.count, "the rewriting's scratch is smaller than the anchors")
        scratch.rank.withUnsafeMutableBufferPointer { rank in
            scratch.distinct.withUnsafeMutableBufferPointer { distinct in
                scratch.cells.withUnsafeMutableBufferPointer { cells in
                    scratch.start.withUnsafeMutableBufferPointer { start in
                        scratch.grouped.withUnsafeMutableBufferPointer { grouped in
                            scratch.next.withUnsafeMutableBufferPointer { next in
                                var distinctCount = 0
                                var cell = 0
                                for position in terms.indices {
                                    let term = terms[position]
                                    guard term.coefficient != 0 else { continue }
                                    var variable = term.variable.index
                                    while variable >= 0 {
                                        if rank[variable] < 0 {
                                            rank[variable] = distinctCount
                                            distinct[distinctCount] = variable
                                            distinctCount += 1
                                        }
                                        cells[cell] = (rank[variable], term.coefficient)
                                        cell += 1
                                        variable = anchorOf[variable]
                                    }
                                }
                                // Each variable's coefficients together, in the order added (a
                                // counting sort).
                                for rank in 0...distinctCount { start[rank] = 0 }
                                for cell in 0..<cellCount { start[cells[cell].rank + 1] += 1 }
                                for rank in 0..<distinctCount { start[rank + 1] += start[rank] }
                                for rank in 0..<distinctCount { next[rank] = start[rank] }
                                for cell in 0..<cellCount {
                                    let rank = cells[cell].rank
                                    grouped[next[rank]] = cells[cell].coefficient
                                    next[rank] += 1
                                }
                                rewritten.reserveCapacity(distinctCount)
                                for number in 0..<distinctCount {
                                    let variable = distinct[number]
                                    let coefficients = grouped[start[number]..<start[number + 1]]
                                    rank[variable] = -1
                                    guard !Search.cancels(coefficients) else { continue }
                                    rewritten.append(Term(Variable(index: variable), coefficients.reduce(0, +)))
                                }
                            }
                        }
                    }
                }
            }
        }
        return Constraint(Expression(rewritten, constant: constraint.expression.constant), constraint.relation,
                          priority: constraint.priority)
    }

    /// Every variable's value: the remaining ones' from `value` (the remaining system's
    /// variables, `transformed`), the removed ones by back substitution into their equations,
    /// then each re-expressed variable moved back by its roots.
    public func values(_ constraints: [Constraint], variableCount: Int, remaining value: (Variable) -> Double) -> [Double] {
        var values = (0..<variableCount).map { isRemoved[$0] ? 0 : value(Variable(index: $0)) }
        substitute(constraints, into: &values)
        return values
    }

    /// Back substitution into `values` (the remaining variables' values, removed ones 0), then
    /// each re-expressed variable moved back by its roots: `values(_:variableCount:remaining:)`
    /// for a caller that has the remaining values in an array already. In place: a copy of the
    /// array was one more allocation per class (Documentation/Solver.md, "Fixed cost per class").
    public func substitute(_ constraints: [Constraint], into values: inout [Double]) {
        let variableCount = values.count
        // Only the definitions' equations are read, so only they are re-expressed.
        let isTransformed = isTranslated
        var scratch = Rewriting(variableCount: isTransformed ? variableCount : 0)
        for definition in definitions.reversed() {
            let constraint = constraints[definition.constraint]
            let expression = isTransformed ? rewritten(constraint, &scratch).expression : constraint.expression
            var rest = expression.constant
            var own = 0.0
            for term in expression.terms {
                let variable = numbering(term.variable)
                if variable == definition.variable.index { own += term.coefficient } else { rest += term.coefficient * values[variable] }
            }
            values[definition.variable.index] = -rest / own
        }
        guard isTranslated else { return }
        let moved = (0..<variableCount).map { variable in
            var total = values[variable]
            var root = anchorOf[variable]
            while root >= 0 {
                total += values[root]
                root = anchorOf[root]
            }
            return total
        }
        values = moved
    }
}
