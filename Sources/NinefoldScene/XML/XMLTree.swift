/// A parsed element, copied out of libxml2's tree into a value the rest of the reader can
/// walk safely, with the exact position of its start tag and attributes.
struct XMLElement {
    let name: String
    let attributes: [(name: String, value: String)]
    let children: [XMLElement]
    let tag: StartTag

    var location: SourceLocation { tag.location }

    func value(of attribute: String) -> String? {
        attributes.first { $0.name == attribute }?.value
    }

    func location(of attribute: String) -> SourceLocation {
        tag.location(ofAttribute: attribute)
    }
}
