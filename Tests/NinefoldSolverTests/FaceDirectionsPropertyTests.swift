@testable import NinefoldSolver
import ReferenceLP
import Testing
import SeededRandom

/// The ranges found from the optimal face's directions (`optimalRanges(of:)`, one linear program
/// per solver plus exact programs only for variables that may move) against the route they
/// replaced, two linear programs per variable (`optimalRangeByPrograms(of:)`), and against the
/// dense reference, on random systems built to have degenerate optima: variables pinned by two
/// opposite inequalities (an implicit equality the tableau does not show), cycles of inequalities,
/// form-like shared widths whose hugging and compression meet at the same value, ties of equal
/// priorities, several components, and directions nothing bounds.
@Suite struct FaceDirectionsPropertyTests {
    typealias Random = SplitMix64

    static func unit(_ variable: Int, _ count: Int, _ value: Double = 1) -> [Double] {
        StructuredSystemPropertyTests.unit(variable, count, value)
    }

    /// `coefficient·x[a] − coefficient·x[b] + constant (relation) 0`.
    static func difference(_ a: Int, _ b: Int, _ count: Int, constant: Double, _ relation: ReferenceConstraint.Relation,
                           priority: Double) -> ReferenceConstraint {
        var coefficients = unit(a, count)
        coefficients[b] -= 1
        return ReferenceConstraint(coefficients: coefficients, constant: constant, relation: relation, priority: priority)
    }

    /// One to three components of two to five variables; each component gets a few of the
    /// degenerate shapes above, chosen at random, and sometimes no bounds at all.
    static func degenerateSystem(_ random: inout Random) -> (variables: Int, constraints: [ReferenceConstraint]) {
        let groups = (0..<(1 + random.below(3))).map { _ in 2 + random.below(4) }
        let count = groups.reduce(0, +)
        var constraints: [ReferenceConstraint] = []
        var first = 0
        for size in groups {
            let members = Array(first..<(first + size))
            first += size
            func member() -> Int { members[random.below(size)] }
            for _ in 0..<(1 + random.below(4)) {
                switch random.below(6) {
                case 0:
                    // Pinned by two required inequalities: a ≥ b + d and a ≤ b + d.
                    let (a, b, gap) = (member(), member(), Double(random.below(5)))
                    guard a != b else { continue }
                    constraints.append(difference(a, b, count, constant: -gap, .greaterThanOrEqual, priority: 1000))
                    constraints.append(difference(a, b, count, constant: -gap, .lessThanOrEqual, priority: 1000))
                case 1:
                    // A cycle of required inequalities: x0 ≤ x1 ≤ … ≤ x0, so all are equal.
                    for (a, b) in zip(members, members.dropFirst() + [members[0]]) {
                        constraints.append(difference(a, b, count, constant: 0, .lessThanOrEqual, priority: 1000))
                    }
                case 2:
                    // A shared width: w = x[m], each with compression (750) and hugging (251) at
                    // the same content size, as the labels of a form.
                    let shared = members[0]
                    for other in members.dropFirst() where random.below(2) == 0 {
                        constraints.append(difference(other, shared, count, constant: 0, .equal, priority: 1000))
                    }
                    let content = -Double(10 + random.below(3) * 5)
                    let target = member()
                    constraints.append(ReferenceConstraint(coefficients: unit(target, count), constant: content,
                                                           relation: .greaterThanOrEqual, priority: 750))
                    constraints.append(ReferenceConstraint(coefficients: unit(target, count), constant: content,
                                                           relation: .lessThanOrEqual, priority: 251))
                case 3:
                    // A tie: equal priorities pulling one variable two ways.
                    let (variable, priority) = (member(), [250.0, 500, 750][random.below(3)])
                    constraints.append(ReferenceConstraint(coefficients: unit(variable, count), constant: -Double(random.below(10)),
                                                           relation: .lessThanOrEqual, priority: priority))
                    constraints.append(ReferenceConstraint(coefficients: unit(variable, count),
                                                           constant: -Double(20 + random.below(10)),
                                                           relation: .greaterThanOrEqual, priority: priority))
                case 4:
                    // A random row inside the component, required or optional.
                    var coefficients = Array(repeating: 0.0, count: count)
                    for index in members { coefficients[index] = Double(random.below(5) - 2) }
                    if coefficients.allSatisfy({ $0 == 0 }) { coefficients[members[0]] = 1 }
                    let relation: ReferenceConstraint.Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][random.below(3)]
                    constraints.append(ReferenceConstraint(coefficients: coefficients, constant: Double(random.below(21) - 10),
                                                           relation: relation,
                                                           priority: SolverPropertyTests.priorities[random.below(8)]))
                default:
                    // A sum pinned from both sides: a + b ≥ s and a + b ≤ s, a and b otherwise free.
                    let (a, b, sum) = (member(), member(), Double(random.below(30)))
                    guard a != b else { continue }
                    var coefficients = unit(a, count)
                    coefficients[b] += 1
                    constraints.append(ReferenceConstraint(coefficients: coefficients, constant: -sum,
                                                           relation: .greaterThanOrEqual, priority: 1000))
                    constraints.append(ReferenceConstraint(coefficients: coefficients, constant: -sum,
                                                           relation: .lessThanOrEqual, priority: 1000))
                }
            }
            // Bounds on most components, so that most ranges are finite; the rest keep
            // unbounded directions.
            if random.below(3) != 0 {
                for index in members {
                    constraints.append(ReferenceConstraint(coefficients: unit(index, count), constant: 100,
                                                           relation: .greaterThanOrEqual, priority: 1000))
                    constraints.append(ReferenceConstraint(coefficients: unit(index, count), constant: -100,
                                                           relation: .lessThanOrEqual, priority: 1000))
                }
            }
        }
        for index in constraints.indices.reversed() {
            constraints.swapAt(index, random.below(index + 1))
        }
        return (count, constraints)
    }

    /// Whether the two ranges are the same up to the reference's tolerance, ends and all.
    static func same(_ range: ValueRange, _ lower: Double, _ upper: Double) -> Bool {
        SolverPropertyTests.close(range.lower, lower) && SolverPropertyTests.close(range.upper, upper)
    }

    @Test func faceDirectionsAgreeWithTwoProgramsPerVariableAndTheReference() {
        var random = Random(state: 1313)
        // Variables that had a free symbol in their row yet were found fixed by the face: the
        // case the per-variable programs were spent on; and variables that really move.
        var fixedWithFreeSymbols = 0
        var moving = 0
        var unbounded = 0
        for trial in 0..<2000 {
            let (count, constraints) = Self.degenerateSystem(&random)
            var solver = Solver()
            let variables = (0..<count).map { solver.makeVariable(named: "x\($0)") }
            var accepted: [ReferenceConstraint] = []
            for constraint in constraints {
                if (try? solver.add(SolverPropertyTests.convert(constraint, variables))) != nil { accepted.append(constraint) }
            }
            solver.optimize()
            let batch = solver.optimalRanges(of: variables)
            let reference = ReferenceLP.solve(accepted, variables: count)
            #expect(reference.feasible, "trial \(trial): accepted system infeasible")
            let isFree = solver.freeOnOptimalFace()
            for (index, variable) in variables.enumerated() {
                let programs = solver.optimalRangeByPrograms(of: variable)
                #expect(Self.same(batch[index], programs.lower, programs.upper),
                        "trial \(trial) x\(index): face \(batch[index]) vs programs \(programs)")
                #expect(batch[index].isPoint == programs.isPoint, "trial \(trial) x\(index)")
                #expect(solver.optimalRange(of: variable) == batch[index], "trial \(trial) x\(index): alone vs together")
                if reference.feasible {
                    let expected = reference.ranges[index]
                    #expect(Self.same(batch[index], expected.lower, expected.upper),
                            "trial \(trial) x\(index): \(batch[index]) vs [\(expected.lower), \(expected.upper)]")
                }
                if !batch[index].isPoint {
                    moving += 1
                    if batch[index].lower.isInfinite || batch[index].upper.isInfinite { unbounded += 1 }
                } else if solver.definingRow(of: variable).symbols.contains(where: isFree.contains) {
                    fixedWithFreeSymbols += 1
                }
            }
        }
        // The generator must reach every kind of answer the shortcut gives or passes on.
        #expect(fixedWithFreeSymbols > 500)
        #expect(moving > 500)
        #expect(unbounded > 100)
    }

    /// `optimalRangesArePoints(ofFirst:)` (the layout's question whether a piece it may keep has
    /// every variable at a point) answers as the ranges themselves do, for every prefix of the
    /// variables, on the degenerate systems above, optimised or not: both when no asked row has
    /// a symbol free on the optimal face (answered without the ranges) and when one has, and
    /// both answers reached often.
    @Test func rangesArePointsAnswersAsTheRanges() {
        var random = Random(state: 2222)
        var answeredByRows = 0
        var askedOfTheRanges = 0
        var points = 0
        var notPoints = 0
        for trial in 0..<600 {
            let (count, constraints) = Self.degenerateSystem(&random)
            var solver = Solver()
            let variables = (0..<count).map { solver.makeVariable(named: "x\($0)") }
            for constraint in constraints { _ = try? solver.add(SolverPropertyTests.convert(constraint, variables)) }
            // Half the solvers are asked before `optimize`, as a copy is optimised then.
            if trial % 2 == 0 { solver.optimize() }
            let isFree = solver.optimizedCopy().freeOnOptimalFace()
            for prefix in 0...count {
                let asked = Array(variables[..<prefix])
                let expected = solver.optimalRanges(of: asked).allSatisfy { $0.lower == $0.upper }
                #expect(solver.optimalRangesArePoints(ofFirst: prefix) == expected, "trial \(trial), first \(prefix)")
                if expected { points += 1 } else { notPoints += 1 }
                if asked.contains(where: { solver.optimizedCopy().definingRow(of: $0).symbols.contains(where: isFree.contains) }) {
                    askedOfTheRanges += 1
                } else {
                    answeredByRows += 1
                }
            }
        }
        #expect(points > 500)
        #expect(notPoints > 500)
        #expect(answeredByRows > 500)
        #expect(askedOfTheRanges > 500)
    }

    /// The cone `a − b ≥ 0, b − a ≥ 0, a ≥ 0, b ≥ 0`: the first two force `a = b` and are implicit
    /// equalities; `a = b = 1` satisfies the last two strictly, so they are not.
    @Test func implicitEqualitiesOfAConeWithALine() {
        let (a, b) = (Symbol(id: -1, kind: .slack), Symbol(id: -2, kind: .slack))
        let rows = [Self.row([(a, 1), (b, -1)]), Self.row([(a, -1), (b, 1)]), Self.row([(a, 1)]), Self.row([(b, 1)])]
        #expect(FaceDirections.implicitEqualities(rows) == [true, true, false, false])
    }

    /// The cone `a ≥ 0, b ≥ 0, −a − b ≥ 0` is the origin alone (a + b ≤ 0 with both non-negative):
    /// every constraint is an implicit equality. With an external `c` in the last row instead,
    /// `−a − b + c ≥ 0` holds strictly at a = b = 1, c = 3, so none is.
    @Test func implicitEqualitiesOfAPointedAndAnOpenCone() {
        let (a, b) = (Symbol(id: -1, kind: .slack), Symbol(id: -2, kind: .error))
        let c = Symbol(id: 0, kind: .external)
        #expect(FaceDirections.implicitEqualities([Self.row([(a, 1)]), Self.row([(b, 1)]), Self.row([(a, -1), (b, -1)])])
                == [true, true, true])
        #expect(FaceDirections.implicitEqualities([Self.row([(a, 1)]), Self.row([(b, 1)]),
                                                   Self.row([(a, -1), (b, -1), (c, 1)])]) == [false, false, false])
    }

    /// Presolving `−e ≥ 0, e − f ≥ 0, c + f ≥ 0, e ≥ 0, f ≥ 0` (e, f restricted, c external):
    /// `e ≥ 0` and `−e ≥ 0` close, so e = 0; then `e − f ≥ 0` is `−f ≥ 0`, which closes with
    /// `f ≥ 0`, so f = 0; `c + f ≥ 0` is then `c ≥ 0`, opened by c, which nothing else mentions.
    /// Nothing is left for the program. The cone `a − b ≥ 0, b − a ≥ 0` (with signs) is left to
    /// it whole: no row has only negative restricted cells, and a and b are in two rows each.
    @Test func presolveClosesPinnedSymbolsAndOpensLoneOnes() {
        let (e, f) = (Symbol(id: -1, kind: .slack), Symbol(id: -2, kind: .error))
        let c = Symbol(id: 0, kind: .external)
        let presolved = FaceDirections.presolve([Self.row([(e, -1)]), Self.row([(e, 1), (f, -1)]), Self.row([(c, 1), (f, 1)]),
                                                 Self.row([(e, 1)]), Self.row([(f, 1)])])
        #expect(presolved.decided == [true, true, false, true, true])
        #expect(presolved.fixed == [Tableau.slot(e), Tableau.slot(f)])
        let (a, b) = (Symbol(id: -3, kind: .slack), Symbol(id: -4, kind: .slack))
        let line = FaceDirections.presolve([Self.row([(a, 1), (b, -1)]), Self.row([(a, -1), (b, 1)]), Self.row([(a, 1)]),
                                            Self.row([(b, 1)])])
        #expect(line.decided == [nil, nil, nil, nil])
    }

    /// Two labels of a form share a width w = v1 (a required equality, substituted) with
    /// compression `w ≥ 10` at 750 and hugging `w ≤ 10` at 251: both hold at w = 10, the optimum
    /// is degenerate, and w cannot move although its row can hold a symbol with zero reduced
    /// cost. A second variable u with only a tie (u ≤ 0 and u ≥ 20 at 500) moves over [0, 20]:
    /// any u there violates the two by 20 in total.
    @Test func aDegenerateSharedWidthIsAPointAndATieMoves() throws {
        var solver = Solver()
        let (w, v1, u) = (solver.makeVariable(named: "w"), solver.makeVariable(named: "v1"), solver.makeVariable(named: "u"))
        try solver.add(Constraint(v1 - w, .equal))
        try solver.add(Constraint(Expression(w) - 10, .greaterThanOrEqual, priority: Priority(750)))
        try solver.add(Constraint(Expression(v1) - 10, .lessThanOrEqual, priority: Priority(251)))
        try solver.add(Constraint(Expression(u), .lessThanOrEqual, priority: Priority(500)))
        try solver.add(Constraint(Expression(u) - 20, .greaterThanOrEqual, priority: Priority(500)))
        solver.optimize()
        let ranges = solver.optimalRanges(of: [w, v1, u])
        #expect(ranges[0] == ValueRange(lower: 10, upper: 10))
        #expect(ranges[1] == ValueRange(lower: 10, upper: 10))
        #expect(ranges[2] == ValueRange(lower: 0, upper: 20))
    }

    static func row(_ cells: [(Symbol, Double)]) -> Row {
        var row = Row()
        for (symbol, coefficient) in cells { row.insert(symbol, coefficient) }
        return row
    }
}
