/// The hardened XML entry point for readers of other XML formats (Interface Builder files):
/// the same checks as scene documents — DTDs refused before parsing, no network, UTF-8 only,
/// a size limit — and the same exact positions of every start tag and attribute, without the
/// scene schema.
///
/// Keeping one entry means a fix to the hardening protects every format at once.
public enum HardenedXML {
    /// Reads and parses the file at `path`; `maximumSize` is in bytes.
    public static func parse(contentsOf path: String, maximumSize: Int) throws(DocumentError) -> XMLElement {
        try LibXML.parse(SourceBytes.load(path: path, maximumSize: maximumSize), schema: nil)
    }

    /// Parses bytes held in memory; `path` names them in diagnostics.
    public static func parse(bytes: [UInt8], path: String, maximumSize: Int) throws(DocumentError) -> XMLElement {
        try LibXML.parse(SourceBytes.check(bytes, path: path, maximumSize: maximumSize), schema: nil)
    }
}

extension Scene {
    /// The format's whole-document rules (unique ids, references to views that exist, guides
    /// only where they exist, attribute pairs UIKit accepts), for scenes built by other readers
    /// than `SceneReader`, so every later stage gets a scene it can trust.
    public func semanticDiagnostics(path: String) -> [Diagnostic] {
        var checks = SemanticChecks(scene: self, path: path)
        return checks.run()
    }
}
