/// Reads scene documents: hardened parsing, schema validation, then the format's own rules.
///
/// Every problem is collected rather than stopping at the first, so one run shows a user all
/// they must fix. Untrusted input never reaches the network or the file system: DTDs are
/// refused before parsing and libxml2 runs with networking off.
public struct SceneReader: Sendable {
    public init() {}

    /// Reads and checks the document at `path`; the path is echoed in every diagnostic.
    public func read(contentsOf path: String) throws(DocumentError) -> Scene {
        try read(SourceBytes.load(path: path))
    }

    /// Reads a document held in memory; `path` names it in diagnostics.
    public func read(bytes: [UInt8], path: String) throws(DocumentError) -> Scene {
        try read(SourceBytes.check(bytes, path: path))
    }

    public func read(string: String, path: String) throws(DocumentError) -> Scene {
        try read(bytes: Array(string.utf8), path: path)
    }

    private func read(_ source: SourceBytes) throws(DocumentError) -> Scene {
        let root = try LibXML.parse(source, schema: SceneSchema.shared)
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
}
