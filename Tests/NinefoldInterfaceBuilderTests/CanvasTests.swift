import NinefoldInterfaceBuilder
import NinefoldScene
import Testing

/// Which class IB's saved frames describe, from the `<device>` or the older simulated metrics
/// (HIG "Layout": iPads are regular-regular; iPhones compact-regular in portrait, compact-compact
/// in landscape except Plus/Max models, regular-compact).
struct CanvasTests {
    static func document(header: String, runtime: String = "iOS.CocoaTouch", traits: Bool = true, width: Int, height: Int) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="14460" \
        targetRuntime="\(runtime)" useAutolayout="YES" useTraitCollections="\(traits ? "YES" : "NO")">
            \(header)
            <scenes>
                <scene sceneID="s">
                    <objects>
                        <viewController id="vc" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="root">
                                <rect key="frame" x="0.0" y="0.0" width="\(width)" height="\(height)"/>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """
    }

    @Test(arguments: [
        (#"<device id="ipad9_7" orientation="landscape"/>"#, "iOS.CocoaTouch", true, 1024, 768, "regular-regular"),
        (#"<device id="ipad12_9rounded" orientation="portrait"/>"#, "iOS.CocoaTouch", true, 1024, 1366, "regular-regular"),
        (#"<device id="retina4_7" orientation="portrait"/>"#, "iOS.CocoaTouch", true, 375, 667, "compact-regular"),
        (#"<device id="retina4_7" orientation="landscape"/>"#, "iOS.CocoaTouch", true, 667, 375, "compact-compact"),
        (#"<device id="retina6_1" orientation="landscape"/>"#, "iOS.CocoaTouch", true, 896, 414, "regular-compact"),
        ("", "iOS.CocoaTouch", true, 600, 600, "any-any"),
        ("", "iOS.CocoaTouch.iPad", false, 768, 1024, "regular-regular"),
        (#"<simulatedMetricsContainer key="defaultSimulatedMetrics"><simulatedOrientationMetrics key="orientation" orientation="landscapeRight"/></simulatedMetricsContainer>"#,
         "iOS.CocoaTouch", false, 568, 320, "compact-compact"),
        (#"<simulatedMetricsContainer key="defaultSimulatedMetrics"><simulatedScreenMetrics key="destination" type="retina4"/></simulatedMetricsContainer>"#,
         "iOS.CocoaTouch", false, 320, 568, "compact-regular"),
    ])
    func designClass(_ header: String, _ runtime: String, _ traits: Bool, _ width: Int, _ height: Int, _ expected: String) throws {
        let text = Self.document(header: header, runtime: runtime, traits: traits, width: width, height: height)
        let documents = try InterfaceBuilderReader().read(string: text, path: "canvas.storyboard")
        let scene = try #require(documents.first).result.get().scene
        // The root view's saved size becomes the canvas of exactly the design class.
        #expect(scene.canvases.map(\.sizeClass.description) == [expected])
        #expect(scene.canvases.first.map { CanvasSize(width: $0.width, height: $0.height) }
                == CanvasSize(width: Double(width), height: Double(height)))
    }
}
