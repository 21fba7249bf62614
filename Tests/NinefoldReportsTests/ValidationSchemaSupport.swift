import Foundation
import NinefoldScene

/// A strict little JSON reader for the tests: parsing the emitted text (rather than trusting the
/// in-memory value) proves the output is well-formed JSON.
struct JSONReader {
    enum Failure: Error { case unexpected(Int, String) }
    private let bytes: [UInt8]
    private var index = 0

    static func parse(_ text: String) throws -> JSONValue {
        var reader = JSONReader(bytes: Array(text.utf8))
        let value = try reader.value()
        reader.skipSpace()
        guard reader.index == reader.bytes.count else { throw Failure.unexpected(reader.index, "trailing text") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    private mutating func expect(_ literal: String) throws {
        for byte in literal.utf8 {
            guard index < bytes.count, bytes[index] == byte else { throw Failure.unexpected(index, literal) }
            index += 1
        }
    }

    private mutating func value() throws -> JSONValue {
        skipSpace()
        guard index < bytes.count else { throw Failure.unexpected(index, "end of text") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [(String, JSONValue)] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object([]) }
            while true {
                skipSpace()
                let key = try string()
                skipSpace()
                try expect(":")
                members.append((key, try value()))
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                try expect("}")
                return .object(members)
            }
        case UInt8(ascii: "["):
            index += 1
            var items: [JSONValue] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array([]) }
            while true {
                items.append(try value())
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                try expect("]")
                return .array(items)
            }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        default:
            let start = index
            while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
            guard let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
                throw Failure.unexpected(start, "a value")
            }
            return .number(number)
        }
    }

    private mutating func string() throws -> String {
        try expect("\"")
        var scalars: [UInt8] = []
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            if bytes[index] == UInt8(ascii: "\\") {
                index += 1
                guard index < bytes.count else { break }
                switch bytes[index] {
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "u"):
                    let hex = String(decoding: bytes[(index + 1)..<min(index + 5, bytes.count)], as: UTF8.self)
                    guard let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else {
                        throw Failure.unexpected(index, "\\u escape")
                    }
                    scalars += Array(String(Character(scalar)).utf8)
                    index += 4
                default: scalars.append(bytes[index])
                }
                index += 1
            } else {
                guard bytes[index] >= 0x20 else { throw Failure.unexpected(index, "control character in string") }
                scalars.append(bytes[index])
                index += 1
            }
        }
        try expect("\"")
        return String(decoding: scalars, as: UTF8.self)
    }
}

/// The subset of JSON Schema (draft 2020-12 and draft-07) that Schemas/report.schema.json and
/// Fixtures/sarif-2.1.0-subset.schema.json use: `type` (one or a list), `required`,
/// `properties`, `additionalProperties` (false, true or a schema), `items`, `enum`, `oneOf`,
/// `minimum`, `minItems`, `uniqueItems`, `format` (`uri`, `uri-reference`), and `$ref` to
/// `#/$defs/…` or `#/definitions/…`. Anything else in a schema is a test failure, so a schema
/// cannot silently outgrow the checker.
struct SchemaChecker {
    let root: JSONValue
    static let understood: Set<String> = ["$schema", "$id", "title", "description", "type", "required",
                                          "properties", "items", "enum", "oneOf", "$ref", "$defs", "definitions",
                                          "additionalProperties", "minimum", "minItems", "uniqueItems", "format"]

    func errors(_ value: JSONValue, _ schema: JSONValue? = nil, at path: String = "$") -> [String] {
        guard case .object(let members) = schema ?? root else { return ["\(path): schema is not an object"] }
        let keyword = Dictionary(members, uniquingKeysWith: { first, _ in first })
        var found = keyword.keys.filter { !Self.understood.contains($0) }.sorted().map { "\(path): unknown keyword \($0)" }
        if case .string(let reference)? = keyword["$ref"] {
            guard let target = resolve(reference) else { return found + ["\(path): unresolved \(reference)"] }
            found += errors(value, target, at: path)
        }
        if case .array(let options)? = keyword["oneOf"] {
            let matching = options.filter { errors(value, $0, at: path).isEmpty }.count
            if matching != 1 { found.append("\(path): matches \(matching) of oneOf") }
        }
        if let type = keyword["type"] {
            let allowed: [String] = switch type {
            case .string(let name): [name]
            case .array(let names): names.compactMap { if case .string(let name) = $0 { name } else { nil } }
            default: []
            }
            if !allowed.contains(where: { Self.matches(value, $0) }) { found.append("\(path): not \(allowed)") }
        }
        if case .array(let options)? = keyword["enum"], !options.contains(value) {
            found.append("\(path): \(value.serialized()) is not one of the enum")
        }
        if case .object(let object) = value {
            if case .array(let required)? = keyword["required"] {
                for case .string(let name) in required where !object.contains(where: { $0.0 == name }) {
                    found.append("\(path): missing \(name)")
                }
            }
            if case .object(let properties)? = keyword["properties"] {
                for (name, subschema) in properties {
                    if let member = object.first(where: { $0.0 == name })?.1 {
                        found += errors(member, subschema, at: "\(path).\(name)")
                    }
                }
            }
        }
        if case .array(let items) = value, let itemSchema = keyword["items"] {
            for (offset, item) in items.enumerated() { found += errors(item, itemSchema, at: "\(path)[\(offset)]") }
        }
        if case .object(let object) = value, let additional = keyword["additionalProperties"] {
            let declared: Set<String> = if case .object(let properties)? = keyword["properties"] { Set(properties.map(\.0)) } else { [] }
            for (name, member) in object where !declared.contains(name) {
                switch additional {
                case .bool(false): found.append("\(path): property \(name) is not allowed")
                case .object: found += errors(member, additional, at: "\(path).\(name)")
                default: break
                }
            }
        }
        if case .number(let minimum)? = keyword["minimum"], case .number(let number) = value, number < minimum {
            found.append("\(path): \(number) is below \(minimum)")
        }
        if case .array(let items) = value {
            if case .number(let least)? = keyword["minItems"], Double(items.count) < least {
                found.append("\(path): fewer than \(least) items")
            }
            if keyword["uniqueItems"] == .bool(true), Set(items.map { $0.serialized() }).count != items.count {
                found.append("\(path): items are not unique")
            }
        }
        if case .string(let format)? = keyword["format"], case .string(let text) = value, !Self.conforms(text, to: format) {
            found.append("\(path): \(text) is not a \(format)")
        }
        return found
    }

    /// `#/$defs/name` or `#/definitions/name`.
    func resolve(_ reference: String) -> JSONValue? {
        for prefix in ["#/$defs/", "#/definitions/"] where reference.hasPrefix(prefix) {
            guard case .object(let rootMembers) = root,
                  case .object(let definitions)? = rootMembers.first(where: { "#/" + $0.0 + "/" == prefix })?.1 else { return nil }
            return definitions.first { $0.0 == String(reference.dropFirst(prefix.count)) }?.1
        }
        return nil
    }

    /// RFC 3986, as far as a report needs: a URI has a scheme; neither may contain spaces,
    /// quotes, angle brackets or a `%` that is not an escape.
    static func conforms(_ text: String, to format: String) -> Bool {
        let characters = #"^([A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$"#
        guard text.range(of: characters, options: .regularExpression) != nil else { return false }
        switch format {
        case "uri": return text.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression) != nil
        case "uri-reference": return true
        default: return false
        }
    }

    static func matches(_ value: JSONValue, _ type: String) -> Bool {
        switch (value, type) {
        case (.null, "null"), (.bool, "boolean"), (.string, "string"), (.array, "array"), (.object, "object"),
             (.number, "number"): true
        case (.number(let number), "integer"): number.rounded() == number
        default: false
        }
    }
}
