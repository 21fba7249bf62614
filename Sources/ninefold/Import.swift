import ArgumentParser
import Foundation
import NinefoldInterfaceBuilder
import NinefoldScene

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write each layout of .storyboard and .xib files as a scene document.",
        discussion: """
            Each view controller scene, top-level view and table or collection view cell becomes \
            one scene document, FILE-ID.xml in the output directory (FILE without its extension, \
            ID Interface Builder's object id), keeping IB's ids, so checking it gives the same \
            frames, verdicts and findings as checking the IB file directly. Layouts that cannot be \
            imported are reported with their line and column; the others are still written.

            Exit status: 0 when every layout was written, 2 when one could not be read.
            """
    )

    @Argument(help: "Interface Builder files (.storyboard, .xib), or PATH#ID for one layout.",
              completion: .file(extensions: InterfaceBuilderReader.fileExtensions))
    var files: [String]

    @Option(name: .shortAndLong, help: "The directory to write into (created when missing; default: the current one).")
    var output: String = "."

    @Flag(help: "Only list the layouts, one PATH#ID a line, without writing anything.")
    var list = false

    func validate() throws {
        for file in files where !InterfaceBuilderReader.handles(file) && DocumentLoader.interfaceBuilderSelection(file) == nil {
            throw ValidationError("\(file) is not a .storyboard or .xib file")
        }
    }

    func run() throws {
        var failed = false
        let documents = files.flatMap(DocumentLoader.documents)
        if !list {
            do {
                try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            } catch {
                throw ValidationError("cannot create \(output): \(error.localizedDescription)")
            }
        }
        for document in documents {
            switch document.result {
            case .failure(let error):
                failed = true
                for diagnostic in error.diagnostics { printError(diagnostic.description) }
            case .success(let scene):
                if list {
                    print(document.name)
                    continue
                }
                let path = URL(fileURLWithPath: output).appendingPathComponent(Self.fileName(for: document.name)).path
                try emit(SceneWriter().write(scene), to: path, inputs: files.map(DocumentLoader.filePath))
                print(path)
            }
        }
        if failed { throw ExitCode(2) }
    }

    /// `dir/Main.storyboard#BYZ-38-t0r` → `Main-BYZ-38-t0r.xml`: no `#`, which shells and URLs
    /// treat specially.
    static func fileName(for name: String) -> String {
        guard let (path, id) = DocumentLoader.interfaceBuilderSelection(name) else { return name + ".xml" }
        let file = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return "\(file)-\(id).xml"
    }
}
