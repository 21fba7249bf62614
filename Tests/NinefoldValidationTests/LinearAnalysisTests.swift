@testable import NinefoldValidation
import NinefoldLayout
import NinefoldScene
import NinefoldSolver
import Testing
import SeededRandom

/// The validator answers some questions without the solver (a variable no constraint mentions
/// is free over the whole line) and asks others once for every view (all reaches on one solver
/// copy). These tests hold both to what the solver itself answers, view by view.
@Suite struct LinearAnalysisTests {
    /// `a` is placed horizontally (leading 10 from the root's leading edge, 50 wide) and given a
    /// height, but nothing places it vertically; `b` has no constraint at all.
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <scene version="1" name="free views">
          <view id="root">
            <view id="a"/>
            <view id="b"/>
            <constraints>
              <constraint id="c1" firstItem="a" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="10"/>
              <constraint id="c2" firstItem="a" firstAttribute="width" constant="50"/>
              <constraint id="c3" firstItem="a" firstAttribute="height" constant="30"/>
            </constraints>
          </view>
        </scene>
        """

    @Test func freeViewsReachExactlyAsFarAsTheirConstraintsAllow() throws {
        let scene = try SceneReader().read(string: Self.xml, path: "free.xml")
        let result = try #require(Validator.validate(scene, path: "free.xml", classes: [.anyAny]).classes.first)
        let a = try #require(result.views.first { $0.id == "a" })
        let b = try #require(result.views.first { $0.id == "b" })
        // a: x = root.x + 10 = 10 and right = x + 50 = 60; y is free and height fixed, so the
        // top reaches −∞ and the bottom +∞.
        #expect(a.ambiguous == [.vertical])
        #expect(a.reach == Reach(minX: 10, minY: -.infinity, maxX: 60, maxY: .infinity))
        // b: every variable free, every edge unbounded, both axes ambiguous.
        #expect(b.ambiguous == [.horizontal, .vertical])
        #expect(b.reach == Reach(minX: -.infinity, minY: -.infinity, maxX: .infinity, maxY: .infinity))
        #expect(b.ranges.map(\.variable) == ["x", "y", "width", "height"])
        #expect(b.ranges.allSatisfy { $0.lower == -.infinity && $0.upper == .infinity })
    }

    /// On random documents, in a random class each: every range the analysis reports equals the
    /// solver's `optimalRange` (the shortcut for unmentioned variables gives the solver's own
    /// answer), and every reach equals the one a fresh solver copy per view gives (the method
    /// the shared copy replaced).
    @Test func analysisAndReachesAgreeWithTheSolverViewByView() throws {
        var random = SplitMix64(state: 20261124)
        var ambiguousViews = 0
        for trial in 0..<200 {
            let document = RandomDocument.make(&random)
            let scene = try SceneReader().read(string: document, path: "random-\(trial).xml")
            let target = random.pick(SizeClass.all)
            let result = try #require(Validator.validate(scene, path: "random", classes: [target]).classes.first)
            let layout = result.layout
            let analysis = ClassAnalysis(path: "random", resolved: result.resolved, layout: layout)
            for (id, variables) in layout.system.views where result.resolved.view(id)?.parentID != nil {
                let named = [("x", variables.x), ("y", variables.y), ("width", variables.width), ("height", variables.height)]
                let ranges = analysis.ranges[id] ?? []
                #expect(ranges.map(\.name) == named.map(\.0), "trial \(trial) \(id)")
                for ((name, variable), reported) in zip(named, ranges) {
                    #expect(reported.range == layout.solver.optimalRange(of: variable), "trial \(trial) \(id).\(name)")
                }
            }
            for view in result.views where !view.ambiguous.isEmpty {
                ambiguousViews += 1
                let expected = reachOnItsOwnCopy(of: view.id, in: layout)
                #expect(view.reach.map { close($0, expected) } == true,
                        "trial \(trial) \(view.id): \(String(describing: view.reach)) vs \(String(describing: expected))")
            }
        }
        // The generator must produce ambiguous views for the reach comparison to mean anything.
        #expect(ambiguousViews >= 100, "\(ambiguousViews)")
    }

    /// The reach as the validator computed it before sharing one copy and before decomposing:
    /// its own copy of one solver holding the whole class, two edge variables, exact ranges.
    func reachOnItsOwnCopy(of id: String, in layout: SolvedLayout) -> Reach? {
        guard let variables = layout.system.variables(of: id) else { return nil }
        var solver = LayoutEngine.solveWhole(layout.system).solver
        let right = solver.makeVariable(named: "right"), bottom = solver.makeVariable(named: "bottom")
        do {
            _ = try solver.add(NinefoldSolver.Constraint(right - (variables.x + variables.width), .equal))
            _ = try solver.add(NinefoldSolver.Constraint(bottom - (variables.y + variables.height), .equal))
        } catch {
            return nil
        }
        return Reach(minX: solver.optimalRange(of: variables.x).lower, minY: solver.optimalRange(of: variables.y).lower,
                     maxX: solver.optimalRange(of: right).upper, maxY: solver.optimalRange(of: bottom).upper)
    }

    /// Equal within the format's frame tolerance, infinities exactly.
    func close(_ lhs: Reach, _ rhs: Reach?) -> Bool {
        guard let rhs else { return false }
        return zip([lhs.minX, lhs.minY, lhs.maxX, lhs.maxY], [rhs.minX, rhs.minY, rhs.maxX, rhs.maxY]).allSatisfy { a, b in
            a.isInfinite || b.isInfinite ? a == b : abs(a - b) <= Tolerance.frame
        }
    }
}
