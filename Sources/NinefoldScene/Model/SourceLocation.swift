/// Where a node of the model was written, so every later stage can cite the document.
///
/// Lines and columns are 1-based, as editors show them. Column 0 means "unknown".
public struct SourceLocation: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Used for nodes built in code rather than read from a file.
    public static let unknown = SourceLocation(line: 0, column: 0)

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}
