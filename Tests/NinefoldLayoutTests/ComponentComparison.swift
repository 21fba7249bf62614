@testable import NinefoldLayout
import NinefoldSolver
import Testing

/// A component solved with something taken out before the simplex (direct resolution's chains
/// and translations, fixed variables) compared with the same component solved whole on one
/// solver: the same conflicts (members and broken constraint), values and optimal ranges within
/// the frame tolerance, the same ties, and the same implied constraints among every required
/// equality the whole solve kept. Returns how many variables can move and how many candidates
/// were implied, for the generators' coverage checks.
func expectAnswersAsTheWhole(_ reduced: ComponentSolve, _ whole: ComponentSolve, variableCount count: Int,
                             constraints: [Constraint],
                             sourceLocation: SourceLocation = #_sourceLocation) -> (moving: Int, implied: Int) {
    #expect(reduced.conflicts.map(\.broken) == whole.conflicts.map(\.broken), sourceLocation: sourceLocation)
    #expect(reduced.conflicts.map(\.constraints) == whole.conflicts.map(\.constraints), sourceLocation: sourceLocation)
    for (mine, theirs) in zip(reduced.values, whole.values) {
        #expect(abs(mine - theirs) <= Tolerance.frame, sourceLocation: sourceLocation)
    }
    let variables = (0..<count).map { Variable(index: $0) }
    let members = Array(constraints.indices)
    let solution = LayoutSolution(parts: reduced.parts(variables: variables, members: members), variableCount: count)
    let reference = LayoutSolution(parts: whole.parts(variables: variables, members: members), variableCount: count)
    var moving = 0
    for (mine, theirs) in zip(solution.optimalRanges(of: variables), reference.optimalRanges(of: variables)) {
        #expect(abs(mine.lower - theirs.lower) <= Tolerance.frame || mine.lower == theirs.lower, sourceLocation: sourceLocation)
        #expect(abs(mine.upper - theirs.upper) <= Tolerance.frame || mine.upper == theirs.upper, sourceLocation: sourceLocation)
        if !theirs.isPoint { moving += 1 }
    }
    for variable in variables {
        #expect(solution.tiedConstraints(movingWith: variable) == reference.tiedConstraints(movingWith: variable),
                sourceLocation: sourceLocation)
    }
    // Every required equality the whole solve kept is a candidate, in order, as the redundancy
    // rule asks.
    let required = constraints.indices.filter { constraints[$0].priority.isRequired && constraints[$0].relation == .equal }
    let candidates = required.compactMap { whole.ids[$0] != nil ? ConstraintID(index: $0) : nil }
    let implied = solution.impliedConstraints(among: candidates)
    #expect(implied == reference.impliedConstraints(among: candidates), sourceLocation: sourceLocation)
    return (moving, implied.count)
}
