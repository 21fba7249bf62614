@testable import NinefoldScene
import Testing

@Suite struct ModelTests {
    @Test func numbersPrintShortestAndReadBackExactly() {
        #expect(NumberFormatting.format(8) == "8")
        #expect(NumberFormatting.format(-12.75) == "-12.75")
        #expect(NumberFormatting.format(0.1) == "0.1")
        #expect(NumberFormatting.format(1e20) == "1e+20")
        for value in [0.1, 1.0 / 3.0, 16.0 / 9.0, 1e-3, 123_456.789, -0.5] {
            #expect(NumberFormatting.parse(NumberFormatting.format(value)) == value)
        }
    }

    @Test func numberSyntaxRejectsWhatTheFormatDoesNot() {
        for text in ["NaN", "nan", "inf", "-infinity", "0x10", "", ".", "e5", "1,5", " 1"] {
            #expect(NumberFormatting.parse(text) == nil, "\(text)")
        }
        #expect(NumberFormatting.parse("1e400") == .infinity)  // syntactically a number; the reader rejects it as not finite
        #expect(NumberFormatting.parse("+2.5e-1") == 0.25)
    }

    @Test func coloursParseBothFormsAndPrintCanonically() {
        #expect(Color(hex: "#fff") == Color(red: 255, green: 255, blue: 255))
        #expect(Color(hex: "#0A7fFF")?.description == "#0a7fff")
        for bad in ["fff", "#ff", "#ffff", "#gggggg", "#1234567"] {
            #expect(Color(hex: bad) == nil, "\(bad)")
        }
    }

    /// The pairs UIKit accepts and refuses, written out from its rules.
    @Test func attributePairsFollowUIKit() {
        #expect(LayoutAttribute.leading.incompatibility(with: .trailingMargin) == nil)
        #expect(LayoutAttribute.centerX.incompatibility(with: .left) == nil)
        #expect(LayoutAttribute.firstBaseline.incompatibility(with: .top) == nil)
        #expect(LayoutAttribute.width.incompatibility(with: .height) == nil)  // aspect ratios cross axes
        #expect(LayoutAttribute.leading.incompatibility(with: .top) != nil)
        #expect(LayoutAttribute.leading.incompatibility(with: .left) != nil)
        #expect(LayoutAttribute.rightMargin.incompatibility(with: .trailing) != nil)
        #expect(LayoutAttribute.width.incompatibility(with: .leading) != nil)
        #expect(LayoutAttribute.centerY.incompatibility(with: .height) != nil)
        for attribute in LayoutAttribute.allCases {
            #expect(attribute.incompatibility(with: attribute) == nil)
        }
    }

    @Test func itemReferencesParseGuides() {
        #expect(ItemReference(parsing: "safeArea") == .safeArea)
        #expect(ItemReference(parsing: "scroll.contentLayoutGuide") == .contentLayoutGuide(scrollView: "scroll"))
        #expect(ItemReference(parsing: "scroll.frameLayoutGuide").viewID == "scroll")
        #expect(ItemReference(parsing: "topLayoutGuide").viewID == nil)
        for text in ["button", "topLayoutGuide", "bottomLayoutGuide", "safeArea", "s.contentLayoutGuide"] {
            #expect(ItemReference(parsing: text).description == text)
        }
    }

    @Test func sourceTextFindsStartTagsWhereTheyBegin() {
        let text = SourceText(Array("""
            <?xml version="1.0"?>
            <!-- <fake a="1"> -->
            <scene version="1">
              <constraint id="c1"
                  firstItem="a > b"  second='x'/>
            </scene>
            """.utf8))
        let tags = text.startTags()
        #expect(tags.map(\.name) == ["scene", "constraint"])
        #expect(tags[1].location == SourceLocation(line: 4, column: 3))
        #expect(tags[1].location(ofAttribute: "firstItem") == SourceLocation(line: 5, column: 7))
        #expect(tags[1].location(ofAttribute: "second") == SourceLocation(line: 5, column: 26))
        #expect(text.location(ofOffset: 0) == SourceLocation(line: 1, column: 1))
    }

    @Test func columnsCountCharactersNotBytes() {
        let text = SourceText(Array("ééé<x/>".utf8))
        #expect(text.startTags().first?.location == SourceLocation(line: 1, column: 4))
    }

    @Test func writerEscapesEverythingAnAttributeCanHold() {
        #expect(XMLOutput.escape("a<b & \"c\">\n\td") == "a&lt;b &amp; &quot;c&quot;&gt;&#10;&#9;d")
    }
}
