import CLibXML2
import Foundation
import NinefoldReports
import NinefoldScene
import NinefoldValidation
import Testing

/// The package's root directory, found from this file's path so tests run from any directory.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

enum Fixtures {
    /// Reads and validates a bundled document, naming it by its path relative to the package so
    /// the reports (which print the path) are the same on every machine.
    static func document(_ relativePath: String, classes: [SizeClass] = SizeClass.all) throws -> DocumentResult {
        let scene = try SceneReader().read(contentsOf: packageRoot.appendingPathComponent(relativePath).path)
        return Validator.validate(scene, path: relativePath, classes: classes)
    }

    static func result(_ relativePath: String, _ sizeClass: SizeClass) throws -> (DocumentResult, ClassResult) {
        let document = try document(relativePath, classes: [sizeClass])
        let result = try #require(document.classes.first)
        return (document, result)
    }
}

/// Compares output with a file under Golden/, or rewrites the file when NINEFOLD_UPDATE_GOLDEN=1.
enum Golden {
    static var updating: Bool { ProcessInfo.processInfo.environment["NINEFOLD_UPDATE_GOLDEN"] == "1" }

    static func check(_ actual: String, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let url = packageRoot.appendingPathComponent("Tests/NinefoldReportsTests/Golden").appendingPathComponent(name)
        if updating {
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(actual == expected, "\(name) differs from its golden file; NINEFOLD_UPDATE_GOLDEN=1 rewrites it",
                sourceLocation: sourceLocation)
    }
}

/// Problems libxml2 reports while reading a document.
final class ParseErrors: @unchecked Sendable {
    var messages: [String] = []
    var codes: [Int32] = []
}

private let collect: xmlStructuredErrorFunc = { context, error in
    guard let context, let error else { return }
    let errors = Unmanaged<ParseErrors>.fromOpaque(context).takeUnretainedValue()
    let message = error.pointee.message.map { String(cString: $0) } ?? "?"
    errors.messages.append("line \(error.pointee.line): \(message.trimmingCharacters(in: .whitespacesAndNewlines))")
    errors.codes.append(error.pointee.code)
}

/// An element of a parsed document: its name, attributes, text and children, copied out of libxml2.
struct Element {
    var name: String
    var attributes: [String: String]
    var text: String
    var children: [Element]

    /// Every element below this one, depth first, this one included.
    var all: [Element] { [self] + children.flatMap { $0.all } }

    func first(_ name: String) -> Element? { all.first { $0.name == name } }
}

enum Markup {
    /// Parses HTML with libxml2's HTML parser. SVG elements are unknown to its HTML 4 tag table
    /// and reported as such (XML_HTML_UNKNOWN_TAG); they are valid HTML5, so only those
    /// reports are set aside, and every other problem is returned.
    static func parseHTML(_ text: String) -> (root: Element?, errors: [String]) {
        let errors = ParseErrors()
        let context = Unmanaged.passUnretained(errors).toOpaque()
        xmlSetStructuredErrorFunc(context, collect)
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        let bytes = Array(text.utf8)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    htmlReadMemory($0, Int32(buffer.count), "report.html", "UTF-8",
                                   Int32(HTML_PARSE_NONET.rawValue | HTML_PARSE_PEDANTIC.rawValue))
                }
            } ?? nil
        }
        defer { xmlFreeDoc(document) }
        let svgNames: Set<String> = ["svg", "g", "rect", "text", "tspan", "defs", "pattern", "title"]
        let kept = zip(errors.codes, errors.messages).filter { code, message in
            !(code == Int32(XML_HTML_UNKNOWN_TAG.rawValue) && svgNames.contains { message.hasSuffix("Tag \($0) invalid") })
        }.map(\.1)
        return (document.flatMap { xmlDocGetRootElement($0) }.map(element), kept)
    }

    /// Parses XML (the standalone SVG) with libxml2's XML parser.
    static func parseXML(_ text: String) -> (root: Element?, errors: [String]) {
        let errors = ParseErrors()
        let context = Unmanaged.passUnretained(errors).toOpaque()
        xmlSetStructuredErrorFunc(context, collect)
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        let bytes = Array(text.utf8)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    xmlReadMemory($0, Int32(buffer.count), "matrix.svg", "UTF-8", Int32(XML_PARSE_NONET.rawValue))
                }
            } ?? nil
        }
        defer { xmlFreeDoc(document) }
        return (document.flatMap { xmlDocGetRootElement($0) }.map(element), errors.messages)
    }

    private static func element(_ node: xmlNodePtr) -> Element {
        var attributes: [String: String] = [:]
        var attribute = node.pointee.properties
        while let current = attribute {
            let name = String(cString: current.pointee.name)
            if let value = xmlGetProp(node, current.pointee.name) {
                attributes[name] = String(cString: value)
                free(value)
            }
            attribute = current.pointee.next
        }
        var children: [Element] = []
        var text = ""
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE {
                children.append(element(current))
            } else if current.pointee.type == XML_TEXT_NODE, let content = xmlNodeGetContent(current) {
                text += String(cString: content)
                free(content)
            }
            child = current.pointee.next
        }
        return Element(name: String(cString: node.pointee.name), attributes: attributes, text: text, children: children)
    }
}
