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

    /// Finds the removable equations of `constraints` over variables `0..<variableCount`. A
    /// variable is removed only if it appears in one term of its equation and its coefficient is
    /// at least `Solver.subjectThreshold` of the equation's largest (the solver's threshold
    /// pivoting: dividing by a relatively tiny coefficient would magnify rounding).
    public init(variableCount: Int, constraints: [Constraint]) {
        var occurrences = Array(repeating: 0, count: variableCount)
        var lastConstraint = Array(repeating: -1, count: variableCount)
        for (index, constraint) in constraints.enumerated() {
            for term in constraint.expression.terms where term.coefficient != 0 {
                occurrences[term.variable.index] += 1
                lastConstraint[term.variable.index] = index
            }
        }
        // The constraints holding each variable, in one flat array (variable v's are
        // `holding[start[v]..<start[v + 1]]`, ascending): with an array per variable, this pass
        // was a quarter of solving a small document, most of it allocating
        // (Documentation/Performance.md, "Branch small").
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
        var removedVariable = Array(repeating: false, count: variableCount)
        var removedConstraint = Array(repeating: false, count: constraints.count)
        var definitions: [Definition] = []
        var queue = (0..<variableCount).filter { occurrences[$0] == 1 }
        while let variable = queue.popLast() {
            guard occurrences[variable] == 1, !removedVariable[variable] else { continue }
            let index = lastConstraint[variable]
            let constraint = constraints[index]
            guard !removedConstraint[index], constraint.relation == .equal, constraint.priority.isRequired,
                  Self.defines(variable, constraint) else { continue }
            removedVariable[variable] = true
            removedConstraint[index] = true
            definitions.append(Definition(variable: Variable(index: variable), constraint: index))
            for term in constraint.expression.terms where term.coefficient != 0 && term.variable.index != variable {
                let other = term.variable.index
                occurrences[other] -= 1
                if occurrences[other] == 1 {
                    // Its one remaining occurrence: find which constraint holds it.
                    lastConstraint[other] = holding[start[other]..<start[other + 1]].last { !removedConstraint[$0] } ?? -1
                    if lastConstraint[other] >= 0 { queue.append(other) }
                }
            }
        }
        self.definitions = definitions
        isRemoved = removedVariable
        isConstraintRemoved = removedConstraint
    }

    /// Whether `variable` is in exactly one term of `constraint`, with a coefficient a subject may have.
    private static func defines(_ variable: Int, _ constraint: Constraint) -> Bool {
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

    /// Every variable's value: the remaining ones' from `value`, the removed ones' by back
    /// substitution into their equations.
    public func values(_ constraints: [Constraint], variableCount: Int, remaining value: (Variable) -> Double) -> [Double] {
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
        return values
    }
}
