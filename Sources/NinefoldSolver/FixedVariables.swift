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
        init?(_ matrix: [Double], size: Int) {
            let largest = matrix.reduce(0) { max($0, abs($1)) }
            guard largest > 0 else { return nil }
            var lu = matrix
            var order = Array(0..<size)
            for pivot in 0..<size {
                var best = pivot
                for row in pivot..<size where abs(lu[row * size + pivot]) > abs(lu[best * size + pivot]) { best = row }
                guard abs(lu[best * size + pivot]) >= Tolerance.pivot * largest else { return nil }
                if best != pivot {
                    for column in 0..<size { lu.swapAt(pivot * size + column, best * size + column) }
                    order.swapAt(pivot, best)
                }
                for row in (pivot + 1)..<size where lu[row * size + pivot] != 0 {
                    let factor = lu[row * size + pivot] / lu[pivot * size + pivot]
                    lu[row * size + pivot] = factor
                    for column in (pivot + 1)..<size { lu[row * size + column] -= factor * lu[pivot * size + column] }
                }
            }
            self.size = size
            self.lu = lu
            self.order = order
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
        var search = Search(variableCount: variableCount, constraints: constraints, ignoring: ignoring)
        search.run()
        values = search.values
        isFixing = search.isFixing
        var count = 0
        for value in search.values where value != nil { count += 1 }
        self.count = count
        steps = search.steps
        isConstant = constraints.indices.map { index in
            !(ignoring?[index] ?? false) && !search.isFixing[index] && search.unknown[index] == 0
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
        var several = 0
        for (index, constraint) in constraints.enumerated()
        where !(ignoring?[index] ?? false) && constraint.relation == .equal && constraint.priority.isRequired {
            var terms = 0
            for term in constraint.expression.terms where term.coefficient != 0 { terms += 1 }
            if terms == 1 { return true }
            if terms >= 2 { several += 1 }
            if several >= 2 { return true }
        }
        return false
    }

    /// The worklist behind `init`.
    private struct Search {
        let constraints: [Constraint]
        let ignoring: [Bool]?
        /// Per constraint, its terms on variables not yet fixed.
        var unknown: [Int]
        /// The constraints holding each variable, in one flat array (as `DirectResolution`).
        var start: [Int]
        var holding: [Int]
        var values: [Double?]
        var isFixing: [Bool]
        var steps: [Step] = []
        var pending: [Int]
        /// Per variable, its column in the block being solved (−1 otherwise).
        var column: [Int]

        init(variableCount: Int, constraints: [Constraint], ignoring: [Bool]?) {
            self.constraints = constraints
            self.ignoring = ignoring
            var unknown = Array(filled: 0, count: constraints.count)
            var start = Array(filled: 0, count: variableCount + 1)
            for (index, constraint) in constraints.enumerated() where !(ignoring?[index] ?? false) {
                for term in constraint.expression.terms where term.coefficient != 0 {
                    unknown[index] += 1
                    start[term.variable.index] += 1
                }
            }
            // Each variable's start is first its range's end (a running sum), then filled from
            // the constraints taken in reverse, each fill moving it one back: it ends at the
            // range's start, each range ascending, with no copy of the array as a cursor (as
            // `DirectResolution` fills its own).
            var total = 0
            for variable in 0..<variableCount {
                total += start[variable]
                start[variable] = total
            }
            start[variableCount] = total
            var holding = Array(filled: 0, count: total)
            for index in constraints.indices.reversed() where !(ignoring?[index] ?? false) {
                for term in constraints[index].expression.terms.reversed() where term.coefficient != 0 {
                    start[term.variable.index] -= 1
                    holding[start[term.variable.index]] = index
                }
            }
            self.unknown = unknown
            self.start = start
            self.holding = holding
            values = Array(filled: nil, count: variableCount)
            isFixing = Array(filled: false, count: constraints.count)
            // Descending, so the last popped is the first: one array, not a filtered copy reversed.
            var pending: [Int] = []
            for index in constraints.indices.reversed() where unknown[index] == 1 { pending.append(index) }
            self.pending = pending
            // Room for a small component's steps at once (each fixes a variable or more), so
            // appending them does not grow the array four times; a large one grows as before.
            steps.reserveCapacity(min(variableCount, 16))
            // Made when the first block is solved: most components fix by single equations.
            column = []
        }

        func isEquation(_ index: Int) -> Bool {
            !(ignoring?[index] ?? false) && !isFixing[index] && constraints[index].relation == .equal
                && constraints[index].priority.isRequired
        }

        mutating func run() {
            repeat {
                while let index = pending.popLast() { fixSingle(index) }
            } while fixBlocks()
        }

        private mutating func fixSingle(_ index: Int) {
            guard unknown[index] == 1, isEquation(index) else { return }
            var rest = constraints[index].expression.constant
            var own = 0.0
            var subject = -1
            var largest = 0.0
            for term in constraints[index].expression.terms where term.coefficient != 0 {
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

        /// Solves every square, nonsingular block of the remaining equations; whether any was.
        private mutating func fixBlocks() -> Bool {
            let equations = constraints.indices.filter { unknown[$0] >= 2 && isEquation($0) }
            // A block's equations each have two unknowns or more, all among its variables, and
            // it has as many variables as equations: so at least two equations. With fewer no
            // block can be solved, and the arrays below need not be made (a small component's
            // one margin equation; Documentation/Performance.md, "Branch smallsolve").
            guard equations.count >= 2 else { return false }
            // Each equation's first unfixed variable stands for it; counting rows and variables
            // per block first lists only the blocks that can be solved (on a chain of equal
            // widths the one block is the whole axis).
            var sets = VariableComponents(count: values.count)
            var firstUnknown = Array(filled: -1, count: equations.count)
            for (number, index) in equations.enumerated() {
                for term in constraints[index].expression.terms where term.coefficient != 0 && values[term.variable.index] == nil {
                    if firstUnknown[number] < 0 {
                        firstUnknown[number] = term.variable.index
                    } else {
                        sets.union(firstUnknown[number], term.variable.index)
                    }
                }
            }
            // Per root, its equations, its variables and its block's number plus one (0: none),
            // in one array: three arrays per search were a tenth of fixing a small component's
            // variables (Documentation/Performance.md, "Branch smallsolve").
            let count = values.count
            var perRoot = Array(filled: 0, count: 3 * count)
            for variable in firstUnknown { perRoot[sets.find(variable)] += 1 }
            for variable in values.indices where values[variable] == nil && start[variable] < start[variable + 1] {
                let root = sets.find(variable)
                if perRoot[root] > 0 { perRoot[count + root] += 1 }
            }
            var blocks: [(rows: [Int], variables: [Int])] = []
            for (number, index) in equations.enumerated() {
                let root = sets.find(firstUnknown[number])
                guard perRoot[root] == perRoot[count + root], perRoot[root] <= FixedVariables.blockLimit else { continue }
                if perRoot[2 * count + root] == 0 {
                    blocks.append(([], []))
                    perRoot[2 * count + root] = blocks.count
                }
                blocks[perRoot[2 * count + root] - 1].rows.append(index)
            }
            guard !blocks.isEmpty else { return false }
            for variable in values.indices where values[variable] == nil && start[variable] < start[variable + 1] {
                let block = perRoot[2 * count + sets.find(variable)] - 1
                if block >= 0 { blocks[block].variables.append(variable) }
            }
            var fixedAny = false
            for block in blocks {
                // A variable of the block that an inequality or an optional constraint also
                // holds is still fixed by the block: those read it as a constant afterwards.
                guard let (factor, solution) = solve(block.rows, block.variables) else { continue }
                fix(Step(constraints: block.rows, variables: block.variables, factor: factor), solution)
                fixedAny = true
            }
            return fixedAny
        }

        /// The block's factors and unique solution, or nil when it is singular at the tolerance.
        private mutating func solve(_ rows: [Int], _ variables: [Int]) -> (Factor, [Double])? {
            let size = variables.count
            if column.isEmpty { column = Array(filled: -1, count: values.count) }
            for (position, variable) in variables.enumerated() { column[variable] = position }
            defer { for variable in variables { column[variable] = -1 } }
            var matrix = Array(filled: 0.0, count: size * size)
            var rhs = Array(filled: 0.0, count: size)
            for (row, index) in rows.enumerated() {
                var rest = constraints[index].expression.constant
                for term in constraints[index].expression.terms where term.coefficient != 0 {
                    if let value = values[term.variable.index] {
                        rest += term.coefficient * value
                    } else if column[term.variable.index] >= 0 {
                        matrix[row * size + column[term.variable.index]] += term.coefficient
                    }
                }
                rhs[row] = -rest
            }
            guard let factor = Factor(matrix, size: size) else { return nil }
            return (factor, factor.solve(rhs))
        }

        private mutating func fix<Solution: Sequence<Double>>(_ step: Step, _ solution: Solution) {
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

        /// One fewer unknown in each constraint holding `variable`, now fixed.
        private mutating func release(_ variable: Int) {
            for position in start[variable]..<start[variable + 1] {
                let other = holding[position]
                unknown[other] -= 1
                if unknown[other] == 1 { pending.append(other) }
            }
        }
    }

    /// The constraints with every fixed variable's term folded into the constant, in order.
    /// Fixing and constant constraints come out without terms; callers leave them out.
    public func substituted(_ constraints: [Constraint]) -> [Constraint] {
        constraints.map { constraint in
            guard constraint.expression.terms.contains(where: { values[$0.variable.index] != nil }) else { return constraint }
            var constant = constraint.expression.constant
            var terms: [Term] = []
            for term in constraint.expression.terms {
                if let value = values[term.variable.index] {
                    constant += term.coefficient * value
                } else {
                    terms.append(term)
                }
            }
            return Constraint(Expression(terms, constant: constant), constraint.relation, priority: constraint.priority)
        }
    }

    /// Whether every required constraint left with no variable holds exactly at the fixed
    /// values: `0 = 0`, or an inequality with its slack on the right side. Anything else (a miss,
    /// however small) is left to a solver holding the whole, which decides conflicts and the
    /// allowed miss as it always has.
    public func holds(_ constraints: [Constraint]) -> Bool {
        for (index, constraint) in constraints.enumerated() where isConstant[index] && constraint.priority.isRequired {
            var amount = constraint.expression.constant
            for term in constraint.expression.terms { amount += term.coefficient * (values[term.variable.index] ?? 0) }
            switch constraint.relation {
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
