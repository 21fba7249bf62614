import NinefoldInterfaceBuilder
import NinefoldScene
import NinefoldValidation
import Testing

/// iOS 15 `<buttonConfiguration>`: the title, font and content insets UIKit shows.
struct ButtonConfigurationTests {
    private func button(_ inner: String, toolsVersion: String = "32700.99.1234") throws -> View {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="\(toolsVersion)" \
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
        #expect(view.titleHeightRounding == nil)
    }

    /// Xcode 13 (tools versions below 21000; sunghong32/AutoLayout-StoryBoard-UIKit, 20037)
    /// saved plain configured buttons with a 14-point default title: "Back Button" 103 × 31;
    /// Xcode 14.0 (21225) and later 17 points. A stated title font wins in both.
    @Test(arguments: [("20037", 14.0), ("19529", 14.0), ("21225", 17.0), ("21701", 17.0), ("32700.99.1234", 17.0)])
    func defaultTitleSizeFollowsTheXcodeThatSaved(toolsVersion: String, size: Double) throws {
        let plain = try button(#"<buttonConfiguration key="configuration" style="plain" title="Back"/>"#,
                               toolsVersion: toolsVersion)
        #expect(plain.attributes.fontSize == size)
        let stated = try button("""
            <buttonConfiguration key="configuration" style="plain" title="Back">
                <fontDescription key="titleFontDescription" type="system" pointSize="20"/>
            </buttonConfiguration>
            """, toolsVersion: toolsVersion)
        #expect(stated.attributes.fontSize == 20)
    }

    /// Three configured buttons on an iPhone 15 (`retina6_12`, 3x): `free` on the root view,
    /// `arranged` in a vertical stack view, `nested` in a plain view inside that stack view.
    private let placements = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="32700.99.1234" \
        targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useTraitCollections="YES">
            <device id="retina6_12" orientation="portrait"/>
            <objects>
                <view contentMode="scaleToFill" id="top">
                    <rect key="frame" x="0.0" y="0.0" width="393" height="400"/>
                    <subviews>
                        <button opaque="NO" buttonType="system" translatesAutoresizingMaskIntoConstraints="NO" id="free">
                            <rect key="frame" x="0.0" y="0.0" width="75" height="35"/>
                            <buttonConfiguration key="configuration" style="plain" title="Button"/>
                        </button>
                        <stackView opaque="NO" axis="vertical" alignment="top" translatesAutoresizingMaskIntoConstraints="NO" id="stack">
                            <rect key="frame" x="0.0" y="100" width="100" height="100"/>
                            <subviews>
                                <button opaque="NO" buttonType="system" translatesAutoresizingMaskIntoConstraints="NO" id="arranged">
                                    <rect key="frame" x="0.0" y="0.0" width="75" height="34.333333333333336"/>
                                    <buttonConfiguration key="configuration" style="plain" title="Button"/>
                                </button>
                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="box">
                                    <rect key="frame" x="0.0" y="34.333333333333336" width="100" height="65.666666666666657"/>
                                    <subviews>
                                        <button opaque="NO" buttonType="system" translatesAutoresizingMaskIntoConstraints="NO" id="nested">
                                            <rect key="frame" x="0.0" y="0.0" width="75" height="34.333333333333336"/>
                                            <buttonConfiguration key="configuration" style="plain" title="Button"/>
                                        </button>
                                    </subviews>
                                    <constraints>
                                        <constraint firstItem="nested" firstAttribute="top" secondItem="box" secondAttribute="top" id="n1"/>
                                        <constraint firstItem="nested" firstAttribute="leading" secondItem="box" secondAttribute="leading" id="n2"/>
                                        <constraint firstAttribute="width" constant="100" id="n3"/>
                                        <constraint firstAttribute="height" constant="65.666666666666657" id="n4"/>
                                    </constraints>
                                </view>
                            </subviews>
                        </stackView>
                    </subviews>
                    <constraints>
                        <constraint firstItem="free" firstAttribute="top" secondItem="top" secondAttribute="top" id="f1"/>
                        <constraint firstItem="free" firstAttribute="leading" secondItem="top" secondAttribute="leading" id="f2"/>
                        <constraint firstItem="stack" firstAttribute="top" secondItem="top" secondAttribute="top" constant="100" id="s1"/>
                        <constraint firstItem="stack" firstAttribute="leading" secondItem="top" secondAttribute="leading" id="s2"/>
                    </constraints>
                </view>
            </objects>
        </document>
        """

    /// Interface Builder lays a stack view's subtree out live, as UIKit does: a 17-point title
    /// 20.333 tall on the 3x grid plus 7 + 7 (branch10480/UIButtonConfigurationSample,
    /// `Sources/MainModule/RootViewController.xib`, Xcode 14.2: "Button" 75 × 34.333 in a
    /// centred stack). Outside stack views it gives the title whole points, 21 + 7 + 7 = 35
    /// (Rio-iOS/deep-understanding-autolayout, `chapter02/chapter02/Base.lproj/
    /// InterfaceBuilderSample.storyboard`, Xcode 15: "Button1" 82 × 35, "Button2" 85 × 35 and
    /// an unflagged view 8 below them at y = 59 + 35 + 8 + 35 + 8 = 145).
    @Test func titleHeightIsWholePointsOutsideStackViews() throws {
        let documents = try InterfaceBuilderReader().read(string: placements, path: "placements.xib")
        let scene = try #require(documents.first).result.get().scene
        let views = Dictionary(uniqueKeysWithValues: scene.allViews.map { ($0.id, $0) })
        #expect(views["free"]?.titleHeightRounding == .point)
        #expect(views["arranged"]?.titleHeightRounding == nil)
        #expect(views["nested"]?.titleHeightRounding == nil)

        let result = Validator.validate(scene, path: "placements.xib#top")
        let compactRegular = try #require(result.classes.first { $0.sizeClass == SizeClass(width: .compact, height: .regular) })
        func frame(_ id: String) throws -> Frame { try #require(compactRegular.views.first { $0.id == id }?.frame) }
        #expect(try abs(frame("free").height - (21 + 14)) < 1e-6)
        #expect(try abs(frame("arranged").height - (61.0 / 3 + 14)) < 1e-6)
        #expect(try abs(frame("nested").height - (61.0 / 3 + 14)) < 1e-6)
        #expect(try abs(frame("free").width - frame("arranged").width) < 1e-6)
    }
}
