import Foundation
import NinefoldLayout
import NinefoldResolution
import NinefoldScene

/// Decides, for each requested class, whether it solves uniquely, and explains why not.
public enum Validator {
    public static func validate(_ scene: Scene, path: String, classes: [SizeClass] = SizeClass.all) -> DocumentResult {
        let resolver = Resolver(scene: scene)
        let results = classes.map { validate(resolver.resolve($0), path: path) }
        return DocumentResult(path: path, scene: scene, classes: results)
    }

    public static func validate(_ resolved: ResolvedScene, path: String) -> ClassResult {
        validate(resolved, path: path, safeArea: .canvasSafeArea)
    }

    /// Validates on a canvas whose root view has this safe area (a real device's).
    public static func validate(_ resolved: ResolvedScene, path: String, safeArea: SafeAreaInsets) -> ClassResult {
        let layout = LayoutEngine.solve(resolved, safeArea: safeArea)
        let analysis = ClassAnalysis(path: path, resolved: resolved, layout: layout)
        let findings = FindingKinds.all.flatMap { $0.findings(in: analysis) }
        let status: Status = analysis.isConflicting ? .conflicting : analysis.isAmbiguous ? .ambiguous : .unique
        let views = layout.frames.map { id, frame in
            ViewResult(id: id, frame: frame, ambiguous: analysis.ambiguousAxes(of: id),
                       ranges: analysis.freeVariables(of: id).map {
                           FreeRange(view: id, variable: $0.name, lower: $0.range.lower, upper: $0.range.upper)
                       })
        }
        return ClassResult(sizeClass: resolved.sizeClass, canvas: resolved.canvas.value, status: status, views: views,
                           findings: findings, resolved: resolved, layout: layout)
    }

    /// Reads and validates many files on all cores; results come back in argument order.
    public static func validate(files: [String], classes: [SizeClass] = SizeClass.all)
        -> [Result<DocumentResult, DocumentError>] {
        let slots = ResultSlots(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let path = files[index]
            let result: Result<DocumentResult, DocumentError>
            do throws(DocumentError) {
                let scene = try SceneReader().read(contentsOf: path)
                result = .success(validate(scene, path: path, classes: classes))
            } catch {
                result = .failure(error)
            }
            slots.set(index, result)
        }
        return slots.values
    }
}

/// Results written from parallel workers, each into its own slot.
private final class ResultSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<DocumentResult, DocumentError>?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Result<DocumentResult, DocumentError>) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    var values: [Result<DocumentResult, DocumentError>] {
        lock.lock()
        defer { lock.unlock() }
        return slots.compactMap { $0 }
    }
}
