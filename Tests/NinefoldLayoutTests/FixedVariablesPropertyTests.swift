@testable import NinefoldLayout
import NinefoldSolver
import Testing
import SeededRandom

/// A component solved with the variables required equalities fix read as constants
/// (`FixedVariables`, Documentation/Solver.md "Fixed variables as constants") must answer as the
/// same component solved whole on one solver: values and optimal ranges within the frame
/// tolerance, the same ties, the same conflicts (members and broken constraint) and the same
/// implied constraints among every required equality.
///
/// The systems are nested stacks' horizontal axis, generalised: a root pinned at x and width, an
/// outer box hung from the root by two margin equations (the document's candidates), rows hung
/// from the outer box's leading and trailing, and in each row items in a chain from the row's
/// leading, with equal widths (a square block once the row is fixed), wishes, or required
/// bounds, closed at the row's trailing or left open. Now and then: a margin equation repeated
/// (implied), a row's leading pinned again with another constant (a conflict), an item pinned
/// absolutely (a constant equation that holds or not), a required bound that the row's width
/// cannot meet (a conflict inside a piece), or an outer box whose trailing is placed only by its
/// rows (then the margin equation is implied or not by what the rows fix).
@Suite struct FixedVariablesPropertyTests {
    static func system(_ random: inout SplitMix64) -> (count: Int, constraints: [Constraint]) {
        var count = 0
        func variable() -> Variable {
            count += 1
            return Variable(index: count - 1)
        }
        var constraints: [Constraint] = []
        let (rootX, rootWidth, outerX, outerWidth) = (variable(), variable(), variable(), variable())
        constraints.append(Constraint(Expression(rootX), .equal))
        constraints.append(Constraint(rootWidth - Double(200 + 40 * random.below(10)), .equal))
        let margin = Double(random.pick([8, 16, 20]))
        constraints.append(Constraint(outerX - rootX - margin, .equal))
        let trailingByMargin = !random.chance(6)
        if trailingByMargin {
            constraints.append(Constraint(outerX + outerWidth - rootX - rootWidth + margin, .equal))
        }
        if random.chance(5) { constraints.append(Constraint(outerX - rootX - margin, .equal)) }
        for _ in 0..<(1 + random.below(4)) {
            let (rowX, rowWidth) = (variable(), variable())
            constraints.append(Constraint(rowX - outerX, .equal))
            constraints.append(Constraint(rowX + rowWidth - outerX - outerWidth, .equal))
            // A row's leading pinned again: the same equation (implied) or another (a conflict).
            if random.chance(8) { constraints.append(Constraint(rowX - outerX, .equal)) }
            if random.chance(40) { constraints.append(Constraint(rowX - outerX - 1, .equal)) }
            let items = 1 + random.below(4)
            let equalWidths = random.chance(2)
            let closed = !random.chance(5)
            var previous: (x: Variable, width: Variable)?
            var first: Variable?
            let gap = Double(random.below(3) * 4)
            for _ in 0..<items {
                let (x, width) = (variable(), variable())
                if let previous {
                    constraints.append(Constraint(x - previous.x - previous.width - gap, .equal))
                } else {
                    constraints.append(Constraint(x - rowX, .equal))
                }
                if equalWidths, let first {
                    constraints.append(Constraint(width - first, .equal))
                } else {
                    switch random.below(6) {
                    case 0: constraints.append(Constraint(width - Double(10 + random.below(40)), .equal, priority: Priority(750)))
                    case 1:
                        constraints.append(Constraint(width - Double(10 + random.below(40)), .greaterThanOrEqual, priority: Priority(750)))
                        constraints.append(Constraint(width - Double(10 + random.below(40)), .lessThanOrEqual, priority: Priority(250)))
                    case 2: constraints.append(Constraint(width - Double(random.below(20)), .greaterThanOrEqual))
                    case 3, 4: constraints.append(Constraint(width - Double(10 + random.below(40)), .equal, priority: Priority(500)))
                    default: break
                    }
                }
                if random.chance(60) { constraints.append(Constraint(width - Double(400 + random.below(100)), .greaterThanOrEqual)) }
                if random.chance(60) { constraints.append(Constraint(x - Double(random.below(60)), .equal)) }
                if first == nil { first = width }
                previous = (x, width)
            }
            if closed, let previous {
                constraints.append(Constraint(previous.x + previous.width - rowX - rowWidth, .equal))
            }
        }
        if !trailingByMargin {
            // The outer box's width from a wish, then maybe its trailing at the margin after all.
            constraints.append(Constraint(outerWidth - Double(100 + random.below(100)), .equal, priority: Priority(500)))
            if random.chance(2) { constraints.append(Constraint(outerX + outerWidth - rootX - rootWidth + margin, .equal)) }
        }
        return (count, constraints)
    }

    @Test func answersAsTheWholeComponent() {
        var random = SplitMix64(state: 1515)
        var fixedSome = 0
        var blocks = 0
        var allFixed = 0
        var moving = 0
        var conflicting = 0
        var implied = 0
        var impliedMargins = 0
        for _ in 0..<600 {
            let (count, constraints) = Self.system(&random)
            let flat = ComponentSolve(variableCount: count, constraints: constraints, pieceSize: 1)
            let joined = ComponentSolve(variableCount: count, constraints: constraints)
            let whole = ComponentSolve(variableCount: count, constraints: constraints, resolving: false)
            if let fixing = flat.fixing {
                fixedSome += 1
                if fixing.steps.contains(where: { $0.constraints.count > 1 }) { blocks += 1 }
                if flat.pieces.isEmpty { allFixed += 1 }
            }
            if !whole.conflicts.isEmpty { conflicting += 1 }
            #expect(zip(joined.values, flat.values).allSatisfy { abs($0 - $1) <= Tolerance.frame })
            // The constraints in the layout (`LayoutEngine.solve`: numbered by a piece's solver or
            // held outside every solver) are those the whole solver kept.
            let held = flat.ids.indices.map { flat.ids[$0] != nil || (flat.isHeldOutside?[$0] ?? false) }
            #expect(held == whole.ids.map { $0 != nil })
            let answers = expectAnswersAsTheWhole(flat, whole, variableCount: count, constraints: constraints)
            moving += answers.moving
            implied += answers.implied
            // The margin equations alone, as a document's few candidates.
            let variables = (0..<count).map { Variable(index: $0) }
            let members = Array(constraints.indices)
            let solution = LayoutSolution(parts: flat.parts(variables: variables, members: members), variableCount: count)
            let reference = LayoutSolution(parts: whole.parts(variables: variables, members: members), variableCount: count)
            let margins = [2, 3].map { ConstraintID(index: $0) }.filter { whole.ids[$0.index] != nil }
            let marginsFound = solution.impliedConstraints(among: margins)
            #expect(marginsFound == reference.impliedConstraints(among: margins))
            impliedMargins += marginsFound.count
        }
        // The generator must reach every kind of answer: components with fixed variables (with
        // square blocks, and with nothing left to a solver), variables that move, conflicts,
        // and implied constraints (among the margins too).
        // (With this seed, of 600 components: 165 kept fixed variables (a component left with
        // one piece is solved without them), 107 with blocks, 115 with nothing left to a
        // solver; 1,298 moving variables, 90 conflicts, 329 implied answers, 127 among the
        // margins alone.)
        #expect(fixedSome > 120)
        #expect(blocks > 80)
        #expect(allFixed > 80)
        #expect(moving > 100)
        #expect(conflicting > 40)
        #expect(implied > 200)
        #expect(impliedMargins > 60)
    }
    /// `FixedVariables.mayFix` only skips searches that would fix nothing: on these systems and
    /// on DirectResolutionPropertyTests' chains, cut to random subsets (so that some keep no
    /// equation of one variable, or fewer than two of several) with random constraints
    /// ignored, whenever it says no, the search fixes no variable. Both answers occur, and a
    /// "yes" is often right (the search then fixes something), so the check has something to
    /// hold.
    @Test func mayFixSaysNoOnlyWhenNothingIsFixed() {
        var random = SplitMix64(state: 4242)
        var (no, yesAndFixed) = (0, 0)
        for trial in 0..<3000 {
            let (count, all) = trial % 2 == 0 ? Self.system(&random) : DirectResolutionPropertyTests.system(&random)
            let constraints = all.filter { _ in !random.chance(3) }
            let ignoring = random.chance(2) ? nil : constraints.map { _ in random.chance(4) }
            let fixed = FixedVariables(variableCount: count, constraints: constraints, ignoring: ignoring)
            if FixedVariables.mayFix(constraints, ignoring: ignoring) {
                if fixed.count > 0 { yesAndFixed += 1 }
            } else {
                no += 1
                #expect(fixed.count == 0, "trial \(trial)")
            }
        }
        #expect(no > 100)
        #expect(yesAndFixed > 100)
    }

    /// `FixedVariables.mayFix(_:ignoring:variableCount:)` (no square set of equalities at the
    /// start either) only skips searches that would fix nothing, on the systems of
    /// `mayFixSaysNoOnlyWhenNothingIsFixed` and on sets of two-variable equalities alone (a
    /// chain, a cycle, equal widths: square or not, singular or not): whenever it says no, the
    /// search fixes no variable; it says no in cases the one-pass check says yes to (what it
    /// adds), and says yes whenever that search does fix something (never less than the
    /// one-pass check: it says no only where that check's "yes" came from equalities of
    /// several variables).
    @Test func mayFixWithBlocksSaysNoOnlyWhenNothingIsFixed() {
        var random = SplitMix64(state: 4343)
        var (no, noWhereOnePassSaysYes, yesAndFixed) = (0, 0, 0)
        for trial in 0..<3000 {
            let count: Int
            var constraints: [Constraint]
            switch trial % 3 {
            case 0: (count, constraints) = Self.system(&random)
            case 1: (count, constraints) = DirectResolutionPropertyTests.system(&random)
            default:
                // Equalities of two variables over a few variables, sometimes with a pin or an
                // inequality: a cycle of k equations in k variables is a square set (singular
                // when its differences cancel), a chain of k in k + 1 is not.
                count = 2 + random.below(5)
                constraints = []
                for _ in 0..<(1 + random.below(count + 1)) {
                    let (a, b) = (random.below(count), random.below(count))
                    let coefficients = random.chance(2) ? (1.0, -1.0) : (Double(1 + random.below(3)), Double(random.below(5) - 2))
                    constraints.append(Constraint(Expression([Term(Variable(index: a), coefficients.0),
                                                              Term(Variable(index: b), coefficients.1)],
                                                             constant: Double(random.below(11) - 5)), .equal))
                }
                if random.chance(4) {
                    constraints.append(Constraint(Expression([Term(Variable(index: random.below(count)))], constant: -3),
                                                  random.chance(2) ? .equal : .greaterThanOrEqual))
                }
            }
            constraints = constraints.filter { _ in !random.chance(4) }
            let ignoring = random.chance(2) ? nil : constraints.map { _ in random.chance(5) }
            let fixed = FixedVariables(variableCount: count, constraints: constraints, ignoring: ignoring)
            let onePass = FixedVariables.mayFix(constraints, ignoring: ignoring)
            if FixedVariables.mayFix(constraints, ignoring: ignoring, variableCount: count) {
                #expect(onePass, "trial \(trial)")
                if fixed.count > 0 { yesAndFixed += 1 }
            } else {
                no += 1
                if onePass { noWhereOnePassSaysYes += 1 }
                #expect(fixed.count == 0, "trial \(trial)")
            }
        }
        #expect(no > 100)
        #expect(noWhereOnePassSaysYes > 100)
        #expect(yesAndFixed > 100)
    }

    /// `mayFix(_:ignoring:variableCount:)` answers no without its grouping when every required
    /// equality of several terms has more distinct variables than there are such equalities
    /// (Documentation/Solver.md, "Branch columns3"). Its answer must be the grouping's: checked
    /// against the rule written out here (yes for an equation of one non-zero term or a variable
    /// outside; otherwise yes exactly when some set of such equations, joined by their
    /// variables, has as many distinct variables as equations, at most `blockLimit`) on
    /// systems of equalities of two to five terms, variables sometimes repeated within one
    /// equation, a few variables or many, so that the count says no, and that it declines
    /// (the grouping then answering either way), each many times.
    @Test func mayFixCountAnswersAsTheGrouping() {
        var random = SplitMix64(state: 5151)
        var (countSaysNo, groupedNo, groupedYes) = (0, 0, 0)
        for trial in 0..<4000 {
            let count = 2 + random.below(14)
            var constraints: [Constraint] = []
            for _ in 0..<(1 + random.below(6)) {
                var terms: [Term] = []
                for _ in 0..<(2 + random.below(4)) {
                    // Now and then a variable repeated, a zero coefficient, or one outside.
                    let variable = random.chance(6) && !terms.isEmpty ? terms[0].variable.index
                        : random.chance(200) ? count : random.below(count)
                    terms.append(Term(Variable(index: variable), random.chance(10) ? 0 : Double(1 + random.below(3))))
                }
                constraints.append(Constraint(Expression(terms, constant: Double(random.below(7))),
                                              random.chance(8) ? .greaterThanOrEqual : .equal,
                                              priority: random.chance(8) ? Priority(250) : .required))
            }
            let ignoring = random.chance(2) ? nil : constraints.map { _ in random.chance(6) }
            // The rule, written out.
            var expected = false
            var equations: [[Int]] = []
            for (index, constraint) in constraints.enumerated()
            where !(ignoring?[index] ?? false) && constraint.relation == .equal && constraint.priority.isRequired {
                let variables = constraint.expression.terms.filter { $0.coefficient != 0 }.map(\.variable.index)
                if variables.count == 1 { expected = true }
                if variables.count >= 2 { equations.append(variables) }
            }
            if !expected && equations.count >= 2 {
                if equations.contains(where: { $0.contains { $0 >= count } }) {
                    expected = true
                } else {
                    var parent = Array(0..<count)
                    func root(_ node: Int) -> Int { parent[node] == node ? node : root(parent[node]) }
                    for variables in equations {
                        for variable in variables.dropFirst() {
                            let (a, b) = (root(variables[0]), root(variable))
                            if a != b { parent[max(a, b)] = min(a, b) }
                        }
                    }
                    var rows: [Int: Int] = [:]
                    var members: [Int: Set<Int>] = [:]
                    for variables in equations {
                        rows[root(variables[0]), default: 0] += 1
                        for variable in variables { members[root(variable), default: []].insert(variable) }
                    }
                    expected = rows.contains { $0.value == members[$0.key]?.count && $0.value <= FixedVariables.blockLimit }
                }
            }
            #expect(FixedVariables.mayFix(constraints, ignoring: ignoring, variableCount: count) == expected, "trial \(trial)")
            // Whether the count alone says no: every equation of several terms has more distinct
            // variables (all inside) than there are such equations.
            if !expected && equations.count >= 2
                && equations.allSatisfy({ Set($0).count > equations.count && !$0.contains { $0 >= count } }) {
                countSaysNo += 1
            } else if expected {
                groupedYes += 1
            } else {
                groupedNo += 1
            }
        }
        #expect(countSaysNo > 100)
        #expect(groupedNo > 200)
        #expect(groupedYes > 200)
    }

    /// Two equal-width buttons between the margins of a 375-point root, as the bundled
    /// document two-equal-width-buttons' horizontal axis: the pins fix the root, the leading
    /// margin the short button's x, and the three equations left (the spacing, the trailing
    /// margin, the equal widths) are a square block in the other three variables, so every
    /// variable is fixed and the content-size wishes (their widths 40 and 180) are constants.
    /// No solver is made then (`ComponentSolve`'s every-variable-outside path, Documentation/
    /// Solver.md "Branch aroundsolve"), and the answer is the whole solver's: each width
    /// (375 − 20 − 20 − 8) / 2 = 163.5, the long button at 20 + 163.5 + 8 = 191.5.
    @Test func aComponentEveryVariableOfWhichIsFixedNeedsNoSolver() {
        let (rootX, rootWidth, shortX, shortWidth, longX, longWidth) =
            (Variable(index: 0), Variable(index: 1), Variable(index: 2), Variable(index: 3), Variable(index: 4), Variable(index: 5))
        func wish(_ width: Variable, _ size: Double, _ relation: Relation, _ priority: Double) -> Constraint {
            Constraint(Expression([Term(width)], constant: -size), relation, priority: Priority(priority))
        }
        let constraints = [
            Constraint(Expression([Term(rootX)]), .equal),
            Constraint(Expression([Term(rootWidth)], constant: -375), .equal),
            Constraint(Expression([Term(shortX), Term(rootX, -1)], constant: -20), .equal),
            Constraint(Expression([Term(longX), Term(shortX, -1), Term(shortWidth, -1)], constant: -8), .equal),
            Constraint(Expression([Term(longX), Term(longWidth), Term(rootX, -1), Term(rootWidth, -1)], constant: 20), .equal),
            Constraint(Expression([Term(shortWidth), Term(longWidth, -1)]), .equal),
            wish(shortWidth, 40, .lessThanOrEqual, 250), wish(shortWidth, 40, .greaterThanOrEqual, 750),
            wish(longWidth, 180, .lessThanOrEqual, 250), wish(longWidth, 180, .greaterThanOrEqual, 750),
        ]
        let solve = ComponentSolve(variableCount: 6, constraints: constraints)
        let whole = ComponentSolve(variableCount: 6, constraints: constraints, resolving: false)
        #expect(solve.pieces.isEmpty)
        #expect(solve.conflicts.isEmpty)
        #expect(solve.fixing != nil)
        let expected = [0, 375, 20, 163.5, 191.5, 163.5]
        #expect(zip(solve.values, expected).allSatisfy { abs($0 - $1) <= Tolerance.frame }, "\(solve.values)")
        #expect(zip(whole.values, expected).allSatisfy { abs($0 - $1) <= Tolerance.frame }, "\(whole.values)")
        // Every constraint holds outside any solver: removed, fixing, or a constant that holds.
        #expect(solve.ids.allSatisfy { $0 == nil })
        #expect(solve.isHeldOutside == Array(repeating: true, count: constraints.count))
        #expect(whole.ids.allSatisfy { $0 != nil })
    }

    /// Three rows of a label and a field, as the bundled document dynamic-height-columns'
    /// horizontal axis: the root pinned at x 0 and width 600, each label's leading 20 from the
    /// root's, each field 8 after its label and 20 before the root's trailing, the fields' widths
    /// equal. The pins fix the root and then the leadings each label's x (20); what is left is
    /// eight equations in the nine widths and field x's, joined as a tree (each field's x to its
    /// label's width and its own width, the widths to the first's), so no set of them is square
    /// and no block is solved: exactly those five variables are fixed, each by one equation
    /// (`fixBlocks` answers so without its grouping's counts; Documentation/Solver.md, "Branch
    /// columns3"). Closing a cycle (the first label's width equal to the second's, and the
    /// second's to the third's) leaves ten equations in nine variables, still no square set
    /// among them, so again only the five. Fixing the first label's width besides (83) fixes
    /// every other variable one equation at a time.
    @Test func aTreeOfEquationsFixesNoBlock() {
        let (rootX, rootWidth) = (Variable(index: 0), Variable(index: 1))
        func row(_ i: Int) -> (labelX: Variable, labelWidth: Variable, fieldX: Variable, fieldWidth: Variable) {
            (Variable(index: 2 + 4 * i), Variable(index: 3 + 4 * i), Variable(index: 4 + 4 * i), Variable(index: 5 + 4 * i))
        }
        var constraints = [
            Constraint(Expression([Term(rootX)]), .equal),
            Constraint(Expression([Term(rootWidth)], constant: -600), .equal),
        ]
        for i in 0..<3 {
            let r = row(i)
            constraints.append(Constraint(Expression([Term(r.labelX), Term(rootX, -1)], constant: -20), .equal))
            constraints.append(Constraint(Expression([Term(r.fieldX), Term(r.labelX, -1), Term(r.labelWidth, -1)], constant: -8), .equal))
            constraints.append(Constraint(Expression([Term(r.fieldX), Term(r.fieldWidth), Term(rootX, -1), Term(rootWidth, -1)],
                                                     constant: 20), .equal))
            constraints.append(Constraint(Expression([Term(r.labelWidth)], constant: -83), .greaterThanOrEqual, priority: Priority(750)))
        }
        constraints.append(Constraint(Expression([Term(row(0).fieldWidth), Term(row(1).fieldWidth, -1)]), .equal))
        constraints.append(Constraint(Expression([Term(row(0).fieldWidth), Term(row(2).fieldWidth, -1)]), .equal))
        let tree = FixedVariables(variableCount: 14, constraints: constraints)
        #expect(tree.count == 5)
        #expect(tree.values[0] == 0 && tree.values[1] == 600)
        #expect((0..<3).allSatisfy { tree.values[row($0).labelX.index] == 20 })
        #expect(tree.steps.allSatisfy { $0.variables.count == 1 })
        // A cycle, but ten equations in nine variables: still nothing square.
        var cyclic = constraints
        cyclic.append(Constraint(Expression([Term(row(0).labelWidth), Term(row(1).labelWidth, -1)]), .equal))
        cyclic.append(Constraint(Expression([Term(row(1).labelWidth), Term(row(2).labelWidth, -1)]), .equal))
        let closed = FixedVariables(variableCount: 14, constraints: cyclic)
        #expect(closed.count == 5)
        #expect(closed.steps.allSatisfy { $0.variables.count == 1 })
        // The first label's width fixed too: the equal label widths fix the others (83), then
        // each field's x is 20 + 83 + 8 = 111, and its trailing (x + width = 600 - 20) its
        // width, 580 - 111 = 469.
        cyclic.append(Constraint(Expression([Term(row(0).labelWidth)], constant: -83), .equal))
        let full = FixedVariables(variableCount: 14, constraints: cyclic)
        #expect(full.count == 14)
        #expect((0..<3).allSatisfy { full.values[row($0).fieldX.index] == 111 })
        #expect((0..<3).allSatisfy { abs((full.values[row($0).fieldWidth.index] ?? 0) - 469) <= 1e-9 })
    }
}
