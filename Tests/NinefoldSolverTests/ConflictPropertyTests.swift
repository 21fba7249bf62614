@testable import NinefoldSolver
import ReferenceLP
import Testing
import SeededRandom

/// The conflict search against its definition on the dense reference LP: every reported set is
/// infeasible, every member is necessary (dropping any one leaves a feasible set), and where a
/// system has several minimal conflicts the one reported is the preferred conflict of
/// Documentation/Solver.md — the one the additive method builds with required equalities, then
/// required inequalities, each in the order of adding, as preference. Equality-only components (answered by an elimination) and mixed ones (answered by
/// QuickXplain) are both covered, and on equality components the two paths must agree.
@Suite struct ConflictPropertyTests {
    typealias Random = SplitMix64

    /// Junker's preferred conflict, from the definition: with the refused constraint kept, find
    /// the shortest prefix of the earlier constraints (in order of preference) that is infeasible with what
    /// is kept; its last constraint is in the conflict; keep it and repeat on the constraints
    /// before it, until what is kept is infeasible alone. Returns positions in `earlier`, and
    /// `earlier.count` for the refused one.
    static func preferredConflict(_ earlier: [ReferenceConstraint], refused: ReferenceConstraint,
                                  variables: Int) -> [Int] {
        var kept = [earlier.count]
        var members = [refused]
        var limit = earlier.count
        while ReferenceLP.feasible(members, variables: variables) {
            guard let end = (1...max(limit, 1)).first(where: { end in
                end <= limit && !ReferenceLP.feasible(members + earlier[..<end], variables: variables)
            }) else { return [] }
            kept.append(end - 1)
            members.append(earlier[end - 1])
            limit = end - 1
        }
        return kept.sorted()
    }

    /// A few variables in two components; required equalities over one to three variables with
    /// small integer coefficients (so dependent rows, and so several minimal conflicts, are
    /// common), copies of earlier rows (implied, or conflicting when their constant moves), and
    /// when `inequalities`, required inequalities and optional rows too.
    static func randomSystem(_ random: inout Random, inequalities: Bool) -> (variables: Int, constraints: [ReferenceConstraint]) {
        let sizes = [2 + random.below(3), 1 + random.below(3)]
        let variables = sizes.reduce(0, +)
        var constraints: [ReferenceConstraint] = []
        for _ in 0..<(4 + random.below(6)) {
            let group = random.below(2)
            let members = group == 0 ? Array(0..<sizes[0]) : Array(sizes[0]..<variables)
            var coefficients = Array(repeating: 0.0, count: variables)
            for _ in 0..<(1 + random.below(min(3, members.count))) {
                coefficients[members[random.below(members.count)]] = Double([1, -1, 2, -2][random.below(4)])
            }
            if coefficients.allSatisfy({ $0 == 0 }) { coefficients[members[0]] = 1 }
            var relation = ReferenceConstraint.Relation.equal
            var priority = 1000.0
            if inequalities {
                relation = [.equal, .equal, .lessThanOrEqual, .greaterThanOrEqual][random.below(4)]
                priority = [1000, 1000, 1000, 500][random.below(4)]
            }
            constraints.append(ReferenceConstraint(coefficients: coefficients, constant: Double(random.below(7) - 3),
                                                   relation: relation, priority: priority))
            if random.below(4) == 0 {
                var copy = constraints[random.below(constraints.count)]
                if random.below(2) == 0 { copy.constant += 1 }
                constraints.append(copy)
            }
        }
        return (variables, constraints)
    }

    /// A reported conflict is infeasible and irreducible: without any one member the rest hold.
    static func expectMinimal(_ members: [ReferenceConstraint], variables: Int, trial: Int) {
        #expect(!ReferenceLP.feasible(members, variables: variables), "trial \(trial): feasible conflict")
        for index in members.indices {
            var fewer = members
            fewer.remove(at: index)
            #expect(ReferenceLP.feasible(fewer, variables: variables), "trial \(trial): member \(index) unneeded")
        }
    }

    struct Tally {
        var conflicts = 0
        /// Conflicts where another minimal conflict exists (the last-preferred one differs).
        var ambiguous = 0
    }

    /// Adds the system in order as LayoutEngine does and checks every refusal. The solver gives
    /// every constraint it is handed the next id, refused ones included, so a constraint's id is
    /// its position in the system.
    static func check(_ system: (variables: Int, constraints: [ReferenceConstraint]), trial: Int,
                      tally: inout Tally, comparePaths: Bool) {
        var solver = Solver()
        let variables = (0..<system.variables).map { solver.makeVariable(named: "x\($0)") }
        var required: [(position: Int, constraint: ReferenceConstraint)] = []
        for (position, constraint) in system.constraints.enumerated() {
            do {
                try solver.add(SolverPropertyTests.convert(constraint, variables))
                if constraint.priority >= 1000 { required.append((position, constraint)) }
            } catch {
                tally.conflicts += 1
                Self.expectMinimal(error.constraints.map { system.constraints[$0.index] }, variables: system.variables,
                                   trial: trial)
                // The preference: required equalities, then required inequalities, each in order.
                let ordered = required.filter { $0.constraint.relation == .equal } + required.filter { $0.constraint.relation != .equal }
                let earlier = ordered.map(\.constraint)
                let positions = ordered.map(\.position) + [position]
                let preferred = preferredConflict(earlier, refused: constraint, variables: system.variables)
                #expect(error.constraints == preferred.map { ConstraintID(index: positions[$0]) }.sorted(),
                        "trial \(trial): not the preferred conflict")
                if comparePaths {
                    let searched = solver.quickXplain(solver.connectedRequired(to: ConstraintID(index: position)))
                    #expect(searched == error.constraints, "trial \(trial): QuickXplain and the elimination disagree")
                }
                // The conflict preferring the latest constraints instead: when it differs, the
                // system had a choice to make.
                let latest = preferredConflict(earlier.reversed(), refused: constraint, variables: system.variables)
                    .map { $0 == earlier.count ? $0 : earlier.count - 1 - $0 }.sorted()
                if latest != preferred { tally.ambiguous += 1 }
            }
        }
    }

    /// Equality-only systems (the elimination answers; QuickXplain is run too and must agree) and
    /// mixed ones (QuickXplain answers whenever the conflict needs an inequality).
    @Test(arguments: [(inequalities: false, seed: UInt64(13)), (inequalities: true, seed: 1004)])
    func conflictsArePreferredAndMinimal(inequalities: Bool, seed: UInt64) {
        var random = Random(state: seed)
        var tally = Tally()
        for trial in 0..<1500 {
            Self.check(Self.randomSystem(&random, inequalities: inequalities), trial: trial, tally: &tally,
                       comparePaths: !inequalities)
        }
        #expect(tally.conflicts > 300)
        #expect(tally.ambiguous > 30)
    }

    /// c0: x = y, c1: y = 10, c2: x = 10 (implied by the first two, so c0–c2 hold together);
    /// then r: x = 5. Two minimal conflicts: {c2, r} (x = 10 against x = 5) and {c0, c1, r}
    /// (x = y = 10 against x = 5). The additive method adds c0 (feasible with r), then c1: x = y
    /// = 10 contradicts r, so c1 is in; with c1 and r kept, c0 alone is needed too: {c0, c1, r}.
    /// The same reasoning holds for r: x ≤ 5, an inequality that the equalities fix x against.
    @Test(arguments: [Relation.equal, .lessThanOrEqual])
    func theEarliestConflictIsChosen(refusing relation: Relation) throws {
        var solver = Solver()
        let x = solver.makeVariable(named: "x")
        let y = solver.makeVariable(named: "y")
        let c0 = try solver.add(Constraint(x - y, .equal))
        let c1 = try solver.add(Constraint(y - 10, .equal))
        _ = try solver.add(Constraint(x - 10, .equal))
        #expect(throws: Conflict(constraints: [c0, c1, ConstraintID(index: 3)])) {
            try solver.add(Constraint(x - 5, relation))
        }
    }

    /// c0: x ≤ 5, c1: y = 2, c2: x = y + 1 (so x = 3, within c0); then r: x = 7. Two minimal
    /// conflicts: {c0, r} and {c1, c2, r}. Equalities are preferred to inequalities, so the
    /// additive method tries c1 (y = 2 with x = 7: feasible), then c1, c2 (x = 3 against 7:
    /// infeasible), keeps c2, then needs c1 too: {c1, c2, r}, although c0 was added first.
    @Test func equalitiesArePreferredToAnEarlierInequality() throws {
        var solver = Solver()
        let x = solver.makeVariable(named: "x")
        let y = solver.makeVariable(named: "y")
        _ = try solver.add(Constraint(x - 5, .lessThanOrEqual))
        let c1 = try solver.add(Constraint(y - 2, .equal))
        let c2 = try solver.add(Constraint(x - y - 1, .equal))
        #expect(throws: Conflict(constraints: [c1, c2, ConstraintID(index: 3)])) { try solver.add(Constraint(x - 7, .equal)) }
    }

    /// c0: x ≥ 10, c1: y = x, c2: y ≥ 20; then r: y ≤ 5. Two minimal conflicts, both needing an
    /// inequality besides r, so QuickXplain answers: {c0, c1, r} and {c2, r}. In preference order
    /// (c1, then c0, c2) the additive method tries c1 (y = x ≤ 5: feasible), then c1, c0 (x ≥ 10
    /// forces y ≥ 10: infeasible), keeps c0, then needs c1 too: {c0, c1, r}, not the shorter
    /// {c2, r}.
    @Test func aConflictNeedingInequalitiesIsSearchedInPreferenceOrder() throws {
        var solver = Solver()
        let x = solver.makeVariable(named: "x")
        let y = solver.makeVariable(named: "y")
        let c0 = try solver.add(Constraint(x - 10, .greaterThanOrEqual))
        let c1 = try solver.add(Constraint(y - x, .equal))
        _ = try solver.add(Constraint(y - 20, .greaterThanOrEqual))
        #expect(throws: Conflict(constraints: [c0, c1, ConstraintID(index: 3)])) {
            try solver.add(Constraint(y - 5, .lessThanOrEqual))
        }
    }

    /// A chain like the benchmark's: x0 = 0, each view starts where the previous one ends
    /// (x_i = x_{i-1} + w_{i-1}), every width equals the first (w_i = w_0), and the last ends at
    /// 10·n (x_{n-1} + w_{n-1} = 10n), so w_0 = 10; heights are pinned apart. Requiring w_0 = 3
    /// contradicts the chain, and every horizontal constraint is needed: without x0 = 0 or the
    /// end pin the chain slides, without a link or a width equality one view takes up the slack.
    /// So the conflict is all 1 + 2(n−1) + 1 horizontal constraints and the refused one, and no
    /// height. QuickXplain on the same component (a smaller chain, it is slower) agrees.
    @Test(arguments: [40, 1000])
    func aConflictingChainNamesEveryHorizontalConstraint(views: Int) throws {
        var solver = Solver()
        let x = (0..<views).map { solver.makeVariable(named: "x\($0)") }
        let w = (0..<views).map { solver.makeVariable(named: "w\($0)") }
        let h = (0..<views).map { solver.makeVariable(named: "h\($0)") }
        var horizontal = [try solver.add(Constraint(Expression(x[0]), .equal))]
        for index in 1..<views {
            horizontal.append(try solver.add(Constraint(x[index] - x[index - 1] - w[index - 1], .equal)))
            _ = try solver.add(Constraint(h[index] - 44, .equal))
            horizontal.append(try solver.add(Constraint(w[index] - w[0], .equal)))
        }
        horizontal.append(try solver.add(Constraint(x[views - 1] + w[views - 1] - Double(10 * views), .equal)))
        let refused = ConstraintID(index: horizontal.count + views - 1)
        #expect(horizontal.count == 2 * views)
        do {
            try solver.add(Constraint(w[0] - 3, .equal))
            Issue.record("w0 = 3 was accepted against a chain that forces w0 = 10")
        } catch {
            #expect(error.constraints == horizontal + [refused])
            if views <= 40 {
                #expect(solver.quickXplain(solver.connectedRequired(to: refused)) == error.constraints)
            }
        }
    }
}
