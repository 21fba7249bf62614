import NinefoldLayout
import NinefoldScene
import NinefoldSolver
import NinefoldValidation
import ReferenceLP
import Testing
import SeededRandom

/// 500 random small documents (3–12 views, nested, mixed priorities, inequalities, multipliers,
/// variations), each validated in a random class and checked against the dense reference LP:
/// the status, the set of ambiguous (view, axis) pairs, the frames of unique classes within
/// 1e-6, and that every reported conflict set is infeasible and minimal.
@Suite struct DifferentialTests {
    @Test func randomDocumentsAgreeWithTheReference() throws {
        var random = SplitMix64(state: 20261123)
        var statuses: [Status: Int] = [:]
        for trial in 0..<500 {
            let document = RandomDocument.make(&random)
            let scene = try SceneReader().read(string: document, path: "random-\(trial).xml")
            let target = random.pick(SizeClass.all)
            let result = try #require(Validator.validate(scene, path: "random", classes: [target]).classes.first)
            statuses[result.status, default: 0] += 1
            check(result, trial: trial, document: document)
        }
        // The generator must reach all three verdicts often.
        #expect(statuses.values.allSatisfy { $0 >= 25 } && statuses.count == 3, "\(statuses)")
    }

    func check(_ result: ClassResult, trial: Int, document: String) {
        let layout = result.layout
        let count = layout.solver.variableCount
        let all = layout.system.constraints.map { Self.reference($0.constraint, variables: count) }
        for conflict in layout.conflicts {
            let members = conflict.constraints.map { all[$0] }
            #expect(!ReferenceLP.feasible(members, variables: count), "trial \(trial): conflict feasible\n\(document)")
            for index in members.indices {
                var fewer = members
                fewer.remove(at: index)
                #expect(ReferenceLP.feasible(fewer, variables: count), "trial \(trial): conflict not minimal\n\(document)")
            }
        }
        let accepted = zip(all, layout.solverIDs).compactMap { $1 == nil ? nil : $0 }
        let reference = ReferenceLP.solve(accepted, variables: count)
        #expect(reference.feasible, "trial \(trial): accepted constraints infeasible")
        guard reference.feasible else { return }
        var expectedAmbiguous: Set<String> = []
        for (id, variables) in layout.system.views where result.resolved.view(id)?.parentID != nil {
            for (variable, axis) in [(variables.x, "horizontal"), (variables.width, "horizontal"),
                                     (variables.y, "vertical"), (variables.height, "vertical")] {
                let range = reference.ranges[variable.index]
                if range.upper - range.lower > 1e-6 { expectedAmbiguous.insert("\(id) \(axis)") }
            }
        }
        let reported = Set(result.views.flatMap { view in view.ambiguous.map { "\(view.id) \($0.rawValue)" } })
        #expect(reported == expectedAmbiguous, "trial \(trial)\n\(document)")
        let expectedStatus: Status = !layout.conflicts.isEmpty ? .conflicting : expectedAmbiguous.isEmpty ? .unique : .ambiguous
        #expect(result.status == expectedStatus, "trial \(trial)")
        guard result.status == .unique else { return }
        for (id, variables) in layout.system.views {
            guard let frame = layout.frame(of: id) else { continue }
            let values = [frame.x, frame.y, frame.width, frame.height]
            for (value, variable) in zip(values, [variables.x, variables.y, variables.width, variables.height]) {
                #expect(abs(value - reference.ranges[variable.index].lower) <= 1e-6, "trial \(trial) \(id)")
            }
        }
    }

    static func reference(_ constraint: NinefoldSolver.Constraint, variables: Int) -> ReferenceConstraint {
        var coefficients = Array(repeating: 0.0, count: variables)
        for term in constraint.expression.terms { coefficients[term.variable.index] += term.coefficient }
        let relation: ReferenceConstraint.Relation = switch constraint.relation {
        case .equal: .equal
        case .lessThanOrEqual: .lessThanOrEqual
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
        return ReferenceConstraint(coefficients: coefficients, constant: constraint.expression.constant,
                                   relation: relation, priority: constraint.priority.value)
    }
}

/// Random but valid scene documents.
enum RandomDocument {
    static func make(_ random: inout SplitMix64) -> String {
        let count = 3 + random.below(10)
        var parents: [Int: Int] = [:]   // view index → parent index (-1 = root)
        for index in 0..<count {
            let containers = (0..<index).filter { parents[$0] == -1 && $0 % 3 == 0 }
            parents[index] = containers.isEmpty || random.below(3) != 0 ? -1 : random.pick(containers)
        }
        var kinds: [Int: String] = [:]
        for index in 0..<count { kinds[index] = random.below(3) == 0 ? "label" : "view" }
        func element(_ index: Int, depth: Int) -> String {
            let pad = String(repeating: "  ", count: depth)
            let children = (0..<count).filter { parents[$0] == index }
            let tag = kinds[index] == "label" && children.isEmpty ? "label" : "view"
            var attributes = "id=\"v\(index)\""
            if tag == "label" { attributes += " text=\"\(random.pick(["Hi", "Label", "A longer text"]))\"" }
            if random.below(8) == 0 {
                attributes += " installed=\"false\""
            }
            if random.below(6) == 0 { attributes += " horizontalHuggingPriority=\"\(random.pick([250, 251, 750]))\"" }
            var variations = ""
            if random.below(6) == 0 {
                variations += "\(pad)  <variation sizeClass=\"\(random.pick(["compact-any", "any-regular", "regular-regular"]))\" installed=\"\(random.pick(["true", "false"]))\"/>\n"
            }
            guard !children.isEmpty || !variations.isEmpty else { return "\(pad)<\(tag) \(attributes)/>\n" }
            return "\(pad)<\(tag) \(attributes)>\n" + children.map { element($0, depth: depth + 1) }.joined() + variations
                + "\(pad)</\(tag)>\n"
        }
        let horizontal = ["leading", "trailing", "centerX", "leadingMargin", "trailingMargin"]
        let vertical = ["top", "bottom", "centerY", "topMargin", "bottomMargin"]
        var constraints = ""
        var counter = 0
        func add(_ body: String, priority: Int = 1000, variation: Bool = false) {
            counter += 1
            var text = "      <constraint id=\"c\(counter)\" \(body) priority=\"\(priority)\""
            if variation {
                text += ">\n        <variation sizeClass=\"\(random.pick(["compact-regular", "any-compact", "regular-any"]))\" "
                    + "\(random.below(2) == 0 ? "installed=\"false\"" : "constant=\"44\"")/>\n      </constraint>\n"
            } else {
                text += "/>\n"
            }
            constraints += text
        }
        // A base that pins every view on both axes (position and size), so unique layouts are common;
        // each mode then removes some of it or adds more, to reach ambiguity and conflicts too.
        let mode = random.below(3)
        for index in 0..<count {
            let parent = (parents[index] ?? -1) == -1 ? "root" : "v\(parents[index] ?? 0)"
            for (position, size) in [(horizontal, "width"), (vertical, "height")] {
                if mode == 1 && random.below(5) == 0 { continue }
                add("firstItem=\"v\(index)\" firstAttribute=\"\(random.pick(Array(position.prefix(3))))\" "
                    + "secondItem=\"\(parent)\" secondAttribute=\"\(random.pick(position))\" constant=\"\(random.pick(["0", "8", "20", "-10", "standard"]))\"",
                    variation: random.below(9) == 0)
                if mode == 1 && random.below(5) == 0 { continue }
                if index > 0 && random.below(3) == 0 {
                    add("firstItem=\"v\(index)\" firstAttribute=\"\(size)\" secondItem=\"v\(random.below(index))\" "
                        + "secondAttribute=\"\(random.pick(["width", "height"]))\" multiplier=\"\(random.pick(["1", "0.5", "2", "1:3"]))\" constant=\"\(random.pick(["0", "10"]))\"")
                } else {
                    add("firstItem=\"v\(index)\" firstAttribute=\"\(size)\" constant=\"\(random.pick(["20", "44", "100", "150"]))\"",
                        variation: random.below(9) == 0)
                }
            }
        }
        for _ in 0..<(1 + random.below(count)) {
            let first = random.below(count)
            let parent = parents[first] ?? -1
            let siblings = (0..<count).filter { parents[$0] == parent && $0 != first }
            let second = random.below(3) == 0 || siblings.isEmpty ? (parent == -1 ? "root" : "v\(parent)") : "v\(random.pick(siblings))"
            var body = "firstItem=\"v\(first)\" "
            switch random.below(3) {
            case 0: body += "firstAttribute=\"\(random.pick(horizontal))\" secondItem=\"\(second)\" secondAttribute=\"\(random.pick(horizontal))\""
            case 1: body += "firstAttribute=\"\(random.pick(vertical))\" secondItem=\"\(second)\" secondAttribute=\"\(random.pick(vertical))\""
            default: body += "firstAttribute=\"\(random.pick(["width", "height"]))\""
            }
            body += " relation=\"\(random.pick(["equal", "lessThanOrEqual", "greaterThanOrEqual"]))\""
            body += " constant=\"\(random.pick(["0", "8", "100", "-10", "standard"]))\""
            add(body, priority: mode == 2 ? random.pick([1000, 999, 750]) : random.pick([999, 750, 500, 250, 250]),
                variation: random.below(7) == 0)
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <scene version="1" name="Random">
              <view id="root">
            \((0..<count).filter { parents[$0] == -1 }.map { element($0, depth: 2) }.joined())    <constraints>
            \(constraints)    </constraints>
              </view>
            </scene>
            """
    }
}
