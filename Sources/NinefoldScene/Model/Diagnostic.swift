/// How serious a message about a document is.
public enum Severity: String, CaseIterable, Sendable, Codable, Comparable {
    case note, warning, error

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }
}

/// A message tied to a place in a document, printed as compilers do (`path:line:col: error: …`)
/// so editors and CI problem matchers link straight to it.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public var severity: Severity
    public var message: String
    public var file: String
    public var location: SourceLocation?

    public init(severity: Severity = .error, message: String, file: String, location: SourceLocation?) {
        self.severity = severity
        self.message = message
        self.file = file
        self.location = location
    }

    public var description: String {
        let place = location.map { "\(file):\($0.line):\($0.column)" } ?? file
        return "\(place): \(severity.rawValue): \(message)"
    }
}

/// Thrown when a document cannot be read: every problem found, in document order.
public struct DocumentError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
