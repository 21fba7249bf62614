/// Minimal conflicting sets of required constraints.
///
/// Which minimal set: a system can have several (two different pairs of pins may each fix a
/// width the new constraint contradicts). The one reported is the *preferred* conflict in
/// Junker's sense (QuickXplain, AAAI 2004) for this preference: required equalities before
/// required inequalities, each in the order they were added. It is the set the additive method
/// builds — keep the refused constraint, find the shortest prefix of the others (in that order)
/// that contradicts what is kept, keep that prefix's last constraint, and repeat on the
/// constraints before it — so of all minimal conflicts it is the one whose least preferred member
/// is most preferred, then the next, and so on. It is deterministic and, where the minimal set is
/// unique, that set. Equalities come first because when they alone contradict the refused
/// constraint the answer is read from one elimination (`EqualityCircuit`) instead of searched for,
/// whatever inequalities share the component; another inequality takes part only when no
/// conflict of equalities exists.
extension Solver {
    /// The preferred minimal set of required constraints that cannot hold together, containing
    /// `id` (which the solver refused; the others are in it).
    ///
    /// Only the required constraints connected to `id` through shared variables can take part
    /// (nothing outside that component constrains its variables). When the component's
    /// equalities alone contradict `id`, one elimination finds the conflict, and its combination
    /// of the members is checked to be a proof of infeasibility; otherwise, or if the elimination
    /// disagrees with the solver, QuickXplain on incremental solver states does.
    func minimalConflict(adding id: ConstraintID) -> [ConstraintID] {
        let candidates = connectedRequired(to: id).dropLast()
        let equalities = candidates.filter { constraint($0).relation == .equal }
        let inequalities = candidates.filter { constraint($0).relation != .equal }
        if let circuit = EqualityCircuit.conflict(equalities + [id], constraints: (equalities + [id]).map(constraint),
                                                  variableCount: variableCount) {
            return circuit
        }
        return quickXplain(equalities + inequalities + [id])
    }

    /// Required constraints in the solver that share variables, transitively, with `id`, plus
    /// `id`, in the solver's order (`id` last). Union-find over the variables of the required
    /// constraints: linear in the size of the system, no hashing.
    func connectedRequired(to id: ConstraintID) -> [ConstraintID] {
        let required = constraintIDs.filter { $0 != id && constraint($0).priority.isRequired }
        let own = constraint(id).expression.terms
        guard let first = own.first else { return [id] }
        let highest = (required + [id]).flatMap { constraint($0).expression.terms.map(\.variable.index) }.max() ?? -1
        var components = VariableComponents(count: max(variableCount, highest + 1))
        for other in required + [id] { components.join(constraint(other).expression.terms) }
        let root = components.find(first.variable.index)
        return required.filter { other in
            constraint(other).expression.terms.first.map { components.find($0.variable.index) == root } ?? false
        } + [id]
    }

    /// QuickXplain over `candidates`: the others in order of preference, the refused one last.
    func quickXplain(_ candidates: [ConstraintID]) -> [ConstraintID] {
        guard let refused = candidates.last else { return [] }
        let search = ConflictSearch(solver: self)
        guard let background = search.state(emptyCopy(), adding: [refused]) else { return [refused] }
        let others = candidates.dropLast()
        // The component alone must refuse too; if a scratch solver disagrees with this one (a
        // tolerance decided differently), the whole component is the only honest answer.
        guard search.state(background, adding: others) == nil else { return candidates.sorted() }
        return (search.explain(background, others) + [refused]).sorted()
    }
}

/// QuickXplain (Junker 2004) on incremental solver states.
///
/// A state is a scratch solver holding a background set that is known feasible; nil stands for
/// an infeasible one. Extending a state copies the solver value and adds constraints to the copy,
/// stopping at the first refusal, so each consistency test costs only the constraints it adds
/// on top of a state the recursion already holds, never a fresh solve of the whole set.
struct ConflictSearch {
    let solver: Solver

    /// `base` plus `ids` in order, or nil as soon as one is refused.
    func state(_ base: Solver, adding ids: ArraySlice<ConstraintID>) -> Solver? {
        var next = base
        for id in ids where next.probe(solver.constraint(id)).1 == .infeasible { return nil }
        return next
    }

    /// The preferred minimal subset of `constraints` that is infeasible with the background,
    /// given that the background with all of `constraints` is infeasible and the background alone
    /// is feasible (nil means the background with the constraints the caller just added was
    /// already infeasible: nothing more is needed). The first half is preferred: it goes into the
    /// background first, and only as much of the second half is kept as that leaves necessary.
    func explain(_ background: Solver?, _ constraints: ArraySlice<ConstraintID>) -> [ConstraintID] {
        guard let background else { return [] }
        guard constraints.count > 1 else { return Array(constraints) }
        let middle = constraints.startIndex + constraints.count / 2
        let preferred = constraints[..<middle]
        let rest = constraints[middle...]
        let fromRest = explain(state(background, adding: preferred), rest)
        let withRest = fromRest.isEmpty ? background : state(background, adding: fromRest[...])
        let fromPreferred = explain(withRest, preferred)
        return fromPreferred + fromRest
    }
}
