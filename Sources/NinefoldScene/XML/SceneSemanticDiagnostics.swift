extension Scene {
    /// The format's whole-document rules (unique ids, references to views that exist, guides
    /// only where they exist, attribute pairs UIKit accepts), for scenes built by other readers
    /// than `SceneReader`, so every later stage gets a scene it can trust.
    public func semanticDiagnostics(path: String) -> [Diagnostic] {
        var checks = SemanticChecks(scene: self, path: path)
        return checks.run()
    }
}
