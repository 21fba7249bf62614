import FuzzSupport
import NinefoldInterfaceBuilder
import NinefoldScene

/// The Interface Builder reader on arbitrary bytes (seeded with the reader's storyboard and xib
/// fixtures, mutated with `Fuzz/interface-builder.dict`). Checked beyond "no crash, no hang, no
/// memory error", the reader's promises and nothing later (solving imported layouts is
/// fuzz-pipeline's, which takes IB files too):
/// - a refused file, and every layout that cannot be imported, carries diagnostics, each
///   naming the file and a line (1 … lines + 1) and column (≥ 1) inside it;
/// - every imported scene passes the scene format's whole-document checks, as the reader
///   promises before any later stage sees it;
/// - every imported scene survives `ninefold import`'s path: written by `SceneWriter` and read
///   back by `SceneReader`, it is the same scene, so importing and reading directly agree.
@main enum InterfaceBuilderFuzzMain {
    static func main() { LibFuzzer.run(fuzzInterfaceBuilder) }
}

func fuzzInterfaceBuilder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = LibFuzzer.bytes(data, size)
    let documents: [InterfaceBuilderDocument]
    do {
        documents = try InterfaceBuilderReader().read(bytes: bytes, path: "fuzz.storyboard")
    } catch {
        Located.check(error, file: "fuzz.storyboard", bytes: bytes)
        return 0
    }
    for document in documents {
        switch document.result {
        case .failure(let error):
            Located.check(error, file: "fuzz.storyboard", bytes: bytes)
        case .success(let imported):
            let problems = imported.scene.semanticDiagnostics(path: document.name)
            guard problems.isEmpty else { fatalError("an imported scene fails the format's checks: \(problems)") }
            let written = SceneWriter().write(imported.scene)
            do {
                let reread = try SceneReader().read(string: written, path: "imported.xml")
                guard imported.scene.hasSameContent(as: reread) else {
                    fatalError("\(document.name): the imported document reads differently:\n\(written)")
                }
            } catch {
                fatalError("\(document.name): the imported document is refused: \(error)\n\(written)")
            }
        }
    }
    return 0
}
