import Foundation
@testable import NinefoldReports
import NinefoldScene
import NinefoldValidation
import Testing

/// A member of a JSON object, or an item of an array given as a number: `value["runs", 0, "tool"]`.
extension JSONValue {
    subscript(_ path: Any...) -> JSONValue? {
        var current: JSONValue? = self
        for step in path {
            switch (current, step) {
            case (.object(let members)?, let name as String): current = members.first { $0.0 == name }?.1
            case (.array(let items)?, let index as Int): current = items.indices.contains(index) ? items[index] : nil
            default: return nil
            }
        }
        return current
    }

    var items: [JSONValue] {
        if case .array(let items) = self { return items }
        return []
    }
}

private func validated(_ text: String, path: String) throws -> DocumentResult {
    Validator.validate(try SceneReader().read(string: text, path: path), path: path)
}

private func source(_ relativePath: String) throws -> String {
    try String(contentsOf: packageRoot.appendingPathComponent(relativePath), encoding: .utf8)
}

/// The document text with a comment line inserted after the XML declaration: every element
/// moves one line down and nothing else changes.
private func shiftedDown(_ text: String) -> String {
    text.replacingOccurrences(of: "?>\n", with: "?>\n<!-- a line inserted above everything -->\n")
}

private let unreadable = DocumentOutcome.unreadable(path: "Documents/missing.xml", diagnostics: [
    Diagnostic(message: "no such file", file: "Documents/missing.xml", location: nil),
])

/// One finding once, nothing vanishing, SARIF for code scanning, GitHub annotations, baselines.
@Suite struct CIOutputTests {
    @Test("The quiz view's one problem is one group with its nine classes, printed once in text and xcode")
    func quizViewOnce() throws {
        // The article's quiz view has no vertical constraint at all, so it is ambiguous
        // vertically in every class: one fact, found nine times.
        let quiz = try Fixtures.document("Documents/quiz-view.xml")
        #expect(quiz.classes.map { $0.findings.count }.reduce(0, +) == 9)
        let groups = quiz.findingGroups
        #expect(groups.count == 1)
        #expect(groups.first?.classes == SizeClass.all)
        #expect(groups.first?.classList == "[any-any, compact-any, … 9 classes]")
        let text = ValidationText(style: .plain).render(quiz)
        #expect(text.components(separatedBy: "ambiguous-layout").count == 2)
        #expect(text.contains("ambiguous in all 9 classes"))
        #expect(ValidationXcode.render(quiz).split(separator: "\n").count == 1)
    }

    @Test("Grouping is by what a finding is, not its message: Size Classes' 32 notes are 4 facts")
    func sizeClassesNotes() throws {
        // Blue and Yellow are installed only in regular-regular; c8, c9 name Blue and c10, c11
        // name Yellow, so each of those 4 constraints is left out of the other 8 classes, with a
        // message naming the class: 32 notes, 4 facts, each in 8 classes.
        let document = try Fixtures.document("Documents/size-classes.xml")
        let notes = document.classes.flatMap { $0.findings }.filter { $0.kind == "uninstalled-reference" }
        #expect(notes.count == 32)
        let groups = document.findingGroups.filter { $0.finding.kind == "uninstalled-reference" }
        #expect(groups.map { $0.finding.constraints } == [["c8"], ["c9"], ["c10"], ["c11"]])
        #expect(groups.allSatisfy { $0.classes == SizeClass.all.filter { $0 != SizeClass(width: .regular, height: .regular) } })
        let markdown = MatrixReport(result: document).markdown()
        #expect(markdown.components(separatedBy: "uninstalled-reference").count - 1 == 4)
    }

    @Test("Different problems of one kind stay apart: two views ambiguous on different axes")
    func distinctProblems() throws {
        // a has no horizontal constraint, b no vertical one: two problems of one kind.
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <scene version="1">
              <view id="root">
                <view id="a"/>
                <view id="b"/>
                <constraints>
                  <constraint id="c1" firstItem="a" firstAttribute="top" secondItem="root" secondAttribute="top"/>
                  <constraint id="c2" firstItem="a" firstAttribute="width" constant="10"/>
                  <constraint id="c3" firstItem="a" firstAttribute="height" constant="10"/>
                  <constraint id="c4" firstItem="b" firstAttribute="leading" secondItem="root" secondAttribute="leading"/>
                  <constraint id="c5" firstItem="b" firstAttribute="width" constant="10"/>
                  <constraint id="c6" firstItem="b" firstAttribute="height" constant="10"/>
                </constraints>
              </view>
            </scene>
            """
        let groups = try validated(text, path: "two.xml").findingGroups
        #expect(groups.map { $0.finding.views } == [["a"], ["b"]])
        #expect(groups.map { $0.identity.variables } == [["x"], ["y"]])
        #expect(Set(groups.map(\.fingerprint)).count == 2)
    }

    @Test("--severity filters what is printed: warning drops the notes of a document with only notes")
    func severityFilters() throws {
        // Broken/redundant-constraint.xml has one note (its redundant constraint) and nothing else.
        let document = try Fixtures.document("Documents/Broken/redundant-constraint.xml")
        #expect(document.findingGroups.map { $0.finding.severity } == [.note])
        let kept = document.keeping(atLeast: .warning)
        #expect(kept.findingGroups.isEmpty)
        #expect(!ValidationText(style: .plain).render(kept).contains("note:"))
        #expect(ValidationText(style: .plain).render(document).contains("note: redundant-constraint:"))
        #expect(document.keeping(atLeast: .note).findingGroups.count == 1)
    }

    @Test("The summary line counts documents, classes by status and problems once each")
    func summaryLine() throws {
        // Quiz view: 9 ambiguous classes and one error found in all of them; the missing file
        // counts as a document but has no classes.
        let quiz = try Fixtures.document("Documents/quiz-view.xml")
        #expect(ValidationText.summary([.validated(quiz), unreadable])
                == "2 documents (1 unreadable), 9 classes: 0 unique, 9 ambiguous, 0 conflicting; 1 error")
        // Broken/misplaced-view.xml: unique everywhere, one warning in compact-regular.
        let misplaced = try Fixtures.document("Documents/Broken/misplaced-view.xml")
        #expect(ValidationText.summary([.validated(misplaced)])
                == "1 document, 9 classes: 9 unique, 0 ambiguous, 0 conflicting; 1 warning")
    }

    @Test("JSON: one file is the §5 object; several are an array in which an unreadable one is an entry")
    func jsonAccountsForEveryDocument() throws {
        let quiz = try Fixtures.document("Documents/quiz-view.xml")
        let one = try JSONReader.parse(ValidationJSON.run([.validated(quiz)]).serialized())
        #expect(one["document"] == .string("Documents/quiz-view.xml"))
        #expect(one["findings", 0, "classes"]?.items.count == 9)
        #expect(one["classes"]?.items.count == 9)
        let many = try JSONReader.parse(ValidationJSON.run([.validated(quiz), unreadable]).serialized())
        #expect(many.items.count == 2)
        #expect(many[1, "document"] == .string("Documents/missing.xml"))
        #expect(many[1, "readable"] == .bool(false))
        #expect(many[1, "errors", 0, "message"] == .string("no such file"))
        #expect(many[1, "errors", 0, "line"] == .number(1) && many[1, "errors", 0, "column"] == .number(1))
        let alone = try JSONReader.parse(ValidationJSON.run([unreadable]).serialized())
        #expect(alone["readable"] == .bool(false))
        let schema = try SchemaChecker(root: JSONReader.parse(source("Schemas/report.schema.json")))
        #expect(schema.errors(many) == [])
        #expect(schema.errors(alone) == [])
    }

    func sarifSchema() throws -> SchemaChecker {
        SchemaChecker(root: try JSONReader.parse(source("Tests/NinefoldReportsTests/Fixtures/sarif-2.1.0-subset.schema.json")))
    }

    @Test("SARIF of the whole corpus and an unreadable document conforms to the SARIF 2.1.0 schema")
    func sarifConformsToSchema() throws {
        let outcomes = ValidationFormatTests.results.map(DocumentOutcome.validated) + [unreadable]
        let sarif = try JSONReader.parse(ValidationSARIF.render(outcomes, version: "0.1.0", exitCode: 2).serialized())
        let checker = try sarifSchema()
        #expect(checker.errors(sarif) == [])
        // The checker bites: a line 0, an invented property and an unknown level are refused,
        // as the full schema refuses them.
        let bad = [
            #"{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "n"}}, "results": [{"message": {"text": "m"}, "locations": [{"physicalLocation": {"region": {"startLine": 0}}}]}]}]}"#,
            #"{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "n"}}, "results": [{"message": {"text": "m"}, "sizeClass": "any-any"}]}]}"#,
            #"{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "n"}}, "results": [{"message": {"text": "m"}, "level": "fatal"}]}]}"#,
            #"{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "n", "rules": [{"id": "a", "helpUri": "not a uri"}]}}}]}"#,
            #"{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "n"}}, "invocations": [{"exitCode": 1}]}]}"#,
        ]
        for text in bad { #expect(!checker.errors(try JSONReader.parse(text)).isEmpty, "\(text)") }
    }

    @Test("SARIF: the unreadable document is a result at line 1, column 1; invocations carry the exit status")
    func sarifUnreadableAndInvocation() throws {
        let sarif = try JSONReader.parse(ValidationSARIF.render([unreadable], version: "t", exitCode: 2).serialized())
        let result = try #require(sarif["runs", 0, "results", 0])
        #expect(result["ruleId"] == .string("unreadable-document"))
        #expect(result["locations", 0, "physicalLocation", "artifactLocation", "uri"] == .string("Documents/missing.xml"))
        #expect(result["locations", 0, "physicalLocation", "region", "startLine"] == .number(1))
        #expect(sarif["runs", 0, "invocations", 0, "exitCode"] == .number(2))
        #expect(sarif["runs", 0, "invocations", 0, "executionSuccessful"] == .bool(false))
        let clean = try JSONReader.parse(ValidationSARIF.render([], version: "t", exitCode: 1).serialized())
        #expect(clean["runs", 0, "invocations", 0, "executionSuccessful"] == .bool(true))
    }

    @Test("SARIF: a conflict's other constraints are relatedLocations at their own lines")
    func sarifRelatedLocations() throws {
        // Broken/conflict.xml: c1 (line 10), c2 (line 11) and c3 (line 12) cannot hold in the
        // 375-point classes; c3 is the one left out, so the result is at line 12 and c1, c2 are related.
        let document = try Fixtures.document("Documents/Broken/conflict.xml")
        let sarif = try JSONReader.parse(ValidationSARIF.render([.validated(document)], version: "t", exitCode: 1).serialized())
        let result = try #require(sarif["runs", 0, "results"]?.items.first { $0["ruleId"] == .string("conflict") })
        #expect(result["locations", 0, "physicalLocation", "region", "startLine"] == .number(12))
        let related = result["relatedLocations"]?.items ?? []
        #expect(related.map { $0["physicalLocation", "region", "startLine"] } == [.number(10), .number(11)])
        #expect(related.map { $0["message", "text"] } == [.string("constraint 'c1'"), .string("constraint 'c2'")])
        #expect(result["properties", "sizeClasses"] == .array([.string("compact-any"), .string("compact-regular")]))
    }

    @Test("SARIF fingerprints are the same on every run and when lines move; lines follow the move")
    func fingerprintsSurviveLineMoves() throws {
        for path in ["Documents/Broken/conflict.xml", "Documents/Broken/resolution-tie.xml",
                     "Documents/Broken/shadowed-declaration.xml", "Documents/size-classes.xml"] {
            let text = try source(path)
            let before = try validated(text, path: path).findingGroups
            let again = try validated(text, path: path).findingGroups
            let after = try validated(shiftedDown(text), path: path).findingGroups
            #expect(!before.isEmpty, "\(path)")
            #expect(before.map(\.fingerprint) == again.map(\.fingerprint), "\(path)")
            #expect(before.map(\.fingerprint) == after.map(\.fingerprint), "\(path)")
            #expect(before.map { ($0.finding.location?.line ?? 0) + 1 } == after.map { $0.finding.location?.line ?? 0 }, "\(path)")
        }
        // The fingerprint names the document: the same problem in another file is another alert.
        let quiz = try source("Documents/quiz-view.xml")
        #expect(try validated(quiz, path: "a.xml").findingGroups.map(\.fingerprint)
                != validated(quiz, path: "b.xml").findingGroups.map(\.fingerprint))
    }

    @Test("Every SARIF rule's helpUri points at a heading of Documentation/Findings.md")
    func helpURIsResolve() throws {
        let sarif = try JSONReader.parse(ValidationSARIF.render([], version: "t", exitCode: 0).serialized())
        let headings = Set(try source("Documentation/Findings.md").split(separator: "\n")
            .filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) })
        let rules = sarif["runs", 0, "tool", "driver", "rules"]?.items ?? []
        #expect(rules.count == FindingKinds.all.count + 1)
        for rule in rules {
            guard case .string(let id)? = rule["id"], case .string(let uri)? = rule["helpUri"] else {
                Issue.record("rule without id or helpUri"); continue
            }
            #expect(uri == ValidationSARIF.documentationURI + "#" + id)
            #expect(headings.contains(id), "no heading for \(id)")
        }
    }

    @Test("A conflict in one class only suggests uninstalling in that class before lowering a priority")
    func oneClassConflictSuggestion() throws {
        // Fixtures/one-class-conflict.xml installs c3 (width 700) only in compact-regular, whose
        // canvas is 375 wide: conflicting there, unique in the other eight classes.
        let document = try Fixtures.document("Tests/NinefoldReportsTests/Fixtures/one-class-conflict.xml")
        #expect(document.classes.filter { $0.status == .conflicting }.map(\.sizeClass) == [SizeClass(width: .compact, height: .regular)])
        let conflict = try #require(document.findingGroups.first { $0.finding.kind == "conflict" })
        let suggestion = try #require(conflict.finding.suggestion)
        #expect(suggestion.hasPrefix("this conflict exists only in compact-regular: uninstall one of"))
        #expect(suggestion.contains("<variation sizeClass=\"compact-regular\" installed=\"false\"/>"))
        #expect(suggestion.range(of: "uninstall")!.lowerBound < suggestion.range(of: "lower its priority")!.lowerBound)
        // Broken/conflict.xml conflicts in two classes: the general suggestion stays.
        let twoClasses = try Fixtures.document("Documents/Broken/conflict.xml")
        #expect(twoClasses.findingGroups.first { $0.finding.kind == "conflict" }?.finding.suggestion
                == "remove one of these constraints or lower its priority below 1000")
    }

    @Test("A view overflowing its superview: the message names the edge, the suggestion the missing constraint")
    func overflowMessage() throws {
        // Broken/view-outside-superview.xml: the badge's top is 50 above the root's bottom (c2)
        // and it is 80 tall (c4), so it hangs 30 pt past the bottom edge; nothing ties its bottom.
        let document = try Fixtures.document("Documents/Broken/view-outside-superview.xml")
        let finding = try #require(document.findingGroups.first { $0.finding.kind == "view-outside-superview" }?.finding)
        #expect(finding.message.hasPrefix("Badge extends 30 pt past the bottom edge of root"))
        #expect(finding.suggestion == "no constraint ties the bottom edge of Badge to root: add Badge.Bottom <= root.Bottom; "
                + "c2 (line 10), c4 (line 12) place it instead")
        // With the bottom pinned past the edge instead, that constraint is named as the wrong one.
        let pinned = try source("Documents/Broken/view-outside-superview.xml")
            .replacingOccurrences(of: #"firstItem="badge" firstAttribute="top" secondItem="root" secondAttribute="bottom" constant="-50""#,
                                  with: #"firstItem="badge" firstAttribute="bottom" secondItem="root" secondAttribute="bottom" constant="30""#)
        let wrong = try validated(pinned, path: "pinned.xml").findingGroups.first { $0.finding.kind == "view-outside-superview" }
        #expect(wrong?.finding.suggestion?.hasPrefix("correct c2 (line 10), which puts the bottom edge of Badge outside root") == true)
    }

    @Test("GitHub annotations: one workflow command per problem, escaped as the runner expects")
    func githubAnnotations() throws {
        let quiz = try Fixtures.document("Documents/quiz-view.xml")
        let lines = ValidationGitHub.render(.validated(quiz)).split(separator: "\n")
        #expect(lines.count == 1)
        // The quiz view element is on line 9, column 5 of the document.
        #expect(lines.first?.hasPrefix("::error file=Documents/quiz-view.xml,line=9,col=5,title=ninefold ambiguous-layout::"
                                       + "[any-any, compact-any, … 9 classes] Quiz View is not determined vertically") == true)
        #expect(lines.first?.contains("%0A→ add a vertical position constraint") == true)
        #expect(ValidationGitHub.annotation(.note, file: "a,b:c.xml", location: nil, title: "t", message: "50% done\r\n")
                == "::notice file=a%2Cb%3Ac.xml,title=t::50%25 done%0D%0A\n")
        #expect(ValidationGitHub.render(unreadable)
                == "::error file=Documents/missing.xml,line=1,col=1,title=ninefold%3A cannot read the document::no such file\n")
    }

    @Test("A scene of an Interface Builder file (PATH#ID) is located in PATH for code scanning and annotations")
    func interfaceBuilderDocuments() {
        #expect(FindingIdentity.file(of: "App/Main.storyboard#BYZ-38-t0r") == "App/Main.storyboard")
        #expect(FindingIdentity.file(of: "App/Cell.xib#iN0-l3-epB") == "App/Cell.xib")
        #expect(FindingIdentity.file(of: "Documents/odd#name.xml") == "Documents/odd#name.xml")
        #expect(ValidationSARIF.uri("App/Main.storyboard#BYZ-38-t0r") == "App/Main.storyboard")
        #expect(ValidationSARIF.uri("Documents/with space.xml") == "Documents/with%20space.xml")
        #expect(ValidationSARIF.uri("/abs/x.xml") == "file:///abs/x.xml")
        #expect(ValidationGitHub.annotation(.error, file: "App/Main.storyboard#BYZ-38-t0r", location: SourceLocation(line: 3, column: 9),
                                            title: "t", message: "m") == "::error file=App/Main.storyboard,line=3,col=9,title=t::m\n")
        // Two scenes of one storyboard are two documents: their fingerprints differ.
        let finding = Finding(kind: "ambiguous-layout", severity: .error, message: "m", views: ["v"])
        #expect(FindingIdentity(finding).fingerprint(document: "Main.storyboard#a")
                != FindingIdentity(finding).fingerprint(document: "Main.storyboard#b"))
    }

    @Test("Baselines: recorded findings are not reported again, even after lines move; new ones are")
    func baselines() throws {
        let path = "Documents/Broken/view-outside-superview.xml"
        let text = try source(path)
        let today = try validated(text, path: path)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ninefold-baseline-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Baseline([today]).encoded().write(to: file)
        let accepted = try Baseline.read(file.path).fingerprints
        #expect(accepted.count == today.findingGroups.count)
        // Same findings, lines moved, plus a new view with no constraints (ambiguous both ways).
        let edited = shiftedDown(text).replacingOccurrences(
            of: #"<view id="badge""#, with: "<view id=\"stray\" userLabel=\"Stray\"/>\n    <view id=\"badge\"")
        let tomorrow = try validated(edited, path: path).removing(fingerprints: accepted)
        #expect(tomorrow.findingGroups.map { $0.finding.kind } == ["ambiguous-layout"])
        #expect(tomorrow.findingGroups.first?.finding.views == ["stray"])
        // The file is deterministic and refuses what is not a baseline.
        #expect(try Baseline([today]).encoded() == Baseline([today]).encoded())
        try Data(#"{"findings": []}"#.utf8).write(to: file)
        #expect(throws: Baseline.ReadError.self) { try Baseline.read(file.path) }
    }

    @Test("Colour: never on a dumb terminal, with NO_COLOR, or when not a terminal")
    func colourRules() {
        #expect(TerminalStyle.colourWanted(environment: ["TERM": "xterm-256color"], isTerminal: true))
        #expect(!TerminalStyle.colourWanted(environment: ["TERM": "dumb"], isTerminal: true))
        #expect(!TerminalStyle.colourWanted(environment: ["TERM": "xterm", "NO_COLOR": "1"], isTerminal: true))
        #expect(TerminalStyle.colourWanted(environment: ["TERM": "xterm", "NO_COLOR": ""], isTerminal: true))
        #expect(!TerminalStyle.colourWanted(environment: ["TERM": "xterm"], isTerminal: false))
    }

    @Test("Index: an unreadable document has a row; squares show the worst finding, not only the status")
    func indexPage() throws {
        // Broken/negative-size.xml is unique in every class but has an error in compact-any and
        // compact-regular: those squares are red, the other seven green.
        let negative = try Fixtures.document("Documents/Broken/negative-size.xml")
        let page = IndexPage(entries: [IndexPage.Entry(result: negative, link: "negative-size.html"),
                                       IndexPage.Entry(outcome: unreadable, link: "missing.html")]).html()
        let (root, errors) = Markup.parseHTML(page)
        #expect(errors == [])
        let dots = (root?.all ?? []).filter { ($0.attributes["class"] ?? "").hasPrefix("dot ") && $0.attributes["title"] != nil }
        #expect(dots.count == 9)
        let red = dots.filter { $0.attributes["class"] == "dot error unique" }.compactMap { $0.attributes["title"] }
        #expect(red.map { String($0.prefix { $0 != ":" }) } == ["compact-any", "compact-regular"])
        #expect(dots.filter { $0.attributes["class"] == "dot clean unique" }.count == 7)
        #expect(page.contains("Documents/missing.xml:1:1: error: no such file"))
        #expect(page.contains("cannot be read"))
    }
}
