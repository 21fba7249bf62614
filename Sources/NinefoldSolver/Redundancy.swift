/// Required constraints that the others imply, found without re-solving per constraint.
extension Solver {
    /// Of `candidates` (constraints in the solver), those a reverse scan reports as implied: from
    /// the last candidate back, each one that the required constraints still kept imply is
    /// reported and dropped, so of a group implying each other only the later ones are reported.
    ///
    /// Implication only reaches as far as shared variables, so the required constraints are split
    /// into connected components (union-find over variables) and each component with a candidate
    /// is examined alone. In a component of equalities only, the feasible set is an affine
    /// subspace and "implied" is linear dependence, a matroid: the reverse scan then reports
    /// exactly the candidates that a forward elimination reduces to `0 = 0` after the
    /// non-candidates and the earlier kept candidates (the complement of the greedy basis), so one
    /// elimination pass answers for the whole component. A component with a required inequality
    /// is not a matroid (two inequalities can pin what no equality does), so there each candidate
    /// is checked exactly, on a solver holding only that component, unless the solver's own
    /// solution already shows that it can move (`movableCandidates`).
    public func impliedConstraints(among candidates: [ConstraintID]) -> [ConstraintID] {
        impliedConstraints(among: candidates) { all, local in
            reverseScan(all, candidates: local, skipping: movableCandidates(all, candidates: local))
        }
    }

    /// `impliedConstraints(among:)` with a probe solver for every candidate of a component that
    /// has a required inequality, none skipped: the definition as it was first built, kept as
    /// the reference that the property tests hold the skipping to.
    func impliedConstraintsByProbes(among candidates: [ConstraintID]) -> [ConstraintID] {
        impliedConstraints(among: candidates) { all, local in reverseScan(all, candidates: local, skipping: []) }
    }

    /// The component split, with `scan` answering for a component that has a required inequality.
    private func impliedConstraints(
        among candidates: [ConstraintID], scan: ([ConstraintID], [ConstraintID]) -> [ConstraintID]
    ) -> [ConstraintID] {
        let required = constraintIDs.filter { constraint($0).priority.isRequired }
        let wanted = Set(candidates.filter { contains($0) && constraint($0).priority.isRequired })
        guard !wanted.isEmpty else { return [] }
        let highest = required.flatMap { constraint($0).expression.terms.map(\.variable.index) }.max() ?? -1
        var components = VariableComponents(count: max(variableCount, highest + 1))
        for id in required {
            components.join(constraint(id).expression.terms)
        }
        // Component key: the root of the first variable; a constraint without variables is alone.
        func key(_ id: ConstraintID) -> Int {
            guard let first = constraint(id).expression.terms.first else { return -1 - id.index }
            return components.find(first.variable.index)
        }
        var members: [Int: [ConstraintID]] = [:]
        for id in required { members[key(id), default: []].append(id) }
        var candidatesByComponent: [Int: [ConstraintID]] = [:]
        for id in candidates where wanted.contains(id) { candidatesByComponent[key(id), default: []].append(id) }
        var implied: Set<ConstraintID> = []
        for (component, local) in candidatesByComponent {
            let all = members[component] ?? []
            if all.allSatisfy({ constraint($0).relation == .equal }) {
                implied.formUnion(forwardElimination(all, candidates: local))
            } else {
                implied.formUnion(scan(all, local))
            }
        }
        return candidates.filter(implied.contains)
    }

    /// Equalities only: the candidates that reduce to `0 = 0` when added after the others.
    private func forwardElimination(_ all: [ConstraintID], candidates: [ConstraintID]) -> [ConstraintID] {
        let candidateSet = Set(candidates)
        var probe = emptyCopy()
        for id in all where !candidateSet.contains(id) { _ = probe.probe(constraint(id)) }
        return candidates.filter { probe.probe(constraint($0)).1 == .implied }
    }

    /// The reverse scan itself, on a solver holding only the component. The component's other
    /// constraints are in every probe, so they are added once, to a base that each probe copies
    /// before adding the candidates still kept: rebuilding the whole component per candidate was
    /// 30 % of validating the nested-stack-views document (a stack's generated constraints are
    /// the bulk of its component, its document's equalities the candidates). Implication is a
    /// property of the set, not of the order the constraints are added in. A candidate in
    /// `skipping` is known not to be implied: it stays kept without a probe, and when every
    /// candidate is, no solver is built at all.
    private func reverseScan(_ all: [ConstraintID], candidates: [ConstraintID],
                             skipping movable: Set<ConstraintID>) -> [ConstraintID] {
        guard candidates.contains(where: { !movable.contains($0) }) else { return [] }
        let candidateSet = Set(candidates)
        var base = emptyCopy()
        for id in all where !candidateSet.contains(id) { _ = base.probe(constraint(id)) }
        var kept = candidateSet
        var found: [ConstraintID] = []
        for candidate in candidates.reversed() where !movable.contains(candidate) {
            var probe = base
            for id in all where id != candidate && kept.contains(id) { _ = probe.probe(constraint(id)) }
            if probe.implies(constraint(candidate)) {
                kept.remove(candidate)
                found.append(candidate)
            }
        }
        return found
    }

    /// Candidates that the other required constraints of the component provably do not imply,
    /// shown from the solver's solution without a linear program: a point where every required
    /// constraint holds, and a direction along which the candidate's expression changes while no
    /// other equality, and no inequality at its limit, does. Moving the point along it keeps
    /// every other required constraint (the inequalities not at their limit until the nearest
    /// reaches it), so the expression takes values that the candidate forbids, beyond
    /// `movableMargin`: not implied by all the others, so not by the fewer ones a reverse scan
    /// keeps (fewer constraints, a larger region). A candidate this cannot show, because its row
    /// depends on the others' or the move is too short, is left to the probe.
    ///
    /// The direction comes from sparse elimination of the fixed rows (`EchelonRows`, the
    /// non-candidates' reduced once per component): a layout row has two or three terms, so this
    /// costs far less than a dense projection, which was slower than the probes. The probe per
    /// candidate was a copy of the component's solver, its kept candidates added again and two
    /// linear programs, 15 % of validating nested-stack-views; none of the bundled documents'
    /// candidates in such components is implied.
    func movableCandidates(_ all: [ConstraintID], candidates: [ConstraintID]) -> Set<ConstraintID> {
        guard isOptimized else { return [] }
        var columns: [Int: Int] = [:]
        var rows: [[(column: Int, coefficient: Double)]] = []
        var amounts: [Double] = []
        // Fixed along the direction: equalities, and inequalities at (or near) their limit.
        var fixed: [Bool] = []
        for id in all {
            let definition = constraint(id)
            var row: [(column: Int, coefficient: Double)] = []
            for term in definition.expression.terms {
                let column = columns[term.variable.index] ?? columns.count
                columns[term.variable.index] = column
                row.append((column, term.coefficient))
            }
            rows.append(row)
            let amount = definition.expression.evaluate { value(of: $0) }
            amounts.append(amount)
            let atLimit = switch definition.relation {
            case .equal: true
            case .lessThanOrEqual: amount > -Self.movableMargin
            case .greaterThanOrEqual: amount < Self.movableMargin
            }
            fixed.append(atLimit)
        }
        let candidateSet = Set(candidates)
        let isCandidate = all.map(candidateSet.contains)
        var basis = EchelonRows(columns: columns.count)
        for position in all.indices where !isCandidate[position] && fixed[position] { basis.add(rows[position]) }
        var movable: Set<ConstraintID> = []
        for position in all.indices where isCandidate[position] {
            var others = basis
            for other in all.indices where other != position && isCandidate[other] && fixed[other] {
                others.add(rows[other])
            }
            let target = rows[position]
            guard let direction = others.direction(changing: target) else { continue }
            func rate(_ row: [(column: Int, coefficient: Double)]) -> Double {
                row.reduce(0) { $0 + $1.coefficient * direction[$1.column] }
            }
            // The direction keeps every fixed row and changes the candidate's expression at
            // `slope` per unit (turned to raise it): how far can the point move each way before
            // a loose inequality reaches its limit?
            let sign: Double = rate(target) < 0 ? -1 : 1
            let slope = sign * rate(target)
            var forward = Double.infinity
            var backward = Double.infinity
            for other in all.indices where other != position && !fixed[other] {
                let change = sign * rate(rows[other])
                // `amount ≤ 0` has room −amount, `amount ≥ 0` room amount (flipped).
                let (room, toward) = constraint(all[other]).relation == .lessThanOrEqual
                    ? (-amounts[other], change) : (amounts[other], -change)
                if toward > 0 { forward = min(forward, room / toward) }
                if toward < 0 { backward = min(backward, room / -toward) }
            }
            // The expression's largest and smallest values along the line: beyond the candidate's
            // limit by more than the margin, it is not implied.
            let (highest, lowest) = (amounts[position] + forward * slope, amounts[position] - backward * slope)
            let shown = switch constraint(all[position]).relation {
            case .equal: highest > Self.movableMargin || lowest < -Self.movableMargin
            case .lessThanOrEqual: highest > Self.movableMargin
            case .greaterThanOrEqual: lowest < -Self.movableMargin
            }
            if shown { movable.insert(all[position]) }
        }
        return movable
    }

    /// How far a candidate's expression must be shown to move before it counts as not implied:
    /// a thousand times `Tolerance.frame`, within which the exact check calls it pinned, so that
    /// rounding in the direction cannot decide a borderline case the probe would decide otherwise.
    static let movableMargin = 1e-3
}

/// Sparse rows in echelon form (Gaussian elimination with the largest entry of each row as its
/// pivot), for the redundancy check's directions: a row depends on those added when it reduces
/// to nothing, and otherwise its remainder names a direction that keeps them all. Rows are
/// reduced in a dense scratch vector over the component's columns, so no step hashes.
struct EchelonRows {
    let columns: Int
    /// Each kept row, scaled to 1 at its pivot column (not stored) and free of the earlier
    /// rows' pivots.
    private var rows: [(pivot: Int, cells: [(column: Int, value: Double)])] = []

    /// A remainder entry below this fraction of the row's largest is rounding.
    static let threshold = 1e-9

    init(columns: Int) { self.columns = columns }

    /// `row` less its combination of the kept rows, densely, with the row's largest magnitude.
    private func reduced(_ row: [(column: Int, coefficient: Double)]) -> (cells: [Double], scale: Double) {
        var cells = Array(filled: 0.0, count: columns)
        for (column, coefficient) in row { cells[column] += coefficient }
        let scale = row.reduce(0) { max($0, abs(cells[$1.column])) }
        // Each kept row holds no earlier pivot, so one pass in order leaves no pivot behind.
        for kept in rows {
            let factor = cells[kept.pivot]
            guard factor != 0 else { continue }
            for (column, value) in kept.cells { cells[column] -= factor * value }
            cells[kept.pivot] = 0
        }
        return (cells, scale)
    }

    /// The pivot of a remainder: its largest entry (the first of equals), unless that is rounding.
    private static func pivot(of cells: [Double], scale: Double) -> (column: Int, value: Double)? {
        var best: (column: Int, value: Double)?
        for (column, value) in cells.enumerated() where abs(value) > threshold * scale {
            if let current = best, abs(value) <= abs(current.value) { continue }
            best = (column, value)
        }
        return best
    }

    mutating func add(_ row: [(column: Int, coefficient: Double)]) {
        let (cells, scale) = reduced(row)
        guard let pivot = Self.pivot(of: cells, scale: scale) else { return }
        var scaled: [(column: Int, value: Double)] = []
        for (column, value) in cells.enumerated() where column != pivot.column && abs(value) > Self.threshold * scale {
            scaled.append((column, value / pivot.value))
        }
        rows.append((pivot.column, scaled))
    }

    /// A direction along which every kept row's expression stays put and `row`'s changes; nil
    /// when `row` depends on the kept rows. The remainder's largest entry is a column no kept
    /// row pivots on: it moves by 1, the other such columns stay, and each pivot column takes
    /// the value that holds its row at zero, last row first (a row holds only later rows'
    /// pivots).
    func direction(changing row: [(column: Int, coefficient: Double)]) -> [Double]? {
        let (cells, scale) = reduced(row)
        guard let free = Self.pivot(of: cells, scale: scale) else { return nil }
        var direction = Array(filled: 0.0, count: columns)
        direction[free.column] = 1
        for kept in rows.reversed() {
            direction[kept.pivot] = -kept.cells.reduce(0) { $0 + $1.value * direction[$1.column] }
        }
        return direction
    }
}

/// Union-find over variable indices, with path halving and union by size: the variables a set
/// of constraints connects. The redundancy rule splits required constraints with it, and
/// NinefoldLayout a class into components and a component into pieces.
public struct VariableComponents: Sendable {
    private var parent: [Int]
    private var size: [Int]

    public init(count: Int) {
        parent = Array(0..<count)
        size = Array(filled: 1, count: count)
    }

    /// The representative of `element`'s set.
    public mutating func find(_ element: Int) -> Int {
        var node = element
        while parent[node] != node {
            parent[node] = parent[parent[node]]
            node = parent[node]
        }
        return node
    }

    /// Puts every variable of `terms` in one set.
    public mutating func join(_ terms: [Term]) {
        for term in terms.dropFirst() { union(terms[0].variable.index, term.variable.index) }
    }

    public mutating func union(_ lhs: Int, _ rhs: Int) {
        var a = find(lhs)
        var b = find(rhs)
        guard a != b else { return }
        if size[a] < size[b] { swap(&a, &b) }
        parent[b] = a
        size[a] += size[b]
    }
}
