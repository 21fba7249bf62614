import FuzzSupport
import Foundation
import NinefoldInterfaceBuilder
import NinefoldReports
import NinefoldScene
import NinefoldValidation

/// Document bytes through the whole pipeline — read, resolve, lay out, solve, validate — into
/// every report format. The bytes are read as a scene document, or, when they hold an
/// Interface Builder `<document>`, as a storyboard whose every imported layout goes on. Checked
/// on every accepted layout:
/// - every solved frame is finite (no overflow reached the solver, no NaN came out);
/// - every JSON output (matrix, class report, diff, validation, SARIF) is valid JSON;
/// - rendering is deterministic (the validation JSON twice is byte-identical);
/// - every HTML page is complete.
/// Documents with more than `maximumViews` views are only read, not solved: the solver's speed
/// on large stacks is measured by the benchmarks, not here, and one slow input would stall the
/// whole campaign.
let maximumViews = 24

@main enum PipelineFuzzMain {
    static func main() { LibFuzzer.run(fuzzPipeline) }
}

/// A layout the target has already validated and rendered in this process.
struct CheckedLayout: Hashable {
    var scene: Scene
    var path: String
}

/// The layouts checked so far, so that one read again is not validated again. Most mutations of a
/// large document fall in its comments or white space and read as the very same `Scene` (source
/// locations included, so a shifted line is a different scene); everything after reading is a
/// pure function of the scene and its path (the target checks that two renderings agree), so
/// checking it again repeats the same computation and can find nothing new. The readers still
/// run on every input. Measured in Documentation/Reliability.md ("Throughput"). Bounded, and
/// emptied when full; a new process (every replay of a crash) starts empty, so a failing input
/// is always checked in full. The fuzzer calls the target on one thread only.
nonisolated(unsafe) var checkedLayouts = Set<CheckedLayout>()
let checkedLayoutLimit = 4096

func fuzzPipeline(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = LibFuzzer.bytes(data, size)
    for (scene, path) in layouts(in: bytes)
    where scene.allViews.count <= maximumViews && scene.allConstraints.count <= 4 * maximumViews {
        if checkedLayouts.count >= checkedLayoutLimit { checkedLayouts.removeAll() }
        guard checkedLayouts.insert(CheckedLayout(scene: scene, path: path)).inserted else { continue }
        check(Validator.validate(scene, path: path))
    }
    return 0
}

/// The layouts the bytes hold: the scenes of an Interface Builder file (its refused layouts
/// are the reader target's business), else the scene document, else none.
func layouts(in bytes: [UInt8]) -> [(Scene, String)] {
    if String(decoding: bytes.prefix(4096), as: UTF8.self).contains("<document"),
       let documents = try? InterfaceBuilderReader().read(bytes: bytes, path: "fuzz.storyboard") {
        return documents.compactMap { document in
            (try? document.result.get()).map { ($0.scene, document.name) }
        }
    }
    return (try? SceneReader().read(bytes: bytes, path: "fuzz.xml")).map { [($0, "fuzz.xml")] } ?? []
}

func check(_ document: DocumentResult) {
    for result in document.classes {
        for view in result.views {
            let frame = view.frame
            guard [frame.x, frame.y, frame.width, frame.height].allSatisfy(\.isFinite) else {
                fatalError("\(result.sizeClass): view \(view.id) has a non-finite frame \(frame)")
            }
        }
    }
    let matrix = MatrixReport(result: document)
    var jsons = [matrix.json().serialized(), ValidationJSON.document(document).serialized(),
                 ValidationSARIF.render([.validated(document)], version: "fuzz", exitCode: 0).serialized()]
    var pages = [matrix.html(), IndexPage(entries: [IndexPage.Entry(result: document, link: "fuzz.html")]).html()]
    _ = matrix.text(style: TerminalStyle(enabled: true))
    _ = matrix.svg()
    _ = matrix.markdown()
    _ = ValidationText(style: TerminalStyle(enabled: false)).render(document)
    _ = ValidationXcode.render(document)
    if let first = document.classes.first, let last = document.classes.last {
        let report = ClassReport(document: document, result: first)
        _ = report.text(style: TerminalStyle(enabled: false))
        _ = report.markdown()
        pages.append(report.html())
        jsons.append(report.json().serialized())
        let diff = LayoutDiff(from: first, to: last, fromLabel: "first", toLabel: "last")
        _ = diff.text(style: TerminalStyle(enabled: true))
        _ = diff.markdown()
        pages.append(diff.html())
        jsons.append(diff.json().serialized())
    }
    for json in jsons {
        guard (try? JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])) != nil else {
            fatalError("a report is not valid JSON:\n\(json)")
        }
    }
    for page in pages where !page.hasSuffix("</html>") && !page.hasSuffix("</html>\n") {
        fatalError("an HTML page is cut short:\n\(page.suffix(200))")
    }
    guard ValidationJSON.document(document).serialized() == jsons[1] else {
        fatalError("the validation JSON differs between two renderings")
    }
}
