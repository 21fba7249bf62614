import NinefoldInterfaceBuilder
import NinefoldScene
import Testing

/// iOS 15 `<buttonConfiguration>`: the title, font and content insets UIKit shows.
struct ButtonConfigurationTests {
    private func button(_ inner: String) throws -> View {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="32700.99.1234" \
            targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useTraitCollections="YES">
                <device id="retina6_12" orientation="portrait"/>
                <objects>
                    <view contentMode="scaleToFill" id="top">
                        <rect key="frame" x="0.0" y="0.0" width="200" height="100"/>
                        <subviews>
                            <button opaque="NO" contentMode="scaleToFill" buttonType="system" translatesAutoresizingMaskIntoConstraints="NO" id="btn">
                                <rect key="frame" x="0.0" y="0.0" width="75" height="35"/>
                                <state key="normal" title="Classic"/>
                                \(inner)
                            </button>
                        </subviews>
                    </view>
                </objects>
            </document>
            """
        let documents = try InterfaceBuilderReader().read(string: text, path: "button.xib")
        let scene = try #require(documents.first).result.get().scene
        return try #require(scene.allViews.first { $0.id == "btn" })
    }

    @Test func plainConfigurationTakesUIKitsDefaults() throws {
        let view = try button(#"<buttonConfiguration key="configuration" style="plain" title="Install"/>"#)
        // The configuration's title wins over the classic state's; Body 17 pt regular; medium
        // size insets 7 above and below, 12 at the sides.
        #expect(view.attributes.title == "Install")
        #expect(view.attributes.fontSize == 17)
        #expect(view.attributes.fontWeight == .regular)
        #expect(view.contentInsets == EdgeInsets(top: 7, left: 12, bottom: 7, right: 12))
    }

    @Test func statedFontAndInsetsWin() throws {
        let view = try button("""
            <buttonConfiguration key="configuration" style="plain" title="Like">
                <fontDescription key="titleFontDescription" type="boldSystem" pointSize="20"/>
                <directionalEdgeInsets key="contentInsets" top="4" leading="10" bottom="5" trailing="11"/>
            </buttonConfiguration>
            """)
        #expect(view.attributes.fontSize == 20)
        #expect(view.attributes.fontWeight == .bold)
        // Left to right: leading is left, trailing is right.
        #expect(view.contentInsets == EdgeInsets(top: 4, left: 10, bottom: 5, right: 11))
    }

    @Test func classicButtonHasNoContentInsets() throws {
        let view = try button("")
        #expect(view.attributes.title == "Classic")
        #expect(view.contentInsets == nil)
    }
}
