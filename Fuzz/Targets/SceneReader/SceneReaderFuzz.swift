import FuzzSupport
import NinefoldScene

/// The scene reader on arbitrary bytes. Beyond "no crash, no hang, no leak" (libFuzzer and
/// AddressSanitizer watch those), every outcome must keep the reader's promises:
/// - a refusal carries at least one diagnostic, each naming the document and a line and
///   column inside it (line 1…lines+1, column ≥ 1);
/// - an accepted scene written back with `SceneWriter` reads again as the same scene, so what
///   the reader accepted was understood, not guessed.
@main enum SceneReaderFuzzMain {
    static func main() { LibFuzzer.run(fuzzSceneReader) }
}

func fuzzSceneReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = LibFuzzer.bytes(data, size)
    let lines = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    do {
        let scene = try SceneReader().read(bytes: bytes, path: "fuzz.xml")
        let written = SceneWriter().write(scene)
        do {
            let reread = try SceneReader().read(string: written, path: "written.xml")
            guard SceneComparison.sameContent(scene, reread) else {
                fatalError("a scene written back reads differently:\n\(written)")
            }
        } catch {
            fatalError("a scene written back is refused: \(error)\n\(written)")
        }
    } catch {
        guard !error.diagnostics.isEmpty else { fatalError("a refusal without any diagnostic") }
        for diagnostic in error.diagnostics {
            guard diagnostic.file == "fuzz.xml", let location = diagnostic.location,
                  (1...lines + 1).contains(location.line), location.column >= 1 else {
                fatalError("an unlocated or misplaced diagnostic: \(diagnostic)")
            }
        }
    }
    return 0
}

/// Scenes compared without source locations (a written document has other lines).
enum SceneComparison {
    static func sameContent(_ first: Scene, _ second: Scene) -> Bool {
        stripped(first) == stripped(second)
    }

    static func stripped(_ scene: Scene) -> Scene {
        var copy = scene
        copy.location = .unknown
        copy.canvases = scene.canvases.map { canvas in
            var canvas = canvas
            canvas.location = .unknown
            return canvas
        }
        copy.root = stripped(scene.root)
        return copy
    }

    static func stripped(_ view: View) -> View {
        var copy = view
        copy.location = .unknown
        copy.variations = view.variations.map { variation in
            var variation = variation
            variation.location = .unknown
            return variation
        }
        copy.subviews = view.subviews.map(stripped)
        copy.constraints = view.constraints.map { constraint in
            var constraint = constraint
            constraint.location = .unknown
            constraint.variations = constraint.variations.map { variation in
                var variation = variation
                variation.location = .unknown
                return variation
            }
            return constraint
        }
        return copy
    }
}
