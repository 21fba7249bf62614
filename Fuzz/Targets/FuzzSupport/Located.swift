import NinefoldScene

/// The readers' promise about refusals, shared by the document targets: a refusal carries at
/// least one diagnostic, and each names the input and a line (1 … lines + 1, the last for an
/// error at the end of the bytes) and a column (≥ 1) inside it.
public enum Located {
    public static func check(_ error: DocumentError, file: String, bytes: [UInt8]) {
        let lines = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        guard !error.diagnostics.isEmpty else { fatalError("a refusal without any diagnostic") }
        for diagnostic in error.diagnostics {
            guard diagnostic.file == file, let location = diagnostic.location,
                  (1...lines + 1).contains(location.line), location.column >= 1 else {
                fatalError("an unlocated or misplaced diagnostic: \(diagnostic)")
            }
        }
    }
}
