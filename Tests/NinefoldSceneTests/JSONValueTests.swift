import Testing
@testable import NinefoldScene

/// The JSON writer (`JSONValue.serialized()`), written as UTF-8 bytes since branch scale: the
/// text it produces, byte for byte, for values whose serialization follows from RFC 8259 and
/// the writer's layout (two-space indents, members in building order, a trailing newline).
struct JSONValueTests {
    @Test func stringsEscapeQuotesBackslashesAndControlCharactersOnly() {
        // RFC 8259 §7: '"' and '\' must be escaped, as must U+0000–U+001F; \n, \r and \t have
        // short forms, the others \u00XX (lower-case hex here). Everything else, multi-byte
        // UTF-8 included, is written as it is.
        let text = "a\"b\\c\nd\re\tf\u{1}g\u{1F}h é ∞ 👍"
        let expected = "\"a\\\"b\\\\c\\nd\\re\\tf\\u0001g\\u001fh é ∞ 👍\"\n"
        #expect(JSONValue.string(text).serialized() == expected)
    }

    @Test func nestedValuesAreIndentedTwoSpacesPerLevel() {
        let value = JSONValue.object([
            ("name", .string("quiz")),
            ("sizes", .array([.number(1), .number(2.5), .null])),
            ("empty", .array([])),
            ("nothing", .object([])),
            ("flags", .object([("on", .bool(true)), ("off", .bool(false))])),
            ("infinite", .number(.infinity)),
        ])
        // Each member on its own line one level (two spaces) deeper than its container's
        // brackets; empty containers stay on one line; a non-finite number is null.
        let expected = """
            {
              "name": "quiz",
              "sizes": [
                1,
                2.5,
                null
              ],
              "empty": [],
              "nothing": {},
              "flags": {
                "on": true,
                "off": false
              },
              "infinite": null
            }

            """
        #expect(value.serialized() == expected)
    }
}
