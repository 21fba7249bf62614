import Foundation
import NinefoldLayout
import NinefoldResolution
import NinefoldScene
import NinefoldSolver

/// Decides, for each requested class, whether it solves uniquely, and explains why not.
public enum Validator {
    public static func validate(_ scene: Scene, path: String, classes: [SizeClass] = SizeClass.all) -> DocumentResult {
        let resolver = Resolver(scene: scene)
        let results = classes.map { validate(resolver.resolve($0), path: path) }
        return DocumentResult(path: path, scene: scene, classes: ConflictRule.suggestingSizeClassFix(results))
    }

    public static func validate(_ resolved: ResolvedScene, path: String) -> ClassResult {
        let layout = LayoutEngine.solve(resolved)
        let analysis = ClassAnalysis(path: path, resolved: resolved, layout: layout)
        let findings = FindingKinds.all.flatMap { $0.findings(in: analysis) }
        let status: Status = analysis.isConflicting ? .conflicting : analysis.isAmbiguous ? .ambiguous : .unique
        let views = layout.frames.map { id, frame in
            let ambiguous = analysis.ambiguousAxes(of: id)
            return ViewResult(id: id, frame: frame, ambiguous: ambiguous,
                              ranges: analysis.freeVariables(of: id).map {
                                  FreeRange(view: id, variable: $0.name, lower: $0.range.lower, upper: $0.range.upper)
                              },
                              reach: ambiguous.isEmpty ? nil : reach(of: id, in: layout))
        }
        return ClassResult(sizeClass: resolved.sizeClass, canvas: resolved.canvas.value, status: status, views: views,
                           findings: findings, resolved: resolved, layout: layout)
    }

    /// The edges' extremes over the optimal face: a copy of the solver gains two variables
    /// defined as the right and bottom edges (which leaves the optimal face as it is), and the
    /// solver's exact ranges of those and of `x` and `y` give the reach.
    static func reach(of id: String, in layout: SolvedLayout) -> Reach? {
        guard let variables = layout.system.variables(of: id) else { return nil }
        var solver = layout.solver
        let right = solver.makeVariable(named: "\(id).right"), bottom = solver.makeVariable(named: "\(id).bottom")
        do {
            _ = try solver.add(NinefoldSolver.Constraint(right - (variables.x + variables.width), .equal))
            _ = try solver.add(NinefoldSolver.Constraint(bottom - (variables.y + variables.height), .equal))
        } catch {
            return nil
        }
        return Reach(minX: solver.optimalRange(of: variables.x).lower, minY: solver.optimalRange(of: variables.y).lower,
                     maxX: solver.optimalRange(of: right).upper, maxY: solver.optimalRange(of: bottom).upper)
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
