import NinefoldInterfaceBuilder
import NinefoldScene
import NinefoldValidation
import Testing

/// The safe area IB simulates on a view controller's root (the saved device and the bars the
/// controller is shown under) and UIKit's table-cell content margins, as the reader states them.
struct SafeAreaTests {
    /// The design-class canvas's stated safe area of the first layout of a storyboard.
    private func safeArea(_ text: String, layout: String = "vc") throws -> EdgeInsets? {
        let documents = try InterfaceBuilderReader().read(string: text, path: "safe.storyboard")
        let scene = try #require(documents.first { $0.objectID == layout }).result.get().scene
        return try #require(scene.canvases.first).safeAreaInsets
    }

    @Test(arguments: [
        // Phones without a sensor housing: the 20-point status bar (the format's default, so not
        // stated) in portrait; no status bar in landscape (compact height hides it since iOS 8).
        (#"<device id="retina4_7" orientation="portrait"/>"#, 375, 667, nil as EdgeInsets?),
        (#"<device id="retina4_7" orientation="landscape"/>"#, 667, 375, EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)),
        // iPhone 14 Pro size: 59 above (Dynamic Island), 34 below (home indicator).
        (#"<device id="retina6_12" orientation="portrait"/>"#, 393, 852, EdgeInsets(top: 59, left: 0, bottom: 34, right: 0)),
        // iPhone 12 size in landscape: the 47-point housing on both sides, home indicator 21.
        (#"<device id="retina6_0" orientation="landscape"/>"#, 844, 390, EdgeInsets(top: 0, left: 47, bottom: 21, right: 47)),
        // Rounded-corner iPads: status bar 24, home indicator 20.
        (#"<device id="ipad12_9rounded" orientation="portrait"/>"#, 1024, 1366, EdgeInsets(top: 24, left: 0, bottom: 20, right: 0)),
        // No device (Xcode 6–7 size-class documents): the format's default.
        ("", 600, 600, nil),
    ])
    func deviceSafeArea(_ header: String, _ width: Int, _ height: Int, _ expected: EdgeInsets?) throws {
        let text = CanvasTests.document(header: header, width: width, height: height)
        #expect(try safeArea(text) == expected)
    }

    /// A tab bar controller shows a navigation controller, whose root `vc` pushes `pushed`
    /// (which hides the tab bar); `alone` is in no container. On an iPhone 12 size (390 × 844,
    /// insets 47 / 34) in portrait.
    private let containers = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21225" \
        targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES">
            <device id="retina6_0" orientation="portrait"/>
            <scenes>
                <scene sceneID="s1"><objects>
                    <tabBarController id="tabs" sceneMemberID="viewController">
                        <tabBar key="tabBar" id="tb"/>
                        <connections><segue destination="nav" kind="relationship" relationship="viewControllers" id="r1"/></connections>
                    </tabBarController>
                </objects></scene>
                <scene sceneID="s2"><objects>
                    <navigationController id="nav" sceneMemberID="viewController">
                        <navigationBar key="navigationBar" id="nb"/>
                        <connections><segue destination="vc" kind="relationship" relationship="rootViewController" id="r2"/></connections>
                    </navigationController>
                </objects></scene>
                <scene sceneID="s3"><objects>
                    <viewController id="vc" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="root">
                            <rect key="frame" x="0.0" y="0.0" width="390" height="844"/>
                            <subviews>
                                <view contentMode="scaleToFill" id="box">
                                    <rect key="frame" x="0.0" y="99" width="390" height="654"/>
                                </view>
                            </subviews>
                            <viewLayoutGuide key="safeArea" id="guide"/>
                            <constraints>
                                <constraint firstItem="box" firstAttribute="top" secondItem="guide" secondAttribute="top" constant="8" id="c1"/>
                                <constraint firstItem="guide" firstAttribute="bottom" secondItem="box" secondAttribute="bottom" constant="8" id="c2"/>
                                <constraint firstItem="box" firstAttribute="leading" secondItem="guide" secondAttribute="leading" id="c3"/>
                                <constraint firstItem="guide" firstAttribute="trailing" secondItem="box" secondAttribute="trailing" id="c4"/>
                            </constraints>
                        </view>
                        <connections><segue destination="pushed" kind="show" id="r3"/></connections>
                    </viewController>
                </objects></scene>
                <scene sceneID="s4"><objects>
                    <viewController id="pushed" hidesBottomBarWhenPushed="YES" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="root2">
                            <rect key="frame" x="0.0" y="0.0" width="390" height="844"/>
                        </view>
                    </viewController>
                </objects></scene>
                <scene sceneID="s5"><objects>
                    <viewController id="alone" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="root3">
                            <rect key="frame" x="0.0" y="0.0" width="390" height="844"/>
                        </view>
                        <simulatedTabBarMetrics key="simulatedBottomBarMetrics"/>
                    </viewController>
                </objects></scene>
            </scenes>
        </document>
        """

    @Test func barsOfTheContainersAddToTheSafeArea() throws {
        // Under the navigation bar (44) and above the tab bar (49): 47 + 44 = 91, 34 + 49 = 83.
        #expect(try safeArea(containers, layout: "vc") == EdgeInsets(top: 91, left: 0, bottom: 83, right: 0))
        // Pushed from there: the navigation bar stays, the tab bar is hidden when pushed.
        #expect(try safeArea(containers, layout: "pushed") == EdgeInsets(top: 91, left: 0, bottom: 34, right: 0))
        // In no container, but its simulated metrics name a tab bar: 34 + 49 below.
        #expect(try safeArea(containers, layout: "alone") == EdgeInsets(top: 47, left: 0, bottom: 83, right: 0))
    }

    @Test func viewsOnTheSafeAreaLandWhereIBSavedThem() throws {
        let documents = try InterfaceBuilderReader().read(string: containers, path: "safe.storyboard")
        let scene = try #require(documents.first { $0.objectID == "vc" }).result.get().scene
        let result = Validator.validate(scene, path: "safe.storyboard#vc")
        let compactRegular = try #require(SizeClass("compact-regular"))
        let frame = result.classes.first { $0.sizeClass == compactRegular }?.views.first { $0.id == "box" }?.frame
        // 8 inside the safe area: y = 91 + 8 = 99, height 844 − 83 − 8 − 99 = 654 (IB's frame above).
        #expect(frame == Frame(x: 0, y: 99, width: 390, height: 654))
    }

    @Test func pushChainsCarryTheNavigationBarWhateverTheirOrder() throws {
        // A navigation controller's root c1 pushes c2, which pushes c3 … c6; the scenes are
        // written last first. Every controller is under the bar: on an iPhone 8 (status bar 20)
        // the safe area starts at 20 + 44 = 64.
        let controllers = (1...6).reversed().map { index in
            let push = index < 6 ? "<connections><segue destination=\"c\(index + 1)\" kind=\"show\" id=\"p\(index)\"/></connections>" : ""
            return """
                <scene sceneID="s\(index)"><objects><viewController id="c\(index)" sceneMemberID="viewController">
                    <view key="view" contentMode="scaleToFill" id="r\(index)"><rect key="frame" x="0.0" y="0.0" width="375" height="667"/></view>
                    \(push)
                </viewController></objects></scene>
                """
        }.joined()
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21225" \
            targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useTraitCollections="YES">
                <device id="retina4_7" orientation="portrait"/>
                <scenes>\(controllers)
                    <scene sceneID="s0"><objects><navigationController id="nav" sceneMemberID="viewController">
                        <navigationBar key="navigationBar" id="nb"/>
                        <connections><segue destination="c1" kind="relationship" relationship="rootViewController" id="r0"/></connections>
                    </navigationController></objects></scene>
                </scenes>
            </document>
            """
        for index in 1...6 {
            #expect(try safeArea(text, layout: "c\(index)") == EdgeInsets(top: 64, left: 0, bottom: 0, right: 0), "c\(index)")
        }
    }

    /// A table cell 320 wide: a label on the content view's leading and bottom margins.
    private func cell(toolsVersion: String, name: String = "tableViewCell") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="\(toolsVersion)" \
        targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useTraitCollections="YES">
            <device id="retina6_1" orientation="portrait"/>
            <objects>
                <\(name) contentMode="scaleToFill" id="cell">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="100"/>
                    <\(name == "tableViewCell" ? "tableViewCellContentView" : "view") key="contentView" id="content">
                        <rect key="frame" x="0.0" y="0.0" width="320" height="100"/>
                        <subviews>
                            <view contentMode="scaleToFill" id="box">
                                <rect key="frame" x="16" y="69" width="20" height="20"/>
                            </view>
                        </subviews>
                        <constraints>
                            <constraint firstItem="box" firstAttribute="leading" secondItem="content" secondAttribute="leadingMargin" id="c1"/>
                            <constraint firstAttribute="bottomMargin" secondItem="box" secondAttribute="bottom" id="c2"/>
                            <constraint firstItem="box" firstAttribute="width" constant="20" id="c3"/>
                            <constraint firstItem="box" firstAttribute="height" constant="20" id="c4"/>
                        </constraints>
                    </\(name == "tableViewCell" ? "tableViewCellContentView" : "view")>
                </\(name)>
            </objects>
        </document>
        """
    }

    private func boxFrame(_ text: String) throws -> Frame? {
        let documents = try InterfaceBuilderReader().read(string: text, path: "cell.xib")
        let scene = try #require(documents.first { $0.objectID == "cell" }).result.get().scene
        let result = Validator.validate(scene, path: "cell.xib#cell")
        return result.classes.first { $0.sizeClass == SizeClass(width: .compact, height: .regular) }?
            .views.first { $0.id == "box" }?.frame
    }

    @Test func tableCellContentViewsHaveUIKitsMargins() throws {
        // iOS 11 and later (Xcode 12 here): sides 16 on a 320-point cell, bottom 11:
        // x = 16, y = 100 − 11 − 20 = 69.
        #expect(try boxFrame(cell(toolsVersion: "17701")) == Frame(x: 16, y: 69, width: 20, height: 20))
        // Documents from before Xcode 9 keep UIView's 8: x = 8, y = 100 − 8 − 20 = 72.
        #expect(try boxFrame(cell(toolsVersion: "11762")) == Frame(x: 8, y: 72, width: 20, height: 20))
        // A collection view cell's content view is a plain UIView: 8 on every side.
        #expect(try boxFrame(cell(toolsVersion: "17701", name: "collectionViewCell"))
                == Frame(x: 8, y: 72, width: 20, height: 20))
    }
}
