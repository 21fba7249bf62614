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
    do {
        let scene = try SceneReader().read(bytes: bytes, path: "fuzz.xml")
        let written = SceneWriter().write(scene)
        do {
            let reread = try SceneReader().read(string: written, path: "written.xml")
            guard scene.hasSameContent(as: reread) else {
                fatalError("a scene written back reads differently:\n\(written)")
            }
        } catch {
            fatalError("a scene written back is refused: \(error)\n\(written)")
        }
    } catch {
        Located.check(error, file: "fuzz.xml", bytes: bytes)
    }
    return 0
}
