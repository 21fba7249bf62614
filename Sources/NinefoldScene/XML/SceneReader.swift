/// Reads scene documents: hardened parsing, schema validation, then the format's own rules.
///
/// Every problem is collected rather than stopping at the first, so one run shows a user all
/// they must fix. Untrusted input never reaches the network or the file system: DTDs are
/// refused before parsing and libxml2 runs with networking off.
public struct SceneReader: Sendable {
    /// What the reader accepts at most; beyond any of it, a located error.
    public var limits: ReadingLimits

    public init() { limits = .standard }

    public init(limits: ReadingLimits) { self.limits = limits }

    /// Reads and checks the document at `path`; the path is echoed in every diagnostic.
    public func read(contentsOf path: String) throws(DocumentError) -> Scene {
        try read(SourceBytes.load(path: path, limits: limits))
    }

    /// Reads a document held in memory; `path` names it in diagnostics.
    public func read(bytes: [UInt8], path: String) throws(DocumentError) -> Scene {
        try read(SourceBytes.check(bytes, path: path, limits: limits))
    }

    public func read(string: String, path: String) throws(DocumentError) -> Scene {
        try read(bytes: Array(string.utf8), path: path)
    }

    private func read(_ source: SourceBytes) throws(DocumentError) -> Scene {
        let root = try LibXML.parse(source, schema: SceneSchema.shared, limits: limits)
        try checkCounts(root, path: source.path)
        var builder = SceneBuilder(path: source.path)
        let scene = builder.build(root)
        guard let scene, builder.diagnostics.isEmpty else {
            throw DocumentError(builder.diagnostics)
        }
        var checks = SemanticChecks(scene: scene, path: source.path)
        let problems = checks.run()
        guard problems.isEmpty else { throw DocumentError(problems) }
        return scene
    }

    /// Refuses a scene with more views or constraints than the limits, at the first one too many,
    /// before anything is built, resolved or solved.
    private func checkCounts(_ root: XMLElement, path: String) throws(DocumentError) {
        var views = 0
        var constraints = 0
        var excess: Diagnostic?
        func visit(_ element: XMLElement) {
            guard excess == nil else { return }
            if ViewKind(rawValue: element.name) != nil {
                views += 1
                if views > limits.maximumViews {
                    excess = Diagnostic(message: "the scene has more than \(limits.maximumViews) views, the most a scene may hold",
                                        file: path, location: element.location)
                    return
                }
            } else if element.name == "constraint" {
                constraints += 1
                if constraints > limits.maximumConstraints {
                    excess = Diagnostic(message: "the scene has more than \(limits.maximumConstraints) constraints, "
                                        + "the most a scene may hold", file: path, location: element.location)
                    return
                }
            }
            element.children.forEach(visit)
        }
        visit(root)
        if let excess { throw DocumentError([excess]) }
    }
}
