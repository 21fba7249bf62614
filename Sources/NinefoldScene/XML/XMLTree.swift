/// A parsed element, copied out of libxml2's tree into a value the rest of the reader can
/// walk safely, with the exact position of its start tag and attributes.
public struct XMLElement: Sendable {
    public let name: String
    public let attributes: [(name: String, value: String)]
    public let children: [XMLElement]
    /// The element's own character data (its text children, joined); scene documents have none,
    /// Interface Builder keeps multi-line strings there (`<string key="text">…</string>`).
    public let text: String
    let tag: StartTag

    public var location: SourceLocation { tag.location }

    public func value(of attribute: String) -> String? {
        attributes.first { $0.name == attribute }?.value
    }

    /// Where the attribute's name begins, or the start tag when the element has no such attribute.
    public func location(of attribute: String) -> SourceLocation {
        tag.location(ofAttribute: attribute)
    }
}
