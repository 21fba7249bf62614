import Foundation
import NinefoldScene
import NinefoldValidation
import Testing

/// The verdict of every bundled recipe in all nine classes, reasoned from the recipes:
/// each cookbook recipe is built to solve uniquely everywhere; the article's quiz view is
/// ambiguous everywhere (nothing places it vertically); the size-class recipe's compact-regular
/// constraints put the long button below the short one, which sits 20 points above the bottom
/// guide, so it hangs off the screen, and with both buttons spanning the margins one of the
/// five horizontal constraints is implied by the others; SizeClasses' blue and yellow boxes are
/// installed only in regular-regular, so their four constraints are left out elsewhere.
@Suite struct RecipeVerdictTests {
    struct Expectation: Sendable {
        var document: String
        var status: [String: Status] = [:]           // default unique
        var findings: [String: [String]] = [:]        // class → sorted kinds; default none
        var defaultFindings: [String] = []
    }

    static let expectations: [Expectation] = [
        Expectation(document: "simple-label-and-text-field.xml"),
        Expectation(document: "dynamic-height-label-and-text-field.xml"),
        Expectation(document: "fixed-height-columns.xml"),
        Expectation(document: "dynamic-height-columns.xml"),
        Expectation(document: "two-equal-width-buttons.xml"),
        Expectation(document: "three-equal-width-buttons.xml"),
        Expectation(document: "two-buttons-with-equal-spacing.xml"),
        Expectation(document: "two-buttons-with-size-class-based-layouts.xml",
                    findings: ["compact-regular": ["redundant-constraint", "view-outside-superview"]]),
        Expectation(document: "simple-stack-view.xml"),
        // First-baseline rows hug their first view's top, so a taller view in the row (the text
        // field; the Delete button) sticks out above it, as in UIKit (Documentation/StackViews.md).
        Expectation(document: "nested-stack-views.xml", defaultFindings: Array(repeating: "view-outside-superview", count: 3)),
        Expectation(document: "dynamic-stack-view.xml", defaultFindings: Array(repeating: "view-outside-superview", count: 2)),
        Expectation(document: "diary-table-view-cell.xml"),
        Expectation(document: "full-screen-background.xml"),
        Expectation(document: "quiz-view.xml",
                    status: Dictionary(uniqueKeysWithValues: SizeClass.all.map { ($0.description, Status.ambiguous) }),
                    defaultFindings: ["ambiguous-layout"]),
        Expectation(document: "size-classes.xml", findings: ["regular-regular": []],
                    defaultFindings: Array(repeating: "uninstalled-reference", count: 4)),
    ]

    @Test func everyRecipeHasAnExpectation() {
        let listed = Set(Self.expectations.map { $0.document })
        let bundled = Set(((try? FileManager.default.contentsOfDirectory(atPath: repositoryPath("Documents"))) ?? [])
            .filter { $0.hasSuffix(".xml") })
        #expect(listed == bundled)
    }

    @Test(arguments: expectations.map { $0.document })
    func verdictsInAllNineClasses(_ document: String) throws {
        let expectation = try #require(Self.expectations.first { $0.document == document })
        let result = try validateDocument("Documents/" + document)
        #expect(result.classes.map { $0.sizeClass } == SizeClass.all)
        for sizeClass in result.classes {
            let name = sizeClass.sizeClass.description
            #expect(sizeClass.status == (expectation.status[name] ?? .unique), "\(document) \(name)")
            #expect(sizeClass.findings.map { $0.kind }.sorted() == (expectation.findings[name] ?? expectation.defaultFindings),
                    "\(document) \(name)")
        }
    }
}

/// Every broken document yields exactly its intended finding, in exactly the intended classes.
@Suite struct BrokenDocumentTests {
    static let all = SizeClass.all.map { $0.description }
    static let expected: [String: [String]] = [
        "conflict.xml": ["compact-any", "compact-regular"],
        "ambiguous-layout.xml": all,
        "content-priority-ambiguity.xml": all,
        "scrollable-content-size-ambiguity.xml": all,
        "misplaced-view.xml": ["compact-regular"],
        "negative-size.xml": ["compact-any", "compact-regular"],
        "view-outside-superview.xml": all,
        "redundant-constraint.xml": all,
        "resolution-tie.xml": ["compact-regular"],
        "uninstalled-reference.xml": all.filter { $0 != "regular-regular" },
        "shadowed-declaration.xml": ["compact-any"],
    ]

    @Test(arguments: expected.keys.sorted())
    func yieldsExactlyItsFinding(_ file: String) throws {
        let kind = String(file.dropLast(4))
        let result = try validateDocument("Documents/Broken/" + file)
        let classes = result.classes.filter { !$0.findings.isEmpty }.map { $0.sizeClass.description }
        #expect(classes == Self.expected[file])
        #expect(Set(result.classes.flatMap { $0.findings }.map { $0.kind }) == [kind])
    }

    @Test func conflictNamesTheMinimalSetAndTheRecovery() throws {
        let result = try validateDocument("Documents/Broken/conflict.xml")
        let compact = try #require(result.classes.first { $0.sizeClass == sizeClass("compact-regular") })
        #expect(compact.status == .conflicting)
        let finding = try #require(compact.findings.first)
        #expect(finding.constraints == ["c1", "c2", "c3"])
        #expect(finding.location?.line == 12)
        #expect(finding.message.contains("Banner.Width >= 500"))
        // Recovered by leaving c3 out: the banner still spans the margins.
        #expect(compact.views.first { $0.id == "banner" }?.frame == Frame(x: 16, y: 20, width: 343, height: 44))
    }

    @Test func ambiguityGivesTheRangeAndASuggestion() throws {
        let result = try validateDocument("Documents/Broken/ambiguous-layout.xml")
        let finding = try #require(result.classes.first?.findings.first)
        #expect(finding.ranges.map { $0.description } == ["y ∈ [-∞, ∞]"])
        #expect(finding.suggestion == "add a vertical position constraint (top or centre Y)")
        #expect(result.classes.first?.views.first { $0.id == "card" }?.ambiguous == [.vertical])
    }

    @Test func contentPriorityTieNamesBothViewsAndThePriority() throws {
        let result = try validateDocument("Documents/Broken/content-priority-ambiguity.xml")
        let finding = try #require(result.classes.first?.findings.first)
        #expect(finding.views == ["title", "value"])
        #expect(finding.message.contains("horizontally at priority 251"))
        #expect(finding.suggestion?.contains("Title Label") == true)
    }
}
