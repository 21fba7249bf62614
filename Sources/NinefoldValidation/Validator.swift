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
        validate(resolved, path: path, safeArea: resolved.safeArea)
    }

    /// Validates on a canvas whose root view has this safe area (a real device's).
    public static func validate(_ resolved: ResolvedScene, path: String, safeArea: SafeAreaInsets) -> ClassResult {
        let layout = LayoutEngine.solve(resolved, safeArea: safeArea)
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
        validate(sources: files.map { path in DocumentSource(path: path) { () throws(DocumentError) in
            try SceneReader().read(contentsOf: path)
        } }, classes: classes)
    }

    /// Reads and validates documents of any origin (scene documents, layouts of Interface
    /// Builder files) on all cores; results come back in the sources' order.
    public static func validate(sources: [DocumentSource], classes: [SizeClass] = SizeClass.all)
        -> [Result<DocumentResult, DocumentError>] {
        let slots = ParallelSlots<Result<DocumentResult, DocumentError>>(count: sources.count)
        DispatchQueue.concurrentPerform(iterations: sources.count) { index in
            let source = sources[index]
            let result: Result<DocumentResult, DocumentError>
            do throws(DocumentError) {
                let scene = try source.read()
                result = .success(validate(scene, path: source.path, classes: classes))
            } catch {
                result = .failure(error)
            }
            slots.set(index, result)
        }
        return slots.values
    }
}

/// A document to validate: the name reports give it, and how to read it.
public struct DocumentSource: Sendable {
    public var path: String
    public var read: @Sendable () throws(DocumentError) -> Scene

    public init(path: String, read: @escaping @Sendable () throws(DocumentError) -> Scene) {
        self.path = path
        self.read = read
    }
}
