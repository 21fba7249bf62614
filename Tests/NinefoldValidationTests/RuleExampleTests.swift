import NinefoldScene
import NinefoldValidation
import Testing

/// Each finding kind's own examples: the ones marked `triggers` must produce it in their class,
/// the others must not.
@Suite struct RuleExampleTests {
    static var rules: [String] { FindingKinds.all.map { $0.identifier } }

    @Test(arguments: rules)
    func examplesBehaveAsDocumented(_ identifier: String) throws {
        let rule = try #require(FindingKinds.rule(identifier))
        #expect(rule.examples.contains { $0.triggers } && rule.examples.contains { !$0.triggers })
        #expect(!rule.summary.isEmpty)
        for (index, example) in rule.examples.enumerated() {
            let scene = try SceneReader().read(string: example.document, path: "\(identifier)-\(index).xml")
            let result = Validator.validate(scene, path: "example", classes: [example.sizeClass])
            let kinds = result.classes.flatMap { $0.findings }.map { $0.kind }
            #expect(kinds.contains(identifier) == example.triggers, "example \(index) of \(identifier): \(kinds)")
            for finding in result.classes.flatMap({ $0.findings }) where finding.kind == identifier {
                #expect(finding.severity == rule.severity)
            }
        }
    }

    @Test func everyKindIsListedOnce() {
        #expect(Set(Self.rules).count == Self.rules.count)
        #expect(Set(Self.rules) == [
            "conflict", "ambiguous-layout", "content-priority-ambiguity", "scrollable-content-size-ambiguity",
            "misplaced-view", "negative-size", "view-outside-superview", "redundant-constraint", "resolution-tie",
            "uninstalled-reference", "shadowed-declaration",
        ])
    }
}
