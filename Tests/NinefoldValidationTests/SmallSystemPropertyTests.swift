@testable import NinefoldLayout
import NinefoldResolution
import NinefoldScene
import NinefoldSolver
import Testing
import SeededRandom

/// The shortcuts for small systems (Documentation/Solver.md, "Small systems"): components of one
/// variable answered in closed form without a solver (`SingleVariableOptimum`, in
/// `ResolvedComponents` and in `ComponentSolve`'s pieces), direct resolution over the mentioned
/// variables only when a class mentions few of its variables, and the flat decomposition. Each
/// random system is solved by the layout stage and by one solver holding the whole class, and
/// every answer compared (`DecompositionTests.compare`: kept constraints, conflicts, frames,
/// values, optimal ranges, ties, implied constraints, largest edges).
///
/// The systems are built on a scene of eight unconstrained views (36 variables with the root's),
/// so a system mentions a few of them (the sparse path) or most (the dense one); each adds, over
/// views chosen at random: one-variable wishes (a label's hugging pair, equalities, ties between
/// equal priorities, a side left unbounded, a coefficient of 2 the closed form declines), pins,
/// chains from a pin, a required bound beside wishes, a second pin equal to the first (implied)
/// or different (a conflict), a two-variable sum (a component solved on a solver), and a view
/// placed below a label by a required equation that reads the label's height.
@Suite struct SmallSystemPropertyTests {
    static let scene = """
        <scene version="1" name="Small">
          <view id="root">
            <view id="a"/><view id="b"/><view id="c"/><view id="d"/>
            <view id="e"/><view id="f"/><view id="g"/><view id="h"/>
          </view>
        </scene>
        """

    static func system(_ random: inout SplitMix64, base: LayoutSystem) -> LayoutSystem {
        let variables = base.views.filter { $0.id != "root" }.flatMap {
            [$0.variables.x, $0.variables.y, $0.variables.width, $0.variables.height]
        }
        var pool = variables
        func fresh() -> Variable? {
            guard !pool.isEmpty else { return nil }
            return pool.remove(at: random.below(pool.count))
        }
        let priorities: [Double] = [250, 251, 500, 750, 1000]
        let targets: [Double] = [0, 8, 20, 44, 69.5]
        var constraints: [NinefoldSolver.Constraint] = []
        func wish(_ variable: Variable, coefficient: Double = 1) {
            let relation: NinefoldSolver.Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][random.below(3)]
            let target = targets[random.below(targets.count)]
            // a·x + c ⋈ 0 with the target where a·x + c = 0.
            constraints.append(Constraint(Expression([Term(variable, coefficient)], constant: -coefficient * target), relation,
                                          priority: Priority(priorities[random.below(priorities.count - 1)])))
        }
        for _ in 0..<(1 + random.below(6)) {
            guard let x = fresh() else { break }
            switch random.below(10) {
            case 0, 1:
                // A label's pair, sometimes with a third wish (a tie or a stronger pull).
                let target = targets[random.below(targets.count)]
                constraints.append(Constraint(Expression(x) - target, .lessThanOrEqual, priority: Priority(251)))
                constraints.append(Constraint(Expression(x) - target, .greaterThanOrEqual, priority: Priority(750)))
                if random.below(2) == 0 { wish(x) }
            case 2:
                for _ in 0..<(1 + random.below(4)) { wish(x, coefficient: random.below(2) == 0 ? 1 : -1) }
            case 3:
                wish(x, coefficient: 2)
                wish(x)
            case 4:
                constraints.append(Constraint(Expression(x) - targets[random.below(targets.count)], .equal))
            case 5:
                // A chain from a pin: direct resolution answers it whole.
                constraints.append(Constraint(Expression(x) - 16, .equal))
                if let y = fresh() { constraints.append(Constraint(y - x - 8, .equal)) }
            case 6:
                constraints.append(Constraint(Expression(x) - 10, .greaterThanOrEqual))
                wish(x)
            case 7:
                // Two pins: the same constant (the second implied) or another (a conflict).
                constraints.append(Constraint(Expression(x) - 30, .equal))
                constraints.append(Constraint(Expression(x) - (random.below(2) == 0 ? 30 : 40), .equal))
            case 8:
                guard let y = fresh() else { break }
                constraints.append(Constraint(x + y - 100, .equal))
                wish(x)
            default:
                // A view placed below a label: a pinned top, and a required equation reading the
                // label's height, which its pair holds (direct resolution removes the equation
                // and keeps the height; sometimes the pair's optimum is not a point).
                guard let y = fresh(), let top = fresh() else { break }
                let target = targets[random.below(targets.count)]
                constraints.append(Constraint(Expression(x) - target, .lessThanOrEqual, priority: Priority(251)))
                constraints.append(Constraint(Expression(x) - target, .greaterThanOrEqual, priority: Priority(750)))
                if random.below(3) == 0 { wish(x) }
                constraints.append(Constraint(Expression(top) - 20, .equal))
                constraints.append(Constraint(y - top - x - 8, .equal))
            }
        }
        var system = base
        system.constraints = base.constraints + constraints.enumerated().map { number, constraint in
            LayoutConstraint(constraint: constraint, origin: .document(id: "r\(number)"), notation: "r\(number)", location: nil)
        }
        return system
    }

    @Test func smallSystemsAnswerAsTheWholeSolver() throws {
        let scene = try SceneReader().read(string: Self.scene, path: "small.xml")
        let base = LayoutEngine.build(Resolver(scene: scene).resolveAll()[0])
        var random = SplitMix64(state: 1324)
        var closedForm = 0, sparse = 0, conflicts = 0, moving = 0, undecomposed = 0, hanging = 0
        for trial in 0..<1500 {
            let system = Self.system(&random, base: base)
            let shared = LayoutEngine.solve(system)
            // Whether the class was answered without decomposing it (`ResolvedComponents.answerAll`).
            var cache = SolveCache()
            if LayoutEngine.solve(system, decomposition: nil, reusing: nil, cache: &cache).components.decomposition == nil {
                undecomposed += 1
                // A component of several variables with an optional constraint: removed equations
                // reading a variable in closed form.
                let decomposition = Decomposition(system)
                if (0..<decomposition.count).contains(where: { component in
                    decomposition.variables(component).count > 1
                        && decomposition.members(component).contains { !system.constraints[$0].isRequired }
                }) {
                    hanging += 1
                }
            }
            let whole = LayoutEngine.solveWhole(system)
            DecompositionTests().compare(shared, whole.layout, whole: whole.solver, context: "trial \(trial)")
            let decomposition = Decomposition(system)
            closedForm += (0..<decomposition.count).filter { component in
                decomposition.variables(component).count == 1 && SingleVariableOptimum.value(
                    of: system.constraints.map(\.constraint), at: decomposition.members(component)) != nil
            }.count
            if decomposition.variableTotal * 2 < system.blank.variableCount { sparse += 1 }
            conflicts += shared.conflicts.count
            // Mentioned variables only: one no constraint mentions moves freely in every system.
            moving += (0..<decomposition.count).flatMap { decomposition.variables($0) }
                .filter { !whole.solver.optimalRange(of: $0).isPoint }.count
        }
        // The comparison means something only if the generator reaches each path: components
        // answered in closed form, sparse classes, conflicts, variables that move, and classes
        // answered whole without decomposing them, some with removed equations that read a
        // variable in closed form.
        #expect(closedForm > 1000, "\(closedForm)")
        #expect(sparse > 500, "\(sparse)")
        #expect(conflicts > 100, "\(conflicts)")
        #expect(moving > 1000, "\(moving)")
        #expect(undecomposed > 100, "\(undecomposed)")
        #expect(hanging > 50, "\(hanging)")
    }
}
