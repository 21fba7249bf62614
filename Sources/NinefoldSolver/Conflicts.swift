/// Minimal conflicting sets of required constraints.
extension Solver {
    /// A minimal set of required constraints that cannot hold together, containing `id`.
    ///
    /// Candidates are the required constraints connected to the new one through shared
    /// variables (nothing outside that component can take part in an infeasibility); a deletion
    /// filter (in halving chunks, then one by one) keeps only those whose removal would make the
    /// rest feasible, so the result is irreducible. Each feasibility test only adds constraints to
    /// an empty solver without optimising, which is all feasibility needs.
    func minimalConflict(adding id: ConstraintID) -> [ConstraintID] {
        let candidates = connectedRequired(to: id)
        var kept = candidates
        var chunk = max(1, kept.count / 2)
        while true {
            var start = 0
            while start < kept.count {
                let end = min(kept.count, start + chunk)
                let trial = Array(kept[..<start] + kept[end...])
                if kept[start..<end].contains(id) || feasible(trial) {
                    start = end
                } else {
                    kept = trial
                }
            }
            if chunk == 1 { break }
            chunk = max(1, chunk / 2)
        }
        return kept.sorted()
    }

    /// Required constraints in the solver that share variables, transitively, with `id`, plus
    /// `id`, in the solver's order (the new one last). A breadth-first walk over a variable →
    /// constraints index: linear in the size of the system.
    func connectedRequired(to id: ConstraintID) -> [ConstraintID] {
        let required = constraintIDs.filter { constraint($0).priority.isRequired && $0 != id } + [id]
        var byVariable: [Variable: [Int]] = [:]
        for (position, candidate) in required.enumerated() {
            for term in constraint(candidate).expression.terms { byVariable[term.variable, default: []].append(position) }
        }
        var included = Array(repeating: false, count: required.count)
        included[required.count - 1] = true
        var frontier = [required.count - 1]
        var reached: Set<Variable> = []
        while let position = frontier.popLast() {
            for term in constraint(required[position]).expression.terms where reached.insert(term.variable).inserted {
                for neighbour in byVariable[term.variable] ?? [] where !included[neighbour] {
                    included[neighbour] = true
                    frontier.append(neighbour)
                }
            }
        }
        return required.indices.filter { included[$0] }.map { required[$0] }
    }

    /// Whether these constraints (all required) can hold together.
    func feasible(_ ids: [ConstraintID]) -> Bool {
        var probe = emptyCopy()
        for candidate in ids where probe.probe(constraint(candidate)).1 == .infeasible { return false }
        return true
    }
}
