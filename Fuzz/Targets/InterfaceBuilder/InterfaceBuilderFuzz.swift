import FuzzSupport
import NinefoldInterfaceBuilder
import NinefoldScene
import NinefoldValidation

/// The Interface Builder reader on arbitrary bytes (seeded with the reader's storyboard and xib
/// fixtures). Checked beyond "no crash, no hang, no memory error":
/// - a refused file, and every document that cannot be imported, carries diagnostics, each
///   naming the file and a line (1 … lines + 1) and column (≥ 1) inside it;
/// - every imported scene passes the scene format's whole-document checks, as the reader
///   promises before any later stage sees it;
/// - scenes of at most 24 views are validated in all nine classes with finite frames (larger
///   ones are left to the benchmarks, as in fuzz-pipeline).
@main enum InterfaceBuilderFuzzMain {
    static func main() { LibFuzzer.run(fuzzInterfaceBuilder) }
}

func fuzzInterfaceBuilder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = LibFuzzer.bytes(data, size)
    let lines = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    func checkLocated(_ error: DocumentError) {
        guard !error.diagnostics.isEmpty else { fatalError("a refusal without any diagnostic") }
        for diagnostic in error.diagnostics {
            guard diagnostic.file == "fuzz.storyboard", let location = diagnostic.location,
                  (1...lines + 1).contains(location.line), location.column >= 1 else {
                fatalError("an unlocated or misplaced diagnostic: \(diagnostic)")
            }
        }
    }
    let documents: [InterfaceBuilderDocument]
    do {
        documents = try InterfaceBuilderReader().read(bytes: bytes, path: "fuzz.storyboard")
    } catch {
        checkLocated(error)
        return 0
    }
    for document in documents {
        switch document.result {
        case .failure(let error):
            checkLocated(error)
        case .success(let imported):
            let problems = imported.scene.semanticDiagnostics(path: document.name)
            guard problems.isEmpty else { fatalError("an imported scene fails the format's checks: \(problems)") }
            guard imported.scene.allViews.count <= 24, imported.scene.allConstraints.count <= 96 else { continue }
            for result in Validator.validate(imported.scene, path: document.name).classes {
                for view in result.views {
                    let frame = view.frame
                    guard [frame.x, frame.y, frame.width, frame.height].allSatisfy(\.isFinite) else {
                        fatalError("\(result.sizeClass): view \(view.id) has a non-finite frame \(frame)")
                    }
                }
            }
        }
    }
    return 0
}
