import Foundation
import NinefoldScene
import Testing

/// Special files, resource limits and number ranges: each refused at a place, never a hang,
/// a crash or a silently wrong value (Documentation/Reliability.md).
@Suite struct SpecialFileTests {
    func messages(reading path: String) -> [String] {
        do {
            _ = try SceneReader().read(contentsOf: path)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("ninefold-\(getpid())-\(name)").path
    }

    /// A FIFO with no writer blocks `open(2)` unless opened non-blocking; reaching the
    /// expectation at all proves the reader did not wait for a writer.
    @Test func aFIFOWithoutWriterIsRefusedAtOnce() throws {
        let path = temporaryPath("fifo.xml")
        unlink(path)
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        #expect(messages(reading: path) == [
            "\(path):1:1: error: is a pipe (FIFO), not a regular file; scene documents are read from regular files only",
        ])
    }

    /// /dev/zero would never end and /dev/null reads as empty: both are devices, refused by type.
    @Test(arguments: ["/dev/zero", "/dev/null"])
    func aDeviceIsRefused(path: String) {
        #expect(messages(reading: path) == [
            "\(path):1:1: error: is a device, not a regular file; scene documents are read from regular files only",
        ])
    }

    @Test func aDirectoryIsRefusedAtLineOneColumnOne() {
        let directory = repositoryPath("Tests/NinefoldSceneTests/Malformed")
        #expect(messages(reading: directory) == ["\(directory):1:1: error: is a directory, not a scene document"])
    }

    @Test func aMissingFileIsRefusedAtLineOneColumnOne() {
        let path = repositoryPath("Tests/NinefoldSceneTests/Malformed/does-not-exist.xml")
        #expect(messages(reading: path) == ["\(path):1:1: error: no such file"])
    }

    /// A file larger than the limit is refused from its size alone, before reading.
    @Test func anOversizedFileIsRefusedAtLineOneColumnOne() throws {
        let path = temporaryPath("oversized.xml")
        let padding = Data(repeating: 0x20, count: ReadingLimits.standard.maximumFileSize)
        try (Data("<scene version=\"1\">".utf8) + padding).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        #expect(messages(reading: path) == ["\(path):1:1: error: is larger than 8 MiB; scene documents are far smaller"])
    }
}

@Suite struct DocumentTypeTests {
    static let body = "<scene version=\"1\">\n  <view id=\"root\"/>\n</scene>\n"

    /// Quoting a DOCTYPE in a comment (a note about the format, say) declares nothing.
    @Test func aDoctypeInsideACommentIsNotADeclaration() throws {
        let text = "<?xml version=\"1.0\"?>\n<!-- no <!DOCTYPE scene> here -->\n" + Self.body
        let scene = try SceneReader().read(string: text, path: "comment.xml")
        #expect(scene.root.id == "root")
    }

    @Test func aDoctypeInTextIsNotADeclaration() throws {
        let text = "<scene version=\"1\" name=\"&lt;!DOCTYPE x&gt;\">\n  <view id=\"root\"/>\n<!-- <!DOCTYPE --></scene>\n"
        #expect(try SceneReader().read(string: text, path: "text.xml").name == "<!DOCTYPE x>")
    }

    /// After a comment, still in the prolog: a real declaration, refused where it starts (line 3).
    @Test func aDoctypeAfterAPrologCommentIsRefused() {
        let text = "<?xml version=\"1.0\"?>\n<!-- c -->\n  <!DOCTYPE scene [<!ENTITY e \"x\">]>\n" + Self.body
        #expect(throws: DocumentError.self) { try SceneReader().read(string: text, path: "d.xml") }
        do {
            _ = try SceneReader().read(string: text, path: "d.xml")
        } catch {
            #expect(error.diagnostics.map(\.description) == [
                "d.xml:3:3: error: document type declarations (<!DOCTYPE>) are not allowed: scene documents use no DTD or entities",
            ])
        }
    }
}

@Suite struct ResourceLimitTests {
    func messages(_ text: String, limits: ReadingLimits = .standard) -> [String] {
        do {
            _ = try SceneReader(limits: limits).read(string: text, path: "doc.xml")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    static func document(views: Int, onOneLine: Bool = true) -> String {
        let separator = onOneLine ? "" : "\n"
        return "<scene version=\"1\"><view id=\"root\">" + separator
            + (0..<views).map { "<view id=\"v\($0)\"/>" }.joined(separator: separator) + "</view></scene>"
    }

    /// 200,000 views on one line: more elements than any document may hold. Elements count in
    /// document order from the root element (index 0), so index 100,000 — the first one too
    /// many — is `<view id="v99998">` (scene is 0, root 1, v0 is 2). Its column: 35 characters
    /// of `<scene version="1"><view id="root">` then 99,998 views of 14 to 19 characters each.
    @Test func twoHundredThousandViewsAreRefusedAtTheFirstElementTooMany() {
        let text = Self.document(views: 200_000)
        let before = "<scene version=\"1\"><view id=\"root\">" + (0..<99_998).map { "<view id=\"v\($0)\"/>" }.joined()
        #expect(messages(text) == [
            "doc.xml:1:\(before.count + 1): error: the document has more than 100000 elements, the most a document may hold",
        ])
    }

    @Test func viewsBeyondTheLimitAreRefusedAtTheFirstOneTooMany() {
        var limits = ReadingLimits.standard
        limits.maximumViews = 3
        // root, v0, v1 are the three allowed; v2 on line 4 is one too many.
        #expect(messages(Self.document(views: 3, onOneLine: false), limits: limits) == [
            "doc.xml:4:1: error: the scene has more than 3 views, the most a scene may hold",
        ])
        #expect(messages(Self.document(views: 2, onOneLine: false), limits: limits) == [])
    }

    @Test func constraintsBeyondTheLimitAreRefused() {
        var limits = ReadingLimits.standard
        limits.maximumConstraints = 1
        let text = """
            <scene version="1"><view id="root"><view id="a"/><constraints>
            <constraint id="c1" firstItem="a" firstAttribute="width" constant="1"/>
            <constraint id="c2" firstItem="a" firstAttribute="height" constant="1"/>
            </constraints></view></scene>
            """
        #expect(messages(text, limits: limits) == [
            "doc.xml:3:1: error: the scene has more than 1 constraints, the most a scene may hold",
        ])
    }

    /// scene (depth 1) → root (2) → a (3) → b (4) → c (5): with a limit of 4, `c` is refused.
    @Test func nestingBeyondTheLimitIsRefused() {
        var limits = ReadingLimits.standard
        limits.maximumDepth = 4
        let text = "<scene version=\"1\">\n<view id=\"root\">\n<view id=\"a\">\n<view id=\"b\">\n<view id=\"c\"/>\n"
            + "</view></view></view></scene>"
        #expect(messages(text, limits: limits) == [
            "doc.xml:5:1: error: elements are nested more than 4 deep, the deepest a document may nest them",
        ])
    }

    /// Columns are counted once per document, not once per tag from the start of its line: the
    /// schema error on the last of 20,000 one-line views must still name its exact column.
    @Test func theLastTagOfAVeryLongLineHasItsExactColumn() {
        let views = (0..<20_000).map { "<view id=\"v\($0)\"/>" }.joined()
        let prefix = "<scene version=\"1\"><view id=\"root\">" + views
        let text = prefix + "<slider id=\"s\"/></view></scene>"
        let first = messages(text).first ?? ""
        #expect(first.hasPrefix("doc.xml:1:\(prefix.count + 1): error: Element 'slider'"))
    }

    /// Multi-byte characters count once each in a column.
    @Test func columnsCountCharactersNotBytes() {
        let text = "<scene version=\"1\" name=\"ééé\"><view id=\"root\"><slider id=\"s\"/></view></scene>"
        // `<scene version="1" name="ééé">` is 30 characters (36 bytes), `<view id="root">` 16: the slider is at 47.
        #expect(messages(text).first?.hasPrefix("doc.xml:1:47: error: Element 'slider'") == true)
    }
}

/// Every number the format takes has a range (NumberRanges); the edges are accepted, one step
/// beyond is refused at the attribute.
@Suite struct NumberRangeTests {
    static func constraintDocument(_ attributes: String) -> String {
        "<scene version=\"1\">\n<view id=\"root\">\n<view id=\"a\"/>\n<constraints>\n"
            + "<constraint id=\"c\" firstItem=\"a\" firstAttribute=\"width\" secondItem=\"root\" secondAttribute=\"width\" \(attributes)/>\n"
            + "</constraints>\n</view>\n</scene>\n"
    }

    static func labelDocument(_ attributes: String) -> String {
        "<scene version=\"1\">\n<view id=\"root\">\n<label id=\"a\" \(attributes)/>\n</view>\n</scene>\n"
    }

    func messages(_ text: String) -> [String] {
        do {
            _ = try SceneReader().read(string: text, path: "n.xml")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test(arguments: ["constant=\"1000000\"", "constant=\"-1000000\"", "multiplier=\"0.001\"", "multiplier=\"-1000\"",
                      "multiplier=\"1000\"", "multiplier=\"1:1000\"", "constant=\"1e6\""])
    func constraintNumbersAtTheEdgesAreAccepted(attributes: String) {
        #expect(messages(Self.constraintDocument(attributes)) == [])
    }

    /// The constraint starts at column 1 of line 5; `constant`/`multiplier` sit after
    /// `<constraint id="c" firstItem="a" firstAttribute="width" secondItem="root" secondAttribute="width" `, 98 characters.
    @Test(arguments: [
        ("constant=\"1000001\"", "constant '1000001' is out of range: it must be from -1000000 to 1000000"),
        ("constant=\"-1e303\"", "constant '-1e303' is out of range: it must be from -1000000 to 1000000"),
        ("multiplier=\"0.0009\"", "multiplier '0.0009' is out of range: its magnitude must be from 0.001 to 1000"),
        ("multiplier=\"1001\"", "multiplier '1001' is out of range: its magnitude must be from 0.001 to 1000"),
        ("multiplier=\"1:1e-300\"", "multiplier '1:1e-300' is out of range: its magnitude must be from 0.001 to 1000"),
    ])
    func constraintNumbersBeyondTheEdgesAreRefused(attributes: String, message: String) {
        #expect(messages(Self.constraintDocument(attributes)) == ["n.xml:5:99: error: \(message)"])
    }

    /// `<label id="a" ` is 14 characters: the attribute is at column 15 of line 3.
    @Test(arguments: [
        ("fontSize=\"1e308\"", "fontSize '1e308' is out of range: it must be positive and at most 1000"),
        ("fontSize=\"0\"", "fontSize '0' is out of range: it must be positive and at most 1000"),
        ("intrinsicWidth=\"1000001\"", "intrinsicWidth '1000001' is out of range: it must be from 0 to 1000000"),
        ("lastBaselineOffset=\"1e306\"", "lastBaselineOffset '1e306' is out of range: it must be from -1000000 to 1000000"),
        ("firstBaselineOffset=\"-2e6\"", "firstBaselineOffset '-2e6' is out of range: it must be from -1000000 to 1000000"),
        ("numberOfLines=\"99999999999999999999\"",
         "numberOfLines '99999999999999999999' is out of range: it must be from 0 to 10000 (0 means unlimited)"),
    ])
    func viewNumbersBeyondTheEdgesAreRefused(attributes: String, message: String) {
        #expect(messages(Self.labelDocument(attributes)) == ["n.xml:3:15: error: \(message)"])
    }

    @Test func labelNumbersAtTheEdgesAreAccepted() {
        #expect(messages(Self.labelDocument("fontSize=\"1000\" numberOfLines=\"10000\" intrinsicWidth=\"1e6\"")) == [])
    }

    /// `<frame x="0" y="0" width="1e306"`: width at column 20 of line 3; the canvas's width at column 37.
    @Test func framesAndCanvasesAreBounded() {
        let frame = "<scene version=\"1\">\n<view id=\"root\">\n<frame x=\"0\" y=\"0\" width=\"1e306\" height=\"1\"/>\n</view>\n</scene>\n"
        #expect(messages(frame) == ["n.xml:3:20: error: width '1e306' is out of range: it must be from -1000000 to 1000000"])
        let canvas = "<scene version=\"1\">\n<canvas sizeClass=\"any-any\" width=\"0\" height=\"1000001\"/>\n<view id=\"root\"/>\n</scene>\n"
        #expect(messages(canvas) == [
            "n.xml:2:29: error: width '0' is out of range: it must be from 1 to 1000000",
            "n.xml:2:39: error: height '1000001' is out of range: it must be from 1 to 1000000",
        ])
    }
}
