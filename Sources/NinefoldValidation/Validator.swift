import Foundation
import NinefoldLayout
import NinefoldResolution
import NinefoldScene
import NinefoldSolver

/// Decides, for each requested class, whether it solves uniquely, and explains why not.
public enum Validator {
    public static func validate(_ scene: Scene, path: String, classes: [SizeClass] = SizeClass.all) -> DocumentResult {
        let resolver = Resolver(scene: scene)
        var cache = SolveCache()
        var validated: [ClassResult] = []
        let results = resolver.resolve(classes).map { resolved in
            let layout = LayoutEngine.solve(resolved, safeArea: resolved.safeArea, cache: &cache)
            let result: ClassResult
            if let earlier = validated.first(where: { $0.layout.solver.isSame(as: layout.solver) }) {
                result = handedOn(earlier, to: resolved, layout: layout)
            } else {
                result = validate(ClassAnalysis(path: path, resolved: resolved, layout: layout))
                validated.append(result)
            }
            return result
        }
        return DocumentResult(path: path, scene: scene, classes: ConflictRule.suggestingSizeClassFix(results))
    }

    /// The result of a class the layout stage handed an earlier class's layout: its resolved
    /// scene equals that class's but for the class's name and the canvas's provenance, and no
    /// rule reads either (the one finding text that names a class, the conflict rule's
    /// suggestion, is written across classes afterwards), so the verdict, views and findings are
    /// the earlier class's. `DecompositionTests` holds this to validating each class alone.
    static func handedOn(_ earlier: ClassResult, to resolved: ResolvedScene, layout: SolvedLayout) -> ClassResult {
        var result = earlier
        result.sizeClass = resolved.sizeClass
        result.canvas = resolved.canvas.value
        result.resolved = resolved
        result.layout = layout
        return result
    }

    public static func validate(_ resolved: ResolvedScene, path: String) -> ClassResult {
        validate(resolved, path: path, safeArea: resolved.safeArea)
    }

    /// Validates on a canvas whose root view has this safe area (a real device's).
    public static func validate(_ resolved: ResolvedScene, path: String, safeArea: SafeAreaInsets) -> ClassResult {
        let layout = LayoutEngine.solve(resolved, safeArea: safeArea)
        return validate(ClassAnalysis(path: path, resolved: resolved, layout: layout))
    }

    /// The verdict and findings of a class already solved and analysed.
    static func validate(_ analysis: ClassAnalysis) -> ClassResult {
        let layout = analysis.layout
        let resolved = analysis.resolved
        let findings = FindingKinds.all.flatMap { $0.findings(in: analysis) }
        let status: Status = analysis.isConflicting ? .conflicting : analysis.isAmbiguous ? .ambiguous : .unique
        let frames = layout.frames
        let axes = frames.map { analysis.ambiguousAxes(of: $0.id) }
        let reaches = reaches(of: zip(frames, axes).filter { !$0.1.isEmpty }.map { $0.0.id }, in: analysis)
        let views = zip(frames, axes).map { view, ambiguous in
            ViewResult(id: view.id, frame: view.frame, ambiguous: ambiguous,
                       ranges: analysis.freeVariables(of: view.id).map {
                           FreeRange(view: view.id, variable: $0.name, lower: $0.range.lower, upper: $0.range.upper)
                       },
                       reach: reaches[view.id])
        }
        return ClassResult(sizeClass: resolved.sizeClass, canvas: resolved.canvas.value, status: status, views: views,
                           findings: findings, resolved: resolved, layout: layout)
    }

    /// The edges' extremes over the optimal face of each view named. `x` and `y` come from the
    /// analysis; the right and bottom edges are the largest `x + width` and `y + height` over the
    /// optimal layouts, which the solution answers for all views at once (one solver copy per
    /// component asked, optimised once). An edge with a variable no constraint mentions reaches
    /// infinity without asking.
    ///
    /// A copy per view (and the optimised copy each range query of an unoptimised solver made)
    /// had cost time proportional to the whole system for every ambiguous view, 84 % of
    /// validating 1,000 free views.
    static func reaches(of ids: [String], in analysis: ClassAnalysis) -> [String: Reach] {
        let layout = analysis.layout
        var views: [(id: String, variables: ViewVariables)] = []
        var pairs: [(start: Variable, length: Variable)] = []
        for id in ids {
            guard let variables = layout.system.variables(of: id) else { continue }
            views.append((id, variables))
            pairs.append((variables.x, variables.width))
            pairs.append((variables.y, variables.height))
        }
        let mentioned = pairs.map { analysis.isMentioned($0.start) && analysis.isMentioned($0.length) }
        let largest = layout.solver.largestSums(zip(pairs, mentioned).filter(\.1).map(\.0))
        var answers = largest.makeIterator()
        let sums = mentioned.map { $0 ? answers.next() ?? nil : nil }
        var reaches: [String: Reach] = [:]
        for (position, view) in views.enumerated() {
            reaches[view.id] = Reach(minX: analysis.range(of: view.variables.x).lower,
                                     minY: analysis.range(of: view.variables.y).lower,
                                     maxX: sums[2 * position] ?? .infinity, maxY: sums[2 * position + 1] ?? .infinity)
        }
        return reaches
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
