/// Variables that required equalities fix, found before the simplex: a required equality whose
/// other variables are all fixed fixes its one remaining variable, and the rule repeats (a root's
/// pins fix its frame, a margin equation then fixes a stack's leading, the stack's own
/// equations its arranged views' leading, and so on). Every other constraint then reads the
/// fixed variables as constants (`substituted`), so a component that hangs from fixed variables
/// only (nested stacks' rows, all hung from the outer stack's leading and trailing) falls apart
/// into one piece per row (Documentation/Solver.md, "Fixed variables as constants").
///
/// Unlike `DirectResolution`, a fixing equation is not free: it can be implied by the others and
/// can be in a minimal conflict, and a constraint left with no variable (`0 = c`, `0 ≤ c`) must
/// be checked. So the caller keeps a solve that used this only when nothing conflicts and every
/// constraint left with no variable holds exactly (`holds`); the feasible set is then the fixed
/// values times the remaining system's, the optimal face likewise (the objective's terms on
/// fixed variables are constants), and implication is asked of the system before substitution.
public struct FixedVariables: Sendable {
    /// Per variable: its value when fixed, nil otherwise.
    public let values: [Double?]
    /// Per constraint: whether it fixed a variable (it then holds by construction).
    public let isFixing: [Bool]
    /// Per constraint: whether every variable it mentions is fixed and it fixed none: it is a
    /// statement about constants, which `holds` checks.
    public let isConstant: [Bool]
    /// How many variables were fixed.
    public let count: Int

    /// How the variables were fixed, in order: each step's equations (one, or a square block)
    /// fix its variables from constants and the variables of earlier steps.
    public struct Step: Sendable {
        /// A block's equations and variables; empty for one equation fixing one variable,
        /// whose are `single`: a chain of pins fixes its variables one at a time, and two
        /// arrays per step were a tenth of what fixing them cost (Documentation/Performance.md,
        /// "Branch smallsolve").
        private let block: (constraints: [Int], variables: [Int])
        private let single: (constraint: Int, variable: Int)
        /// The block's factors, kept for the redundancy question (`direction`).
        let factor: Factor

        public var constraints: [Int] { block.constraints.isEmpty ? [single.constraint] : block.constraints }
        public var variables: [Int] { block.variables.isEmpty ? [single.variable] : block.variables }

        /// One equation fixing one variable.
        init(constraint: Int, variable: Int, factor: Factor) {
            block = ([], [])
            single = (constraint, variable)
            self.factor = factor
        }

        /// A square block of equations fixing as many variables (neither empty).
        init(constraints: [Int], variables: [Int], factor: Factor) {
            block = (constraints, variables)
            single = (-1, -1)
            self.factor = factor
        }

        /// Whether this is one equation fixing one variable (`single`).
        var isSingle: Bool { block.constraints.isEmpty }
        var singleConstraint: Int { single.constraint }
        var singleVariable: Int { single.variable }
    }

    /// A square block's LU factors with partial pivoting (row `order[i]` of the block was the
    /// i-th pivot row), in one flat array, so solving it again for another right-hand side is
    /// quadratic. A singleton's is its coefficient.
    struct Factor: Sendable {
        let size: Int
        var lu: [Double]
        var order: [Int]
        /// A singleton's coefficient, with `lu` and `order` empty: a chain fixes its variables
        /// one equation at a time, and two arrays per step were most of what fixing them cost
        /// (Documentation/Solver.md, "Fixed cost per class").
        private var single = 0.0

        /// The factor of one equation in one variable: nil exactly when `init(_:size:)` of
        /// `[coefficient]` is (a zero coefficient).
        init?(single coefficient: Double) {
            let largest = max(0, abs(coefficient))
            guard largest > 0, abs(coefficient) >= Tolerance.pivot * largest else { return nil }
            size = 1
            lu = []
            order = []
            single = coefficient
        }

        /// Factors the `size`×`size` matrix in `matrix` (row after row); nil when a pivot is
        /// below `Tolerance.pivot` of the largest coefficient (singular, as far as this can tell).
        /// The matrix is taken, not copied: its storage becomes the factors'.
        init?(_ matrix: consuming [Double], size: Int) {
            let largest = matrix.reduce(0) { max($0, abs($1)) }
            guard largest > 0 else { return nil }
            var lu = consume matrix
            precondition(lu.count == size * size, "a block's matrix is not square")
            var order = Array(0..<size)
            // Through a buffer pointer, without a bounds check per access: every index is
            // below size × size, checked above (the same operations in the same order).
            let singular = lu.withUnsafeMutableBufferPointer { lu in
                for pivot in 0..<size {
                    var best = pivot
                    for row in pivot..<size where abs(lu[row &* size &+ pivot]) > abs(lu[best &* size &+ pivot]) { best = row }
                    guard abs(lu[best &* size &+ pivot]) >= Tolerance.pivot * largest else { return true }
                    if best != pivot {
                        for column in 0..<size { lu.swapAt(pivot &* size &+ column, best &* size &+ column) }
                        order.swapAt(pivot, best)
                    }
                    for row in (pivot + 1)..<size where lu[row &* size &+ pivot] != 0 {
                        let factor = lu[row &* size &+ pivot] / lu[pivot &* size &+ pivot]
                        lu[row &* size &+ pivot] = factor
                        for column in (pivot + 1)..<size { lu[row &* size &+ column] -= factor * lu[pivot &* size &+ column] }
                    }
                }
                return false
            }
            guard !singular else { return nil }
            self.size = size
            self.lu = lu
            self.order = order
        }

        /// `solve(_:)` in place: `values` holds the right-hand side, then the solution, each
        /// number found by the same operations in the same order, without a second array (one
        /// allocation per block; Documentation/Solver.md, "Branch fixedvars").
        func solve(inPlace values: inout [Double]) {
            guard !lu.isEmpty else {
                values[0] = values[0] / single
                return
            }
            // values = P · values (`values[i]` becomes `values[order[i]]`), each cycle of the
            // permutation once, from its smallest index.
            for start in 0..<size where order[start] != start {
                var next = order[start]
                while next > start { next = order[next] }
                guard next == start else { continue }
                let first = values[start]
                var position = start
                while order[position] != start {
                    values[position] = values[order[position]]
                    position = order[position]
                }
                values[position] = first
            }
            for row in 0..<size {
                for column in 0..<row { values[row] -= lu[row * size + column] * values[column] }
            }
            for row in stride(from: size - 1, through: 0, by: -1) {
                for column in (row + 1)..<size { values[row] -= lu[row * size + column] * values[column] }
                values[row] /= lu[row * size + row]
            }
        }

        /// The x with `matrix · x = rhs`.
        func solve(_ rhs: [Double]) -> [Double] {
            // What the elimination below does for a 1×1 block: one division.
            guard !lu.isEmpty else { return [rhs[0] / single] }
            var x = order.map { rhs[$0] }
            for row in 0..<size {
                for column in 0..<row { x[row] -= lu[row * size + column] * x[column] }
            }
            for row in stride(from: size - 1, through: 0, by: -1) {
                for column in (row + 1)..<size { x[row] -= lu[row * size + column] * x[column] }
                x[row] /= lu[row * size + row]
            }
            return x
        }
    }

    public let steps: [Step]

    /// The largest block of equations solved together (`init`): a dense elimination, cubic in
    /// its size, so only small blocks (a stack's arranged views) are taken.
    public static let blockLimit = 64

    /// Finds the fixed variables of `constraints` over variables `0..<variableCount`, leaving
    /// out the constraints `ignoring` flags (taken out by direct resolution already).
    ///
    /// Two rules, repeated until neither applies: a required equality with one variable not yet
    /// fixed fixes it, when its coefficient is at least `Solver.subjectThreshold` of the
    /// equation's largest (as the solver's threshold pivoting requires of a subject); and a
    /// block of k required equalities whose unfixed variables are k, connected and not in any
    /// other such equality, fixes them when it is nonsingular (Gaussian elimination with partial
    /// pivoting, every pivot at least `Tolerance.pivot` of the block's largest coefficient),
    /// for k up to `blockLimit`. The second is what a fill-equally stack's arranged views need:
    /// their leadings and widths are fixed only together, by the stack's chain and its equal
    /// widths.
    public init(variableCount: Int, constraints: [Constraint], ignoring: [Bool]? = nil) {
        var finding = Finding(variableCount: variableCount, constraints: constraints, ignoring: ignoring)
        self.init(&finding)
    }

    /// The fixed variables `finding` found, its arrays taken out of it (swapped, not copied:
    /// a copy of the finding retained and released every array of its search).
    public init(_ finding: inout Finding) {
        isConstant = finding.search.constraints.indices.map { finding.search.isConstant($0) }
        var values: [Double?] = []
        var isFixing: [Bool] = []
        var steps: [Step] = []
        swap(&values, &finding.search.values)
        swap(&isFixing, &finding.search.isFixing)
        swap(&steps, &finding.search.steps)
        self.values = values
        self.isFixing = isFixing
        self.steps = steps
        count = finding.count
    }

    /// `init`'s search, run, before the arrays of the result are made: what a caller needs to
    /// decide whether it will use the fixed variables at all (`count`, `holds()`,
    /// `pieceCount()`). `ComponentSolve` drops them when they leave one piece, and making the
    /// result's arrays, then counting the pieces in an array of their own, was a third of
    /// the dropped search (Documentation/Performance.md, "Branch piecelean").
    public struct Finding {
        fileprivate var search: Search
        /// How many variables were fixed.
        public let count: Int

        /// The search of `FixedVariables(variableCount:constraints:ignoring:)`.
        public init(variableCount: Int, constraints: [Constraint], ignoring: [Bool]? = nil) {
            var search = Search(variableCount: variableCount, constraints: constraints, ignoring: ignoring)
            search.run()
            var count = 0
            for value in search.values where value != nil { count += 1 }
            self.search = search
            self.count = count
        }

        /// Whether every constraint is ignored, fixing or constant and every variable fixed or
        /// `removed` (nil: none is): nothing is left for a solver. Asked here, not of the
        /// caller's closures over per-item accessors, each a call across modules.
        public func leavesNothing(removed: [Bool]?) -> Bool {
            for index in search.constraints.indices
            where !(search.ignoring?[index] ?? false) && !search.isFixing[index] && !search.isConstant(index) { return false }
            for variable in 0..<search.variableCount where search.values[variable] == nil && !(removed?[variable] ?? false) {
                return false
            }
            return true
        }

        /// `FixedVariables.holds(_:)` of the searched constraints.
        public func holds() -> Bool {
            FixedVariables.holds(search.constraints, isConstant: { search.isConstant($0) }, value: { search.values[$0] })
        }

        /// How many pieces the constraints neither ignored, fixing nor constant fall into,
        /// joined by their variables that are not fixed (every term's, whatever its
        /// coefficient), a kept constraint with no such variable a piece alone: the count
        /// `ComponentSolve` decides by. Its union-find (path halving, the larger root under the
        /// smaller; only the count is asked, which does not depend on which node is a root)
        /// lives in the search's own array.
        public mutating func pieceCount() -> Int {
            let constraints = search.constraints
            let ignoring = search.ignoring
            let variableCount = search.variableCount
            let base = search.parentBase
            // Through buffer pointers, without a bounds check per access: every variable is
            // checked against the count once, and the union-find is the last `variableCount`
            // entries of `work`.
            return search.values.withUnsafeBufferPointer { values in
                search.isFixing.withUnsafeBufferPointer { isFixing in
                    search.work.withUnsafeMutableBufferPointer { work in
                        for variable in 0..<variableCount { work[base &+ variable] = -1 }
                        func root(_ variable: Int) -> Int {
                            var node = variable
                            while work[base &+ node] != node {
                                work[base &+ node] = work[base &+ work[base &+ node]]
                                node = work[base &+ node]
                            }
                            return node
                        }
                        var alone = 0
                        for index in constraints.indices
                        where !(ignoring?[index] ?? false) && !isFixing[index] && work[index] != 0 {
                            var first = -1
                            for position in constraints[index].expression.terms.indices {
                                let variable = constraints[index].expression.terms[position].variable.index
                                precondition(variable >= 0 && variable < variableCount, "a term's variable is outside the system")
                                guard values[variable] == nil else { continue }
                                if work[base &+ variable] < 0 { work[base &+ variable] = variable }
                                if first < 0 {
                                    first = variable
                                } else {
                                    let (a, b) = (root(first), root(variable))
                                    if a != b { work[base &+ max(a, b)] = min(a, b) }
                                }
                            }
                            if first < 0 { alone += 1 }
                        }
                        var count = alone
                        for variable in 0..<variableCount where work[base &+ variable] == variable { count += 1 }
                        return count
                    }
                }
            }
        }
    }

    /// Whether `init` of these constraints (leaving out those `ignoring` flags) could fix any
    /// variable: some required equality has exactly one term with a non-zero coefficient, or two
    /// or more have several. Without either, neither rule of `init` applies at the start, so
    /// neither ever does (the first rule's equations appear only as variables are fixed; a
    /// block needs two equations or more): nothing is fixed. One pass over the constraints,
    /// where `init` makes a dozen arrays: a small component with nothing to fix (a label and a
    /// field side by side) spent about 10 % of its solve finding so (Documentation/Performance.md,
    /// "Branch smallsolve").
    public static func mayFix(_ constraints: [Constraint], ignoring: [Bool]? = nil) -> Bool {
        let shape = requiredEquations(constraints, ignoring: ignoring, countingUpTo: 2)
        return shape.single || shape.several >= 2
    }

    /// Whether the constraint at `index` is a required equality that `ignoring` does not set
    /// aside: the equations the `mayFix` passes count and group.
    @inline(__always)
    private static func isRequiredEquation(_ constraints: [Constraint], _ index: Int, ignoring: [Bool]?) -> Bool {
        !(ignoring?[index] ?? false) && constraints[index].relation == .equal && constraints[index].priority.isRequired
    }

    /// Whether some required equality (not ignored) has exactly one term of a non-zero
    /// coefficient, how many have two or more, counted up to `limit`, and the fewest non-zero
    /// terms among those counted (`Int.max` for none): the pass both `mayFix` overloads start
    /// with, which stops at the first equation of one variable or once `limit` are counted.
    private static func requiredEquations(_ constraints: [Constraint], ignoring: [Bool]?,
                                          countingUpTo limit: Int) -> (single: Bool, several: Int, fewest: Int) {
        var several = 0
        var fewest = Int.max
        for index in constraints.indices
        where isRequiredEquation(constraints, index, ignoring: ignoring) {
            var terms = 0
            for position in constraints[index].expression.terms.indices
            where constraints[index].expression.terms[position].coefficient != 0 { terms += 1 }
            if terms == 1 { return (true, several, fewest) }
            if terms >= 2 {
                several += 1
                fewest = min(fewest, terms)
            }
            if several >= limit { break }
        }
        return (false, several, fewest)
    }

    /// `mayFix(_:ignoring:)`, answering no also when no equation of one variable is there to
    /// start with and no square block can be found at the start: `init` then has nothing
    /// pending, its block search (every variable unfixed) finds no block, and it ends there,
    /// having fixed nothing. A block is a set of required equalities of two unknowns or more,
    /// connected through their variables (every term of a non-zero coefficient) and holding no
    /// other such equality's, with as many distinct variables as equations, at most
    /// `blockLimit`: whether the sets have that shape is counted here in one array, by the
    /// union-find the search's grouping makes, without the search's arrays (when every such set
    /// is square but singular the search runs and finds so). On dynamic-height-columns a
    /// component of equalities of two or more variables none of which is a block made and
    /// dropped the whole search (Documentation/Performance.md, "Branch aroundfixed").
    /// `variableCount` is the constraints' variables' count; a variable of such an equation
    /// outside it answers yes (the search decides, as before).
    ///
    /// Before the grouping, a count: a set of r such equations has r at most their number, and
    /// at least as many distinct variables as any one of its equations, so when every such
    /// equation has more distinct variables than there are such equations, no set is square and
    /// the answer is no, without the grouping's array (dynamic-height-columns' vertical axis:
    /// three equations of four variables each; Documentation/Solver.md, "Branch columns3").
    /// The fewest terms come from the first pass; the distinct variables (a term may repeat a
    /// variable) and their range are counted only when that already says no.
    public static func mayFix(_ constraints: [Constraint], ignoring: [Bool]? = nil, variableCount: Int) -> Bool {
        let (single, several, fewest) = requiredEquations(constraints, ignoring: ignoring, countingUpTo: .max)
        if single { return true }
        guard several >= 2 else { return false }
        if several < fewest && everyEquationHasMoreVariables(than: several, constraints, ignoring: ignoring,
                                                             variableCount: variableCount) {
            return false
        }
        // Per variable: its union-find parent, whether such an equation holds it, then per root
        // the equations and the distinct variables of its set.
        let (held, rows, members) = (variableCount, 2 * variableCount, 3 * variableCount)
        var work = Array(filled: 0, count: 4 * variableCount)
        var firsts: [Int] = []
        firsts.reserveCapacity(several)
        return work.withUnsafeMutableBufferPointer { work in
            for variable in 0..<variableCount { work[variable] = variable }
            for index in constraints.indices
            where isRequiredEquation(constraints, index, ignoring: ignoring) {
                var first = -1
                var terms = 0
                for position in constraints[index].expression.terms.indices {
                    let term = constraints[index].expression.terms[position]
                    guard term.coefficient != 0 else { continue }
                    let variable = term.variable.index
                    guard variable >= 0 && variable < variableCount else { return true }
                    terms += 1
                    work[held + variable] = 1
                    if first < 0 {
                        first = variable
                    } else {
                        let (a, b) = (Search.root(first, work), Search.root(variable, work))
                        if a != b { work[max(a, b)] = min(a, b) }
                    }
                }
                // None here has one term (the first pass answered yes then); one of none joins nothing.
                if terms >= 2 { firsts.append(first) }
            }
            for first in firsts { work[rows + Search.root(first, work)] += 1 }
            for variable in 0..<variableCount where work[held + variable] != 0 { work[members + Search.root(variable, work)] += 1 }
            for variable in 0..<variableCount where work[rows + variable] > 0 {
                if work[rows + variable] == work[members + variable] && work[rows + variable] <= blockLimit { return true }
            }
            return false
        }
    }

    /// Whether every required equality (not `ignoring`) of two non-zero terms or more has more
    /// than `count` distinct variables among those terms, each inside `variableCount`: then
    /// `mayFix(_:ignoring:variableCount:)` finds no square set. A variable outside answers
    /// false, so that the grouping answers as before (yes). Terms compared pairwise: such an
    /// equation has a few.
    private static func everyEquationHasMoreVariables(than count: Int, _ constraints: [Constraint], ignoring: [Bool]?,
                                                      variableCount: Int) -> Bool {
        for index in constraints.indices
        where isRequiredEquation(constraints, index, ignoring: ignoring) {
            let terms = constraints[index].expression.terms
            var (nonzero, distinct) = (0, 0)
            for position in terms.indices where terms[position].coefficient != 0 {
                let variable = terms[position].variable.index
                guard variable >= 0 && variable < variableCount else { return false }
                nonzero += 1
                var repeated = false
                for earlier in 0..<position where terms[earlier].coefficient != 0 && terms[earlier].variable.index == variable {
                    repeated = true
                    break
                }
                if !repeated { distinct += 1 }
            }
            // Of no term, it joins nothing (of one, the first pass answered yes).
            if nonzero >= 2 && distinct <= count { return false }
        }
        return true
    }

    /// The worklist behind `init`. Its integer arrays are two, as `DirectResolution`'s are one:
    /// on a small component each array made and freed cost more than the arithmetic it served,
    /// and the search made about twenty-five on two-equal-width-buttons' horizontal axis
    /// (Documentation/Solver.md, "Branch fixedvars").
    fileprivate struct Search {
        let constraints: [Constraint]
        let ignoring: [Bool]?
        let variableCount: Int
        /// From `work[0]`: per constraint, its terms on variables not yet fixed (`unknown`);
        /// per variable, the start of the constraints holding it in `holding` (one more entry,
        /// the end); `holding` (variable v's constraints are `start(v)..<start(v + 1)`,
        /// ascending, as `DirectResolution` keeps them); then the stack of pending
        /// constraints. A constraint enters that stack at most once (when its count of
        /// unknowns first is or falls to one: counts only fall), so it needs one place per
        /// constraint.
        var work: [Int]
        let startBase: Int
        let holdingBase: Int
        let pendingBase: Int
        /// Where `Finding.pieceCount`'s union-find lies, one entry per variable.
        let parentBase: Int
        var pendingCount = 0
        var values: [Double?]
        var isFixing: [Bool]
        var steps: [Step] = []
        /// The block search's integer arrays (`BlockWork`), made when a search first finds
        /// two equations with several unknowns (most components fix by single equations)
        /// and kept from one round to the next.
        var blockWork: [Int] = []

        init(variableCount: Int, constraints: [Constraint], ignoring: [Bool]?) {
            self.constraints = constraints
            self.ignoring = ignoring
            self.variableCount = variableCount
            let constraintCount = constraints.count
            // Room for every term (those with a coefficient of 0 are not held, so some may
            // stay unused): counting terms per constraint, not reading each.
            var termCount = 0
            for index in constraints.indices { termCount += constraints[index].expression.terms.count }
            let startBase = constraintCount
            let holdingBase = constraintCount + variableCount + 1
            let pendingBase = holdingBase + termCount
            self.startBase = startBase
            self.holdingBase = holdingBase
            self.pendingBase = pendingBase
            parentBase = pendingBase + constraintCount
            var work = Array(filled: 0, count: pendingBase + constraintCount + variableCount)
            var pendingCount = 0
            // The passes below write `work` through a buffer pointer, without a bounds check
            // per access (as `DirectResolution`'s search): every variable number is checked
            // once (first pass), each range's start and end lie within `holding` (a running
            // sum of at most `termCount` terms), the pending constraints are at most the
            // constraints. The terms are read by position: a loop over a constraint's terms
            // array retained and released it (about 40 instructions a constraint a pass).
            work.withUnsafeMutableBufferPointer { work in
                for index in constraints.indices where !(ignoring?[index] ?? false) {
                    for position in constraints[index].expression.terms.indices {
                        let term = constraints[index].expression.terms[position]
                        guard term.coefficient != 0 else { continue }
                        let variable = term.variable.index
                        precondition(variable >= 0 && variable < variableCount, "a term's variable is outside the system")
                        work[index] &+= 1
                        work[startBase &+ variable] &+= 1
                    }
                }
                // Each variable's start is first its range's end (a running sum), then filled
                // from the constraints taken in reverse, each fill moving it one back: it ends
                // at the range's start, each range ascending (as `DirectResolution` fills its own).
                var total = 0
                for variable in 0..<variableCount {
                    total &+= work[startBase &+ variable]
                    work[startBase &+ variable] = total
                }
                work[startBase &+ variableCount] = total
                for index in constraints.indices.reversed() where !(ignoring?[index] ?? false) {
                    for position in constraints[index].expression.terms.indices.reversed() {
                        let term = constraints[index].expression.terms[position]
                        guard term.coefficient != 0 else { continue }
                        let variable = term.variable.index
                        work[startBase &+ variable] &-= 1
                        work[holdingBase &+ work[startBase &+ variable]] = index
                    }
                }
                // Descending, so the last popped is the first. Only required equalities: any
                // other constraint is popped and passed over (`fixSingle` asks `isEquation`,
                // which never turns from false to true), so leaving it out changes nothing but
                // the calls (Documentation/Performance.md, "Branch aroundfixed").
                for index in constraints.indices.reversed()
                where work[index] == 1 && constraints[index].relation == .equal && constraints[index].priority.isRequired {
                    work[pendingBase &+ pendingCount] = index
                    pendingCount &+= 1
                }
            }
            self.work = work
            self.pendingCount = pendingCount
            values = Array(filled: nil, count: variableCount)
            isFixing = Array(filled: false, count: constraintCount)
        }

        /// Per constraint, its terms on variables not yet fixed.
        func unknown(_ index: Int) -> Int { work[index] }

        /// Whether constraint `index` is counted, fixed no variable and has none left unfixed.
        func isConstant(_ index: Int) -> Bool {
            !(ignoring?[index] ?? false) && !isFixing[index] && work[index] == 0
        }

        func isEquation(_ index: Int) -> Bool {
            !(ignoring?[index] ?? false) && !isFixing[index] && constraints[index].relation == .equal
                && constraints[index].priority.isRequired
        }

        mutating func run() {
            // Room for a small component's steps at once (each fixes a variable or more), so
            // appending them does not grow the array four times; a large one grows as before.
            // Made only when some equation has one unknown to start with: a search that
            // starts with none (blocks alone can fix, rarely) makes no array for steps first.
            if pendingCount > 0 { steps.reserveCapacity(min(variableCount, 16)) }
            repeat {
                while pendingCount > 0 {
                    pendingCount -= 1
                    fixSingle(work[pendingBase + pendingCount])
                }
            } while fixBlocks()
        }

        private mutating func fixSingle(_ index: Int) {
            guard work[index] == 1, isEquation(index) else { return }
            var rest = constraints[index].expression.constant
            var own = 0.0
            var subject = -1
            var largest = 0.0
            for position in constraints[index].expression.terms.indices {
                let term = constraints[index].expression.terms[position]
                guard term.coefficient != 0 else { continue }
                largest = max(largest, abs(term.coefficient))
                if let value = values[term.variable.index] {
                    rest += term.coefficient * value
                } else {
                    subject = term.variable.index
                    own = term.coefficient
                }
            }
            guard subject >= 0, abs(own) >= Solver.subjectThreshold * largest, let factor = Factor(single: own) else { return }
            fix(Step(constraint: index, variable: subject, factor: factor), CollectionOfOne(-rest / own))
        }

        /// Where each of the block search's arrays starts in `blockWork`, for `count` variables
        /// and `constraints` constraints: per variable its union-find parent, then per root its
        /// equations, its variables and its block's number plus one (0: none), then per
        /// variable its column in the block being solved (−1 otherwise, and so between
        /// blocks); per equation (at most one per constraint) its constraint, its first
        /// unfixed variable and its block (−1: none); the blocks' rows and variables, grouped
        /// by block (a block has as many of each); per block where its group begins (one more
        /// entry, the end), and a cursor for filling the groups.
        private struct BlockWork {
            let equations: Int
            let variables: Int
            let block: Int
            let column: Int
            let constraint: Int
            let first: Int
            let blockOfEquation: Int
            let rows: Int
            let members: Int
            let begin: Int
            let cursor: Int
            let size: Int

            init(variables count: Int, constraints: Int) {
                equations = count
                variables = 2 * count
                block = 3 * count
                column = 4 * count
                constraint = 5 * count
                first = constraint + constraints
                blockOfEquation = first + constraints
                rows = blockOfEquation + constraints
                members = rows + constraints
                begin = members + count
                cursor = begin + constraints + 1
                size = cursor + constraints
            }
        }

        /// The root of `variable`'s set in the union-find at the start of `work` (path
        /// halving); `mayFix(_:ignoring:variableCount:)` groups with it too.
        fileprivate static func root(_ variable: Int, _ work: UnsafeMutableBufferPointer<Int>) -> Int {
            var node = variable
            while work[node] != node {
                work[node] = work[work[node]]
                node = work[node]
            }
            return node
        }

        /// Whether `variable` is unfixed and some counted constraint holds it.
        private func isOpen(_ variable: Int) -> Bool {
            values[variable] == nil && work[startBase + variable] < work[startBase + variable + 1]
        }

        /// Solves every square, nonsingular block of the remaining equations; whether any was.
        ///
        /// A block is a set of the remaining equations (each with two unknowns or more) and
        /// their unfixed variables, connected through those equations, with as many variables
        /// as equations, at most `blockLimit`. Its rows are in constraint order, its variables
        /// ascending, and the blocks in the order of their first rows: what the factors, and so
        /// every value, depend on. Which variable the union-find makes a set's root does not
        /// matter: only which variables share a set.
        private mutating func fixBlocks() -> Bool {
            // A block's equations each have two unknowns or more, all among its variables, and
            // it has as many variables as equations: so at least two equations. With fewer no
            // block can be solved, and the arrays below need not be touched (a small
            // component's one margin equation; Documentation/Performance.md, "Branch
            // smallsolve").
            var equationCount = 0
            for index in constraints.indices where work[index] >= 2 && isEquation(index) {
                equationCount += 1
                if equationCount >= 2 { break }
            }
            guard equationCount >= 2 else { return false }
            let at = BlockWork(variables: variableCount, constraints: constraints.count)
            if blockWork.isEmpty {
                blockWork = Array(filled: 0, count: at.size)
                for variable in 0..<variableCount { blockWork[at.column + variable] = -1 }
            }
            // Taken out of the search while grouped through a buffer pointer (so that it stays
            // uniquely referenced and the grouping may read the search), then put back. The
            // grouping is `mutating` (it changes nothing of the search) so that the closure
            // reaches the search in place: a non-mutating call from there copied the whole
            // search, every array retained and released (Documentation/Performance.md, "Branch
            // aroundsolver").
            var grouping: [Int] = []
            swap(&grouping, &blockWork)
            let blockCount = grouping.withUnsafeMutableBufferPointer { group(into: $0, at) }
            swap(&grouping, &blockWork)
            guard blockCount > 0 else { return false }
            var fixedAny = false
            for block in 0..<blockCount {
                let lower = blockWork[at.begin + block]
                let upper = blockWork[at.begin + block + 1]
                // The step keeps these two arrays, so they are its own, made at their size.
                let rows = Array(blockWork[(at.rows + lower)..<(at.rows + upper)])
                let variables = Array(blockWork[(at.members + lower)..<(at.members + upper)])
                // A variable of the block that an inequality or an optional constraint also
                // holds is still fixed by the block: those read it as a constant afterwards.
                guard let (factor, solution) = solve(rows, variables, column: at.column) else { continue }
                fix(Step(constraints: rows, variables: variables, factor: factor), solution)
                fixedAny = true
            }
            return fixedAny
        }

        /// `fixBlocks`' grouping, in `work` (the block search's arrays, `at`): the remaining
        /// equations' sets of variables, those that are blocks numbered in the order of their
        /// first rows, and each block's rows and variables together in order. Returns how many
        /// blocks there are. Written through a buffer pointer without a bounds check per
        /// access: every index is a variable of a counted constraint (checked when the search
        /// was made), a constraint, or a count of them, within the arrays `BlockWork` lays out.
        private mutating func group(into work: UnsafeMutableBufferPointer<Int>, _ at: BlockWork) -> Int {
            let count = variableCount
            for variable in 0..<count {
                work[variable] = variable
                work[at.equations &+ variable] = 0
                work[at.variables &+ variable] = 0
                work[at.block &+ variable] = 0
            }
            // Each equation's first unfixed variable stands for it.
            var equationCount = 0
            // Whether some equation joined two of its unknowns already in one set (a cycle of
            // the graph of equations and variables, an edge per unknown term, or a variable
            // repeated in the equation). Without one that graph is a forest, and a connected
            // set of r equations and m variables in a forest has r + m − 1 edges, at least 2r
            // of them (two unknowns an equation), so m ≥ r + 1: no set is square, no block,
            // and the counts below are not needed (dynamic-height-columns' horizontal axis,
            // a chain of spacings and equal widths; Documentation/Solver.md, "Branch columns3").
            var cyclic = false
            for index in constraints.indices where self.work[index] >= 2 && isEquation(index) {
                var first = -1
                for position in constraints[index].expression.terms.indices {
                    let term = constraints[index].expression.terms[position]
                    guard term.coefficient != 0 && values[term.variable.index] == nil else { continue }
                    if first < 0 {
                        first = term.variable.index
                    } else {
                        let lhs = Self.root(first, work)
                        let rhs = Self.root(term.variable.index, work)
                        if lhs != rhs { work[max(lhs, rhs)] = min(lhs, rhs) } else { cyclic = true }
                    }
                }
                work[at.constraint &+ equationCount] = index
                work[at.first &+ equationCount] = first
                equationCount &+= 1
            }
            guard cyclic else { return 0 }
            // Counting rows and variables per set first lists only the sets that are blocks
            // (on a chain of equal widths the one block is the whole axis).
            for number in 0..<equationCount {
                let root = Self.root(work[at.first &+ number], work)
                work[at.equations &+ root] &+= 1
            }
            for variable in 0..<count where isOpen(variable) {
                let root = Self.root(variable, work)
                if work[at.equations &+ root] > 0 { work[at.variables &+ root] &+= 1 }
            }
            var blockCount = 0
            for number in 0..<equationCount {
                let root = Self.root(work[at.first &+ number], work)
                let rows = work[at.equations &+ root]
                guard rows == work[at.variables &+ root], rows <= FixedVariables.blockLimit else {
                    work[at.blockOfEquation &+ number] = -1
                    continue
                }
                if work[at.block &+ root] == 0 {
                    blockCount &+= 1
                    work[at.block &+ root] = blockCount
                }
                work[at.blockOfEquation &+ number] = work[at.block &+ root] &- 1
            }
            guard blockCount > 0 else { return 0 }
            // Each block's rows and variables together, in order (a counting sort: a block has
            // as many variables as rows, so one list of beginnings serves both).
            for block in 0..<blockCount { work[at.begin &+ block] = 0 }
            for number in 0..<equationCount where work[at.blockOfEquation &+ number] >= 0 {
                work[at.begin &+ work[at.blockOfEquation &+ number]] &+= 1
            }
            var total = 0
            for block in 0..<blockCount {
                let size = work[at.begin &+ block]
                work[at.begin &+ block] = total
                work[at.cursor &+ block] = total
                total &+= size
            }
            work[at.begin &+ blockCount] = total
            for number in 0..<equationCount where work[at.blockOfEquation &+ number] >= 0 {
                let block = work[at.blockOfEquation &+ number]
                work[at.rows &+ work[at.cursor &+ block]] = work[at.constraint &+ number]
                work[at.cursor &+ block] &+= 1
            }
            for block in 0..<blockCount { work[at.cursor &+ block] = work[at.begin &+ block] }
            for variable in 0..<count where isOpen(variable) {
                let block = work[at.block &+ Self.root(variable, work)] &- 1
                guard block >= 0 else { continue }
                work[at.members &+ work[at.cursor &+ block]] = variable
                work[at.cursor &+ block] &+= 1
            }
            return blockCount
        }

        /// The block's factors and unique solution, or nil when it is singular at the
        /// tolerance. `column` is where the variables' columns are in `blockWork`.
        private mutating func solve(_ rows: [Int], _ variables: [Int], column: Int) -> (Factor, [Double])? {
            let size = variables.count
            for (position, variable) in variables.enumerated() { blockWork[column + variable] = position }
            defer { for variable in variables { blockWork[column + variable] = -1 } }
            var matrix = Array(filled: 0.0, count: size * size)
            var rhs = Array(filled: 0.0, count: size)
            for (row, index) in rows.enumerated() {
                var rest = constraints[index].expression.constant
                for position in constraints[index].expression.terms.indices {
                    let term = constraints[index].expression.terms[position]
                    guard term.coefficient != 0 else { continue }
                    if let value = values[term.variable.index] {
                        rest += term.coefficient * value
                    } else if blockWork[column + term.variable.index] >= 0 {
                        matrix[row * size + blockWork[column + term.variable.index]] += term.coefficient
                    }
                }
                rhs[row] = -rest
            }
            guard let factor = Factor(consume matrix, size: size) else { return nil }
            factor.solve(inPlace: &rhs)
            return (factor, rhs)
        }

        /// `step` is taken, not copied, into `steps` (a copy retained and released its four arrays).
        private mutating func fix<Solution: Sequence<Double>>(_ step: consuming Step, _ solution: Solution) {
            if step.isSingle {
                isFixing[step.singleConstraint] = true
                for value in solution.prefix(1) { values[step.singleVariable] = value }
                release(step.singleVariable)
            } else {
                for row in step.constraints { isFixing[row] = true }
                for (variable, value) in zip(step.variables, solution) { values[variable] = value }
                for variable in step.variables { release(variable) }
            }
            steps.append(step)
        }

        /// One fewer unknown in each constraint holding `variable`, now fixed. Wrapping
        /// arithmetic: every sum is an index within `work` (checked on access), every count
        /// at most the terms.
        private mutating func release(_ variable: Int) {
            for position in work[startBase &+ variable]..<work[startBase &+ variable &+ 1] {
                let other = work[holdingBase &+ position]
                work[other] &-= 1
                // As at the start, only a constraint `fixSingle` can use.
                if work[other] == 1 && isEquation(other) {
                    work[pendingBase &+ pendingCount] = other
                    pendingCount &+= 1
                }
            }
        }
    }

    /// The constraints with every fixed variable's term folded into the constant, in order.
    /// Fixing and constant constraints come out without terms; callers leave them out.
    public func substituted(_ constraints: [Constraint]) -> [Constraint] {
        constraints.map { substituted($0) }
    }

    /// One constraint of `substituted(_:)`; with `local`, each kept term's variable `v` is
    /// then `local[v]` (what renumbering the substituted constraint's terms gives, in one
    /// array, not two: `ComponentSolve` hands its pieces' solvers their constraints so,
    /// Documentation/Performance.md, "Branch aroundfixed").
    public func substituted(_ constraint: Constraint, renumbering local: [Int]? = nil) -> Constraint {
        Self.substituted(constraint, values: values, renumbering: local)
    }

    /// `substituted(_:renumbering:)` with the fixed values (`values`) given: a caller that
    /// substitutes many constraints takes the array once, not the whole value per call.
    public static func substituted(_ constraint: Constraint, values: [Double?], renumbering local: [Int]? = nil) -> Constraint {
        // The terms kept counted in the same pass that asks whether any is fixed.
        var kept = 0
        for term in constraint.expression.terms where values[term.variable.index] == nil { kept += 1 }
        guard kept < constraint.expression.terms.count else {
            guard let local else { return constraint }
            var renumbered = constraint
            renumbered.expression.terms = constraint.expression.terms.map { Term(Variable(index: local[$0.variable.index]), $0.coefficient) }
            return renumbered
        }
        var constant = constraint.expression.constant
        var terms: [Term] = []
        // Room for the terms kept at once: appended into an empty array they grew it an
        // allocation or two per constraint. None kept (a fixing or constant constraint): no array.
        if kept > 0 { terms.reserveCapacity(kept) }
        for term in constraint.expression.terms {
            if let value = values[term.variable.index] {
                constant += term.coefficient * value
            } else if let local {
                terms.append(Term(Variable(index: local[term.variable.index]), term.coefficient))
            } else {
                terms.append(term)
            }
        }
        return Constraint(Expression(terms, constant: constant), constraint.relation, priority: constraint.priority)
    }

    /// Whether every required constraint left with no variable holds exactly at the fixed
    /// values: `0 = 0`, or an inequality with its slack on the right side. Anything else (a miss,
    /// however small) is left to a solver holding the whole, which decides conflicts and the
    /// allowed miss as it always has.
    public func holds(_ constraints: [Constraint]) -> Bool {
        Self.holds(constraints, isConstant: { isConstant[$0] }, value: { values[$0] })
    }

    /// `holds(_:)` with the constant constraints and the fixed values asked of the caller
    /// (`Finding.holds()` asks its search).
    @inline(__always)
    private static func holds(_ constraints: [Constraint], isConstant: (Int) -> Bool, value: (Int) -> Double?) -> Bool {
        for index in constraints.indices where isConstant(index) && constraints[index].priority.isRequired {
            var amount = constraints[index].expression.constant
            for position in constraints[index].expression.terms.indices {
                let term = constraints[index].expression.terms[position]
                amount += term.coefficient * (value(term.variable.index) ?? 0)
            }
            switch constraints[index].relation {
            case .equal: if amount != 0 { return false }
            case .lessThanOrEqual: if amount > 0 { return false }
            case .greaterThanOrEqual: if amount < 0 { return false }
            }
        }
        return true
    }

    /// `Solver.impliedConstraints(among:)` of the constraints `counted` flags (required ones) of
    /// `constraints`, when every variable they mention is fixed and all of them are equalities;
    /// nil otherwise (the caller then asks a solver). `candidates` and the answer are constraint
    /// indices, in the caller's order.
    ///
    /// Why this is the solver's answer: among equalities, "implied" is linear dependence, and the
    /// solver's reverse scan reports exactly the candidates that depend on the non-candidates
    /// and the candidates before them (`Solver.impliedConstraints`). The fixing equations F are
    /// square and nonsingular over the fixed variables (block triangular, each step's block
    /// nonsingular), so the directions the non-candidates leave free are spanned by
    /// d_k = F⁻¹e_k, one per candidate k in F, cut down by the non-candidate equations with no
    /// variable left (`isConstant`); a candidate depends on the others before it exactly when
    /// its coefficients, applied to those directions, are a combination of theirs. The
    /// directions are found by the steps' own eliminations, in linear time for a component
    /// whose blocks are small, where a solver holding the component pivots through all of it.
    public func implied(among candidates: [Int], in constraints: [Constraint], counted: (Int) -> Bool) -> [Int]? {
        let rows = constraints.indices.filter(counted)
        for index in rows {
            guard constraints[index].relation == .equal,
                  constraints[index].expression.terms.allSatisfy({ $0.coefficient == 0 || values[$0.variable.index] != nil }),
                  isFixing[index] || isConstant[index] else { return nil }
        }
        let asked = Set(candidates)
        // The free directions with every candidate fixing equation left out.
        var directions: [[Double]] = []
        for step in steps {
            for row in step.constraints where asked.contains(row) { directions.append(direction(freeing: row, in: constraints)) }
        }
        // Cut down by the constant non-candidate equations: keep the combinations they allow.
        let cuts = rows.filter { isConstant[$0] && !asked.contains($0) }
        if !cuts.isEmpty && !directions.isEmpty {
            let images = cuts.map { row in directions.map { Self.apply(constraints[row], to: $0) } }
            let kernel = Self.kernel(images, width: directions.count)
            directions = kernel.map { combination in
                var mixed = Array(filled: 0.0, count: values.count)
                for (weight, direction) in zip(combination, directions) where weight != 0 {
                    for variable in mixed.indices { mixed[variable] += weight * direction[variable] }
                }
                return mixed
            }
        }
        // The forward scan over the candidates, in the projection onto those directions.
        var basis: [(vector: [Double], lead: Int)] = []
        var implied: [Int] = []
        for candidate in candidates where counted(candidate) {
            var vector = directions.map { Self.apply(constraints[candidate], to: $0) }
            let scale = max(1, vector.map(abs).max() ?? 0)
            for (row, lead) in basis where vector[lead] != 0 {
                let factor = vector[lead] / row[lead]
                for position in vector.indices { vector[position] -= factor * row[position] }
            }
            if let lead = vector.indices.max(by: { abs(vector[$0]) < abs(vector[$1]) }),
               abs(vector[lead]) > Tolerance.pivot * scale {
                basis.append((vector, lead))
            } else {
                implied.append(candidate)
            }
        }
        return implied
    }

    /// F⁻¹e_k for the fixing equation `freed`: every other fixing equation holds with no
    /// constant, `freed` moves by one; steps before its own stay at zero, and so does a later
    /// step none of whose equations reads a variable that moved.
    private func direction(freeing freed: Int, in constraints: [Constraint]) -> [Double] {
        var direction = Array(filled: 0.0, count: values.count)
        var reached = false
        for step in steps {
            if step.constraints.contains(freed) { reached = true }
            guard reached else { continue }
            var rhs = Array(filled: 0.0, count: step.variables.count)
            var moved = false
            for (row, index) in step.constraints.enumerated() {
                var rest = index == freed ? -1.0 : 0.0
                for term in constraints[index].expression.terms where term.coefficient != 0 {
                    rest += term.coefficient * direction[term.variable.index]
                }
                rhs[row] = -rest
                if rest != 0 { moved = true }
            }
            guard moved else { continue }
            for (variable, value) in zip(step.variables, step.factor.solve(rhs)) { direction[variable] = value }
        }
        return direction
    }

    /// The constraint's coefficients applied to a direction.
    private static func apply(_ constraint: Constraint, to direction: [Double]) -> Double {
        constraint.expression.terms.reduce(0) { $0 + $1.coefficient * direction[$1.variable.index] }
    }

    /// A basis of the vectors y with every row's `row · y = 0` (reduced row echelon form, zero
    /// below `Tolerance.pivot` of a row's largest entry).
    private static func kernel(_ rows: [[Double]], width: Int) -> [[Double]] {
        var matrix = rows
        var pivots: [Int] = []
        var next = 0
        for column in 0..<width where next < matrix.count {
            guard let best = (next..<matrix.count).max(by: { abs(matrix[$0][column]) < abs(matrix[$1][column]) }) else { break }
            let scale = max(1, matrix[best].map(abs).max() ?? 0)
            guard abs(matrix[best][column]) > Tolerance.pivot * scale else { continue }
            matrix.swapAt(next, best)
            let pivot = matrix[next][column]
            for position in 0..<width { matrix[next][position] /= pivot }
            for row in matrix.indices where row != next && matrix[row][column] != 0 {
                let factor = matrix[row][column]
                for position in 0..<width { matrix[row][position] -= factor * matrix[next][position] }
            }
            pivots.append(column)
            next += 1
        }
        let free = (0..<width).filter { !pivots.contains($0) }
        return free.map { column in
            var vector = Array(filled: 0.0, count: width)
            vector[column] = 1
            for (row, pivot) in pivots.enumerated() { vector[pivot] = -matrix[row][column] }
            return vector
        }
    }
}
