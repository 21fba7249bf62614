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
            let reduced = ComponentSolve(variableCount: count, constraints: constraints)
            let whole = ComponentSolve(variableCount: count, constraints: constraints, resolving: false)
            if reduced.resolution != nil { removedSome += 1 }
            #expect(reduced.conflicts.map(\.broken) == whole.conflicts.map(\.broken))
            #expect(reduced.conflicts.map(\.constraints) == whole.conflicts.map(\.constraints))
            for (mine, theirs) in zip(reduced.values, whole.values) { #expect(abs(mine - theirs) <= Tolerance.frame) }
            let variables = (0..<count).map { Variable(index: $0) }
            let solution = LayoutSolution(parts: reduced.parts(variables: variables, members: Array(constraints.indices)),
                                          variableCount: count)
            let expected = LayoutSolution(parts: whole.parts(variables: variables, members: Array(constraints.indices)),
                                          variableCount: count).optimalRanges(of: variables)
            for (mine, theirs) in zip(solution.optimalRanges(of: variables), expected) {
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

    /// Rows stacked by required equations (`p(r) = p(r−1) + h(r−1) + gap`), each row's items
    /// placed relative to the row (inside it, or at an offset from its top), the row as short
    /// as its items allow (a wish at 49), item sizes with wishes or bounds. The translation
    /// group of a row is its position and its items' positions. Now and then an item is pinned
    /// to an absolute position (its row's group then moves that pin too, so the row's equation
    /// stays), the last row's bottom is pinned or bounded, or an item is pinned twice
    /// (conflict). Variables: per row p, h, then per item q, s.
    static func rows(_ random: inout SplitMix64) -> (count: Int, constraints: [Constraint], groups: [[Variable]]) {
        let rowCount = 1 + random.below(5)
        var constraints: [Constraint] = []
        var groups: [[Variable]] = []
        var count = 0
        var previous: (position: Variable, height: Variable)?
        for _ in 0..<rowCount {
            let position = Variable(index: count)
            let height = Variable(index: count + 1)
            count += 2
            if let previous {
                constraints.append(Constraint(position - previous.position - previous.height - Double(random.below(10)), .equal))
            } else {
                constraints.append(Constraint(position - Double(random.below(30)), .equal))
            }
            var group = [position]
            for _ in 0..<(1 + random.below(3)) {
                let item = Variable(index: count)
                let size = Variable(index: count + 1)
                count += 2
                group.append(item)
                // Mostly at an offset: an item only inside its row can float (then the row is
                // ambiguous, and the component is solved whole).
                if random.below(10) == 0 {
                    constraints.append(Constraint(item - position, .greaterThanOrEqual))
                } else {
                    constraints.append(Constraint(item - position - Double(random.below(8)), .equal))
                }
                constraints.append(Constraint(item + size - position - height, .lessThanOrEqual))
                switch random.below(4) {
                case 0: constraints.append(Constraint(size - Double(10 + random.below(40)), .equal, priority: Priority(750)))
                case 1:
                    constraints.append(Constraint(size - Double(10 + random.below(40)), .greaterThanOrEqual, priority: Priority(750)))
                    constraints.append(Constraint(size - Double(10 + random.below(40)), .lessThanOrEqual, priority: Priority(250)))
                case 2: constraints.append(Constraint(size - Double(random.below(20)), .greaterThanOrEqual))
                default: constraints.append(Constraint(size - Double(5 + random.below(20)), .equal))
                }
                // Rarely: one pin on a row keeps every row above it in the tableau.
                switch random.below(40) {
                case 0: constraints.append(Constraint(item - Double(random.below(300)), .equal))
                case 1:
                    constraints.append(Constraint(item - Double(random.below(300)), .equal))
                    constraints.append(Constraint(item - Double(300 + random.below(30)), .equal))
                default: break
                }
            }
            constraints.append(Constraint(Expression(height), .equal, priority: Priority(49)))
            groups.append(group)
            previous = (position, height)
        }
        if let previous {
            switch random.below(8) {
            case 0: constraints.append(Constraint(previous.position + previous.height - Double(100 + random.below(300)), .equal))
            case 1: constraints.append(Constraint(previous.position + previous.height - Double(100 + random.below(300)), .lessThanOrEqual))
            default: break
            }
        }
        return (count, constraints, groups)
    }

    /// The same comparison as above on stacked rows with translation groups: a component whose
    /// rows' equations come out (each row then a piece of its own) answers as the component
    /// solved whole.
    @Test func translationsAnswerAsTheWholeComponent() {
        var random = SplitMix64(state: 1414)
        var translated = 0
        var split = 0
        var moving = 0
        var conflicting = 0
        for _ in 0..<1500 {
            let (count, constraints, groups) = Self.rows(&random)
            // Every piece on its own solver (the layout joins small ones, `ComponentSolve.pieceSize`;
            // joined or not, the answers must be the whole component's), and joined as the layout does.
            let reduced = ComponentSolve(variableCount: count, constraints: constraints, groups: groups, pieceSize: 1)
            let joined = ComponentSolve(variableCount: count, constraints: constraints, groups: groups)
            #expect(joined.values == reduced.values || zip(joined.values, reduced.values).allSatisfy { abs($0 - $1) <= Tolerance.frame })
            let whole = ComponentSolve(variableCount: count, constraints: constraints, resolving: false)
            if let resolution = reduced.resolution, resolution.anchors.contains(where: { $0 >= 0 }) { translated += 1 }
            if reduced.pieces.count > 1 { split += 1 }
            if !whole.conflicts.isEmpty { conflicting += 1 }
            moving += expectAnswersAsTheWhole(reduced, whole, variableCount: count, constraints: constraints).moving
            // Without fixed variables (the path a component takes when a fixing equation is in a
            // conflict or a constant misses), translations alone answer the same; where nothing
            // was fixed, that is the solve just compared.
            if reduced.fixing != nil {
                let translatedOnly = ComponentSolve(variableCount: count, constraints: constraints, groups: groups,
                                                    fixing: false, pieceSize: 1)
                _ = expectAnswersAsTheWhole(translatedOnly, whole, variableCount: count, constraints: constraints)
            }
        }
        // The generator must reach every kind of answer: translations kept (rows solved apart),
        // variables that move (components solved whole) and conflicts.
        #expect(translated > 200)
        #expect(split > 100)
        #expect(moving > 100)
        #expect(conflicting > 20)
    }

    /// `DirectResolution.mayTranslate`'s promise, which lets the layout skip a component's
    /// search with groups: when the search without groups removes nothing and no group can be
    /// applied first, the search with groups removes nothing either. On the stacked rows, and
    /// on the same rows without their pins (so that the search without groups often removes
    /// nothing): both answers of `mayTranslate` must be reached with an empty plain search.
    @Test func noTranslationFirstMeansNothingRemoved() {
        var random = SplitMix64(state: 2718)
        var skipped = 0
        var searched = 0
        for round in 0..<1500 {
            var (count, constraints, groups) = Self.rows(&random)
            // Every other system without its one-variable equations (the first row's pin, an
            // item's pins, a size's required value): rows that float, whose groups are charged
            // by several constraints.
            if round % 2 == 1 {
                constraints.removeAll { constraint in
                    constraint.relation == .equal && constraint.priority.isRequired && constraint.expression.terms.count == 1
                }
            }
            let plain = DirectResolution(variableCount: count, constraints: constraints)
            guard plain.definitions.isEmpty else { continue }
            let withGroups = DirectResolution(variableCount: count, constraints: constraints, groups: groups)
            if DirectResolution.mayTranslate(constraints, variableCount: count, groups: groups) {
                searched += 1
            } else {
                skipped += 1
                #expect(withGroups.definitions.isEmpty)
                #expect(!withGroups.isRemoved.contains(true) && !withGroups.isConstraintRemoved.contains(true))
                #expect(!withGroups.anchors.contains { $0 >= 0 })
            }
        }
        #expect(skipped > 100)
        #expect(searched > 100)
    }
}
