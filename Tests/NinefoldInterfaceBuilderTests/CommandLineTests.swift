import Foundation
import NinefoldScene
import Testing

/// `ninefold` itself on IB files, as a user runs it: every command takes .storyboard/.xib,
/// findings cite the IB file, `import` writes readable scene documents, `report` shows what
/// Interface Builder said. The binary is the one `swift build --build-tests` put beside the
/// test bundle.
struct CommandLineTests {
    struct Outcome {
        var status: Int32
        var output: String
        var errors: String
    }

    static func ninefold(_ arguments: String...) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("ninefold")
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
                       errors: String(decoding: err, as: UTF8.self))
    }

    @Test func validateCitesTheIBFileAndChecksTheOtherScenes() throws {
        let path = Fixture.path("Mixed.storyboard")
        let run = try Self.ninefold("validate", path, "--format", "xcode")
        // One scene cannot be imported (exit 2); the good one is still checked and its
        // finding cites the storyboard's own line and column, not PATH#ID.
        #expect(run.status == 2)
        #expect(run.errors.contains("\(path):42:29: error: <holographicView> is not a view Ninefold knows"))
        // The view has no vertical constraint in any class: one problem, reported once with its classes.
        #expect(run.output.hasPrefix("\(path):13:29: error: [any-any, compact-any, … 9 classes] ambiguous-layout: "
            + "Gd0-vw-001 is not determined vertically"))
    }

    @Test func reportShowsWhatInterfaceBuilderSaid() throws {
        let run = try Self.ninefold("report", Fixture.path("Mixed.storyboard") + "#Gd0-VC-001", "--class", "any-any")
        #expect(run.status == 1)
        let line = try #require(run.output.split(separator: "\n").first { $0.contains("(Gd0-vw-001)") })
        #expect(line.contains("ambiguous: y ∈ [-∞, ∞]") && line.hasSuffix("Interface Builder said: ambiguous"))
    }

    @Test func aPageNeedsOneLayout() throws {
        let run = try Self.ninefold("matrix", Fixture.path("Basic.storyboard"), "--format", "html")
        #expect(run.status == 2)
        #expect(run.errors.contains("holds 3 layouts; name one as PATH#ID"))
        #expect(run.errors.contains("Basic.storyboard#Cel-ff-006"))
        // In the terminal, every layout is shown in turn.
        let text = try Self.ninefold("matrix", Fixture.path("Basic.storyboard"))
        #expect(text.status == 0)
        for id in ["BYZ-38-t0r", "TVC-dd-004", "Cel-ff-006"] {
            #expect(text.output.contains("Basic.storyboard#\(id)"), "\(id)")
        }
    }

    @Test func importWritesSceneDocumentsTheReaderAccepts() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ninefold-import-\(getpid())").path
        try? FileManager.default.removeItem(atPath: directory)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try Self.ninefold("import", Fixture.path("Basic.storyboard"), Fixture.path("Cells.xib"), "-o", directory)
        #expect(run.status == 0)
        let written = run.output.split(separator: "\n").map(String.init)
        #expect(written.map { URL(fileURLWithPath: $0).lastPathComponent } == [
            "Basic-BYZ-38-t0r.xml", "Basic-TVC-dd-004.xml", "Basic-Cel-ff-006.xml", "Cells-iN0-l3-epB.xml", "Cells-KGk-i7-Jjw.xml",
        ])
        for path in written {
            let scene = try SceneReader().read(contentsOf: path)
            #expect(!scene.allViews.isEmpty)
        }
        let cell = try SceneReader().read(contentsOf: directory + "/Cells-KGk-i7-Jjw.xml")
        #expect(cell.rootKind == .cell && cell.root.id == "H2p-sc-9uM")
        let listed = try Self.ninefold("import", "--list", Fixture.path("Cells.xib"))
        #expect(listed.output == Fixture.path("Cells.xib") + "#iN0-l3-epB\n" + Fixture.path("Cells.xib") + "#KGk-i7-Jjw\n")
    }
}
