import Foundation
import PackagePlugin

/// A build-tool plugin: building a target that uses it checks the target's `.storyboard`,
/// `.xib` and scene documents in all nine size classes. Findings are reported as the
/// compiler's are (`path:line:col: error: …`, so Xcode and `swift build` show them at the
/// document's line); an error fails the build, warnings and notes do not. The check reruns
/// only when one of the documents changes: its output is a stamp in the plugin's work
/// directory, written when the check passes. The stamp is a Swift file holding only a comment,
/// which compiles to nothing; a file of any other type would be copied into the target's
/// resource bundle.
@main
struct NinefoldBuildCheck: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let files = LayoutFiles.of(target)
        guard !files.isEmpty else { return [] }
        let ninefold = try context.tool(named: "ninefold").url
        let stamp = context.pluginWorkDirectoryURL.appendingPathComponent("NinefoldChecked.swift")
        let script = "\"$0\" validate --format xcode \"$@\" && echo '// ninefold: the layouts of this target were checked.' > "
            + quoted(stamp.path)
        return [.buildCommand(
            displayName: "Checking \(files.count) layout document\(files.count == 1 ? "" : "s") of \(target.name) with ninefold",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", script, ninefold.path] + files.map(\.path),
            inputFiles: files + [ninefold],
            outputFiles: [stamp])]
    }

    /// A path in single quotes for the shell, with any single quote in it escaped.
    func quoted(_ path: String) -> String {
        "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
