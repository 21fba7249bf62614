/// Required constraints that the others imply, found without re-solving per constraint.
extension Solver {
    /// Of `candidates` (constraints in the solver), those a reverse scan reports as implied: from
    /// the last candidate back, each one that the required constraints still kept imply is
    /// reported and dropped, so of a group implying each other only the later ones are reported.
    ///
    /// Implication only reaches as far as shared variables, so the required constraints are split
    /// into connected components (union-find over variables) and each component with a candidate
    /// is examined alone. In a component of equalities only, the feasible set is an affine
    /// subspace and "implied" is linear dependence, a matroid: the reverse scan then reports
    /// exactly the candidates that a forward elimination reduces to `0 = 0` after the
    /// non-candidates and the earlier kept candidates (the complement of the greedy basis), so one
    /// elimination pass answers for the whole component. A component with a required inequality
    /// is not a matroid (two inequalities can pin what no equality does), so there each candidate
    /// is checked exactly, on one solver of that component whose candidates can be let go and
    /// taken back (`relaxedScan`).
    public func impliedConstraints(among candidates: [ConstraintID]) -> [ConstraintID] {
        impliedConstraints(among: candidates) { all, local in
            relaxedScan(all, candidates: local) ?? reverseScan(all, candidates: local)
        }
    }

    /// `impliedConstraints(among:)` with every component that has a required inequality checked
    /// by `reverseScan`, a probe solver per candidate: the definition as it was first built, kept
    /// as the reference that the property tests hold `relaxedScan` to.
    func impliedConstraintsByProbes(among candidates: [ConstraintID]) -> [ConstraintID] {
        impliedConstraints(among: candidates) { all, local in reverseScan(all, candidates: local) }
    }

    /// The component split, with `scan` answering for a component that has a required inequality.
    private func impliedConstraints(
        among candidates: [ConstraintID], scan: ([ConstraintID], [ConstraintID]) -> [ConstraintID]
    ) -> [ConstraintID] {
        let required = constraintIDs.filter { constraint($0).priority.isRequired }
        let wanted = Set(candidates.filter { contains($0) && constraint($0).priority.isRequired })
        guard !wanted.isEmpty else { return [] }
        let highest = required.flatMap { constraint($0).expression.terms.map(\.variable.index) }.max() ?? -1
        var components = VariableComponents(count: max(variableCount, highest + 1))
        for id in required {
            components.join(constraint(id).expression.terms)
        }
        // Component key: the root of the first variable; a constraint without variables is alone.
        func key(_ id: ConstraintID) -> Int {
            guard let first = constraint(id).expression.terms.first else { return -1 - id.index }
            return components.find(first.variable.index)
        }
        var members: [Int: [ConstraintID]] = [:]
        for id in required { members[key(id), default: []].append(id) }
        var candidatesByComponent: [Int: [ConstraintID]] = [:]
        for id in candidates where wanted.contains(id) { candidatesByComponent[key(id), default: []].append(id) }
        var implied: Set<ConstraintID> = []
        for (component, local) in candidatesByComponent {
            let all = members[component] ?? []
            if all.allSatisfy({ constraint($0).relation == .equal }) {
                implied.formUnion(forwardElimination(all, candidates: local))
            } else {
                implied.formUnion(scan(all, local))
            }
        }
        return candidates.filter(implied.contains)
    }

    /// Equalities only: the candidates that reduce to `0 = 0` when added after the others.
    private func forwardElimination(_ all: [ConstraintID], candidates: [ConstraintID]) -> [ConstraintID] {
        let candidateSet = Set(candidates)
        var probe = emptyCopy()
        for id in all where !candidateSet.contains(id) { _ = probe.probe(constraint(id)) }
        return candidates.filter { probe.probe(constraint($0)).1 == .implied }
    }

    /// The reverse scan itself, on a solver holding only the component. The component's other
    /// constraints are in every probe, so they are added once, to a base that each probe copies
    /// before adding the candidates still kept: rebuilding the whole component per candidate was
    /// 30 % of validating the nested-stack-views document (a stack's generated constraints are
    /// the bulk of its component, its document's equalities the candidates). Implication is a
    /// property of the set, not of the order the constraints are added in.
    private func reverseScan(_ all: [ConstraintID], candidates: [ConstraintID]) -> [ConstraintID] {
        let candidateSet = Set(candidates)
        var base = emptyCopy()
        for id in all where !candidateSet.contains(id) { _ = base.probe(constraint(id)) }
        var kept = candidateSet
        var found: [ConstraintID] = []
        for candidate in candidates.reversed() {
            var probe = base
            for id in all where id != candidate && kept.contains(id) { _ = probe.probe(constraint(id)) }
            if probe.implies(constraint(candidate)) {
                kept.remove(candidate)
                found.append(candidate)
            }
        }
        return found
    }

    /// The reverse scan on one solver of the component, with no copy per candidate; nil when the
    /// component's required constraints do not all hold together (the scratch solver's state is
    /// then meaningless, and `reverseScan` answers as it always did).
    ///
    /// Each candidate `e ⋈ 0` enters as a witness variable `w = e`, which holds for any `e` and
    /// so constrains nothing, plus the bound `w ⋈ 0` (an equality as the pair `w ≤ 0`, `w ≥ 0`),
    /// which is the candidate itself. Letting a candidate go is removing its bounds: required
    /// inequalities keep their slack in the rows, so removing one is a pivot, where a required
    /// equality keeps no marker and leaving would rebuild the tableau. With the bounds gone, the
    /// witness's range over the feasible region is the range of `e` over the region of the
    /// others, the same linear programs `implies` solves on a copy with a fresh witness, so the
    /// answer is the same; an implied candidate stays out, and any other gets its bounds back.
    /// The probe per candidate (a copy of the component's solver, the kept candidates added
    /// again, a copy for the witness) was 15 % of validating nested-stack-views.
    func relaxedScan(_ all: [ConstraintID], candidates: [ConstraintID]) -> [ConstraintID]? {
        let candidateSet = Set(candidates)
        var scan = emptyCopy()
        for id in all where !candidateSet.contains(id) {
            guard scan.probe(constraint(id)).1 != .infeasible else { return nil }
        }
        var witnesses: [Variable] = []
        for candidate in candidates {
            let witness = scan.makeVariable(named: "implied?")
            let definition = Constraint(Expression(witness) - constraint(candidate).expression, .equal)
            guard scan.probe(definition).1 != .infeasible else { return nil }
            witnesses.append(witness)
        }
        // The last candidate is examined first, with its bounds off: it never gets them. The
        // first is examined last: nothing needs its bounds back after it.
        var bounds: [[ConstraintID]] = Array(repeating: [], count: candidates.count)
        for position in candidates.indices.dropLast() {
            guard let ids = scan.bound(witnesses[position], as: constraint(candidates[position]).relation) else {
                return nil
            }
            bounds[position] = ids
        }
        var found: [ConstraintID] = []
        for position in candidates.indices.reversed() {
            for id in bounds[position] { scan.remove(id) }
            if scan.confines(witnesses[position], to: constraint(candidates[position]).relation) {
                found.append(candidates[position])
            } else if position > 0 {
                guard let ids = scan.bound(witnesses[position], as: constraint(candidates[position]).relation) else {
                    return nil
                }
                bounds[position] = ids
            }
        }
        return found
    }

    /// Adds `witness ⋈ 0` as required inequalities (both directions for an equality); nil when
    /// one is refused.
    private mutating func bound(_ witness: Variable, as relation: Relation) -> [ConstraintID]? {
        let directions: [Relation] = switch relation {
        case .equal: [.lessThanOrEqual, .greaterThanOrEqual]
        case .lessThanOrEqual, .greaterThanOrEqual: [relation]
        }
        var ids: [ConstraintID] = []
        for direction in directions {
            let (id, outcome) = probe(Constraint(Expression(witness), direction))
            guard outcome != .infeasible else { return nil }
            ids.append(id)
        }
        return ids
    }
}

/// Union-find over variable indices, with path halving and union by size: the variables a set
/// of constraints connects. The redundancy rule splits required constraints with it, and
/// NinefoldLayout a class into components and a component into pieces.
public struct VariableComponents: Sendable {
    private var parent: [Int]
    private var size: [Int]

    public init(count: Int) {
        parent = Array(0..<count)
        size = Array(repeating: 1, count: count)
    }

    /// The representative of `element`'s set.
    public mutating func find(_ element: Int) -> Int {
        var node = element
        while parent[node] != node {
            parent[node] = parent[parent[node]]
            node = parent[node]
        }
        return node
    }

    /// Puts every variable of `terms` in one set.
    public mutating func join(_ terms: [Term]) {
        for term in terms.dropFirst() { union(terms[0].variable.index, term.variable.index) }
    }

    public mutating func union(_ lhs: Int, _ rhs: Int) {
        var a = find(lhs)
        var b = find(rhs)
        guard a != b else { return }
        if size[a] < size[b] { swap(&a, &b) }
        parent[b] = a
        size[a] += size[b]
    }
}
