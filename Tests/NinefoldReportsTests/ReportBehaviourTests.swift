import Foundation
@testable import NinefoldReports
import NinefoldScene
import NinefoldValidation
import Testing

/// What the reports must say, checked on the parsed output rather than on golden bytes.
struct ReportBehaviourTests {
    static let bundled: [String] = {
        let directory = packageRoot.appendingPathComponent("Documents")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".xml") }.sorted().map { "Documents/" + $0 }
    }()

    @Test func everyBundledDocumentIsCovered() {
        #expect(Self.bundled.count >= 10)
    }

    /// The matrix page of every bundled document parses as HTML without errors, and every
    /// view's rectangle in every cell is exactly that class's solved frame.
    @Test(arguments: bundled)
    func matrixHTMLParsesAndDrawsSolvedFrames(_ path: String) throws {
        let document = try Fixtures.document(path)
        let (root, errors) = Markup.parseHTML(MatrixReport(result: document).html())
        #expect(errors == [])
        let page = try #require(root)
        // Self-contained: nothing fetched, nothing run.
        #expect(!page.all.contains { ["script", "link", "img", "iframe", "object"].contains($0.name) })
        #expect(!page.all.contains { $0.attributes.contains { $0.key != "xmlns" && $0.value.contains("://") } })
        let cells = page.all.filter { $0.attributes["data-size-class"] != nil }
        #expect(cells.map { $0.attributes["data-size-class"] ?? "" }.sorted() == SizeClass.all.map { $0.description }.sorted())
        for cell in cells {
            let result = try #require(document.classes.first { $0.sizeClass.description == cell.attributes["data-size-class"] })
            let drawing = try #require(cell.first("svg"))
            try expectRectanglesMatch(drawing, result)
        }
    }

    private func expectRectanglesMatch(_ drawing: Element, _ result: ClassResult) throws {
        let groups = drawing.all.filter { $0.name == "g" && $0.attributes["data-view"] != nil }
        #expect(groups.map { $0.attributes["data-view"] ?? "" } == result.views.map { $0.id })
        for group in groups {
            let id = try #require(group.attributes["data-view"])
            let frame = try #require(result.layout.frame(of: id))
            let rect = try #require(group.children.first { $0.name == "rect" })
            let geometry = ["x", "y", "width", "height"].map { Double(rect.attributes[$0] ?? "") }
            #expect(geometry == [frame.x, frame.y, max(0, frame.width), max(0, frame.height)], "\(result.sizeClass) \(id)")
        }
    }

    @Test func standaloneSVGIsWellFormedAndToScale() throws {
        let document = try Fixtures.document(GoldenTests.matrixDocuments[0])
        let (root, errors) = Markup.parseXML(MatrixReport(result: document).svg())
        #expect(errors == [])
        let svg = try #require(root)
        let drawings = svg.all.filter { $0.name == "svg" && $0.attributes["class"] == "wireframe" }
        #expect(drawings.count == 9)
        // One scale for all nine: rendered width / viewBox width is the same in every cell.
        let scales = Set(drawings.compactMap { drawing -> Double? in
            guard let width = drawing.attributes["width"].flatMap(Double.init),
                  let box = drawing.attributes["viewBox"]?.split(separator: " ").compactMap({ Double($0) }), box.count == 4
            else { return nil }
            return (width / box[2] * 1000).rounded() / 1000
        })
        #expect(scales.count == 1)
        for (drawing, result) in zip(drawings, MatrixReport(result: document).grid.flatMap { $0 }.compactMap { $0 }) {
            try expectRectanglesMatch(drawing, result)
        }
    }

    @Test func reportAndDiffPagesParse() throws {
        let (document, result) = try Fixtures.result("Documents/Broken/conflict.xml", SizeClass(width: .compact, height: .any))
        for page in [ClassReport(document: document, result: result).html(), try DiffFixtures.twoButtons().html(),
                     try DiffFixtures.twoVersions().html()] {
            let (root, errors) = Markup.parseHTML(page)
            #expect(errors == [])
            #expect(root?.first("svg") != nil)
        }
    }

    /// Names and texts from a document are text, never markup, in every format.
    @Test func documentTextIsEscaped() throws {
        let path = "Tests/NinefoldReportsTests/Fixtures/markup-in-names.xml"
        let document = try Fixtures.document(path)
        let matrix = MatrixReport(result: document)
        let (root, errors) = Markup.parseHTML(matrix.html())
        #expect(errors == [])
        let page = try #require(root)
        #expect(!page.all.contains { ["script", "img", "b", "i"].contains($0.name) })
        #expect(page.first("h1")?.text == "<script>alert('x')</script> | *bold* & more")
        let svg = Markup.parseXML(matrix.svg())
        #expect(svg.errors == [])
        #expect(svg.root?.all.contains { $0.name == "script" || $0.name == "img" } == false)
        let markdown = matrix.markdown()
        #expect(!markdown.contains("<script>"))
        #expect(markdown.hasPrefix("### &lt;script&gt;alert('x')&lt;/script&gt; \\| \\*bold\\* &amp; more"))
        let (one, result) = try Fixtures.result(path, .anyAny)
        let report = ClassReport(document: one, result: result)
        #expect(Markup.parseHTML(report.html()).errors == [])
        #expect(!report.markdown().contains("<img"))
    }

    /// The cookbook's own example: Compact-Regular uninstalls constraints 2 and 5 and installs 7, 8 and 9.
    @Test func diffOfTwoButtonsListsTheCookbooksConstraints() throws {
        let diff = try DiffFixtures.twoButtons()
        #expect(diff.constraintsUninstalled.map { $0.id } == ["c2", "c5"])
        #expect(diff.constraintsInstalled.map { $0.id } == ["c7", "c8", "c9"])
        #expect(diff.constraintsChanged.isEmpty)
        #expect(diff.viewsInstalled.isEmpty && diff.viewsUninstalled.isEmpty)
        #expect(diff.constraintsUninstalled.map { $0.line } == [12, 20])
        #expect(diff.frames.map { $0.view } == ["root", "shortButton", "longButton"])
        let long = try #require(diff.frames.first { $0.view == "longButton" })
        #expect(long.from?.x == 304 && long.to?.x == 16)
        #expect(LayoutDiff.delta(long.from, long.to) == "x -288, y +105, width +67")
    }

    @Test func diffOfTwoVersionsFindsEachEdit() throws {
        let diff = try DiffFixtures.twoVersions()
        #expect(diff.viewsInstalled == ["caption"])
        #expect(diff.constraintsInstalled.map { $0.id } == ["c10", "c11"])
        #expect(diff.constraintsUninstalled.isEmpty)
        #expect(diff.constraintsChanged.map { $0.id } == ["c4"])
        #expect(diff.constraintsChanged.first?.changes.first?.hasPrefix("constant 20 → 40") == true)
        #expect(diff.attributeChanges.map { "\($0.view).\($0.attribute)" } == ["shortButton.title"])
        #expect(diff.frames.last.map { $0.from == nil && $0.to != nil } == true)
    }

    @Test func matrixPutsFinalClassesInTheCornersAndAnyAnyInTheCentre() throws {
        let grid = MatrixReport(result: try Fixtures.document(GoldenTests.matrixDocuments[1])).grid
        let names = grid.map { $0.map { $0?.sizeClass.description ?? "" } }
        #expect(names == [["compact-compact", "any-compact", "regular-compact"],
                          ["compact-any", "any-any", "regular-any"],
                          ["compact-regular", "any-regular", "regular-regular"]])
    }

    /// Colour changes nothing but the escape codes: stripped of them, the coloured grid is the plain one.
    @Test func colouredTextIsThePlainTextPlusEscapes() throws {
        let report = MatrixReport(result: try Fixtures.document(GoldenTests.matrixDocuments[2]))
        let coloured = report.text(style: TerminalStyle(enabled: true))
        let plain = report.text(style: .plain)
        #expect(coloured.contains("\u{1B}[31mconflicting\u{1B}[0m"))
        #expect(!plain.contains("\u{1B}"))
        let stripped = coloured.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        #expect(stripped == plain)
    }

    @Test func reportListsProvenanceAndGeneratedConstraintsSeparately() throws {
        let (document, result) = try Fixtures.result(DiffFixtures.twoButtonsPath, DiffFixtures.compactRegular)
        let report = ClassReport(document: document, result: result)
        let c7 = try #require(report.documentConstraints.first { $0.id == "c7" })
        #expect(c7.notation == "Long Button.Leading = Superview.LeadingMargin")
        #expect(c7.provenance == "installed by compact-regular, line 28")
        #expect(report.documentConstraints.map { $0.id } == ["c1", "c3", "c4", "c6", "c7", "c8", "c9"])
        #expect(!report.generatedConstraints.isEmpty)
        #expect(report.generatedConstraints.allSatisfy { $0.origin.documentID == nil })
        let json = report.json().serialized()
        #expect(json.contains("\"generatedConstraints\""))
    }
}
