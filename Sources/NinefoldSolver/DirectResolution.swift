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
    public let anchors: [Int]

    /// Per variable: whether the remaining system's variable of that index is not the original
    /// one, because it was removed or re-expressed against a group's root. Such a variable's
    /// value comes from `values`, never from a solver of the remaining system.
    public var isReplaced: [Bool] { zip(isRemoved, anchors).map { $0 || $1 >= 0 } }

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
        var search = Search(variableCount: variableCount, constraints: constraints, groups: groups)
        search.run()
        if !groups.isEmpty, !search.appliedGroupsAreSubtrees(groups) {
            search = Search(variableCount: variableCount, constraints: constraints, groups: [])
            search.run()
        }
        definitions = search.definitions
        isRemoved = search.removedVariable
        isConstraintRemoved = search.removedConstraint
        anchors = search.anchor
    }

    /// The worklist behind `init`: singletons and groups whose remaining constraints that move
    /// with them have come down to one.
    private struct Search {
        let constraints: [Constraint]
        let groups: [[Variable]]
        var occurrences: [Int]
        var lastConstraint: [Int]
        /// The constraints holding each variable, in one flat array (variable v's are
        /// `holding[start[v]..<start[v + 1]]`, ascending): with an array per variable, this pass
        /// was a quarter of solving a small document, most of it allocating
        /// (Documentation/Performance.md, "Branch small").
        var start: [Int]
        var holding: [Int]
        var removedVariable: [Bool]
        var removedConstraint: [Bool]
        var definitions: [Definition] = []
        var anchor: [Int]
        /// Per group: how many remaining constraints its move changes, and which (all of them,
        /// removed or not); per constraint, the groups its value moves with.
        var charged: [Int]
        var chargedBy: [[Int]]
        var charging: [[Int]]
        var applied: [Bool]
        var singletons: [Int]
        var pending: [Int] = []

        init(variableCount: Int, constraints: [Constraint], groups: [[Variable]]) {
            self.constraints = constraints
            self.groups = groups
            occurrences = Array(repeating: 0, count: variableCount)
            lastConstraint = Array(repeating: -1, count: variableCount)
            for (index, constraint) in constraints.enumerated() {
                for term in constraint.expression.terms where term.coefficient != 0 {
                    occurrences[term.variable.index] += 1
                    lastConstraint[term.variable.index] = index
                }
            }
            var start = Array(repeating: 0, count: variableCount + 1)
            for variable in 0..<variableCount { start[variable + 1] = start[variable] + occurrences[variable] }
            var holding = Array(repeating: 0, count: start[variableCount])
            var filled = start
            for (index, constraint) in constraints.enumerated() {
                for term in constraint.expression.terms where term.coefficient != 0 {
                    holding[filled[term.variable.index]] = index
                    filled[term.variable.index] += 1
                }
            }
            self.start = start
            self.holding = holding
            removedVariable = Array(repeating: false, count: variableCount)
            removedConstraint = Array(repeating: false, count: constraints.count)
            anchor = Array(repeating: -1, count: variableCount)
            charged = Array(repeating: 0, count: groups.count)
            chargedBy = Array(repeating: [], count: groups.count)
            applied = Array(repeating: false, count: groups.count)
            let counts = occurrences
            singletons = (0..<variableCount).filter { counts[$0] == 1 }
            charging = []
            guard !groups.isEmpty else { return }
            charging = Array(repeating: [], count: constraints.count)
            var membership = Array(repeating: [Int](), count: variableCount)
            for (number, group) in groups.enumerated() {
                for member in group where membership.indices.contains(member.index) { membership[member.index].append(number) }
            }
            var cells: [(group: Int, coefficient: Double)] = []
            for (index, constraint) in constraints.enumerated() {
                cells.removeAll(keepingCapacity: true)
                for term in constraint.expression.terms where term.coefficient != 0 {
                    for group in membership[term.variable.index] { cells.append((group, term.coefficient)) }
                }
                guard !cells.isEmpty else { continue }
                cells.sort { $0.group < $1.group }
                var start = 0
                while start < cells.count {
                    var end = start
                    while end < cells.count && cells[end].group == cells[start].group { end += 1 }
                    if !Self.cancels(cells[start..<end].map(\.coefficient)) {
                        let group = cells[start].group
                        charged[group] += 1
                        chargedBy[group].append(index)
                        charging[index].append(group)
                    }
                    start = end
                }
            }
            let chargedCounts = charged
            pending = (0..<groups.count).filter { chargedCounts[$0] == 1 && groups[$0].count > 1 }
        }

        /// Whether coefficients sum to exactly zero because they cancel in pairs (`a` against
        /// `−a`): exact, where a floating-point sum of zero need not be.
        static func cancels(_ coefficients: [Double]) -> Bool {
            let sorted = coefficients.sorted()
            return sorted.indices.allSatisfy { sorted[$0] == -sorted[sorted.count - 1 - $0] }
        }

        mutating func run() {
            while true {
                if let variable = singletons.popLast() {
                    removeSingleton(variable)
                } else if let group = pending.popLast() {
                    applyGroup(group)
                } else {
                    return
                }
            }
        }

        private mutating func removeSingleton(_ variable: Int) {
            guard occurrences[variable] == 1, !removedVariable[variable] else { return }
            let index = lastConstraint[variable]
            let constraint = constraints[index]
            guard !removedConstraint[index], constraint.relation == .equal, constraint.priority.isRequired,
                  DirectResolution.defines(variable, constraint) else { return }
            remove(index, defining: variable)
        }

        private mutating func applyGroup(_ number: Int) {
            let group = groups[number]
            guard charged[number] == 1, !applied[number], let root = group.first?.index, !removedVariable[root],
                  let index = chargedBy[number].last(where: { !removedConstraint[$0] }) else { return }
            let constraint = constraints[index]
            guard constraint.relation == .equal, constraint.priority.isRequired else { return }
            let members = Set(group.map(\.index))
            var charge = 0.0
            var largest = 0.0
            for term in constraint.expression.terms where term.coefficient != 0 {
                largest = max(largest, abs(term.coefficient))
                if members.contains(term.variable.index) { charge += term.coefficient }
            }
            guard abs(charge) >= Solver.subjectThreshold * largest else { return }
            applied[number] = true
            // Members already re-expressed against a group inside this one stay so; their
            // roots, like the other members, now move relative to this root.
            for member in group.dropFirst() where anchor[member.index] == anchor[root] { anchor[member.index] = root }
            remove(index, defining: root)
        }

        private mutating func remove(_ index: Int, defining variable: Int) {
            removedVariable[variable] = true
            removedConstraint[index] = true
            definitions.append(Definition(variable: Variable(index: variable), constraint: index))
            for term in constraints[index].expression.terms where term.coefficient != 0 && term.variable.index != variable {
                let other = term.variable.index
                occurrences[other] -= 1
                if occurrences[other] == 1 {
                    // Its one remaining occurrence: find which constraint holds it.
                    lastConstraint[other] = holding[start[other]..<start[other + 1]].last { !removedConstraint[$0] } ?? -1
                    if lastConstraint[other] >= 0 { singletons.append(other) }
                }
            }
            for group in charging.indices.contains(index) ? charging[index] : [] {
                charged[group] -= 1
                if charged[group] == 1 && !applied[group] { pending.append(group) }
            }
        }

        /// Whether every applied group is exactly the set of variables re-expressed against its
        /// root, directly or through a group inside it: what makes the root's coefficients in
        /// the constraints that do not move with the group cancel to zero (laminar groups).
        func appliedGroupsAreSubtrees(_ groups: [[Variable]]) -> Bool {
            var children = Array(repeating: [Int](), count: anchor.count)
            for (variable, root) in anchor.enumerated() where root >= 0 { children[root].append(variable) }
            for (number, group) in groups.enumerated() where applied[number] {
                var reached: Set<Int> = []
                var stack = [group[0].index]
                while let next = stack.popLast() {
                    guard reached.insert(next).inserted else { return false }
                    stack += children[next]
                }
                guard reached == Set(group.map(\.index)), reached.count == group.count else { return false }
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
        guard anchors.contains(where: { $0 >= 0 }) else { return constraints }
        return constraints.map { constraint in
            let terms = constraint.expression.terms
            guard terms.contains(where: { anchors[$0.variable.index] >= 0 }) else { return constraint }
            var order: [Int] = []
            var cells: [Int: [Double]] = [:]
            for term in terms where term.coefficient != 0 {
                var variable = term.variable.index
                while variable >= 0 {
                    if cells[variable] == nil { order.append(variable) }
                    cells[variable, default: []].append(term.coefficient)
                    variable = anchors[variable]
                }
            }
            var rewritten: [Term] = []
            for variable in order {
                let coefficients = cells[variable] ?? []
                guard !Search.cancels(coefficients) else { continue }
                rewritten.append(Term(Variable(index: variable), coefficients.reduce(0, +)))
            }
            return Constraint(Expression(rewritten, constant: constraint.expression.constant), constraint.relation,
                              priority: constraint.priority)
        }
    }

    /// Whether `variable` is in exactly one term of `constraint`, with a coefficient a subject may have.
    fileprivate static func defines(_ variable: Int, _ constraint: Constraint) -> Bool {
        var own = 0.0
        var ownCount = 0
        var largest = 0.0
        for term in constraint.expression.terms where term.coefficient != 0 {
            if term.variable.index == variable {
                own = term.coefficient
                ownCount += 1
            }
            largest = max(largest, abs(term.coefficient))
        }
        return ownCount == 1 && abs(own) >= Solver.subjectThreshold * largest
    }

    /// Every variable's value: the remaining ones' from `value` (the remaining system's
    /// variables, `transformed`), the removed ones by back substitution into their equations,
    /// then each re-expressed variable moved back by its roots.
    ///
    /// `transformed` is `transformed(constraints)` when the caller has it already: made three
    /// times per solve of nested stacks' vertical component, it was a tenth of validating them
    /// (branch stackflat).
    public func values(_ constraints: [Constraint], variableCount: Int, transformed known: [Constraint]? = nil,
                       remaining value: (Variable) -> Double) -> [Double] {
        let constraints = known ?? transformed(constraints)
        var values = (0..<variableCount).map { isRemoved[$0] ? 0 : value(Variable(index: $0)) }
        for definition in definitions.reversed() {
            let expression = constraints[definition.constraint].expression
            var rest = expression.constant
            var own = 0.0
            for term in expression.terms {
                if term.variable == definition.variable { own += term.coefficient } else { rest += term.coefficient * values[term.variable.index] }
            }
            values[definition.variable.index] = -rest / own
        }
        guard anchors.contains(where: { $0 >= 0 }) else { return values }
        return (0..<variableCount).map { variable in
            var total = values[variable]
            var root = anchors[variable]
            while root >= 0 {
                total += values[root]
                root = anchors[root]
            }
            return total
        }
    }
}
