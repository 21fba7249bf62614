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

/// The hardened XML entry point every reader shares (scene documents, Interface Builder files):
/// bytes in, a located element tree or located diagnostics out.
///
/// What it guarantees, whatever the bytes: no DTD, entity, XInclude or network access; UTF-8
/// only, no NUL bytes; the file size, element count and nesting depth within `limits`; every
/// error at `path:line:column`. Schema validation is the caller's (the scene reader adds its
/// own schema).
public enum HardenedXML {
    public static func parse(bytes: [UInt8], path: String,
                             limits: ReadingLimits = .standard) throws(DocumentError) -> XMLElement {
        try LibXML.parse(SourceBytes.check(bytes, path: path, limits: limits), schema: nil, limits: limits)
    }

    /// Reads a regular file (FIFOs, devices and directories are refused without blocking), then parses it.
    public static func parse(contentsOf path: String,
                             limits: ReadingLimits = .standard) throws(DocumentError) -> XMLElement {
        try LibXML.parse(SourceBytes.load(path: path, limits: limits), schema: nil, limits: limits)
    }
}
