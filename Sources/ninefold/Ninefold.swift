import ArgumentParser

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
}
