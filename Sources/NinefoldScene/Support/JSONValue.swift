/// A JSON value whose objects keep their keys in the order they were built.
///
/// Reports promise byte-identical output for identical input, and readers expect fields in a
/// meaningful order (`document` before `classes`), which `JSONEncoder` cannot give without
/// sorting keys alphabetically.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.number(a), .number(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.object(a), .object(b)): a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(serialized())
    }

    /// A number, or `null` when it is not finite (JSON has no infinity): callers that need
    /// unbounded values say so with their own field.
    public static func finite(_ value: Double) -> JSONValue {
        value.isFinite ? .number(value) : .null
    }

    /// Pretty-printed with two-space indents and a trailing newline.
    ///
    /// Written as UTF-8 bytes and decoded once: a report of 10,000 free views in nine classes is
    /// 268 MB of JSON, and building it as a `String` (an indent string allocated per value, each
    /// string quoted scalar by scalar into a new string, the result copied again for the final
    /// newline) was three quarters of that `ninefold validate` process (Documentation/Performance.md).
    public func serialized() -> String {
        var output: [UInt8] = []
        write(to: &output, indent: 0)
        output.append(UInt8(ascii: "\n"))
        return String(decoding: output, as: UTF8.self)
    }

    private func write(to output: inout [UInt8], indent: Int) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let value): output.append(contentsOf: (value.isFinite ? NumberFormatting.format(value) : "null").utf8)
        case .string(let value): Self.quote(value, into: &output)
        case .array(let values):
            guard !values.isEmpty else { output.append(contentsOf: "[]".utf8); return }
            output.append(contentsOf: "[\n".utf8)
            for (index, value) in values.enumerated() {
                Self.pad(indent + 1, into: &output)
                value.write(to: &output, indent: indent + 1)
                output.append(contentsOf: (index == values.count - 1 ? "\n" : ",\n").utf8)
            }
            Self.pad(indent, into: &output)
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else { output.append(contentsOf: "{}".utf8); return }
            output.append(contentsOf: "{\n".utf8)
            for (index, (key, value)) in members.enumerated() {
                Self.pad(indent + 1, into: &output)
                Self.quote(key, into: &output)
                output.append(contentsOf: ": ".utf8)
                value.write(to: &output, indent: indent + 1)
                output.append(contentsOf: (index == members.count - 1 ? "\n" : ",\n").utf8)
            }
            Self.pad(indent, into: &output)
            output.append(UInt8(ascii: "}"))
        }
    }

    /// Two spaces per level of indent.
    private static func pad(_ indent: Int, into output: inout [UInt8]) {
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
    }

    /// A JSON string literal for `text`: quotes, backslashes and control characters escaped,
    /// everything else copied byte for byte (every byte of a multi-byte character is 0x80 or
    /// above, so none needs an escape).
    private static func quote(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): output.append(contentsOf: "\\\\".utf8)
            case UInt8(ascii: "\n"): output.append(contentsOf: "\\n".utf8)
            case UInt8(ascii: "\r"): output.append(contentsOf: "\\r".utf8)
            case UInt8(ascii: "\t"): output.append(contentsOf: "\\t".utf8)
            case let control where control < 0x20:
                let hex = String(control, radix: 16)
                output.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
