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
    /// is checked exactly, on a solver holding only that component.
    public func impliedConstraints(among candidates: [ConstraintID]) -> [ConstraintID] {
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
                implied.formUnion(reverseScan(all, candidates: local))
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
