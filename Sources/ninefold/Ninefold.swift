import ArgumentParser
import Foundation
import NinefoldScene

@main
struct Ninefold: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ninefold",
        abstract: "Check size-class-aware layout documents in all nine size classes.",
        discussion: """
            Ninefold reads scene documents (views and Auto Layout constraints, varied per size \
            class), resolves them for each of the nine size classes, solves each class's \
            constraints and reports whether it solves uniquely. Every command also reads Xcode's \
            .storyboard and .xib files: each view controller scene, top-level view and cell is one \
            document named PATH#ID.

            Exit status: 0 when nothing at error severity was found, 1 when something was \
            (for index: when a listed document has an error), 2 when a document could not be \
            read, 64 for a usage error (an unknown subcommand, option or value; the message \
            says which).
            """,
        version: "0.1.0",
        subcommands: [Validate.self, Matrix.self, Report.self, Diff.self, Resolve.self, Index.self, Import.self]
    )

    /// Parses the command line and runs the command, as ArgumentParser's own entry point does,
    /// after starting to compile the scene schema on a second thread when an argument names a
    /// scene document (`.xml`). Both are fixed costs of every process that reads one, about 1 ms
    /// each on this machine, and they do not depend on each other: on two cores they overlap
    /// (Documentation/Performance.md, "Branch startup"). The first read waits for the schema if
    /// it is not ready yet; a guess that is wrong either way only costs or saves time.
    static func main() {
        if CommandLine.arguments.dropFirst().contains(where: { $0.hasSuffix(".xml") }) {
            Thread.detachNewThread { SceneReader.prepareSchema() }
        }
        main(nil)
    }
}
