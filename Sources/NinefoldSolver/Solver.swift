/// An incremental Cassowary-style simplex solver with exact lexicographic priorities.
///
/// Required constraints (priority 1000) must hold exactly; each lower priority is its own
/// objective level, minimised only after every higher level is at its optimum (the original
/// Cassowary paper's symbolic weights, not kiwi's single folded weight). Within a level the sum
/// of absolute violations is minimised.
///
/// Adding keeps the tableau feasible but does not optimise: the objective is minimised once, by
/// `optimize()`, after a batch of adds (kiwi's `updateVariables`). Pricing the whole objective after
/// every add made building a system quadratic. Queries on a solver with pending work answer from an
/// optimised copy, so they are always right; callers that add many constraints and then ask many
/// questions call `optimize()` in between so the copy is never needed.
///
/// The solver is a value type: copying it is how callers try things without disturbing it.
public struct Solver: Sendable {
    /// What the tableau knows about one added constraint.
    struct Tag: Sendable {
        /// The slack or first error symbol; nil for a required equality, which keeps no marker in
        /// the rows (a dummy per equality filled every row of a chain with the markers of all
        /// earlier views: quadratic memory). Such a constraint is removed by rebuilding.
        var marker: Symbol?
        var other: Symbol?
        /// A required equality that reduced to `0 = 0` when added: it stored nothing.
        var implied = false

        /// `marker`, then `other`, those that are there. A sequence rather than an array of
        /// them: the array was an allocation on every add (`record`, `markerSubject`).
        var symbols: Symbols { Symbols(first: marker, second: other) }

        struct Symbols: Sequence, IteratorProtocol {
            var first: Symbol?
            var second: Symbol?

            mutating func next() -> Symbol? {
                if let symbol = first {
                    first = nil
                    return symbol
                }
                defer { second = nil }
                return second
            }
        }
    }

    /// What happened to a constraint given to `insert`.
    enum Outcome: Equatable {
        case added
        /// A required equality the constraints already present imply: nothing was stored.
        case implied
        /// A required constraint that cannot hold with those present: nothing changed.
        case infeasible
    }

    private(set) var tableau = Tableau()
    private var variableNames: [String] = []
    private var nextSymbol = 0
    /// Every constraint ever given an id, including rejected ones, so ids stay meaningful, each
    /// with its tag (`ConstraintEntry`). One array, not a definitions array beside a tags array:
    /// each was an allocation, a growth check per add and a release per solver
    /// (Documentation/Solver.md, "Branch solverlean").
    private var entries: [ConstraintEntry] = []
    /// Owner of each internal symbol, indexed by `-id - 1`; -1 for none.
    private var owners: [Int] = []
    private var order = ConstraintOrder()
    private var edits: [Variable: ConstraintID] = [:]
    /// A required equality left the solver: the tableau still contains it and must be rebuilt
    /// from the remaining constraints before it is used.
    private var needsRebuild = false
    /// Constraints were added or removed since the objective was last minimised.
    private var needsOptimization = false
    /// A constraint left (removed, or updated: an update removes and adds again) since the
    /// tableau was built. The rows can then hold what constraints no longer present put there:
    /// the rounding of the large values they forced, and residuals phase one accepted and zeroed
    /// in, which made another constraint exact where it only held within its tolerance. A
    /// tableau built afresh from the live constraints holds neither, so a refusal is decided
    /// again on one (`insert`), and so is an optimum far below the rows' peak (`optimize`).
    private var removedSinceBuild = false
    /// Set when a refused add's phase one left rows that miss a required constraint
    /// (`addWithArtificialVariable`); `insert` rebuilds the tableau then.
    private var refusalBrokeRows = false
    /// Whether the tableau holds the required constraints as bands (`replay(banding:)`), which
    /// a rebuild that places them exactly ends.
    private var banded = false
    /// The edges that hold each banded constraint (`placeBand`), by the constraint's index:
    /// what the refactorisation solves the rows from in its place (`equations`).
    private var bandEdges: [Int: [BandEdge]] = [:]
    /// True while `replay` places constraints.
    private var replaying = false
    /// A throw-away solver (conflict search, redundancy check): a refused constraint ends its
    /// use, so adding need not save the tableau for a way back (that copy made each feasibility
    /// test quadratic).
    private var isScratch = false
    /// `rebuildByPriority` is placing the constraints again (`markerSubject`).
    private var replayingByPriority = false

    public init() {}

    // MARK: Variables

    /// Makes `count` variables with empty names at once, numbered on from those already made. A
    /// piece's solver knows its variables before it makes them and nothing reads their names:
    /// one array of `count` empty names, made at its size, instead of an append (and a
    /// uniqueness check) per variable after a reserve (Documentation/Solver.md, "Branch
    /// columns4"; the reserve replaced growing from empty, "Branch smallrows").
    public mutating func makeUnnamedVariables(_ count: Int) {
        guard count > 0 else { return }
        if variableNames.isEmpty {
            variableNames = Array(repeating: "", count: count)
        } else {
            variableNames.reserveCapacity(variableNames.count + count)
            for _ in 0..<count { variableNames.append("") }
        }
    }

    public mutating func makeVariable(named name: String) -> Variable {
        variableNames.append(name)
        return Variable(index: variableNames.count - 1)
    }

    public func name(of variable: Variable) -> String {
        variableNames.indices.contains(variable.index) ? variableNames[variable.index] : "v\(variable.index)"
    }

    public var variableCount: Int { variableNames.count }

    /// External symbols use the variable's index as id; internal symbols count down from -1 so
    /// the two never collide and variables keep their natural order.
    private func symbol(for variable: Variable) -> Symbol { Symbol(id: variable.index, kind: .external) }

    private mutating func newSymbol(_ kind: Symbol.Kind) -> Symbol {
        nextSymbol -= 1
        return Symbol(id: nextSymbol, kind: kind)
    }

    public func value(of variable: Variable) -> Double {
        // Not `(isOptimized ? self : optimizedCopy())`: that copied the whole solver (a retain
        // and a release of every array it holds) on every read of an optimised solver.
        guard isOptimized else { return optimizedCopy().tableauValue(of: variable) }
        return tableauValue(of: variable)
    }

    /// The value the tableau holds as it is. Read from an optimised copy by `value(of:)` once,
    /// never by asking the copy again: a copy left pending (a rebuild inside a rebuild had left
    /// one marked for another) made `value(of:)` recurse until the stack overflowed (fuzz-solver
    /// `pending-copy-recursion`).
    private func tableauValue(of variable: Variable) -> Double {
        tableau.value(of: symbol(for: variable))
    }

    // MARK: Batches

    /// True when values can be read from the tableau as it is.
    var isOptimized: Bool { !needsRebuild && !needsOptimization }

    /// Finishes pending work: rebuilds after a required equality left, then minimises the
    /// objective level by level. Call after a batch of adds, before reading many values.
    public mutating func optimize() {
        rebuildIfNeeded()
        guard needsOptimization else { return }
        let bounded = tableau.minimize(.main)
        needsOptimization = false
        let peaked = tableau.peak > Self.stalePeak
        let stale = holdsStaleRounding
        var rebuilt = false
        // Whether the optimum's basis stayed singular for the constraints as written through a
        // rebuild in order: its rows were made through a pivot on rounding, and the replay made
        // the same pivot (`rebuildByPriority`, below).
        var singular = false
        // Rows that held values above `stalePeak` keep their rounding, and a minimisation that
        // stopped on a move nothing blocks stopped on rounding: the optimum's basis is
        // refactorised from the constraints as written and the minimisation goes on from it.
        // When that optimum holds every required constraint it stands; the replaying rebuilds
        // below would go through the same large values again (`refactorize`). A removal divides
        // rows by the left marker's cells, which multiplies their rounding by as much, below any
        // peak: `v1 = −v0` kept a cell of 0.99999999998593 after a bound with a slack cell of
        // 0.000999999 left, and v0 = 666,667 put it 9.4e-6 off (fuzz-solver
        // `required-miss-9e-6`); so after removals the optimum is checked on the constraints as
        // written, and refactorised when it misses one.
        if peaked || !bounded || (removedSinceBuild && !holds(nil)) {
            let outcome = refactorizeOrRebuild()
            rebuilt = outcome.rebuilt
            singular = !outcome.refactorized
            if outcome.refactorized && holds(nil) {
                tableau.settlePeak()
                return
            }
        } else if (tableau.peak > Self.refactoredPeak || tableau.cellPeak > Self.refactoredCellPeak
                   || tableau.costPeak > Self.refactoredCostPeak || tableau.pricedOutDoubtfully)
                    && order.count <= Tableau.refactorizationLimit {
            // Below `stalePeak`, a small system whose rows passed `refactoredPeak` is
            // refactorised too (rebuilt first where its basis is singular, as above), and kept
            // when that optimum holds every required constraint; otherwise the minimised solver
            // stays. In `priority-500-given-up-by-a-tenth` priority 999 pivoted on a cell of 5e-7
            // that cancellation had left 2e-10 off, priority 751 then entered a symbol through
            // the 7.5e-11 that was left where its row holds none, and priority 500 was given up
            // by 0.118 with v2 = −0.059 where v2 = 0 meets it. So is one whose levels priced out
            // a symbol a lower level wants with a cost the rows cannot tell from rounding
            // (`Tableau.pricedOutDoubtfully`).
            let minimized = self
            let outcome = refactorizeOrRebuild()
            singular = !outcome.refactorized
            if holds(nil) {
                tableau.settlePeak()
                rebuilt = outcome.rebuilt
            } else {
                self = minimized
            }
        }
        if stale && !rebuilt { rebuilt = rebuildAndMinimize() }
        // Rounding that values above `stalePeak` left in this batch, rather than in removed history
        // (which the rebuild above drops), shows as a required constraint missed or rows that
        // still peak far above the optimum's values, or as a basis the constraints leave
        // singular even after a rebuild in order: required `v0 = 0` added to rows holding cells
        // of 5.6e5 cancelled a real cell of 1e-6 (0.001 × 0.001) down from terms of 562.5, 8e-8
        // off, a later pivot divided by the 2⁻⁵² that rounding left of another, and the replay
        // in order made the same pivots; priority 999 was given up by 5e-4 with slacks at 4.4e20
        // (fuzz-solver `priority-999-given-up-by-5e-4-through-a-singular-basis`). A small
        // system's basis left singular below `stalePeak` is rebuilt so too: cells of 2.2e16
        // beside values below 700 gave priority 750 up by 314
        // (`priority-750-given-up-by-314-through-a-singular-basis`).
        if (peaked || singular) && (singular || !holds(nil) || tableau.peak > 1000 * tableau.magnitude)
            && rebuildByPriority(afterSingularBasis: singular) {
            rebuilt = true
        }
        // Only a later removal can leave stale rounding again; the peak counts from here.
        if rebuilt { tableau.settlePeak() }
    }

    /// Refactorises the optimum (`refactorize`) and minimises on from it. A basis the
    /// constraints leave singular means some pivot went through a cell of rounding, and the rows
    /// say what the constraints do not: built again from the constraints in order
    /// (`rebuildAndMinimize`), the basis is one the constraints determine, and that optimum is
    /// refactorised in turn (`singular-basis-after-update`). Whether a refactorisation was made
    /// and minimised, and whether the tableau was rebuilt on the way.
    ///
    /// The basis refactorised is the one the rounded rows called optimal, which the exact rows
    /// may not: minimising on from it then pivots through that vertex's own values, and the new
    /// optimum keeps their rounding. So while the minimisation leaves the refactorised basis for
    /// another, the new one is refactorised and minimised in turn (at most
    /// `refactorizationRounds` times). In `priority-751-given-up-by-a-64th` the rounded rows
    /// stopped at a vertex where v2 = 1.0002e14 (exact rows give priority 751 a move there); the
    /// minimisation from its refactorisation reached the right basis through rows of 1e15 and
    /// answered v2 = 200.015625, an ulp of 1e14 (2⁻⁶) from the exact 200; refactorised again at
    /// that basis, v2 = 200.
    private mutating func refactorizeOrRebuild() -> (refactorized: Bool, rebuilt: Bool) {
        var refactorized = refactorize()
        var rebuilt = false
        if !refactorized && rebuildAndMinimize() {
            rebuilt = true
            refactorized = refactorize()
        }
        guard refactorized else { return (false, rebuilt) }
        for round in 1 ... Self.refactorizationRounds {
            let basis = tableau.basics.sorted()
            tableau.minimize(.main)
            guard round < Self.refactorizationRounds, tableau.basics.sorted() != basis, refactorize() else { break }
        }
        return (true, rebuilt)
    }

    /// How many times `refactorizeOrRebuild` refactorises and minimises while the minimisation
    /// keeps leaving the basis it was given. Each round starts from rows solved afresh, so the
    /// moves after the first are those rounding hid, and a chain of them ends in a round or two;
    /// the cap keeps a basis that rounding sends back and forth from cycling.
    static let refactorizationRounds = 4

    /// Rebuilds the tableau from the constraints in order and minimises it, for `optimize`'s
    /// rebuilds that a minimised solver could do without; false, with the solver put back as it
    /// was, when the rebuild could not place every constraint. The replay refuses at pending
    /// vertices, where values can pass 1e9, constraints the minimised rows hold, and keeping it
    /// would drop one from the solver, which still answers for it: required `v0 ≥ 0.001` beside
    /// `v1 = 1e6·v0` was dropped so, and v0 answered 1.2e-6 (fuzz-solver `thousandth-miss-1e-6`).
    private mutating func rebuildAndMinimize() -> Bool {
        let minimized = self
        needsRebuild = true
        guard rebuildIfNeeded() else {
            self = minimized
            return false
        }
        tableau.minimize(.main)
        needsOptimization = false
        return true
    }

    /// Replaces the rows by those of the same basis solved afresh from the live constraints
    /// (`Tableau.refactorized`); false, changing nothing, when they cannot be.
    ///
    /// The textbook cure for the rounding a simplex code accumulates. The rows reached an
    /// optimum through every vertex the batch passed and keep the rounding of the largest values
    /// those vertices held; the rebuilds that replay the constraints (`holdsStaleRounding`,
    /// `rebuildByPriority`) pass through such vertices again. Refactorised, each row's rounding is
    /// that of one elimination of the system as it stands, at the optimum's own values. On the
    /// 16 failing inputs of a 10-minute campaign of the solver before it (all priority levels
    /// given up after values above 1e6 in the rows), it fixed all 16; a rebuild that replayed
    /// the constraints in order afterwards put one of them back (an edit 2⁻¹⁵ off after the rows
    /// passed 1.48e11: `RefactorizationTests.aRefactorisedOptimumIsNotReplacedByAReplay`).
    private mutating func refactorize() -> Bool {
        guard let equations = equations(), let fresh = tableau.refactorized(equations) else { return false }
        tableau = fresh
        return true
    }

    /// The live constraints as the equations their rows were made from (`makeRow`), in the
    /// solver's order, for `Tableau.refactorized`. An implied equality stored nothing and is
    /// left out; a banded constraint is its edges, each an inequality with its slack (nil when
    /// an edge stored no slack: no equation then says what its row holds).
    ///
    /// Until session 20 a banded constraint was given as written, so its edges' slacks were
    /// named by no equation and no banded tableau could be refactorised: rows that had passed
    /// 1e9 kept their rounding, and required `−v3 + 1.78·v1 + 8 = 0`, added beside two required
    /// constraints held as bands (`v0 = 0` and `0.999·v0 + 1e-6 = 0`), missed by 1.85e-6 against
    /// its 1.78e-6 at values below 5e5 (fuzz-solver `banded-rows-keep-rounding-of-1e9`).
    private func equations() -> [ConstraintEquation]? {
        var equations: [ConstraintEquation] = []
        for id in order.ids {
            guard let tag = entries[id.index].tag, !tag.implied else { continue }
            let constraint = entries[id.index].definition
            if let edges = bandEdges[id.index] {
                for edge in edges {
                    guard let slack = edge.slack else { return nil }
                    var moved = constraint
                    moved.expression.constant = edge.constant
                    moved.relation = edge.relation
                    equations.append(equation(moved, Tag(marker: slack)))
                }
            } else {
                equations.append(equation(constraint, tag))
            }
        }
        return equations
    }

    /// A constraint's row as `makeRow` made it from its symbols (`equations`).
    private func equation(_ constraint: Constraint, _ tag: Tag) -> ConstraintEquation {
        var cells: [Symbol: Double] = [:]
        for term in constraint.expression.terms where term.coefficient != 0 {
            cells[symbol(for: term.variable), default: 0] += term.coefficient
        }
        let priority = constraint.priority.isRequired ? nil : constraint.priority.value
        var errors: [Symbol] = []
        var pair: (Symbol, Symbol)?
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            if let slack = tag.marker { cells[slack] = sign }
            if let error = tag.other {
                cells[error] = -sign
                errors = [error]
                if let slack = tag.marker { pair = (slack, error) }
            }
        case .equal:
            if let plus = tag.marker, let minus = tag.other {
                cells[plus] = -1
                cells[minus] = 1
                errors = [plus, minus]
                pair = (plus, minus)
            }
        }
        let sorted = cells.filter { $0.value != 0 }.sorted { $0.key < $1.key }.map { (symbol: $0.key, value: $0.value) }
        return ConstraintEquation(constant: constraint.expression.constant, cells: sorted, priority: priority,
                                  errors: errors, pair: pair)
    }

    /// Builds the tableau again with the constraints in priority order, highest first (ties in
    /// their order), optimises it, and keeps it when it holds every required constraint and
    /// either the old optimum missed one or the new rows peaked lower (less rounding); otherwise
    /// puts the solver back as it was (false). The new order is then the solver's
    /// (`constraintIDs`).
    ///
    /// Within one batch, lower priorities can take values far beyond any the system's constants
    /// force, and a constraint of a higher priority added after them is solved against those
    /// values. Priority 500 `−0.001·v0 + 667 = 0` (twice) and `−0.001·v3 + 1000·v0 + 100 = 0`
    /// put v0 at 667000 and v3 at 6.67e11 (their optimum, not a transient of the pending
    /// vertex), so v3's row held cells of ±1e9 for their error symbols; required
    /// `−0.001·v0 + 1000·v3 = 0` then went through phase one, and in v3's row each real cell of
    /// 1e-3 (v3 = 1e-6·v0, v0 moving 1000 per unit of error) was the sum of terms of 1e9, below
    /// `Tolerance.cancellation` of them, and dropped. v3's row became the constant 0.6669, the
    /// optimum moved v0 to −0.1 and left v3 there, and the required equality missed by 666.87
    /// (fuzz-solver `one-batch-magnitude-equality`; the same stream later left v3 = 667 − 2⁻¹³,
    /// an ulp of 6.67e11, under an edit of priority 999 alone on v3). Highest first, the
    /// equality ties v3 to v0 before any wish moves them, and no value passes 6.67e8. A rebuild
    /// in the same order (`holdsStaleRounding`) replays the same large values. Only a solver
    /// whose rows have held values above `stalePeak` pays for this (`optimize`).
    ///
    /// After a basis the constraints leave singular (`afterSingularBasis`), lower cells count as
    /// less rounding too: such a basis was reached through a pivot on rounding, which fills the
    /// cells (2.2e16 beside values below 700 in fuzz-solver
    /// `priority-750-given-up-by-314-through-a-singular-basis`), not the values.
    private mutating func rebuildByPriority(afterSingularBasis: Bool = false) -> Bool {
        let saved = self
        let ids = order.ids
        let byPriority = ids.indices.sorted { first, second in
            let (one, other) = (entries[ids[first].index].definition.priority, entries[ids[second].index].definition.priority)
            return one != other ? one > other : first < second
        }.map { ids[$0] }
        replayingByPriority = true
        let placed = replay(byPriority)
        replayingByPriority = false
        guard placed else {
            self = saved
            return false
        }
        tableau.minimize(.main)
        needsOptimization = false
        let lower = tableau.peak < saved.tableau.peak || (afterSingularBasis && tableau.cellPeak < saved.tableau.cellPeak)
        guard holds(nil) && (!saved.holds(nil) || lower) else {
            self = saved
            return false
        }
        return true
    }

    /// Below this peak the rows' rounding cannot matter: an ulp of 1e6 is 1.2e-10, and even
    /// multiplied by the format's largest coefficient (1e3) it stays a ten-thousandth of the
    /// frame tolerance. Real layouts stay far below it, so they never pay for a rebuild.
    static let stalePeak = 1e6

    /// Above this peak a small system's optimum is refactorised even below `stalePeak`. The
    /// argument for `stalePeak` holds for a cell's own rounding, not for cancellation: the
    /// format's multipliers meet in sums like 1e6 + 0.001, whose rounding is 1e-10 of 1e6 and
    /// all of it in the 0.001, so rows at values near 1e6 kept cells 2.3e-7 and 1.5e-9 off
    /// (1000 read 999.99977, then 1000.0000015) and gave up a priority-999 edit on v1 by 0.0014
    /// at v1 = −917,000 (fuzz-solver `priority-999-hair-at-917000`; `priority-250-given-up-at-1e6`
    /// and `priority-50-given-up-at-5e5`, levels given up by 0.025 and 0.034 at values of 1e5 to
    /// 5e5, the same). Refactorised, each row is one elimination of the constraints as written.
    /// Layouts' values are points, far below; a large generated scene's may pass it, but its
    /// solvers hold more than `Tableau.refactorizationLimit` constraints and are not touched.
    static let refactoredPeak = 1e5

    /// Above this cell a small system's optimum is refactorised too, whatever its values. Cells
    /// grow when a row is solved through a small coefficient: required `v0 + 1000·v3 + 1 ≤ 0`
    /// and priority 251's `−0.001·v3 + 1000·v2 = 0` solved for v0 gave cells of 1e9 while no
    /// value passed 7; the pivots after them left v0's cell for v2 at 0.0010000467 where it is
    /// 0.001, the rows disagreed once required `v2 = 20` came (one said v0 = 0.021, another
    /// 0.001), and priority 251 was given up by 1.0 with v0 = 0.0210009 where 0.02 meets every
    /// higher level (fuzz-solver `priority-251-given-up-by-one`). An ulp of 1e6 is 1.2e-10;
    /// layouts' cells are their multipliers' products, near 1, and never pay.
    static let refactoredCellPeak = 1e6

    /// Above this term in a level's cost row (`CostRow.peak`) a small system's optimum is
    /// refactorised too: a cost cell summed from such terms drops what is left below
    /// `CostRow.cancellation` (1e-14) of them, and the format's multipliers make real costs of
    /// 1e-9 (a product of three thousandths), which terms above 1e5 can drop. Priority 999's
    /// cost for priority 500's error was −1e-9 (priority 999's v2 edit moves 1e-9 per unit of
    /// it, 0.001 × 1e-6) summed from terms of 1001000 that cancelled, and was dropped: the level
    /// stopped with 0.999 that a move of 1e9 in that error buys, given up by 0.999 for priority
    /// 500, while no value passed 667 and no row cell passed 1e6 in that batch (fuzz-solver
    /// `priority-999-given-up-by-0.999-to-spare-500`). Refactorised, each cost row is summed
    /// afresh from its level's error rows, where the −1e-9 is one term. Layouts' cost terms are
    /// their multipliers' products, near 1, and never pay.
    static let refactoredCostPeak = 1e5

    /// Whether the optimum may carry the rounding of values that constraints since removed had
    /// forced: a removal happened since the tableau was built, the rows have held values above
    /// `stalePeak`, and the optimum's values are a tenth of that or less, so a tableau built
    /// afresh keeps at least ten times less rounding. A removed wish had taken v0 to 2e12 and
    /// left v0 = 19.999755859375 (one ulp of 2e12 short of 20) where the edit v0 = 20 and
    /// nothing else held it (fuzz-solver `transient-magnitude-rounding`); values near 1e15 gave
    /// a priority-251 wish up by 2⁻⁴ (`transient-magnitude-wish`). The factor was a thousand
    /// until `stale-tie-face`: values of 1.4e7, 142 times the optimum's 1e5, left a cell of
    /// 0.9999999997671694 where the exact one is 1, so moving along a face of priority 999's
    /// optima cost 2.3e-10 instead of nothing, and priority 500 was given up by 100. Only systems
    /// whose rows passed 1e6 pay, and the peak counts from the optimum after a rebuild.
    private var holdsStaleRounding: Bool {
        removedSinceBuild && tableau.peak > Self.stalePeak && tableau.peak > 10 * tableau.magnitude
    }

    func optimizedCopy() -> Solver {
        var copy = self
        copy.optimize()
        return copy
    }

    /// Replays every constraint still in the solver, in order, into a fresh tableau. Symbols are
    /// numbered afresh too, so the result is exactly what adding them to a new solver gives.
    @discardableResult
    private mutating func rebuildIfNeeded() -> Bool {
        guard needsRebuild else { return true }
        needsRebuild = false
        let ids = order.ids
        guard !replay(ids) else { return true }
        // Every one of them held together before, each within its allowance, and dropping a
        // constraint cannot break that; but the tableau holds the constraints it places
        // exactly, so two that held only by sharing their allowances (neither exact) cannot
        // both be placed again in any order (fuzz-solver `rebuild-drops-shared-miss`). The
        // refused one used to vanish from the tableau while the solver still listed it. Placed
        // as their allowances' bands instead, all of them hold (`banding`). Bands of half the
        // allowance first, as `acceptsBanded` places them: at the full allowance the point sits
        // on the rule's edge, and the rounding of reaching it left `0.001·v3 + v0 = 0` missed by
        // 1.0009995e-6 against its 1e-6 (a campaign of session 17, after constraints the rule
        // had accepted as bands were rebuilt). Then nine tenths, which leaves a tenth of each
        // allowance for that rounding: `v0 ≥ 0` beside `0.999·v0 + 1e-6 = 0` hold together only
        // from bands of 0.5005 on, and at full bands v0 sat at −1.0000076e-6, past `v0 ≥ 0`'s
        // 1e-6 by the rounding of rows that had held 1e6 (fuzz-solver `shared-edge-after-removal`).
        // The full band stays for constraints that hold together only by sharing whole
        // allowances (`rebuild-drops-shared-miss`). Half and nine tenths are kept only when the
        // constraints hold as written, as `acceptsBanded` keeps them: an edge is placed through
        // phase one, which accepts a residual relative to the distance it covered, and at
        // values near 1e9 a half band's edge `v0 + 5e-7 ≤ 0` stood 8.9e-7 past it where the
        // half bands have no common point, so `v0 + 1e-6 = 0` missed by 1.39e-6 against its
        // 1e-6 (fuzz-solver `band-edge-accepted-by-phase-one`).
        if (replay(ids, banding: true, bandFraction: 0.5) && holds(nil))
            || (replay(ids, banding: true, bandFraction: 0.9) && holds(nil))
            || replay(ids, banding: true) {
            return true
        }
        // Every replay in the solver's order refused some constraint that held with the others
        // before (a refused one keeps no tag). Placed first, before the rows it was refused
        // through exist, it is solved for its own variables. Required `v0 = 0` was added twice
        // beside `1000·v0 + 0.001·v2 = 0` and `−1000·v2 − 0.001·v3 + 1e6 ≤ 0`; once the first was
        // removed, each replay read the second as `0.001 + 1e-9·slack − 1e-12·v3 = 0`, met only
        // through the real cell of −1e-12 that phase one takes for rounding, refused it, and
        // the solver answered without it: missed by 0.000999 (fuzz-solver
        // `duplicate-pin-missed-after-its-twin-is-removed`). This order becomes the solver's.
        let refused = ids.filter { entries[$0.index].tag == nil }
        guard !refused.isEmpty else { return false }
        let refusedFirst = refused + ids.filter { entries[$0.index].tag != nil }
        return replay(refusedFirst) || replay(refusedFirst, banding: true)
    }

    /// Builds the tableau afresh from `ids`, in that order, which becomes the solver's order;
    /// false when one of them was refused (the solver is then unusable until put back). With
    /// `banding`, every required constraint is placed as the band its allowed miss gives it
    /// (`placeBand`), so the tableau holds exactly SCENE-FORMAT §4's rule.
    private mutating func replay(_ ids: [ConstraintID], banding: Bool = false, bandFraction: Double = 1) -> Bool {
        removedSinceBuild = false
        self.banded = banding
        replaying = true
        defer { replaying = false }
        tableau = Tableau()
        nextSymbol = 0
        owners = []
        bandEdges = [:]
        order = ConstraintOrder()
        for id in ids { entries[id.index].tag = nil }
        needsOptimization = true
        var placedAll = true
        for id in ids {
            let constraint = entries[id.index].definition
            let placed = banding && constraint.priority.isRequired
                ? placeBand(constraint, as: id, fraction: bandFraction)
                : insert(constraint, as: id) != .infeasible
            placedAll = placed && placedAll
        }
        return placedAll
    }

    /// Places a required constraint as the band of points where it misses by at most its
    /// allowance (`Tolerance.allowedMiss`): an equality `e = 0` as `e ≤ a` and `e ≥ −a`, an
    /// inequality moved outwards by a. The tag keeps no marker, so removing the constraint
    /// rebuilds the tableau, which tries the exact placement first again. Only the fallback of
    /// `rebuildIfNeeded` does this: lower levels may then use the band (a point may move by up to
    /// the format's 1e-6 points), which a tableau holding the constraints exactly never allows.
    private mutating func placeBand(_ constraint: Constraint, as id: ConstraintID, fraction: Double = 1) -> Bool {
        let allowance = fraction * Tolerance.allowedMiss(of: constraint)
        let edges: [(shift: Double, relation: Relation)] = switch constraint.relation {
        case .equal: [(-allowance, .lessThanOrEqual), (allowance, .greaterThanOrEqual)]
        case .lessThanOrEqual: [(-allowance, .lessThanOrEqual)]
        case .greaterThanOrEqual: [(allowance, .greaterThanOrEqual)]
        }
        var placed: [BandEdge] = []
        for edge in edges {
            var expression = constraint.expression
            expression.constant += edge.shift
            // The band is the allowance; an edge may miss only by rounding beyond it.
            guard let tag = placeDecided(Constraint(expression, edge.relation), allowing: Tolerance.cancellation * allowance) else {
                return false
            }
            placed.append(BandEdge(constant: expression.constant, relation: edge.relation, slack: tag.marker))
        }
        bandEdges[id.index] = placed
        return record(Tag(marker: nil), as: id) != .infeasible
    }

    /// One edge of a banded constraint: the constraint moved out by its band, as placed, and the
    /// slack its row was given (nil if it stored none, which leaves the tableau unrefactorisable).
    private struct BandEdge: Sendable {
        var constant: Double
        var relation: Relation
        var slack: Symbol?
    }

    /// Decides a refused required constraint again by SCENE-FORMAT §4's rule, on a tableau
    /// built with it first and the constraints present after it, in their order; keeps that
    /// tableau (and order) when every one is accepted, and changes nothing otherwise.
    ///
    /// The rule (`Tolerance.allowedMiss`) lets each required constraint miss by 1e-6 times its
    /// largest coefficient, but the tableau holds the constraints already present exactly, so a
    /// new row that reduces to `0 = c` (or leaves a phase-one residual) carries the whole miss,
    /// judged against its own allowance alone. `1000·v1 + 0.001·v0 + 1e-6 = 0` and `v1 = 0` fix
    /// v0 = −0.001 exactly, and `v0 = 0` read `0 = 0.001`, a thousand times its allowance of
    /// 1e-6, and was refused; yet at v0 = v1 = 0 the first misses by 1e-6, within its allowance
    /// of 1e-3, and the rule accepts all three (fuzz-solver `mixed-coefficient-allowance`). With
    /// `v0 = 0` first, the same misses fall where the rule allows them: `v1 = 0` then reads
    /// `0 = 1e-9`. Accepted by each add's own test, every constraint misses by at most its
    /// allowance at the point reached. Only refusals of a solver that keeps its state pay for
    /// the rebuild, and they are followed by a conflict search that costs more.
    private mutating func acceptsWhenFirst(_ constraint: Constraint, as id: ConstraintID) -> Bool {
        guard !isScratch, constraint.priority.isRequired else { return false }
        let saved = self
        needsRebuild = false
        guard replay([id] + order.ids.filter { $0 != id }) else {
            self = saved
            return false
        }
        return true
    }

    /// Decides a refused required constraint by SCENE-FORMAT §4's rule itself: every required
    /// constraint, the refused one last, placed as the band of half its allowed miss, then of
    /// nine tenths (`placeBand`); keeps that tableau when all of them fit, and changes nothing
    /// otherwise.
    ///
    /// The rule lets each required constraint miss by 1e-6 times its largest coefficient, and
    /// through a chain of the format's multipliers that freedom grows: required `v0 = 0`,
    /// `0.001·v3 + 1000·v0 = 0` and `1000·v3 + v1 − 100 = 0` fix v1 = 100 exactly, yet v0 =
    /// −5e-7 (half `v0 = 0`'s allowance of 1e-6) lets v3 be anything from 0 to 1 and v1 from
    /// 100 down to −900 (the other two within half their allowance of 1e-3), so `v1 ≤ 4` holds
    /// with the others by the rule at v3 = 0.096; held
    /// exactly, the tableau reads it as `0 = 96` and refused it (fuzz-solver
    /// `refusal-needs-a-band`). Half the allowance, so the point reached holds every constraint
    /// with room to spare for the rounding of reaching it. The bands keep no marker: removing any
    /// constraint rebuilds the tableau, which tries the exact placement first again
    /// (`rebuildIfNeeded`). Only refusals pay for this, and they are followed by a conflict
    /// search that costs more.
    private mutating func acceptsBanded(_ constraint: Constraint, as id: ConstraintID) -> Bool {
        guard !isScratch, constraint.priority.isRequired else { return false }
        let saved = self
        // The bands' edges are placed without `insertOnce`'s check, so the point is checked
        // here: at values near 1e12 an edge can be "met" through a cell of rounding too (the
        // update of `−v0 = 0` to `−v0 + 8 = 0` beside required `v0 ≤ 0` was, in
        // `relative-residual-accepts-conflict`).
        // Half the allowance first; then nine tenths, as a rebuild tries them: since a row is
        // placed with at most half its allowance (`placedShare`), constraints that hold together
        // only by sharing more than half of theirs are decided here, and bands of nine tenths
        // still leave a tenth of each allowance for rounding (`0.001·v1 + v3 + 1e-6 = 0` beside
        // `−2·v3 + 1e-6 = 0` and `2·v1 + 1e-6 = 0` hold together from about 0.75 of each,
        // `SharedMissRebuildTests`).
        let ids = order.ids.filter { $0 != id } + [id]
        for fraction in [0.5, 0.9] {
            needsRebuild = false
            // Held at the replay's vertex and at the optimum: a pending vertex of values near
            // 1e16 holds anything within the rounding of its terms (`Tolerance.allowedMiss(of:at:)`
            // grows with them), and there required `3·v3 − v0 + 8 = 0` and `3·v3 − v0 = 0` were
            // both "met" as bands (fuzz-solver `parallel-equalities-accepted-at-1e16`).
            if replay(ids, banding: true, bandFraction: fraction), holds(nil), optimizedCopy().holds(nil) { return true }
            self = saved
        }
        return false
    }

    // MARK: Constraints

    /// Constraints currently in the solver, in the order they were added, except where the
    /// tableau had to be built in another order to hold them within the format's tolerance: a
    /// refused constraint accepted when placed first (`acceptsWhenFirst`), or a system whose
    /// values passed 1e6 rebuilt by priority (`rebuildByPriority`). Neither happens to a layout
    /// whose constraints the solver accepts as given with values below 1e6.
    public var constraintIDs: [ConstraintID] { order.ids }

    public func constraint(_ id: ConstraintID) -> Constraint { entries[id.index].definition }

    public func contains(_ id: ConstraintID) -> Bool { entries.indices.contains(id.index) && entries[id.index].tag != nil }

    /// Adds a constraint. A required constraint that cannot hold with the required ones already
    /// present is not added, and the minimal set of required constraints in conflict (including
    /// this one, whose id is reserved) is thrown.
    @discardableResult
    public mutating func add(_ constraint: Constraint) throws(Conflict) -> ConstraintID {
        rebuildIfNeeded()
        if entries.isEmpty {
            // A layout has about as many constraints as variables: room for that many at once.
            entries.reserveCapacity(variableNames.count + 8)
        }
        let id = ConstraintID(index: entries.count)
        entries.append(ConstraintEntry(definition: constraint))
        guard insert(constraint, as: id) != .infeasible || acceptsWhenFirst(constraint, as: id)
                || acceptsBanded(constraint, as: id) else {
            throw Conflict(constraints: minimalConflict(adding: id))
        }
        return id
    }

    public mutating func remove(_ id: ConstraintID) {
        guard contains(id), let tag = entries[id.index].tag else { return }
        entries[id.index].tag = nil
        order.remove(id)
        removedSinceBuild = true
        guard let marker = tag.marker else {
            // A required equality: nothing in the rows says where it went, so start again.
            if !tag.implied { needsRebuild = true }
            return
        }
        for symbol in tag.symbols { owners[-symbol.id - 1] = -1 }
        // The tableau is rebuilt from the remaining constraints anyway.
        guard !needsRebuild else { return }
        let priority = entries[id.index].definition.priority
        if !priority.isRequired {
            let level = tableau.level(for: priority.value)
            tableau.weigh(level: level, by: -entries[id.index].definition.expression.coefficientWeight)
            for symbol in tag.symbols where symbol.kind == .error {
                if let row = tableau.row(symbol) {
                    tableau.addToObjective(row, -1, level: level)
                } else {
                    tableau.addToObjective(symbol, -1, level: level)
                }
            }
        }
        if tableau.removeRow(marker) == nil, let leaving = markerLeavingRow(marker) {
            tableau.pivot(entering: marker, leaving: leaving)
            tableau.removeRow(marker)
        }
        // The marker is gone; so must be the other symbol of the pair, which nothing constrains now.
        if let other = tag.other, tableau.removeRow(other) == nil { tableau.eraseColumn(other) }
        tableau.eraseColumn(marker)
        needsOptimization = true
    }

    /// Changes the constant of a constraint in place (same id). Moving between size classes
    /// changes only the canvas constants and the constraints that differ.
    public mutating func updateConstant(of id: ConstraintID, to newConstant: Double) throws(Conflict) {
        try updateConstants([(id, newConstant)])
    }

    /// Changes several constants at once. A required equality keeps no marker in the rows, so
    /// changing one rebuilds the tableau; doing them together rebuilds it once. When the new
    /// constants conflict, the solver is put back exactly as it was and the conflict of the first
    /// one that failed (in the order given) is thrown.
    ///
    /// Put back from a copy, not by adding the old constants again: the rebuild replays the other
    /// constraints first, and a required constraint accepted within its tolerance next to the
    /// old one (`v0 ≤ 0` missed by 6.67e-7 beside `v0 = 1e-6·v3`, `v3 = 0.667`) then holds exactly
    /// and refuses the old one too, which was dropped without a word: a required equality
    /// vanished from the solver (fuzz-solver `refused-update-drops-required`). Only changes to
    /// required constraints can be refused, so only they keep the copy; an edit's suggested value
    /// copies nothing.
    public mutating func updateConstants(_ changes: [(id: ConstraintID, constant: Double)]) throws(Conflict) {
        let mayConflict = changes.contains { contains($0.id) && entries[$0.id.index].definition.priority.isRequired }
        let saved = mayConflict ? self : nil
        var pending: [ConstraintID] = []
        for (id, constant) in changes where contains(id) {
            guard entries[id.index].definition.expression.constant != constant else { continue }
            remove(id)
            entries[id.index].definition.expression.constant = constant
            pending.append(id)
        }
        rebuildIfNeeded()
        for id in pending where !contains(id) {
            if insert(entries[id.index].definition, as: id) == .infeasible && !acceptsWhenFirst(entries[id.index].definition, as: id)
                && !acceptsBanded(entries[id.index].definition, as: id) {
                let conflict = minimalConflict(adding: id)
                if let saved { self = saved }
                throw Conflict(constraints: conflict)
            }
        }
    }

    // MARK: Edit variables

    /// Lets `suggestValue` pull a variable towards a value at an optional priority.
    public mutating func addEditVariable(_ variable: Variable, priority: Priority) {
        guard edits[variable] == nil else { return }
        let strength = priority.isRequired ? Priority(999) : priority
        let constraint = Constraint(Expression(variable) - value(of: variable), .equal, priority: strength)
        edits[variable] = try? add(constraint)
    }

    public mutating func removeEditVariable(_ variable: Variable) {
        if let id = edits.removeValue(forKey: variable) { remove(id) }
    }

    public mutating func suggestValue(_ value: Double, for variable: Variable) {
        if edits[variable] == nil { addEditVariable(variable, priority: Priority(999)) }
        guard let id = edits[variable] else { return }
        try? updateConstant(of: id, to: -value)
    }

    // MARK: Violations

    public func violation(of id: ConstraintID) -> Double {
        // As `value(of:)`: an optimised solver reads itself, not a copy of itself.
        guard isOptimized else {
            let settled = optimizedCopy()
            return entries[id.index].definition.violation { settled.tableauValue(of: $0) }
        }
        return entries[id.index].definition.violation { tableauValue(of: $0) }
    }

    // MARK: Adding, Cassowary style

    /// Adds without conflict analysis or optimisation; an infeasible constraint changes nothing.
    ///
    /// A refusal is only ever decided on an optimised tableau. While a batch is pending, the
    /// tableau sits at whatever vertex the adds and removals left, where values can be far from
    /// any the constraints force (a removed wish had left v2 near −1e9: Documentation/Solver.md,
    /// "Refusals on a pending batch"). A row built there carries terms of that size, and phase
    /// one's residual is rounding of them; an acceptance is still right (the residual is within
    /// tolerance), so only a refusal is checked again, on the optimum, where the values are the
    /// ones the constraints present choose. Accepted adds, the common case, pay nothing.
    ///
    /// After a removal, a refusal is decided once more on a tableau rebuilt from the live
    /// constraints (`removedSinceBuild`): `−0.001·v0 = 0` accepted next to `v0 ≥ 0.001` with its
    /// residual zeroed into the rows, then `v0 ≥ 0.001` removed, left v0 = 0.001 exact, and
    /// `−2·v0 = 0` was refused though v0 = 0 meets every constraint left (fuzz-solver
    /// `refused-feasible-bound`). Refusals are rare and are followed by a conflict search that
    /// costs more than the rebuild, so accepted adds still pay nothing.
    ///
    /// A refusal whose phase one left rows that miss a required constraint
    /// (`refusalBrokeRows`) is decided once more on a tableau rebuilt from the constraints too.
    mutating func insert(_ constraint: Constraint, as id: ConstraintID) -> Outcome {
        refusalBrokeRows = false
        let outcome = insertOnce(constraint, as: id)
        // Not inside a replay: a rebuild there would start another replay under the one
        // placing constraints (`pending-copy-recursion`); the replay reports the refusal instead.
        guard outcome == .infeasible, removedSinceBuild || (refusalBrokeRows && !replaying) else { return outcome }
        refusalBrokeRows = false
        needsRebuild = true
        rebuildIfNeeded()
        return insertOnce(constraint, as: id)
    }

    /// One attempt of `insert`, on the tableau as it is.
    ///
    /// A required constraint accepted while the rows hold or have held values above
    /// `stalePeak` is checked on the constraints as written (`holds`): every vertex the tableau
    /// reaches meets every required constraint, so a miss there means the add was "met" through
    /// rounding. Rows built at such values carry cells of rounding above the pivot tolerance
    /// (7e-11 from `3 × 1.000003000009 − 1000 × 0.0030000089999560596`, the rounding of earlier
    /// pivots), and solving a row `99 + 7e-11·e = 0` for e moved the point to 1e12, where required
    /// `3·v2 − 1000·v3 + 100 = 0` "held" beside its parallel `3·v2 − 1000·v3 + 1 = 0`, one of them
    /// missed by 99 (fuzz-solver `required-missed-by-99`). No cut-off on cells can tell such a
    /// cell from a real one of 1e-10 (chains of the format's multipliers make them), but the
    /// constraints as written can: the basis is refactorised from them (first, since the rows'
    /// values are as stale as their cells), and when the fresh rows do not hold them, the add is
    /// taken back and refused. Layouts' rows never pass `stalePeak`, so their adds pay nothing.
    ///
    /// On a tableau of bands (`placeBand`) a refusal puts the solver back as it was when the
    /// rows it leaves miss a required constraint: after `v0 + 8 ≤ 0` was refused there, a
    /// required `v1 = 0` banded to ±5e-7 read 5e-4 off, with no pivot on a cell below the pivot
    /// tolerance (fuzz-solver `refusal-breaks-band`; not traced further on the tableau), and a
    /// rebuild, which places the same bands, did the same. Bands come only from refusals that the
    /// rule then accepts (`acceptsBanded`) or rebuilds that could not place a constraint
    /// exactly, never from a layout's constraints, so only such systems pay for the copy.
    private mutating func insertOnce(_ constraint: Constraint, as id: ConstraintID) -> Outcome {
        guard let tag = banded && !isScratch ? placeDecidedOnBands(constraint) : placeDecided(constraint) else {
            return .infeasible
        }
        let outcome = record(tag, as: id)
        // Past `stalePeak`, and for a small system past `refactoredPeak`, as `optimize`
        // refactorises one: phase one accepts a residual relative to the distance it covered,
        // 1e-12 of values near 1e6, and with v0's edit at 999999.5 (rows peaking just under
        // 1e6) required `0.001·v0 = 0`, whose allowance is 1e-9, was accepted 1.0000076e-9 off
        // beside `v0 ≥ 1e-6` (fuzz-solver `thousandth-equality-past-its-allowance`). A large
        // system is not checked below `stalePeak`: `holds` reads every required constraint, and
        // a 10,000-view chain's values pass 1e5.
        let checked = tableau.peak > Self.stalePeak
            || (tableau.peak > Self.refactoredPeak && order.count <= Tableau.refactorizationLimit)
        guard constraint.priority.isRequired, checked else { return outcome }
        // Refactorised before the check, not only after a miss: the rows' own values are as
        // stale as their cells. `v0 = 0` was taken as implied because v0's row read 2⁻²⁰ where
        // the constraints fix v0 = −1.001e-6 (required `0.999·v0 + 1e-6 = 0`, its constant
        // updated after rows of 1e9), and checked on those rows it held; once refactorised, v0
        // was −1.001e-6 and `v0 = 0` missed by more than its 1e-6 (fuzz-solver
        // `implied-on-stale-rows`).
        _ = refactorize()
        if holds(nil) && holdsWithinPlacedShare(constraint) { return outcome }
        remove(id)
        return .infeasible
    }

    /// Whether the tableau's point meets `constraint` within `placedShare` of its allowed miss,
    /// evaluated as written: what `place` asks of a row it stores, asked again of an add past
    /// `stalePeak`, whose phase one may accept a residual relative to values near 1e14. Checked
    /// against the whole allowance only, required `−v3 + 1e-6 = 0` was accepted beside
    /// `v3 + 1e-6 ≤ 0`, each missing by its whole 1e-6, and the rounding of the next steps put
    /// one past it by 7.6e-12 (fuzz-solver `required-miss-by-7e-12-after-refactorisation`).
    private func holdsWithinPlacedShare(_ constraint: Constraint) -> Bool {
        let value = { (variable: Variable) in self.tableau.value(of: self.symbol(for: variable)) }
        return constraint.violation(value) <= Self.placedShare * Tolerance.allowedMiss(of: constraint, at: value)
    }

    /// `placeDecided` on a tableau of bands: a refusal that leaves the rows missing a required
    /// constraint puts the solver back as it was (`insertOnce`). Apart, so that a solver without
    /// bands does not pay for the optional copy's set-up and release on every add (about 2,000
    /// instructions a solve of dynamic-height-label-and-text-field, Documentation/Solver.md,
    /// "Branch rowcells").
    private mutating func placeDecidedOnBands(_ constraint: Constraint) -> Tag? {
        let saved = self
        guard let tag = placeDecided(constraint) else {
            if !holds(nil) { self = saved }
            return nil
        }
        return tag
    }

    /// Places a constraint's row, minimising first where the decision needs an optimal tableau;
    /// the tag of what was stored, or nil when the constraint cannot hold (the tableau then
    /// holds what it held before). `allowing` overrides the constraint's allowed miss.
    private mutating func placeDecided(_ constraint: Constraint, allowing allowance: Double? = nil) -> Tag? {
        switch place(constraint, allowing: allowance) {
        case .stored(let tag):
            return tag
        case .refused:
            return nil
        case .needsOptimum(let tag):
            withdraw(tag)
            tableau.minimize(.main)
            needsOptimization = false
            switch place(constraint, allowing: allowance) {
            case .stored(let tag): return tag
            case .refused, .needsOptimum:
                // The minimisation above was `optimize()`'s, without the checks it makes after
                // one (`holdsStaleRounding`, `rebuildByPriority`); the next `optimize()` still
                // owes them (`refusal-after-half-optimum`).
                needsOptimization = true
                return nil
            }
        }
    }

    /// What one attempt at placing a constraint's row did.
    private enum Placement {
        /// The row is in the tableau (or, when the tag says implied, nothing needed storing).
        case stored(Tag)
        /// The constraint cannot hold; the tableau is as before (except in a scratch solver).
        case refused
        /// The tableau is as before, and the decision needs it optimised first.
        case needsOptimum(Tag)
    }

    /// Whether optimising could change a decision taken now: a batch is pending and there is an
    /// objective to optimise (a scratch solver holds required constraints only).
    private var optimumWouldHelp: Bool { needsOptimization && !tableau.objective.isEmpty }

    private mutating func place(_ constraint: Constraint, allowing allowance: Double? = nil) -> Placement {
        // Read only where a row is not solved for a subject (`0 = c`, phase one): the largest
        // merged coefficient is a pass over the terms, about 90 instructions an add that a
        // layout's adds, solved for a subject, never read (Documentation/Solver.md, "Branch
        // solverkiwi").
        var miss: Double { allowance ?? Self.placedShare * Tolerance.allowedMiss(of: constraint) }
        let onRefactorizedRows = constraint.priority.isRequired && constraint.relation == .equal
            && rowsMayHoldStaleCells && refactorize()
        var (row, tag) = makeRow(constraint)
        // A row whose every cell is below `roundingCell` is rounding of constraints the others
        // imply: no subject, but `0 = c`. Solved for a variable through such a cell, `v0 = 0`
        // after required `5·v0 + 20 = 0` read `−4 + 2e-22·v2 = 0`, and the conflict was "met"
        // by v2 = −1.9e22 (fuzz-solver `required-missed-by-4`).
        var onlyRounding = !row.isEmpty && row.storage.allSatisfy { abs($0.value) <= Self.roundingCell }
        // Cells left on refactorised rows are real (`realCellsOnRefactorizedRows`); rows just
        // refactorised above need no second refactorisation to say so.
        if onlyRounding && onRefactorizedRows {
            onlyRounding = false
        } else if onlyRounding, let fresh = realCellsOnRefactorizedRows(constraint) {
            row = fresh
            onlyRounding = false
        }
        if !onlyRounding, var subject = chooseSubject(row, tag) {
            var risky = subject.kind == .external && tableau.columnCounts(subject).restricted > 0
            // The dual simplex needs an optimal tableau to start from, and a way back; in a
            // rebuild by priority, a row with a slack or error to stand for it needs neither
            // (`markerSubject`).
            if risky && optimumWouldHelp {
                guard replayingByPriority, let marker = markerSubject(row, tag) else { return .needsOptimum(tag) }
                subject = marker
                risky = false
            }
            // The copy to go back to is made only for a risky subject: an optional tableau made
            // and destroyed on every add, nil or not, cost about 80 instructions an add
            // (Documentation/Solver.md, "Branch rowpool").
            guard risky else {
                row.solve(for: subject)
                tableau.substitute(subject, with: row)
                tableau.setRow(subject, consume row)
                return .stored(tag)
            }
            let saved = isScratch ? nil : tableau
            row.solve(for: subject)
            tableau.substitute(subject, with: row)
            tableau.setRow(subject, consume row)
            let outcome = tableau.dualOptimize()
            if outcome == .infeasible || (outcome == .feasibleThroughSlightPivot && !holds(constraint)) {
                if let saved { tableau = saved }
                return .refused
            }
        } else if row.isEmpty || onlyRounding {
            // `0 = c`: implied by the constraints present when c is zero, a conflict otherwise.
            if abs(row.constant) > miss { return optimumWouldHelp ? .needsOptimum(tag) : .refused }
            tag.implied = true
        } else {
            let retry = optimumWouldHelp
            guard addWithArtificialVariable(consume row, allowing: miss, relative: !retry) else {
                // The tableau holds the same constraints as before, at another vertex.
                needsOptimization = true
                return retry ? .needsOptimum(tag) : .refused
            }
        }
        return .stored(tag)
    }

    /// Whether a small system's rows have passed `refactoredPeak` or `refactoredCellPeak`, so
    /// that their cells may hold rounding large enough to be read as real: a required equality
    /// is then made on refactorised rows (`place`). Required `3·v3 + v0 = 0` and `v3 = 0` fix
    /// v0 = 0, yet after v1's edit at 999999.5 v0's row read `1.8e-12·e⁺ − 1.8e-12·e⁻` for
    /// priority 750's `v0 + 0.001·v1 = 0` (rows of 1000.000000001825 where the exact cell is
    /// 1000); required `v0 = 0` was solved through that cell for e⁺, which pinned the two errors
    /// together, and with them v1 = 1000·(e⁻ − e⁺) = 0: priority 999's edit of v1 was given up
    /// by 999999.5 for priority 750 (fuzz-solver `required-pin-through-a-rounding-cell`). On the
    /// refactorised rows v0's row is `0`, and `v0 = 0` is implied. Layouts' values and cells stay
    /// far below both peaks, so their adds never pay for it.
    private var rowsMayHoldStaleCells: Bool {
        (tableau.peak > Self.refactoredPeak || tableau.cellPeak > Self.refactoredCellPeak)
            && order.count <= Tableau.refactorizationLimit
    }

    /// The row of a required equality whose row on the current rows is all below `roundingCell`,
    /// made again on the same basis refactorised from the constraints as written, when cells
    /// are left there: those are real, and the tableau keeps the refactorised rows they were
    /// read from. Nil, changing nothing, when no cell is left (the equality is implied, or
    /// conflicts by its constant, as the rows said) or the basis cannot be refactorised.
    ///
    /// A cell below `roundingCell` is either what rounding left in a row or a real product of
    /// the format's multipliers, and its size cannot tell which: required `−0.001·v0 = 0` beside
    /// `1000·v0 + 0.001·v2 = 0` and `−1000·v2 − 0.001·v3 + 8 = 0` reads `8e-12 − 1e-15·v3 = 0`,
    /// each cell a product with nothing cancelled (0.001 × 1e-6 × 1e-6), and was taken as
    /// implied; it stored nothing, so once priority 1's `v3 = 0` was removed an edit took v0 to
    /// 1 through v3 = 1e12, the equality missed by 0.001 (fuzz-solver
    /// `thousandth-equality-implied-through-a-1e-15-cell`). Rounding, though, lives in rows
    /// reached through pivots and cancellations, and a refactorisation solves each row afresh,
    /// dropping what one elimination of the system cancels (`Tableau.eliminationCancellation`,
    /// relative to the terms summed): `v0 = 0` beside required `5·v0 + 20 = 0` read
    /// `−4 + 2e-22·v2 = 0` on rows that had pivoted through v2, and reads `−4 = 0` on the
    /// refactorised ones (`required-missed-by-4`). Only rows all of whose cells are below
    /// 1e-15 pay for it: a layout's rows hold cells of ±1 and the format's multipliers, so such
    /// a row is rounding of an implied equality, and a refactorisation that leaves it empty
    /// changes nothing.
    private mutating func realCellsOnRefactorizedRows(_ constraint: Constraint) -> Row? {
        // Any other constraint's row has a slack or error cell of ±1; `makeRow` would also
        // make it new symbols a second time.
        guard constraint.priority.isRequired, constraint.relation == .equal else { return nil }
        let rows = tableau
        guard refactorize() else { return nil }
        let (fresh, _) = makeRow(constraint)
        guard fresh.isEmpty else { return fresh }
        tableau = rows
        return nil
    }

    /// Whether the tableau's point meets `constraint` and every required constraint present
    /// within its allowed miss, evaluated from the constraints as written, not from the rows:
    /// the check after a pivot on a slight cell (`Tableau.dualOptimize`), which a cell of
    /// rounding would have filled with values the constraints do not allow, and after a required
    /// add once the rows have passed `stalePeak` (`insertOnce`). A miss is judged against the
    /// constraint's own terms at the point (`Tolerance.allowedMiss(of:at:)`). Runs only where the
    /// solver would otherwise refuse or its rows hold values no layout reaches, so a layout's
    /// accepted adds pay nothing.
    private func holds(_ constraint: Constraint?) -> Bool {
        let value = { (variable: Variable) in self.tableau.value(of: self.symbol(for: variable)) }
        let required = order.ids.map { entries[$0.index].definition }.filter(\.priority.isRequired)
        let checked = required + [constraint].compactMap { $0 }.filter(\.priority.isRequired)
        return checked.allSatisfy { $0.violation(value) <= Tolerance.allowedMiss(of: $0, at: value) }
    }

    /// Takes back what `makeRow` put in the objective for a row that was not stored.
    private mutating func withdraw(_ tag: Tag) {
        for symbol in tag.symbols where symbol.kind == .error {
            tableau.eraseColumn(symbol)
        }
    }

    private mutating func record(_ tag: Tag, as id: ConstraintID) -> Outcome {
        entries[id.index].tag = tag
        for symbol in tag.symbols {
            let slot = -symbol.id - 1
            while slot >= owners.count { owners.append(-1) }
            owners[slot] = id.index
        }
        order.append(id)
        needsOptimization = true
        return tag.implied ? .implied : .added
    }

    /// Cells of room a new row gets beyond what it holds when made (`makeRow`).
    static let rowHeadroom = 4

    /// The constraint as a tableau row, with its slack or error symbols.
    private mutating func makeRow(_ constraint: Constraint) -> (Row, Tag) {
        if tableau.slotCount == 0 {
            // The first row: room at once for every variable's slot and as many internal ones
            // (a layout's constraints are about as many as its variables, with a slack or error
            // or two each), so the slot arrays do not grow by doubling from 16 while it fills.
            tableau.reserveSlots(4 * variableNames.count + 16)
            owners.reserveCapacity(2 * variableNames.count + 8)
            order.reserveCapacity(variableNames.count + 8)
        }
        // Room for the cells of the terms (a basic variable's whole row) and the two slack or
        // error symbols, so filling the row grows nothing; and for `rowHeadroom` more, which the
        // row's first substitutions take (a merge appends the other row's cells as room before
        // it merges), so that a stored row is not reallocated at its first substitution
        // (Documentation/Solver.md, "Branch smallrows").
        var capacity = 2 + Self.rowHeadroom
        for term in constraint.expression.terms {
            capacity += tableau.rowCount(symbol(for: term.variable)) ?? 1
        }
        var row = Row(constant: constraint.expression.constant, capacity: capacity)
        let required = constraint.priority.isRequired
        let level = required ? nil : tableau.level(for: constraint.priority.value)
        if let level { tableau.weigh(level: level, by: constraint.expression.coefficientWeight) }
        // The new slack and error symbols go in first: their ids are below every symbol the
        // row can hold (internal ids count down, `newSymbol`), so in the empty row each is
        // appended, and the terms' cells, all above them, are appended or merged after them.
        // Put in last, each was moved to the front past every cell (`Row.insertCell`). No cell
        // of a term ever meets one of them, so every cell is the same sum as before. Each is
        // appended directly (`Row.appendCell`): into the empty row, the error (or minus) first,
        // its id below the slack's (or plus'), made before it; the values are ±1, never zero.
        var tag: Tag
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            let slack = newSymbol(.slack)
            tag = Tag(marker: slack)
            if let level {
                let error = newSymbol(.error)
                row.appendCell(error, -sign)
                tableau.addToObjective(error, 1, level: level)
                tableau.pair(slack, error)
                tag.other = error
            }
            row.appendCell(slack, sign)
        case .equal:
            if let level {
                let plus = newSymbol(.error)
                let minus = newSymbol(.error)
                row.appendCell(minus, 1)
                row.appendCell(plus, -1)
                tableau.addToObjective(plus, 1, level: level)
                tableau.addToObjective(minus, 1, level: level)
                tableau.pair(plus, minus)
                tag = Tag(marker: plus, other: minus)
            } else {
                tag = Tag(marker: nil)
            }
        }
        for term in constraint.expression.terms where term.coefficient != 0 {
            let symbol = symbol(for: term.variable)
            if let basic = tableau.row(symbol) {
                row.insert(basic, term.coefficient)
            } else {
                row.insert(symbol, term.coefficient)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return (row, tag)
    }

    /// The symbol to make basic for a new row. Among user variables, the one in the fewest rows
    /// (Markowitz: least fill-in), preferring those no restricted row mentions, so adding stays
    /// feasible and rows stay short; otherwise a fresh slack or error with a negative coefficient.
    /// Only a user variable whose cell is at least `subjectThreshold` of the row's largest is a
    /// subject (threshold pivoting, as in sparse LU factorisation): solving a row for a cell of
    /// 2e-9 next to cells of 1 moved v3 to 5e10 at the pending vertex, and the rounding of that
    /// value stayed in the rows after optimising brought v3 back to −40 (a priority-999 bound
    /// missed by 2⁻¹⁸; fuzz-solver `tiny-subject-rounding`). Such a row goes to its slack or error,
    /// or through phase one, whose ratio tests keep every value at a vertex the constraints allow.
    /// Threshold pivoting's usual u (1e-2). Layout rows hold coefficients of ±1 and the format's
    /// multipliers; a multiplier below 1e-2 of the row's largest cell only stops its own
    /// variable from being the subject, the others remain.
    static let subjectThreshold = 1e-2

    /// Below this a new row's cell is rounding (`place`): far below any cell the format's
    /// numbers make, and above what rounding leaves of cells near one. Not the pivot
    /// tolerance, which it was first: chains of the format's multipliers make real cells of
    /// 1e-9 and below. Required `v0 = 0` beside `v1 = 1e6·v0` and `v1 = −0.0005·v2` (through
    /// a required bound) read `−1e-7 − 1e-9·s − 5e-10·v2 = 0`, was taken as implied, nothing
    /// was stored, and v2 then moved to −2e9 for a wish, leaving `v0 = 0` missed by 1
    /// (fuzz-solver `real-cells-taken-for-rounding`). A chain of four multipliers of 1e-3 makes
    /// a real cell of 1e-12; rounding of cells near one is about 1e-16.
    static let roundingCell = 1e-15

    /// The share of a required constraint's allowed miss (`Tolerance.allowedMiss`) that placing
    /// its row may leave on it: a phase-one residual or a `0 = c` up to half the allowance is
    /// the constraint's accepted miss; beyond that it is refused here and decided again by the
    /// rule itself (`acceptsWhenFirst`, then `acceptsBanded`, whose bands share the miss among
    /// the constraints at half of each one's allowance). Accepted at the whole allowance, the
    /// miss sat at the rule's very edge on one constraint, and the rounding of later values
    /// carried it past: required `v0 + v3 + 1e-6 ≤ 0` beside `v0 + v3 ≥ 0` put all 1e-6 on the
    /// second, and with v0 = 8 it missed by 1e-6 + 3.4e-13 (fuzz-solver
    /// `required-miss-at-the-edge-by-3e-13`, and by 1e-13 at values near 0.03 in
    /// `required-miss-at-the-edge-by-1e-13`).
    static let placedShare = 0.5

    private func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol? {
        var best: (restricted: Int, count: Int, symbol: Symbol)?
        // The cells read through one buffer, not the lazy `cells` view: with `place`'s test of
        // the same row, about 75 instructions an add (Documentation/Solver.md, "Branch
        // solverkiwi"); the same cells in the same order, and `largestCell` is the same
        // reduction.
        let largest = row.largestCell
        row.storage.withUnsafeBufferPointer { cells in
            for cell in cells where cell.symbol.kind == .external && abs(cell.value) >= Self.subjectThreshold * largest {
                let counts = tableau.columnCounts(cell.symbol)
                let candidate = (counts.restricted > 0 ? 1 : 0, counts.restricted + counts.user, cell.symbol)
                if let current = best, (candidate.0, candidate.1, candidate.2.id) >= (current.0, current.1, current.2.id) {
                    continue
                }
                best = candidate
            }
        }
        if let best { return best.symbol }
        return markerSubject(row, tag)
    }

    /// The new row's own slack or error with a negative coefficient, if it has one: solved for
    /// it, the row keeps its constant (never negative, `makeRow`) as that symbol's value, so
    /// every row stays feasible and no other row changes, since no other row mentions it.
    ///
    /// Taken, in a rebuild by priority, instead of a user variable that a restricted row
    /// mentions: that subject needs the dual simplex, which needs the objective minimised first
    /// (`place`), and the optimum of a system half added can lie far beyond anything the whole
    /// system forces, the very values such a rebuild is there to avoid. Priority 750
    /// `−0.001·v3 + 667 = 0` next to
    /// required `0.001·v1 + 1000·v3 + 1 = 0` (so v3 = −0.001 − 1e-6·v1) was met best by v1 =
    /// −6.67e11 until v1's own edit (priority 750, v1 = 0) came; minimising before placing that
    /// edit took v1 there, and the rounding of 6.67e11 stayed: v1 = −2⁻¹³ at the end where 0 is
    /// exact (fuzz-solver `minimized-half-batch`). With the edit's error as the subject, the
    /// one minimisation at the end sees the edit and never leaves v1 = 0. Not taken for the
    /// adds of a batch: there the minimisation keeps the pending vertex near an optimum, and
    /// without it the next required row went through phase one at values near 2e11 and a
    /// priority-999 bound was left 0.038 short (the first campaign of branch fuzzsolver4 with the
    /// choice made everywhere found 2 such inputs in 5 minutes, both passing before it).
    private func markerSubject(_ row: Row, _ tag: Tag) -> Symbol? {
        tag.symbols.first { symbol in
            (symbol.kind == .slack || symbol.kind == .error) && row.coefficient(for: symbol) < 0
        }
    }

    /// Phase one: make the row feasible by minimising an artificial variable equal to it.
    ///
    /// The residual is accepted up to `miss` (1e-6 points, `Tolerance.allowedMiss`), or below `Tolerance.cancellation`
    /// of the distance phase one had to cover, whichever is larger: that distance is the size of
    /// the terms the pivots add and cancel, and doubles keep about 16 digits of them, so a
    /// residual below 1e-12 of it cannot be told from rounding. Chained multipliers put an
    /// optimum's v3 at 1e11 from constants of at most 1e6; moving it to a required bound near
    /// 1e6 left a residual of about 1e-5 (an ulp of 1e11 is 1.5e-5), and a feasible bound was
    /// refused (fuzz-solver `phase-one-relative-residual`). The relative part applies only on an
    /// optimised tableau (`relative`): on a pending batch the distance can be a transient value
    /// no constraint forces (1e12 in `refused-feasible-equality`), and accepting 1e-12 of it let a
    /// required equality on values near 10 miss by 6e-5; there a residual above 1e-6 is checked
    /// again on the optimum instead.
    private mutating func addWithArtificialVariable(_ row: consuming Row, allowing miss: Double, relative: Bool) -> Bool {
        let artificial = newSymbol(.artificial)
        let slightPivots = tableau.slightPivots
        // The cost and the distance read before the row is handed to the tableau, which writes
        // its cells' column positions (`Tableau.setRow`): read after, the row would still be
        // shared here and copied first.
        var cost = CostRow()
        cost.insert(row)
        let distance = abs(row.constant)
        tableau.setRow(artificial, consume row)
        tableau.artificial = cost
        tableau.minimize(.artificial)
        let acceptance = max(miss, relative ? Tolerance.cancellation * distance : 0)
        // The residual is the artificial variable's value: its row's constant while it is basic,
        // and exactly zero once phase one has pivoted it out. Not the phase-one cost's constant,
        // which is the same value only up to rounding: with terms near 1e8 it read 2.7e-5 for a
        // non-basic artificial variable, the add was refused, and the variable's column stayed in
        // the rows as a new freedom that a later optimisation entered, relaxing them (a required
        // equality then missed by 6367: fuzz-solver `stale-artificial-column`).
        let residual = tableau.row(artificial).map { abs($0.constant) } ?? 0
        let success = residual <= acceptance
        tableau.artificial = nil
        // A refusal needs no saved tableau to go back to (copying it on every such add made the
        // next mutation copy every array of the tableau: 90 % of solving nested stacks). A refused
        // artificial variable is basic (non-basic, it is zero, above), and while it is basic the
        // new row's symbols appear in its row only: no pivot ever substituted that row into
        // another. So dropping its row leaves the constraints that were there, all rows feasible,
        // at the vertex phase one reached; the caller marks the objective for optimising.
        guard success else {
            tableau.removeRow(artificial)
            // Phase one's pivots keep every row an equation of the constraints, and its ratio
            // tests every restricted row feasible, so the rows left hold what they held before;
            // unless a pivot divided by a cell that may be rounding. Then the rows are checked
            // against the constraints as written, and when they miss one `insert` builds the
            // tableau again from the constraints. (A tableau of bands is put back instead:
            // `insertOnce`.)
            if tableau.slightPivots != slightPivots, !holds(nil) { refusalBrokeRows = true }
            return false
        }
        if var basic = tableau.removeRow(artificial) {
            // Cells at or below `Tolerance.cancellation`, what rounding left of a constraint the
            // others imply (2e-13 after a duplicate of `v1 = 1 − 0.001·v0`), are no pivot:
            // dividing by one filled the tableau with 1e13s and refused the next feasible add
            // (fuzz-solver `pinned-variable-moves-far`). Such a row holds within its residual, as
            // `0 = c` does. Not the pivot tolerance, which it was first: chains of the format's
            // multipliers make real cells near 1e-9, and a required `v0 = 0` whose row held only
            // such cells was dropped, v0 later 0.375 off (`phase-one-drops-real-cells`).
            let cells = basic.cells.filter { abs($0.1) > Tolerance.cancellation }.map(\.0)
            if cells.isEmpty {
                // Unless a cell is real, above `roundingCell`: then the row holds within its
                // residual only where the point is now, and nothing keeps it there. Required
                // `−0.001·v1 = 0` beside `v1 = 1e-6·v0` and `v0 ≤ −0.0005` read
                // `5e-13 + 5e-13·slack = 0` (0.001 × 1e-6 × 0.0005, the format's multipliers),
                // was taken as implied, and a priority-999 edit then took v0 to −1e6: missed by
                // 0.001 against an allowance of 1e-9 (fuzz-solver `tiny-real-row-taken-as-implied`).
                // Refused here, it is decided by the rule (`acceptsWhenFirst`, `acceptsBanded`),
                // whose bands hold it through slacks of their own, with no pivot on such a cell.
                guard !basic.cells.contains(where: { abs($0.1) > Self.roundingCell }) else { return false }
                tableau.eraseColumn(artificial)
                return success
            }
            guard let entering = cells.filter({ $0.kind == .slack || $0.kind == .error }).min() else {
                // The row is gone, as for a refusal above: the tableau is as before.
                return false
            }
            // A residual within tolerance is the constraint's accepted miss. Left in the row,
            // the pivot would divide it by the entering coefficient and set that slack to
            // −residual / coefficient: a residual of 5e-7 over a coefficient of 1e-6 put a
            // required slack at −0.5, breaking its constraint by 0.5. Without it the entering
            // symbol stays at zero, where every row is still feasible.
            basic.constant = 0
            basic.solve(for: artificial, and: entering)
            tableau.substitute(entering, with: basic)
            tableau.setRow(entering, consume basic)
        }
        tableau.eraseColumn(artificial)
        return success
    }

    /// Where to pivot a non-basic marker in before removing its row (kiwi's rule, with ties by id).
    private func markerLeavingRow(_ marker: Symbol) -> Symbol? {
        markerLeavingRow(marker, skippingSlightCells: true) ?? markerLeavingRow(marker, skippingSlightCells: false)
    }

    /// Kiwi's rule. Skipping slight cells, a row whose cell for the marker is within the pivot
    /// tolerance is no pivot, as in the ratio test (`Tableau.leavingSymbol`), as long as the move
    /// the chosen row makes leaves every such row feasible to within that tolerance: solving
    /// `v1 = 0` in had left −9.97e-17 of a marker (rounding of 1000 × 0.001) in a slack's row, the
    /// only restricted row with a negative cell, and the removal pivoted on it, filling the rows
    /// with 1e13s (fuzz-solver `removed-bound-stalls-wish`). Nil when nothing qualifies.
    private func markerLeavingRow(_ marker: Symbol, skippingSlightCells: Bool) -> Symbol? {
        var first: (Double, Symbol)?
        var second: (Double, Symbol)?
        var third: (magnitude: Double, symbol: Symbol)?
        var slight: [(constant: Double, coefficient: Double)] = []
        for basic in tableau.column(marker) {
            guard let row = tableau.row(basic) else { continue }
            let coefficient = row.coefficient(for: marker)
            if basic.kind == .external {
                if third.map({ abs(coefficient) > $0.magnitude }) ?? true { third = (abs(coefficient), basic) }
            } else if skippingSlightCells && abs(coefficient) <= Tolerance.pivot {
                slight.append((row.constant, coefficient))
            } else if coefficient < 0 {
                let ratio = -row.constant / coefficient
                if first.map({ ratio < $0.0 }) ?? true { first = (ratio, basic) }
            } else {
                let ratio = row.constant / coefficient
                if second.map({ ratio < $0.0 }) ?? true { second = (ratio, basic) }
            }
        }
        // The marker moves up by `first`'s ratio or down by `second`'s; a slight row changes by
        // its cell times that move.
        let move = first.map { $0.0 } ?? second.map { -$0.0 } ?? 0
        guard slight.allSatisfy({ $0.constant + $0.coefficient * move >= -Tolerance.pivot }) else { return nil }
        return first?.1 ?? second?.1 ?? (slight.isEmpty ? third?.symbol : nil)
    }

    // MARK: For analysis and conflicts

    func owner(of symbol: Symbol) -> ConstraintID? {
        let slot = -symbol.id - 1
        guard symbol.id < 0, slot < owners.count, owners[slot] >= 0 else { return nil }
        return ConstraintID(index: owners[slot])
    }

    func externalSymbol(_ variable: Variable) -> Symbol { symbol(for: variable) }

    /// A scratch solver with the same variables and none of the constraints. Once it refuses a
    /// constraint its state is meaningless and it must be dropped.
    func emptyCopy() -> Solver {
        var empty = Solver()
        empty.variableNames = variableNames
        empty.isScratch = true
        return empty
    }

    /// Adds `constraint` under a fresh id, reporting whether it was stored, implied or refused.
    mutating func probe(_ constraint: Constraint) -> (ConstraintID, Outcome) {
        let id = ConstraintID(index: entries.count)
        entries.append(ConstraintEntry(definition: constraint))
        return (id, insert(constraint, as: id))
    }
}

/// The constraints in a solver in the order they were added. Removal marks an entry stale
/// instead of searching the list (removing one of n constraints was an O(n) `removeAll`); stale
/// entries are squeezed out once they are half the list.
struct ConstraintOrder: Sendable {
    private var entries: [ConstraintID] = []
    /// For each constraint index, its position in `entries`, or -1.
    private var positions: [Int] = []
    private var stale = 0

    var ids: [ConstraintID] {
        entries.enumerated().compactMap { position, id in positions[id.index] == position ? id : nil }
    }

    /// How many constraints are live (`ids.count`, without making the list).
    var count: Int { entries.count - stale }

    /// Room for this many constraints, so the first ones grow nothing.
    mutating func reserveCapacity(_ count: Int) {
        entries.reserveCapacity(count)
        positions.reserveCapacity(count)
    }

    mutating func append(_ id: ConstraintID) {
        if id.index >= positions.count {
            // One at a time through `append(contentsOf:)` took its generic path on every add.
            while positions.count <= id.index { positions.append(-1) }
        }
        if positions[id.index] >= 0 { stale += 1 }
        positions[id.index] = entries.count
        entries.append(id)
    }

    mutating func remove(_ id: ConstraintID) {
        guard positions.indices.contains(id.index), positions[id.index] >= 0 else { return }
        positions[id.index] = -1
        stale += 1
        if stale * 2 > entries.count {
            entries = ids
            for (position, id) in entries.enumerated() { positions[id.index] = position }
            stale = 0
        }
    }
}

/// A constraint given an id (`Solver.entries`) and what the tableau knows of it: nil when it is
/// not in the solver.
struct ConstraintEntry: Sendable {
    var definition: Constraint
    var tag: Solver.Tag?
}
