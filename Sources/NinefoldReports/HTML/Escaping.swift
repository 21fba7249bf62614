import Plot

/// Escaping for everything that comes from a document. Plot writes attribute values as they
/// are and leaves anything that looks like an entity (`&lt;`) in text alone, so a view named
/// `"><script>` or a label reading `&lt;` would reach the page as markup. Reports therefore
/// escape text and attribute values themselves and hand Plot the result as raw text.
enum HTMLEscaping {
    static func text(_ string: String) -> String {
        var result = ""
        result.reserveCapacity(string.utf8.count)
        for character in string {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.append(character)
            }
        }
        return result
    }

    static func attribute(_ string: String) -> String {
        text(string).replacingQuotes()
    }
}

private extension String {
    func replacingQuotes() -> String {
        var result = ""
        for character in self {
            if character == "\"" { result += "&quot;" } else { result.append(character) }
        }
        return result
    }
}

extension Node {
    /// Text, escaped completely (unlike Plot's `.text`, which keeps entity-like sequences).
    static func safeText(_ string: String) -> Node { .raw(HTMLEscaping.text(string)) }

    /// An attribute whose value is escaped (Plot writes attribute values verbatim).
    static func safeAttribute(named name: String, value: String) -> Node {
        .attribute(named: name, value: HTMLEscaping.attribute(value))
    }
}
