@testable import NinefoldLayout
import NinefoldSolver
import Testing
import SeededRandom

/// A component solved with its removable chains taken out (direct resolution) must answer as the
/// same component solved whole: the same values and optimal ranges within the frame tolerance,
/// and the same conflicts. The systems are chains of required equalities (each variable defined
/// from an earlier one plus a size), sizes with wishes at several priorities (so some are points
/// and some can move), required inequalities, and now and then a second pin on a chain's end
/// (which keeps the chain in the tableau) or a conflicting pin.
@Suite struct DirectResolutionPropertyTests {
    static func system(_ random: inout SplitMix64) -> (count: Int, constraints: [Constraint]) {
        let links = 1 + random.below(6)
        // Positions p0…p(links) and sizes s0…s(links-1): p(i+1) = p(i) + s(i) + gap.
        let count = 2 * links + 1
        let position = { (index: Int) in Variable(index: index) }
        let size = { (index: Int) in Variable(index: links + 1 + index) }
        var constraints = [Constraint(position(0) - Double(random.below(30)), .equal)]
        for index in 0..<links {
            constraints.append(Constraint(position(index + 1) - position(index) - size(index) - Double(random.below(10)), .equal))
            switch random.below(4) {
            case 0:
                constraints.append(Constraint(size(index) - Double(10 + random.below(40)), .equal, priority: Priority(750)))
            case 1:
                constraints.append(Constraint(size(index) - Double(10 + random.below(40)), .greaterThanOrEqual, priority: Priority(750)))
                constraints.append(Constraint(size(index) - Double(10 + random.below(40)), .lessThanOrEqual, priority: Priority(250)))
            case 2:
                constraints.append(Constraint(size(index) - Double(random.below(20)), .greaterThanOrEqual))
            default:
                constraints.append(Constraint(size(index) - size(0), .equal))
            }
        }
        switch random.below(4) {
        case 0: constraints.append(Constraint(position(links) - Double(50 + random.below(200)), .equal))
        case 1: constraints.append(Constraint(position(links) - Double(50 + random.below(200)), .lessThanOrEqual))
        case 2: constraints.append(Constraint(position(0) - Double(40 + random.below(10)), .equal))
        default: break
        }
        return (count, constraints)
    }

    @Test func answersAsTheWholeComponent() {
        var random = SplitMix64(state: 1313)
        var removedSome = 0
        var moving = 0
        for _ in 0..<1500 {
            let (count, constraints) = Self.system(&random)
            let names = (0..<count).map { "v\($0)" }
            let reduced = ComponentSolve(variableNames: names, constraints: constraints)
            let whole = ComponentSolve(variableNames: names, constraints: constraints, resolving: false)
            if reduced.resolution != nil { removedSome += 1 }
            #expect(reduced.conflicts.map(\.broken) == whole.conflicts.map(\.broken))
            #expect(reduced.conflicts.map(\.constraints) == whole.conflicts.map(\.constraints))
            for (mine, theirs) in zip(reduced.values, whole.values) { #expect(abs(mine - theirs) <= Tolerance.frame) }
            let part = LayoutSolution.Part(solver: reduced.solver, variables: (0..<count).map { Variable(index: $0) },
                                           ids: [], values: reduced.values, removed: reduced.resolution?.isRemoved)
            let variables = (0..<count).map { Variable(index: $0) }
            let expected = whole.solver.optimalRanges(of: variables)
            for (mine, theirs) in zip(part.optimalRanges(of: variables), expected) {
                #expect(abs(mine.lower - theirs.lower) <= Tolerance.frame || mine.lower == theirs.lower)
                #expect(abs(mine.upper - theirs.upper) <= Tolerance.frame || mine.upper == theirs.upper)
                if !theirs.isPoint { moving += 1 }
            }
        }
        // The generator must reach both kinds of answer: components solved with their chains
        // removed (every variable a point: 102 of the 1,500 with this seed), and variables that
        // move (whose components are solved whole).
        #expect(removedSome > 50)
        #expect(moving > 100)
    }
}
