import CLibXML2
import Foundation

/// The only place that talks to libxml2: parse hardened, validate against the schema,
/// and copy the tree out.
enum LibXML {
    /// No network, no DTD loading or attribute defaults, no entity substitution (entities could
    /// only come from a DTD, which `SourceBytes` has already refused), big line numbers.
    /// libxml2 itself caps nesting depth at 256 without `XML_PARSE_HUGE`, which we never pass.
    static let parseOptions: Int32 = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue
        | XML_PARSE_NOCDATA.rawValue)

    private static let initialize: Void = { xmlInitParser() }()

    /// Parses, checks the limits and, given a schema, validates; throws every error libxml2
    /// reports, with positions.
    static func parse(_ source: SourceBytes, schema: SceneSchema?, limits: ReadingLimits) throws(DocumentError) -> XMLElement {
        _ = initialize
        let collector = ErrorCollector(path: source.path)
        let text = SourceText(source.bytes)
        let document: xmlDocPtr? = collector.capturing {
            source.bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.flatMap { base in
                    base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { chars in
                        xmlReadMemory(chars, Int32(buffer.count), nil, "UTF-8", parseOptions)
                    }
                }
            }
        }
        guard let document, collector.diagnostics.isEmpty else {
            if let document { xmlFreeDoc(document) }
            var diagnostics = collector.diagnostics
            if diagnostics.isEmpty {
                diagnostics = [Diagnostic(message: "the document is not well-formed XML", file: source.path,
                                          location: SourceLocation(line: 1, column: 1))]
            }
            throw DocumentError(diagnostics)
        }
        defer { xmlFreeDoc(document) }
        // `SourceBytes` refused any DTD in the prolog; this makes sure libxml2 built none either.
        guard document.pointee.intSubset == nil, document.pointee.extSubset == nil else {
            throw DocumentError([Diagnostic(message: "document type declarations (<!DOCTYPE>) are not allowed",
                                            file: source.path, location: SourceLocation(line: 1, column: 1))])
        }
        guard let rootNode = xmlDocGetRootElement(document) else {
            throw DocumentError([Diagnostic(message: "the document has no root element", file: source.path,
                                            location: SourceLocation(line: 1, column: 1))])
        }
        if let excess = StructureCheck.firstExcess(from: rootNode, limits: limits) {
            let tags = text.startTags()
            let location = tags.indices.contains(excess.index)
                ? tags[excess.index].location : SourceLocation(line: max(1, Int(xmlGetLineNo(excess.node))), column: 1)
            throw DocumentError([Diagnostic(message: excess.message, file: source.path, location: location)])
        }
        var tags = text.startTags()[...]
        var locations: [UnsafeMutableRawPointer: StartTag] = [:]
        let root = copy(rootNode, tags: &tags, locations: &locations)
        collector.locate = { node in node.flatMap { locations[UnsafeMutableRawPointer($0)] } }
        schema?.validate(document, collector: collector)
        if !collector.diagnostics.isEmpty {
            throw DocumentError(collector.diagnostics)
        }
        return root
    }

    /// Copies an element and its element children (text and comments carry no meaning here).
    private static func copy(_ node: xmlNodePtr, tags: inout ArraySlice<StartTag>,
                             locations: inout [UnsafeMutableRawPointer: StartTag]) -> XMLElement {
        let name = string(node.pointee.name)
        let tag = tags.popFirst() ?? StartTag(name: name, location: SourceLocation(line: Int(xmlGetLineNo(node)), column: 0),
                                              attributes: [])
        locations[UnsafeMutableRawPointer(node)] = tag
        var attributes: [(name: String, value: String)] = []
        var attribute = node.pointee.properties
        while let current = attribute {
            let value = xmlNodeListGetString(node.pointee.doc, current.pointee.children, 1)
            attributes.append((string(current.pointee.name), value.map { String(cString: $0) } ?? ""))
            if let value { free(value) }
            attribute = current.pointee.next
        }
        var children: [XMLElement] = []
        var text = ""
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE {
                children.append(copy(current, tags: &tags, locations: &locations))
            } else if current.pointee.type == XML_TEXT_NODE, let content = current.pointee.content {
                text += String(cString: content)
            }
            child = current.pointee.next
        }
        return XMLElement(name: name, attributes: attributes, children: children, text: text, tag: tag)
    }

    static func string(_ characters: UnsafePointer<xmlChar>?) -> String {
        characters.map { String(cString: $0) } ?? ""
    }
}

/// The element count and nesting depth of a parsed tree, walked without recursion before
/// anything else walks it, so an over-limit document is refused in time linear in its size.
enum StructureCheck {
    struct Excess {
        /// The offending element's position in document order (0 is the root element).
        let index: Int
        let node: xmlNodePtr
        let message: String
    }

    static func firstExcess(from root: xmlNodePtr, limits: ReadingLimits) -> Excess? {
        var index = 0
        var depth = 1
        var node = root
        while true {
            if index >= limits.maximumElements {
                return Excess(index: index, node: node, message: "the document has more than "
                              + "\(limits.maximumElements) elements, the most a document may hold")
            }
            if depth > limits.maximumDepth {
                return Excess(index: index, node: node, message: "elements are nested more than "
                              + "\(limits.maximumDepth) deep, the deepest a document may nest them")
            }
            if let child = firstElement(from: node.pointee.children) {
                node = child
                depth += 1
            } else {
                var current: xmlNodePtr? = node
                var next: xmlNodePtr?
                while let candidate = current, next == nil {
                    next = firstElement(from: candidate.pointee.next)
                    if next == nil {
                        guard candidate != root, let parent = candidate.pointee.parent else { return nil }
                        current = parent
                        depth -= 1
                        if parent == root { return nil }
                    }
                }
                guard let next else { return nil }
                node = next
            }
            index += 1
        }
    }

    private static func firstElement(from node: xmlNodePtr?) -> xmlNodePtr? {
        var current = node
        while let candidate = current, candidate.pointee.type != XML_ELEMENT_NODE { current = candidate.pointee.next }
        return current
    }
}

/// Gathers libxml2's structured errors as diagnostics while a block runs.
final class ErrorCollector {
    let path: String
    var diagnostics: [Diagnostic] = []
    /// Maps a node to its start tag, once the tree has been copied, for schema errors.
    var locate: (xmlNodePtr?) -> StartTag? = { _ in nil }

    init(path: String) { self.path = path }

    /// libxml2 keeps its error handler per thread, so documents read in parallel do not mix.
    func capturing<T>(_ body: () -> T) -> T {
        xmlSetStructuredErrorFunc(Unmanaged.passUnretained(self).toOpaque(), collectingErrorHandler)
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        return body()
    }

    /// Schema messages name the offending attribute (`…, attribute 'priority': …`): point at it.
    private static func attributeNamed(in message: String) -> String? {
        guard let start = message.range(of: "attribute '") else { return nil }
        let rest = message[start.upperBound...]
        return rest.firstIndex(of: "'").map { String(rest[..<$0]) }
    }

    /// libxml2's schema messages are precise but terse; add the format's reason where users trip.
    static func explained(_ message: String) -> String {
        if message.hasPrefix("Element 'variation', attribute 'sizeClass'") && message.contains("'any-any'") {
            return "a variation cannot be for any-any: the element's own attributes are its any-any values"
        }
        if message.contains("attribute 'priority'") || message.contains("Priority': '") {
            return message + " Priorities are 1–1000 or required, defaultHigh, defaultLow, fittingSizeLevel."
        }
        return message
    }

    func record(_ error: UnsafePointer<xmlError>) {
        let raw = error.pointee
        let message = LibXML.string(raw.message.map { UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self) })
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let node = raw.node.map { $0.assumingMemoryBound(to: xmlNode.self) }
        let location: SourceLocation
        if let tag = locate(node) {
            location = Self.attributeNamed(in: message).map(tag.location(ofAttribute:)) ?? tag.location
        } else {
            location = SourceLocation(line: max(1, Int(raw.line)), column: max(1, Int(raw.int2)))
        }
        guard raw.level != XML_ERR_WARNING else { return }
        diagnostics.append(Diagnostic(message: Self.explained(message), file: path, location: location))
    }
}

/// Routes libxml2's structured errors (parser and schema alike) to the collector passed as context.
let collectingErrorHandler: xmlStructuredErrorFunc = { context, error in
    guard let context, let error else { return }
    Unmanaged<ErrorCollector>.fromOpaque(context).takeUnretainedValue().record(error)
}
