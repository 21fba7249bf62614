import Foundation
import NinefoldReports
import NinefoldScene
import NinefoldValidation
import Testing

private let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

private func files(in folder: String) -> [String] {
    let directory = root.appendingPathComponent(folder).path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasSuffix(".xml") }.sorted().map { directory + "/" + $0 }
}

private func validatedCorpus() -> [DocumentResult] {
    Validator.validate(files: files(in: "Documents") + files(in: "Documents/Broken")).compactMap { try? $0.get() }
}

/// The validate command's output formats, checked on every bundled document, broken ones included.
@Suite struct ValidationFormatTests {
    static let results = validatedCorpus()

    func schema() throws -> SchemaChecker {
        let text = try String(contentsOfFile: root.appendingPathComponent("Schemas/report.schema.json").path, encoding: .utf8)
        return SchemaChecker(root: try JSONReader.parse(text))
    }

    @Test("Every document of the corpus is read")
    func corpusIsRead() {
        #expect(Self.results.count == files(in: "Documents").count + files(in: "Documents/Broken").count)
        #expect(Self.results.count > 20)
    }

    @Test("The JSON of every document conforms to Schemas/report.schema.json")
    func jsonConformsToSchema() throws {
        let checker = try schema()
        for result in Self.results {
            let parsed = try JSONReader.parse(ValidationJSON.document(result).serialized())
            #expect(checker.errors(parsed) == [], "\(result.path)")
        }
        let many = try JSONReader.parse(JSONValue.array(Self.results.map(ValidationJSON.document)).serialized())
        #expect(checker.errors(many) == [])
    }

    @Test("The schema checker rejects what the schema forbids")
    func checkerRejects() throws {
        let checker = try schema()
        let valid = try JSONReader.parse(ValidationJSON.document(try #require(Self.results.first)).serialized())
        #expect(checker.errors(valid) == [])
        let broken: [String] = [
            #"{"classes": []}"#,
            #"{"document": "x", "classes": [{"sizeClass": "any-any", "canvas": {"width": 1, "height": 1}, "status": "fine", "views": [], "findings": []}]}"#,
            #"{"document": "x", "classes": [{"sizeClass": "any-some", "canvas": {"width": 1, "height": 1}, "status": "unique", "views": [], "findings": []}]}"#,
            #"{"document": "x", "classes": [{"sizeClass": "any-any", "canvas": {"width": 1}, "status": "unique", "views": [], "findings": []}]}"#,
            #"{"document": "x", "classes": [{"sizeClass": "any-any", "canvas": {"width": 1, "height": 1}, "status": "unique", "views": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "ambiguous": ["diagonal"]}], "findings": []}]}"#,
            #"{"document": "x", "classes": [{"sizeClass": "any-any", "canvas": {"width": 1, "height": 1}, "status": "unique", "views": [], "findings": [{"severity": "error", "kind": "conflict", "message": "m", "views": [], "constraints": [], "line": 1.5}]}]}"#,
        ]
        for text in broken {
            #expect(!checker.errors(try JSONReader.parse(text)).isEmpty, "\(text)")
        }
    }

    @Test("SCENE-FORMAT §5: a conflicting class lists its minimal set and the line")
    func jsonConflict() throws {
        let result = try #require(Self.results.first { $0.path.hasSuffix("Broken/conflict.xml") })
        let json = try JSONReader.parse(ValidationJSON.document(result).serialized())
        guard case .object(let document) = json, case .array(let classes)? = document.first(where: { $0.0 == "classes" })?.1
        else { Issue.record("not a document object"); return }
        #expect(classes.count == 9)
        let compact = classes.first { value in
            if case .object(let members) = value { return members.contains { $0.0 == "sizeClass" && $0.1 == .string("compact-regular") } }
            return false
        }
        guard case .object(let members)? = compact else { Issue.record("no compact-regular"); return }
        #expect(members.first { $0.0 == "status" }?.1 == .string("conflicting"))
        guard case .array(let findings)? = members.first(where: { $0.0 == "findings" })?.1,
              case .object(let finding)? = findings.first else { Issue.record("no finding"); return }
        #expect(finding.first { $0.0 == "kind" }?.1 == .string("conflict"))
        #expect(finding.first { $0.0 == "constraints" }?.1 == .array([.string("c1"), .string("c2"), .string("c3")]))
        #expect(finding.first { $0.0 == "line" }?.1 == .number(12))
    }

    @Test("xcode: one path:line:col: severity: [classes] line per problem, not per class")
    func xcodeLines() throws {
        for result in Self.results {
            let lines = ValidationXcode.render(result).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count == result.findingGroups.count, "\(result.path)")
            for line in lines {
                let pattern = #"^.+\.xml(:\d+:\d+)?: (error|warning|note): \[[a-z]+-[a-z]+(, [a-z]+-[a-z]+)*(, … \d classes)?\] [a-z-]+: .+$"#
                #expect(line.range(of: pattern, options: .regularExpression) != nil, "\(line)")
                #expect(line.hasPrefix(result.path))
            }
        }
    }

    @Test("SARIF 2.1.0: a rule per finding kind (and unreadable documents), a result per problem with a physical location")
    func sarif() throws {
        let text = ValidationSARIF.render(Self.results.map(DocumentOutcome.validated), version: "test", exitCode: 1).serialized()
        let sarif = try JSONReader.parse(text)
        guard case .object(let top) = sarif, case .array(let runs)? = top.first(where: { $0.0 == "runs" })?.1,
              case .object(let run)? = runs.first,
              case .object(let tool)? = run.first(where: { $0.0 == "tool" })?.1,
              case .object(let driver)? = tool.first(where: { $0.0 == "driver" })?.1,
              case .array(let rules)? = driver.first(where: { $0.0 == "rules" })?.1,
              case .array(let results)? = run.first(where: { $0.0 == "results" })?.1
        else { Issue.record("SARIF shape"); return }
        #expect(top.first { $0.0 == "version" }?.1 == .string("2.1.0"))
        #expect(rules.count == FindingKinds.all.count + 1)
        #expect(results.count == Self.results.map { $0.findingGroups.count }.reduce(0, +))
        let ruleIDs = rules.compactMap { rule -> String? in
            if case .object(let members) = rule, case .string(let id)? = members.first(where: { $0.0 == "id" })?.1 { return id }
            return nil
        }
        for case .object(let result) in results {
            guard case .string(let ruleID)? = result.first(where: { $0.0 == "ruleId" })?.1,
                  case .number(let index)? = result.first(where: { $0.0 == "ruleIndex" })?.1 else {
                Issue.record("result without ruleId or ruleIndex"); continue
            }
            // ruleIndex points at the rule whose id is the result's ruleId.
            #expect(ruleIDs.indices.contains(Int(index)) && ruleIDs[Int(index)] == ruleID)
            guard case .array(let locations)? = result.first(where: { $0.0 == "locations" })?.1 else {
                Issue.record("result without locations"); continue
            }
            #expect(locations.count == 1)
        }
    }

    @Test("text: statuses on one line, each problem once, plain without a terminal, coloured with one")
    func text() throws {
        let quiz = try #require(Self.results.first { $0.path.hasSuffix("quiz-view.xml") })
        let plain = ValidationText(style: .plain).render(quiz)
        #expect(!plain.contains("\u{1B}["))
        #expect(plain.hasPrefix(quiz.path))
        // Every class is ambiguous: one status line says so rather than nine.
        #expect(plain.contains("\n  ambiguous in all 9 classes\n"))
        #expect(plain.contains("error: ambiguous-layout: Quiz View is not determined vertically: y ∈ [-∞, ∞]"))
        let coloured = ValidationText(style: TerminalStyle(enabled: true)).render(quiz)
        #expect(coloured.contains("\u{1B}[33mambiguous\u{1B}[0m"))
    }

    @Test("Output is deterministic: validating again gives byte-identical output in every format")
    func deterministic() {
        let again = validatedCorpus()
        let render: ([DocumentResult]) -> String = { results in
            results.map { ValidationText(style: .plain).render($0) + ValidationXcode.render($0)
                + ValidationJSON.document($0).serialized() }.joined()
                + ValidationSARIF.render(results.map(DocumentOutcome.validated), version: "test", exitCode: 1).serialized()
        }
        #expect(render(Self.results) == render(again))
    }
}
