import NinefoldSolver

/// A class's solved system, held as one solver per component (or one solver for the whole, as
/// IncrementalLayout keeps it), answering in the class's own variables and constraint ids.
///
/// Every answer is the one a single solver holding the whole system gives: values and optimal
/// ranges are per variable and the optimal face is the product of the components' faces; ties
/// and implied constraints never cross a component (they follow shared variables). A variable no
/// constraint mentions is in no component: 0 as a value, free over the whole line, as a whole
/// solver would answer. Constraint ids are the class's: in a decomposed solve, a constraint's
/// index in `LayoutSystem.constraints`.
public struct LayoutSolution: Sendable {
    /// A reference, so reaching a part never copies its solver: a copy of a `Solver` retains
    /// and releases every array it holds, which was a third of validating a 1,000-view chain
    /// when parts were values.
    final class Part: Sendable {
        let solver: Solver
        /// The class's variable for each of the part's variables, position k (from
        /// `startIndex`) the part's variable k. A slice, so that a component solved whole
        /// shares the decomposition's list of its variables rather than copying it into an
        /// array of its own (Documentation/Performance.md, "Branch labels2").
        let variables: ArraySlice<Variable>
        /// The class's id for each id the part's solver gave (nil for ids it never gave out).
        let ids: [ConstraintID?]
        /// The value of each of the part's variables.
        let values: [Double]
        /// Per variable, whether direct resolution took it out of `solver` or re-expressed it
        /// against a translation group's root, so that `solver`'s variable of that index is
        /// another (`DirectResolution.isReplaced`; nil: none was, unless `allRemoved`).
        /// `ComponentSolve` keeps a reduced solve only when every variable of the component is
        /// then a point, so such a variable's range is its value, and it is tied to nothing.
        let removed: [Bool]?
        /// Whether every variable is removed, as in the part of the components answered without
        /// a solver (`ResolvedComponents`): said by a flag rather than an array of `true`s.
        let allRemoved: Bool
        /// For the part of a component solved with fixed variables read as constants: the
        /// class's constraint index of each of the component's constraints, and what answers
        /// the redundancy question for all of them (`RequiredRemainder`), since a fixing
        /// equation's answer can depend on every piece of the component.
        let remainder: (members: [Int], required: RequiredRemainder)?

        init(solver: Solver, variables: ArraySlice<Variable>, ids: [ConstraintID?], values: [Double], removed: [Bool]? = nil,
             allRemoved: Bool = false, remainder: (members: [Int], required: RequiredRemainder)? = nil) {
            self.solver = solver
            self.variables = variables
            self.ids = ids
            self.values = values
            self.removed = removed
            self.allRemoved = allRemoved
            self.remainder = remainder
        }

        /// Whether `local` was taken out of `solver` by direct resolution.
        func isRemoved(_ local: Variable) -> Bool {
            allRemoved || (removed?[local.index] ?? false)
        }

        /// `Solver.optimalRanges(of:)` of the whole component: the solver's for the variables it
        /// holds, the value for a removed one (a point).
        func optimalRanges(of locals: [Variable]) -> [ValueRange] {
            guard removed != nil || allRemoved else { return solver.optimalRanges(of: locals) }
            var keptRanges = solver.optimalRanges(of: locals.filter { !isRemoved($0) }).makeIterator()
            return locals.map { local in
                isRemoved(local) ? ValueRange(lower: values[local.index], upper: values[local.index])
                    : keptRanges.next() ?? ValueRange(lower: -.infinity, upper: .infinity)
            }
        }
    }

    private var parts: [Part]
    /// Where each class variable is: its part (−1 for none) and its variable there.
    private var places: Places
    /// Per class constraint id index: its part (−1 for none) and its id there. One array of
    /// pairs, not two arrays, as `Place` is for variables: an allocation less per class
    /// (Documentation/Performance.md, "Branch aroundsolve").
    private var idPlaces: [Place]
    /// Per class constraint index: the part whose `remainder` answers its redundancy question
    /// (−1: its own part's solver does), and its position in that component (`local`).
    private var remainderPlaces: [Place] = []
    public let variableCount: Int

    /// A variable's part and its variable there (or a constraint id's part and its id there,
    /// or a constraint's remainder part and its position there).
    private struct Place: Sendable {
        var part: Int32
        var local: Int32
    }

    /// How `place(_:)` finds a variable. Mentioned variables are often far fewer than the
    /// class's (the unconstrained scene: 4 of 40,004 at 10,000 views), and a variable in no
    /// part is answered by a rule (0, free over the whole line), so the map need not have an
    /// entry per class variable: filling and releasing one was most of solving such a class
    /// (Documentation/Solver.md, "Fixed cost per class").
    private enum Places: Sendable {
        /// An entry per class variable: for classes that mention most of their variables.
        case dense([Place])
        /// The parts' variables, ascending by class index, with their places.
        case sorted(variables: [Int32], places: [Place])
        /// One part whose variables are ascending: found by a binary search of them, no map at all
        /// (the part of a class answered without a solver, `ResolvedComponents.answerAll`).
        case single
    }

    init(parts: [Part], variableCount: Int) {
        self.parts = parts
        self.variableCount = variableCount
        var total = 0
        var idCount = 0
        // The remainder places' count (the largest member of any part's remainder, plus one),
        // so that they are made once at their size: grown part by part, a second remainder
        // copied the first's (Documentation/Performance.md, "Branch aroundfixed").
        var remainderCount = 0
        for part in parts {
            total += part.variables.count
            for case let id? in part.ids { idCount = max(idCount, id.index + 1) }
            if let remainder = part.remainder { remainderCount = max(remainderCount, (remainder.members.max() ?? -1) + 1) }
        }
        let sparse = total * 2 < variableCount
        if parts.count == 1, sparse || total <= 64, Self.isAscending(parts[0].variables, below: variableCount) {
            places = .single
        } else if sparse {
            var entries: [(variable: Int32, place: Place)] = []
            entries.reserveCapacity(total)
            for (number, part) in parts.enumerated() {
                for (local, variable) in part.variables.enumerated() where (0..<variableCount).contains(variable.index) {
                    entries.append((Int32(variable.index), Place(part: Int32(number), local: Int32(local))))
                }
            }
            entries.sort { $0.variable < $1.variable }
            places = .sorted(variables: entries.map(\.variable), places: entries.map(\.place))
        } else {
            // Written through a buffer pointer, as the id places below: each subscripted write
            // checked the array's uniqueness again, about thirty a class on a small document
            // (Documentation/Performance.md, "Branch labels"). A variable's index is checked
            // against the count; an id's index is below `idCount` by construction.
            var dense = Array(filled: Place(part: -1, local: -1), count: variableCount)
            dense.withUnsafeMutableBufferPointer { dense in
                for number in parts.indices {
                    for (local, variable) in parts[number].variables.enumerated() where dense.indices.contains(variable.index) {
                        dense[variable.index] = Place(part: Int32(number), local: Int32(local))
                    }
                }
            }
            places = .dense(dense)
        }
        var idPlaces = Array(filled: Place(part: -1, local: -1), count: idCount)
        idPlaces.withUnsafeMutableBufferPointer { idPlaces in
            for number in parts.indices {
                for (local, id) in parts[number].ids.enumerated() {
                    // Below `idCount`, the largest id's index plus one.
                    guard let id else { continue }
                    idPlaces[id.index] = Place(part: Int32(number), local: Int32(local))
                }
            }
        }
        self.idPlaces = idPlaces
        if remainderCount > 0 { remainderPlaces = Array(filled: Place(part: -1, local: -1), count: remainderCount) }
        for (number, part) in parts.enumerated() {
            if let remainder = part.remainder {
                for (position, index) in remainder.members.enumerated() {
                    remainderPlaces[index] = Place(part: Int32(number), local: Int32(position))
                }
            }
        }
    }

    /// Whether `variables` are strictly ascending and all below `count`.
    private static func isAscending(_ variables: ArraySlice<Variable>, below count: Int) -> Bool {
        var previous = -1
        for variable in variables {
            guard variable.index > previous, variable.index < count else { return false }
            previous = variable.index
        }
        return true
    }

    /// The position of `index` in `variables` (ascending), if it is there.
    private static func search<Indices: RandomAccessCollection>(_ index: Int, in variables: Indices,
                                                                 key: (Indices.Element) -> Int) -> Int?
        where Indices.Index == Int {
        var low = variables.startIndex
        var high = variables.endIndex
        while low < high {
            let middle = (low + high) / 2
            if key(variables[middle]) < index { low = middle + 1 } else { high = middle }
        }
        return low < variables.endIndex && key(variables[low]) == index ? low : nil
    }

    /// One solver for the whole class, with the class's variables and ids as they are.
    init(whole solver: Solver) {
        let ids = solver.constraintIDs
        let idCount = (ids.map(\.index).max() ?? -1) + 1
        var mapped: [ConstraintID?] = Array(filled: nil, count: idCount)
        for id in ids { mapped[id.index] = id }
        let variables = (0..<solver.variableCount).map { Variable(index: $0) }
        self.init(parts: [Part(solver: solver, variables: variables[...], ids: mapped, values: variables.map(solver.value))],
                  variableCount: solver.variableCount)
    }

    /// Whether the two hold the very same solves for the same variables and ids, as a layout
    /// handed on from one class to another does: then every answer of one is the other's.
    public func isSame(as other: LayoutSolution) -> Bool {
        parts.count == other.parts.count && zip(parts, other.parts).allSatisfy { $0 === $1 }
    }

    /// The part holding `variable` (its index) and its variable there.
    private func place(_ variable: Variable) -> (part: Int, local: Variable)? {
        switch places {
        case .dense(let dense):
            guard dense.indices.contains(variable.index), dense[variable.index].part >= 0 else { return nil }
            return (Int(dense[variable.index].part), Variable(index: Int(dense[variable.index].local)))
        case .sorted(let variables, let found):
            guard let position = Self.search(variable.index, in: variables, key: { Int($0) }) else { return nil }
            return (Int(found[position].part), Variable(index: Int(found[position].local)))
        case .single:
            // The slice's own index: the part's variable is its offset from the start.
            guard let position = Self.search(variable.index, in: parts[0].variables, key: \.index) else { return nil }
            return (0, Variable(index: position - parts[0].variables.startIndex))
        }
    }

    private func classIDs(_ local: [ConstraintID], in part: Int) -> [ConstraintID] {
        local.compactMap { parts[part].ids.indices.contains($0.index) ? parts[part].ids[$0.index] : nil }
    }

    public func value(of variable: Variable) -> Double {
        guard let (part, local) = place(variable) else { return 0 }
        return parts[part].values[local.index]
    }

    /// `Solver.optimalRange(of:)` of the whole system.
    public func optimalRange(of variable: Variable) -> ValueRange {
        guard let (part, local) = place(variable) else { return ValueRange(lower: -.infinity, upper: .infinity) }
        return parts[part].optimalRanges(of: [local])[0]
    }

    /// `optimalRange(of:)` of each variable, asking each part's solver once for all of its
    /// variables (`Solver.optimalRanges(of:)` finds the part's free directions once).
    public func optimalRanges(of variables: [Variable]) -> [ValueRange] {
        var answers = Array(filled: ValueRange(lower: -.infinity, upper: .infinity), count: variables.count)
        var asked: [Int: [(position: Int, local: Variable)]] = [:]
        for (position, variable) in variables.enumerated() {
            if let (part, local) = place(variable) { asked[part, default: []].append((position, local)) }
        }
        for (part, questions) in asked {
            let ranges = parts[part].optimalRanges(of: questions.map(\.local))
            for (question, range) in zip(questions, ranges) { answers[question.position] = range }
        }
        return answers
    }

    /// `Solver.tiedConstraints(movingWith:)` of the whole system, in class ids, ascending.
    public func tiedConstraints(movingWith variable: Variable) -> [ConstraintID] {
        guard let (part, local) = place(variable) else { return [] }
        // A variable direct resolution removed is a point (`Part.removed`): it moves with nothing.
        guard !parts[part].isRemoved(local) else { return [] }
        return classIDs(parts[part].solver.tiedConstraints(movingWith: local), in: part).sorted()
    }

    /// `Solver.impliedConstraints(among:)` of the whole system: each part answers for its own
    /// candidates, since implication follows shared variables. Ascending.
    /// A component solved with fixed variables answers for all of its candidates at once
    /// (`Part.remainder`).
    public func impliedConstraints(among candidates: [ConstraintID]) -> [ConstraintID] {
        var byPart: [Int: [ConstraintID]] = [:]
        var byRemainder: [Int: [Int]] = [:]
        for id in candidates {
            if remainderPlaces.indices.contains(id.index) && remainderPlaces[id.index].part >= 0 {
                byRemainder[Int(remainderPlaces[id.index].part), default: []].append(Int(remainderPlaces[id.index].local))
            } else if idPlaces.indices.contains(id.index) && idPlaces[id.index].part >= 0 {
                byPart[Int(idPlaces[id.index].part), default: []].append(ConstraintID(index: Int(idPlaces[id.index].local)))
            }
        }
        var implied = byPart.keys.sorted().flatMap { number in
            classIDs(parts[number].solver.impliedConstraints(among: byPart[number] ?? []), in: number)
        }
        for (number, positions) in byRemainder {
            guard let remainder = parts[number].remainder else { continue }
            implied += remainder.required.implied(among: positions).map { ConstraintID(index: remainder.members[$0]) }
        }
        return implied.sorted()
    }

    /// The largest value of `start + length` over the optimal layouts, for each pair; nil when a
    /// part cannot hold the sum (it never fails: the sum is a fresh variable's definition).
    /// Pairs within one part are asked of one copy of that part's solver with a fresh variable
    /// per pair (required equalities on fresh variables leave the optimal face as it is),
    /// optimised once; the two variables of a pair in different parts move independently, so
    /// the sum's largest value is the sum of theirs. A variable in no part is unbounded.
    public func largestSums(_ pairs: [(start: Variable, length: Variable)]) -> [Double?] {
        var answers: [Double?] = Array(filled: nil, count: pairs.count)
        var withinPart: [Int: [(pair: Int, start: Variable, length: Variable)]] = [:]
        for (index, pair) in pairs.enumerated() {
            guard let start = place(pair.start), let length = place(pair.length) else {
                answers[index] = .infinity
                continue
            }
            if start.part == length.part {
                withinPart[start.part, default: []].append((index, start.local, length.local))
            } else {
                answers[index] = parts[start.part].optimalRanges(of: [start.local])[0].upper
                    + parts[length.part].optimalRanges(of: [length.local])[0].upper
            }
        }
        for (number, pairs) in withinPart {
            // A removed variable (a point) adds its value; the other sums are asked of the solver.
            let part = parts[number]
            var asked: [(pair: Int, start: Variable, length: Variable)] = []
            for item in pairs {
                if part.isRemoved(item.start) {
                    answers[item.pair] = part.values[item.start.index] + part.optimalRanges(of: [item.length])[0].upper
                } else if part.isRemoved(item.length) {
                    answers[item.pair] = part.optimalRanges(of: [item.start])[0].upper + part.values[item.length.index]
                } else {
                    asked.append(item)
                }
            }
            guard !asked.isEmpty else { continue }
            var solver = part.solver
            var sums: [(pair: Int, sum: Variable)] = []
            for item in asked {
                let sum = solver.makeVariable(named: "sum")
                do {
                    _ = try solver.add(Constraint(sum - (item.start + item.length), .equal))
                    sums.append((item.pair, sum))
                } catch {
                    continue
                }
            }
            solver.optimize()
            for sum in sums { answers[sum.pair] = solver.optimalRange(of: sum.sum).upper }
        }
        return answers
    }
}
