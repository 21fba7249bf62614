/// The lexicographic optimum of one variable held only by non-required constraints, in closed
/// form: a label's hugging and compression pair on its width (`w ≤ 69.5` at 251, `w ≥ 69.5` at
/// 750) is the most common piece a layout gives the simplex, and a solver for it (a tableau, a
/// cost row per level, the optimal face's flags for its range) cost hundreds of times what the
/// answer does (Documentation/Solver.md, "Small systems").
///
/// Each constraint `a·x + c ⋈ 0` with `a = ±1` misses by `max(0, a·x + c)` (≤), `max(0, −(a·x + c))`
/// (≥) or `|a·x + c|` (=), exactly the error the solver prices with weight 1 at its priority's
/// level. Level by level, highest first, the sum of misses at that level is a convex piecewise
/// linear function of `x` whose kinks are the constraints' targets `t = −c·a`; its minimisers over
/// the interval the higher levels left form an interval again, read from the slopes at the kinks.
/// When the last interval is one point, every lexicographically optimal solution has `x` there,
/// so the simplex's vertex is that point whatever its pivots: the answer is exact and unique.
/// When it is wider (a tie, or a side no constraint bounds), which vertex the simplex shows
/// depends on its pivots, so the caller solves it on a `Solver` as before: `value` is nil.
///
/// Only coefficients of exactly ±1 are taken (targets and slopes are then exact: a negation and
/// sums of small integers); anything else, a required constraint (which can conflict, and be
/// implied) or a second variable, is refused (nil), and the caller keeps the general path.
public enum SingleVariableOptimum {
    /// The unique optimal value of the one variable the constraints mention, or nil when the
    /// closed form does not apply or the optimum is not a single point.
    public static func value(of constraints: [Constraint]) -> Double? {
        optimum(of: constraints, at: constraints.indices)
    }

    /// `value(of:)` of the constraints at `positions`, without copying them out: answering
    /// allocates nothing.
    public static func value(of constraints: [Constraint], at positions: ArraySlice<Int>) -> Double? {
        optimum(of: constraints, at: positions)
    }

    private static func optimum<Positions: Collection<Int>>(of all: [Constraint], at positions: Positions) -> Double? {
        // The kinks are compared pairwise (no sorted copy); a single variable under more
        // constraints than this is no label's pair, and the solver takes it.
        guard !positions.isEmpty, positions.count <= 32 else { return nil }
        var variable = -1
        for position in positions {
            guard !all[position].priority.isRequired, let term = soleTerm(all[position]),
                  variable < 0 || term.variable.index == variable else { return nil }
            variable = term.variable.index
        }
        let constraints = positions.lazy.map { all[$0] }
        var lower = -Double.infinity
        var upper = Double.infinity
        var level = Double.infinity
        while let priority = nextLevel(below: level, in: constraints) {
            level = priority
            (lower, upper) = minimisers(of: constraints, at: priority, within: lower, upper)
        }
        return lower == upper && lower.isFinite ? lower : nil
    }

    /// The one term with a non-zero coefficient, when there is exactly one and it is ±1.
    private static func soleTerm(_ constraint: Constraint) -> Term? {
        var found: Term?
        for term in constraint.expression.terms where term.coefficient != 0 {
            guard found == nil, abs(term.coefficient) == 1 else { return nil }
            found = term
        }
        guard let found, constraint.expression.constant.isFinite else { return nil }
        return found
    }

    /// The highest priority below `level` that some constraint has.
    private static func nextLevel<Constraints: Collection<Constraint>>(below level: Double, in constraints: Constraints) -> Double? {
        var next: Double?
        for constraint in constraints where constraint.priority.value < level {
            next = max(next ?? -.infinity, constraint.priority.value)
        }
        return next
    }

    /// How a constraint's miss grows with `x` past its target: `upward` misses for `x > t`,
    /// downward for `x < t` (an equality both).
    private static func sides(_ constraint: Constraint) -> (target: Double, upward: Bool, downward: Bool) {
        let coefficient = soleTerm(constraint)?.coefficient ?? 1
        let target = -constraint.expression.constant * coefficient
        switch constraint.relation {
        case .equal: return (target, true, true)
        case .lessThanOrEqual: return (target, coefficient > 0, coefficient < 0)
        case .greaterThanOrEqual: return (target, coefficient < 0, coefficient > 0)
        }
    }

    /// The minimisers within `[lower, upper]` of the misses at one level. The slope just right
    /// of `x` counts +1 for each upward constraint with `t ≤ x` and −1 for each downward one with
    /// `t > x`; just left of `x`, +1 for upward with `t < x` and −1 for downward with `t ≥ x`.
    /// Both are non-decreasing, so the minimisers are `[least kink whose right slope is ≥ 0,
    /// greatest kink whose left slope is ≤ 0]`, clamped to the interval. Left of every kink the
    /// right slope is minus the downward count, ≥ 0 only when there is none, and the minimisers
    /// then reach −∞; at the greatest kink it is the upward count, ≥ 0, so otherwise some kink
    /// qualifies. Likewise on the right with the left slope.
    private static func minimisers<Constraints: Collection<Constraint>>(
        of constraints: Constraints, at priority: Double, within lower: Double, _ upper: Double) -> (Double, Double) {
        func slopes(at x: Double) -> (right: Int, left: Int) {
            var right = 0
            var left = 0
            for constraint in constraints where constraint.priority.value == priority {
                let side = sides(constraint)
                if side.upward {
                    if side.target <= x { right += 1 }
                    if side.target < x { left += 1 }
                }
                if side.downward {
                    if side.target > x { right -= 1 }
                    if side.target >= x { left -= 1 }
                }
            }
            return (right, left)
        }
        var first = slopes(at: -.infinity).right >= 0 ? -Double.infinity : .infinity
        var last = slopes(at: .infinity).left <= 0 ? Double.infinity : -.infinity
        for constraint in constraints where constraint.priority.value == priority {
            let kink = sides(constraint).target
            let slope = slopes(at: kink)
            if kink < first && slope.right >= 0 { first = kink }
            if kink > last && slope.left <= 0 { last = kink }
        }
        return (min(max(first, lower), upper), min(max(last, lower), upper))
    }
}
