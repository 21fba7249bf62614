import NinefoldInterfaceBuilder
import NinefoldScene
import Testing

/// A stack view's arrangement and a font mean something on stack views and on views that draw
/// text only; UIKit has no such property elsewhere and the scene format refuses them elsewhere.
/// fuzz-interface-builder found a switch carrying `alignment="center"`: the reader kept it, and
/// `ninefold import` then wrote a document its own reader refused
/// (Fuzz/Regressions/fuzz-interface-builder/stack-attribute-on-switch).
struct AttributeScopeTests {
    static let text = """
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
        <objects><view id="top"><rect key="frame" x="0.0" y="0.0" width="320" height="100"/>
        <subviews>
            <switch on="YES" translatesAutoresizingMaskIntoConstraints="NO" id="sw" alignment="center" axis="vertical" spacing="4">
                <rect key="frame" x="0.0" y="0.0" width="51" height="31"/>
                <fontDescription key="fontDescription" type="system" pointSize="30"/>
            </switch>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="plain" distribution="fillEqually">
                <rect key="frame" x="0.0" y="40" width="50" height="50"/>
                <variation key="widthClass=compact" alignment="leading">
                    <fontDescription key="fontDescription" type="system" pointSize="30"/>
                </variation>
            </view>
            <stackView translatesAutoresizingMaskIntoConstraints="NO" id="stack" axis="vertical" alignment="center" spacing="4">
                <rect key="frame" x="100" y="0.0" width="50" height="50"/>
            </stackView>
        </subviews></view></objects></document>
        """

    @Test func arrangementAndFontsAreReadWhereTheyApplyOnly() throws {
        let scene = try #require(try InterfaceBuilderReader().read(string: Self.text, path: "scope.xib").first).result.get().scene
        let views = Dictionary(uniqueKeysWithValues: scene.root.subviews.map { ($0.id, $0) })
        let toggle = try #require(views["sw"])
        #expect(toggle.attributes.alignment == nil && toggle.attributes.axis == nil && toggle.attributes.spacing == nil)
        #expect(toggle.attributes.fontSize == nil)
        let plain = try #require(views["plain"])
        #expect(plain.attributes.distribution == nil)
        #expect(plain.variations.allSatisfy { $0.attributes.alignment == nil && $0.attributes.fontSize == nil })
        // The stack view keeps its arrangement.
        let stack = try #require(views["stack"])
        #expect(stack.attributes.axis == .vertical && stack.attributes.alignment == .center && stack.attributes.spacing == 4)
        // And the import path holds: written and read back, it is accepted.
        #expect(throws: Never.self) { try SceneReader().read(string: SceneWriter().write(scene), path: "scope.xml") }
    }
}
