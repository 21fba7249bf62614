import NinefoldInterfaceBuilder
import NinefoldLayout
import NinefoldScene
import Testing

/// `<fontDescription>` becomes fontSize and fontWeight in the scene (the reader, stage 1, does
/// not depend on the layout stage); text styles must give what the layout stage's own table
/// gives at Interface Builder's default Dynamic Type size, Large.
struct FontTests {
    static func label(_ id: String, _ font: String) -> String {
        """
        <label text="Aa" translatesAutoresizingMaskIntoConstraints="NO" id="\(id)">
            <rect key="frame" x="0.0" y="0.0" width="40" height="20"/>
            <fontDescription key="fontDescription" \(font)/>
        </label>
        """
    }

    static func fonts(_ descriptions: [String]) throws -> [(size: Double?, weight: FontWeight?)] {
        let labels = descriptions.enumerated().map { label("l\($0.offset)", $0.element) }.joined(separator: "\n")
        let text = """
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
            <objects><view id="top"><rect key="frame" x="0.0" y="0.0" width="320" height="100"/>
            <subviews>\(labels)</subviews></view></objects></document>
            """
        let scene = try #require(try InterfaceBuilderReader().read(string: text, path: "fonts.xib").first).result.get().scene
        return scene.root.subviews.map { ($0.attributes.fontSize, $0.attributes.fontWeight) }
    }

    @Test func textStylesAgreeWithTheLayoutStage() throws {
        let styles = TextStyle.allCases
        let read = try Self.fonts(styles.map { "style=\"\($0.rawValue)\"" })
        for (style, font) in zip(styles, read) {
            let expected = style.font(at: .large)
            #expect(font.size == expected.size && font.weight == expected.weight, "\(style)")
        }
    }

    @Test func systemTypesWeightsAndNamedFonts() throws {
        let read = try Self.fonts([
            #"type="system" pointSize="17""#,
            #"type="boldSystem" pointSize="20""#,
            #"type="system" weight="semibold" pointSize="15""#,
            #"type="italicSystem" pointSize="12""#,
            #"name="HelveticaNeue-Bold" family="Helvetica Neue" pointSize="18""#,
            #"name="Avenir-Heavy" family="Avenir" pointSize="16""#,
            #"name="Georgia" family="Georgia" pointSize="14""#,
        ])
        let expected: [(Double, FontWeight)] = [(17, .regular), (20, .bold), (15, .semibold), (12, .regular),
                                                (18, .bold), (16, .heavy), (14, .regular)]
        #expect(read.map { $0.size } == expected.map { $0.0 })
        #expect(read.map { $0.weight } == expected.map { $0.1 })
    }
}
