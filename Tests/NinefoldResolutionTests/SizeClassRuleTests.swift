import NinefoldScene
import Testing

/// SCENE-FORMAT §1, written out by hand for every (qualifier, target) pair of the 9 × 9, so the
/// rule is checked against a table rather than against itself.
@Suite struct SizeClassRuleTests {
    /// Rows: qualifier; columns: target; both in `SizeClass.all` order:
    /// any-any, compact-any, regular-any, any-compact, any-regular,
    /// compact-compact, compact-regular, regular-compact, regular-regular.
    static let applies: [[Int]] = [
        [1, 1, 1, 1, 1, 1, 1, 1, 1],  // any-any applies everywhere
        [0, 1, 0, 0, 0, 1, 1, 0, 0],  // compact-any
        [0, 0, 1, 0, 0, 0, 0, 1, 1],  // regular-any
        [0, 0, 0, 1, 0, 1, 0, 1, 0],  // any-compact
        [0, 0, 0, 0, 1, 0, 1, 0, 1],  // any-regular
        [0, 0, 0, 0, 0, 1, 0, 0, 0],  // compact-compact
        [0, 0, 0, 0, 0, 0, 1, 0, 0],  // compact-regular
        [0, 0, 0, 0, 0, 0, 0, 1, 0],  // regular-compact
        [0, 0, 0, 0, 0, 0, 0, 0, 1],  // regular-regular
    ]

    static let specificity = [0, 1, 1, 1, 1, 2, 2, 2, 2]

    @Test func everyQualifierTargetPair() {
        #expect(SizeClass.all.count == 9)
        for (row, qualifier) in SizeClass.all.enumerated() {
            for (column, target) in SizeClass.all.enumerated() {
                #expect(qualifier.applies(to: target) == (Self.applies[row][column] == 1),
                        "\(qualifier) applied to \(target)")
            }
            #expect(qualifier.specificity == Self.specificity[row], "specificity of \(qualifier)")
        }
    }

    @Test func parsingAndPrintingRoundTrip() {
        for sizeClass in SizeClass.all {
            #expect(SizeClass(sizeClass.description) == sizeClass)
        }
        for bad in ["", "any", "any-any-any", "Compact-regular", "compact_regular", "wide-tall", "-any"] {
            #expect(SizeClass(bad) == nil, "\(bad)")
        }
    }

    @Test func defaultCanvasesFollowTheFormatTable() {
        let expected: [String: (Double, Double)] = [
            "any-any": (600, 600), "compact-any": (375, 600), "regular-any": (768, 600),
            "any-compact": (600, 375), "any-regular": (600, 800), "compact-compact": (667, 375),
            "compact-regular": (375, 667), "regular-compact": (736, 414), "regular-regular": (768, 1024),
        ]
        for sizeClass in SizeClass.all {
            let canvas = sizeClass.defaultCanvas
            #expect(expected[sizeClass.description].map { $0 == (canvas.width, canvas.height) } == true)
        }
    }
}
