import NinefoldSolver
import ReferenceLP
import Testing
import SeededRandom

/// Random systems shaped like a form's labels, where the long-step ratio test does its work:
/// a family of widths tied to one shared width by required equalities (`wᵢ = w₀`, sometimes
/// through a chain `wᵢ = wᵢ₋₁`), each with a hugging wish `wᵢ ≤ cᵢ` and a compression wish
/// `wᵢ ≥ cᵢ'` at their own priorities, so the shared width crosses one breakpoint per wish;
/// widths drawn from a few values, so many breakpoints tie; sometimes a field per width that
/// shares a pinned container with it (`fᵢ + wᵢ = W`) and wants its own size, optional pulls
/// (equalities, two errors each), required bounds that stop the walk part way, and a required
/// width that conflicts with the family. Everything is compared with the dense reference LP:
/// each conflict is infeasible and minimal there, and every variable's optimal range (so every
/// value the layout fixes) is the reference's, before and after removing some wishes.
@Suite struct SharedSizePropertyTests {
    typealias Random = SplitMix64

    /// Variable 0 is the shared width, 1...family its family, then one field per member when
    /// fields are on, and last the container width W.
    static func sharedSizeSystem(_ random: inout Random) -> StructuredSystemPropertyTests.System {
        let family = 2 + random.below(7)
        let fields = random.below(2) == 0
        let count = 1 + family + (fields ? family + 1 : 0)
        func unit(_ variable: Int, _ value: Double = 1) -> [Double] {
            StructuredSystemPropertyTests.unit(variable, count, value)
        }
        let widths: [Double] = [20, 35, 35, 50, 80]
        let pairs: [(hugging: Double, compression: Double)] = [(250, 750), (250, 750), (251, 750), (250, 251), (500, 500)]
        var constraints: [ReferenceConstraint] = []
        let chained = random.below(3) == 0
        for member in 1...family {
            var tie = unit(member)
            tie[chained ? member - 1 : 0] = -1
            constraints.append(ReferenceConstraint(coefficients: tie, constant: 0, relation: .equal, priority: 1000))
            let pair = pairs[random.below(pairs.count)]
            let size = widths[random.below(widths.count)]
            constraints.append(ReferenceConstraint(coefficients: unit(member), constant: -size, relation: .lessThanOrEqual,
                                                   priority: pair.hugging))
            constraints.append(ReferenceConstraint(coefficients: unit(member), constant: -size, relation: .greaterThanOrEqual,
                                                   priority: pair.compression))
        }
        // Width of the shared size itself: a wish of its own, at times.
        if random.below(3) == 0 {
            constraints.append(ReferenceConstraint(coefficients: unit(0), constant: -Double(10 + random.below(80)),
                                                   relation: .equal, priority: [250.0, 500, 750][random.below(3)]))
        }
        if fields {
            let container = count - 1
            constraints.append(ReferenceConstraint(coefficients: unit(container), constant: -Double(100 + 20 * random.below(5)),
                                                   relation: .equal, priority: 1000))
            for member in 1...family {
                let field = family + member
                var share = unit(field)
                share[member] = 1
                share[container] = -1
                constraints.append(ReferenceConstraint(coefficients: share, constant: 8, relation: .equal, priority: 1000))
                constraints.append(ReferenceConstraint(coefficients: unit(field), constant: -Double(30 + 10 * random.below(6)),
                                                       relation: [.greaterThanOrEqual, .equal][random.below(2)],
                                                       priority: [250.0, 750, 751][random.below(3)]))
            }
        }
        // A required bound stops the shared width part way through its breakpoints.
        if random.below(3) == 0 {
            constraints.append(ReferenceConstraint(coefficients: unit(0), constant: -Double(widths[random.below(widths.count)] - 5),
                                                   relation: [.lessThanOrEqual, .greaterThanOrEqual][random.below(2)],
                                                   priority: 1000))
        }
        // Required widths for one or two members: two of them conflict unless they agree (every
        // member equals the shared width), and one conflicts with a required bound it breaks.
        for _ in 0..<random.below(3) {
            constraints.append(ReferenceConstraint(coefficients: unit(1 + random.below(family)), constant: -Double(random.below(90)),
                                                   relation: .equal, priority: 1000))
        }
        if random.below(2) == 0 {
            for index in constraints.indices.reversed() { constraints.swapAt(index, random.below(index + 1)) }
        }
        return StructuredSystemPropertyTests.System(variables: count, constraints: constraints)
    }

    @Test func sharedSizesMatchTheDenseReference() {
        var random = Random(state: 1313)
        var conflicts = 0
        var ambiguous = 0
        var removals = 0
        for trial in 0..<700 {
            let system = Self.sharedSizeSystem(&random)
            var (solver, variables, accepted) = StructuredSystemPropertyTests.build(system, trial: trial, conflicts: &conflicts)
            solver.optimize()
            StructuredSystemPropertyTests.expectRanges(solver, variables, accepted.map(\.1), trial: trial, ambiguous: &ambiguous)
            // Removing wishes after the optimum: their pairs may have been swapped by long steps.
            var kept: [(ConstraintID, ReferenceConstraint)] = []
            for entry in accepted {
                if entry.1.priority < 1000 && random.below(3) == 0 {
                    solver.remove(entry.0)
                    removals += 1
                } else {
                    kept.append(entry)
                }
            }
            solver.optimize()
            StructuredSystemPropertyTests.expectRanges(solver, variables, kept.map(\.1), trial: trial, ambiguous: &ambiguous)
        }
        #expect(conflicts > 100)
        #expect(ambiguous > 25)
        #expect(removals > 500)
    }
}
