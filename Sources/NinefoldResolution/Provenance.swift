import NinefoldScene

/// Where a resolved value came from: the qualifier of the winning declaration and its line,
/// or the format's default when nothing declared it. Reports say "constant 10, from
/// compact-compact, line 42".
public struct Provenance: Hashable, Sendable, CustomStringConvertible {
    /// nil when the value is the format's default.
    public var qualifier: SizeClass?
    public var location: SourceLocation?

    public init(qualifier: SizeClass?, location: SourceLocation?) {
        self.qualifier = qualifier
        self.location = location
    }

    public static let `default` = Provenance(qualifier: nil, location: nil)

    public var isDefault: Bool { qualifier == nil }

    public var description: String {
        guard let qualifier else { return "default" }
        return location.map { "\(qualifier), line \($0.line)" } ?? qualifier.description
    }
}

/// A value together with its provenance.
public struct Resolved<Value: Hashable & Sendable>: Hashable, Sendable {
    public var value: Value
    public var provenance: Provenance

    public init(_ value: Value, from provenance: Provenance = .default) {
        self.value = value
        self.provenance = provenance
    }
}
