import Foundation
import PackagePlugin

/// `swift package ninefold-validate [--target T …] [ninefold validate options]`: checks the
/// layout documents of the package's targets (all of them, or those named) in all nine size
/// classes, the way `swift package plugin swiftlint` lints sources. Options other than
/// `--target` go to `ninefold validate` (`--severity warning`, `--baseline FILE`,
/// `--format sarif`, …); the default format is `xcode`, whose `path:line:col: error:` lines
/// editors and CI logs turn into diagnostics. The exit status is ninefold's.
@main
struct NinefoldValidate: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
        let files = targets.flatMap(LayoutFiles.of)
        guard !files.isEmpty else {
            print("ninefold-validate: no .storyboard, .xib or scene documents in \(targets.map(\.name).joined(separator: ", "))")
            return
        }
        var options = extractor.remainingArguments
        if !options.contains(where: { $0 == "--format" || $0.hasPrefix("--format=") }) { options += ["--format", "xcode"] }
        let process = Process()
        process.executableURL = try context.tool(named: "ninefold").url
        process.arguments = ["validate"] + options + files.map(\.path)
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("ninefold validate exited with status \(process.terminationStatus)")
            throw ExitStatus(code: process.terminationStatus)
        }
    }
}

/// Ends the plugin with ninefold's status, so CI fails exactly when ninefold says so.
struct ExitStatus: Error, CustomStringConvertible {
    let code: Int32
    var description: String { "ninefold exited with status \(code)" }
}
