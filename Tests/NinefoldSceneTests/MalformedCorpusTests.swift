import Foundation
import NinefoldScene
import Testing

/// Every malformed document is refused with exactly these messages at exactly these places.
/// (Paths are left out: each diagnostic is `path:line:col: error: message`.)
@Suite struct MalformedCorpusTests {
    static let expected: [String: [String]] = [
        "not-well-formed.xml": [
            "5:10: error: Opening and ending tag mismatch: label line 4 and view",
            "6:9: error: Opening and ending tag mismatch: view line 3 and scene",
            "7:1: error: Premature end of data in tag scene line 2",
        ],
        "wrong-version.xml": [
            "2:8: error: Element 'scene', attribute 'version': The value '2' does not match the fixed value constraint '1'.",
        ],
        "wrong-root.xml": ["2:1: error: Element 'document': No matching global declaration available for the validation root."],
        "unknown-element.xml": [
            "4:5: error: Element 'slider': This element is not expected. Expected is one of ( view, label, button, "
                + "textField, textView, imageView, switch, stackView, scrollView, frame ).",
        ],
        "bad-enum.xml": [
            "6:44: error: Element 'constraint', attribute 'firstAttribute': [facet 'enumeration'] The value 'diagonal' "
                + "is not an element of the set {'left', 'right', 'top', 'bottom', 'leading', 'trailing', 'width', "
                + "'height', 'centerX', 'centerY', 'firstBaseline', 'lastBaseline', 'baseline', 'leftMargin', "
                + "'rightMargin', 'topMargin', 'bottomMargin', 'leadingMargin', 'trailingMargin', "
                + "'centerXWithinMargins', 'centerYWithinMargins'}.",
        ],
        "bad-size-class.xml": [
            "3:11: error: Element 'canvas', attribute 'sizeClass': [facet 'enumeration'] The value 'huge-any' is not "
                + "an element of the set {'compact-compact', 'compact-any', 'compact-regular', 'any-compact', "
                + "'any-any', 'any-regular', 'regular-compact', 'regular-any', 'regular-regular'}.",
        ],
        "bad-color.xml": [
            "3:19: error: Element 'view', attribute 'backgroundColor': [facet 'pattern'] The value '#12' is not "
                + "accepted by the pattern '#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})'.",
        ],
        "dangling-reference.xml": ["6:7: error: constraint 'c1' refers to 'ghost', which is not a view in this document"],
        "safe-area-margins-on-subview.xml": [
            "4:5: error: insetsLayoutMarginsFromSafeArea applies to the root view only; 'inner' is not the root",
        ],
        "bad-layout-margins.xml": [
            "3:19: error: Element 'view', attribute 'layoutMargins': [facet 'pattern'] The value '8 8 8' is not "
                + "accepted by the pattern '\\s*([+\\-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][+\\-]?[0-9]+)?)(\\s+([+\\-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][+\\-]?[0-9]+)?)){3}\\s*'.",
        ],
        "bad-root-kind.xml": [
            "2:45: error: Element 'scene', attribute 'root': [facet 'enumeration'] The value 'window' is not an "
                + "element of the set {'viewController', 'view', 'cell'}.",
        ],
        "duplicate-id.xml": ["5:5: error: duplicate id 'name' (first declared at line 4)"],
        "illegal-attribute-pair.xml": [
            "6:7: error: constraint 'c1': cannot relate a horizontal position (leading) to a vertical position (top)",
        ],
        "mixed-directions.xml": [
            "6:7: error: constraint 'c1': cannot relate leading to left: leading/trailing and left/right attributes do not mix",
        ],
        "position-to-size.xml": [
            "6:7: error: constraint 'c1': cannot relate a size attribute (width) to a position attribute (leading)",
        ],
        "constant-position.xml": [
            "6:7: error: constraint 'c1' sets leading to a constant; only width and height can be constant constraints "
                + "(add a secondItem and secondAttribute)",
        ],
        "zero-multiplier.xml": [
            "7:19: error: multiplier '0:4' is zero; a zero multiplier removes the second item (use a constant constraint)",
        ],
        "priority-zero.xml": [
            "6:81: error: Element 'constraint', attribute 'priority': '0' is not a valid value of the union type "
                + "'priorityType'. Priorities are 1–1000 or required, defaultHigh, defaultLow, fittingSizeLevel.",
        ],
        "priority-1001.xml": [
            "6:81: error: Element 'constraint', attribute 'priority': '1001' is not a valid value of the union type "
                + "'priorityType'. Priorities are 1–1000 or required, defaultHigh, defaultLow, fittingSizeLevel.",
        ],
        "nan-constant.xml": [
            "6:67: error: Element 'constraint', attribute 'constant': 'NaN' is not a valid value of the union type 'constantType'.",
        ],
        "huge-constant.xml": ["6:67: error: constant '1e400' is not a finite number"],
        "any-any-variation.xml": [
            "5:18: error: a variation cannot be for any-any: the element's own attributes are its any-any values",
        ],
        "external-entity.xml": [
            "2:1: error: document type declarations (<!DOCTYPE>) are not allowed: scene documents use no DTD or entities",
        ],
        "billion-laughs.xml": [
            "2:1: error: document type declarations (<!DOCTYPE>) are not allowed: scene documents use no DTD or entities",
        ],
        "content-guide-on-plain-view.xml": [
            "6:7: error: constraint 'c1' refers to 'box.contentLayoutGuide', but only scroll views have content and frame layout guides",
        ],
        "guide-attribute.xml": [
            "6:7: error: constraint 'c1': topLayoutGuide has no leading attribute (it takes top, bottom, height, centerY)",
        ],
        "two-variations-same-class.xml": [
            "6:7: error: view 'name' has two variations for compact-regular (the first is at line 5)",
        ],
        "two-frames.xml": ["6:7: error: a view has at most one <frame>"],
        "second-item-without-attribute.xml": ["6:7: error: constraint 'c1' has a secondItem but no secondAttribute"],
        "reserved-id.xml": ["4:5: error: 'safeArea' is a reserved layout guide name and cannot be a view id"],
        "label-variation-with-title.xml": [
            "5:46: error: Element 'variation', attribute 'title': The attribute 'title' is not allowed.",
        ],
        "root-uninstalled.xml": ["4:5: error: the root view cannot be uninstalled (in compact-compact)"],
        "duplicate-canvas.xml": ["4:3: error: a second canvas for compact-regular (the first is at line 3)"],
        "many-errors.xml": [
            "5:5: error: duplicate id 'a' (first declared at line 4)",
            "7:7: error: constraint 'c1' refers to 'nowhere', which is not a view in this document",
            "8:7: error: constraint 'c2': cannot relate a position attribute (top) to a size attribute (width)",
        ],
        "empty.xml": ["1:1: error: the document is empty"],
        "binary.png": ["3:1: error: the file contains NUL bytes: it is binary, not a scene document"],
        "utf16.xml": ["1:1: error: the document is UTF-16 encoded; scene documents must be UTF-8"],
        "invalid-utf8.xml": ["2:29: error: the document is not valid UTF-8"],
    ]

    static var corpus: [String] {
        let directory = repositoryPath("Tests/NinefoldSceneTests/Malformed")
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    @Test func corpusIsLargeAndFullyDescribed() {
        #expect(Self.corpus.count >= 30)
        #expect(Set(Self.corpus) == Set(Self.expected.keys))
    }

    @Test(arguments: corpus)
    func documentIsRefusedWithExactMessages(_ name: String) {
        let path = repositoryPath("Tests/NinefoldSceneTests/Malformed/" + name)
        do {
            _ = try SceneReader().read(contentsOf: path)
            Issue.record("\(name) was accepted")
        } catch {
            #expect(error.diagnostics.map(\.description) == (Self.expected[name] ?? []).map { "\(path):\($0)" })
        }
    }
}
