import Foundation
import NinefoldReports
import NinefoldScene
import NinefoldValidation
import Testing

/// Every report format, byte for byte, on bundled documents: a unique one with size-class
/// variations, the article's ambiguous quiz view, and a conflicting one. Review a changed golden
/// file by eye (and its HTML in a browser) before committing it.
struct GoldenTests {
    static let matrixDocuments = [
        "Documents/two-buttons-with-size-class-based-layouts.xml",
        "Documents/quiz-view.xml",
        "Documents/Broken/conflict.xml",
    ]

    static func stem(_ path: String) -> String {
        URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    }

    @Test(arguments: matrixDocuments)
    func matrix(_ path: String) throws {
        let report = MatrixReport(result: try Fixtures.document(path))
        let name = "matrix-" + Self.stem(path)
        try Golden.check(report.text(style: .plain), name + ".txt")
        try Golden.check(report.html(), name + ".html")
        try Golden.check(report.svg(), name + ".svg")
        try Golden.check(report.markdown(), name + ".md")
        try Golden.check(report.json().serialized(), name + ".json")
    }

    @Test(arguments: [
        ("Documents/two-buttons-with-size-class-based-layouts.xml", SizeClass(width: .compact, height: .regular)),
        ("Documents/quiz-view.xml", SizeClass.anyAny),
        ("Documents/Broken/conflict.xml", SizeClass(width: .compact, height: .any)),
        ("Documents/simple-stack-view.xml", SizeClass.anyAny),
    ])
    func report(_ path: String, _ sizeClass: SizeClass) throws {
        let (document, result) = try Fixtures.result(path, sizeClass)
        let report = ClassReport(document: document, result: result)
        let name = "report-\(Self.stem(path))-\(sizeClass)"
        try Golden.check(report.text(style: .plain), name + ".txt")
        try Golden.check(report.html(), name + ".html")
        try Golden.check(report.markdown(), name + ".md")
        try Golden.check(report.json().serialized(), name + ".json")
    }

    @Test func diffBetweenClasses() throws {
        let diff = try DiffFixtures.twoButtons()
        let name = "diff-two-buttons-any-any-compact-regular"
        try Golden.check(diff.text(style: .plain), name + ".txt")
        try Golden.check(diff.html(), name + ".html")
        try Golden.check(diff.markdown(), name + ".md")
        try Golden.check(diff.json().serialized(), name + ".json")
    }

    @Test func diffBetweenVersions() throws {
        let diff = try DiffFixtures.twoVersions()
        let name = "diff-two-buttons-versions-any-any"
        try Golden.check(diff.text(style: .plain), name + ".txt")
        try Golden.check(diff.html(), name + ".html")
        try Golden.check(diff.markdown(), name + ".md")
        try Golden.check(diff.json().serialized(), name + ".json")
    }

    @Test func index() throws {
        let entries = try Self.matrixDocuments.map { path in
            IndexPage.Entry(result: try Fixtures.document(path), link: Self.stem(path) + ".html")
        }
        try Golden.check(IndexPage(entries: entries).html(), "index.html")
    }

    /// The same input gives the same bytes, even though validation uses sets and dictionaries.
    @Test func outputIsDeterministic() throws {
        let first = MatrixReport(result: try Fixtures.document(Self.matrixDocuments[0]))
        let second = MatrixReport(result: try Fixtures.document(Self.matrixDocuments[0]))
        #expect(first.html() == second.html())
        #expect(first.json().serialized() == second.json().serialized())
    }
}

enum DiffFixtures {
    static let twoButtonsPath = "Documents/two-buttons-with-size-class-based-layouts.xml"
    static let edited = "Tests/NinefoldReportsTests/Fixtures/two-buttons-edited.xml"
    static let compactRegular = SizeClass(width: .compact, height: .regular)

    static func twoButtons() throws -> LayoutDiff {
        let document = try Fixtures.document(twoButtonsPath, classes: [.anyAny, compactRegular])
        let from = try #require(document.classes.first { $0.sizeClass == .anyAny })
        let to = try #require(document.classes.first { $0.sizeClass == compactRegular })
        return LayoutDiff(from: from, to: to, fromLabel: "any-any", toLabel: "compact-regular")
    }

    static func twoVersions() throws -> LayoutDiff {
        let (_, old) = try Fixtures.result(twoButtonsPath, .anyAny)
        let (_, new) = try Fixtures.result(edited, .anyAny)
        return LayoutDiff(from: old, to: new, fromLabel: "old (any-any)", toLabel: "new (any-any)")
    }
}
