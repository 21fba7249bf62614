import NinefoldInterfaceBuilder
import NinefoldScene
import NinefoldValidation
import Testing

/// The saved `<device>`'s screen scale: UIKit rounds a label's intrinsic size up to whole
/// pixels of its screen, so Interface Builder saves 17-pt labels 20.5 tall on 2x devices and
/// 20.333 tall on 3x ones (Documentation/FontMetrics.md, "Rounding").
struct PixelGridTests {
    /// A free-standing 393 × 200 view holding one 17-pt "Label", centred on both axes.
    private func document(device: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="32700.99.1234" \
        targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useTraitCollections="YES">
            \(device)
            <objects>
                <view contentMode="scaleToFill" id="top">
                    <rect key="frame" x="0.0" y="0.0" width="393" height="200"/>
                    <subviews>
                        <label text="Label" translatesAutoresizingMaskIntoConstraints="NO" id="lbl">
                            <rect key="frame" x="175.66666666666666" y="89.666666666666671" width="41.666666666666664" height="20.333333333333332"/>
                            <fontDescription key="fontDescription" type="system" pointSize="17"/>
                        </label>
                    </subviews>
                    <constraints>
                        <constraint firstItem="lbl" firstAttribute="centerX" secondItem="top" secondAttribute="centerX" id="cx"/>
                        <constraint firstItem="lbl" firstAttribute="centerY" secondItem="top" secondAttribute="centerY" id="cy"/>
                    </constraints>
                </view>
            </objects>
        </document>
        """
    }

    private func scene(device: String) throws -> Scene {
        let documents = try InterfaceBuilderReader().read(string: document(device: device), path: "grid.xib")
        return try #require(documents.first).result.get().scene
    }

    /// 3x: the Plus sizes and every notched or Dynamic Island iPhone but the XR / 11; 2x: the
    /// 4.7-inch and smaller iPhones, the XR / 11 (`retina6_1`) and iPads. Only a scale other
    /// than the format's default of 2 is stated on the canvas; unknown devices state none.
    @Test(arguments: [
        (#"<device id="retina6_12" orientation="portrait"/>"#, 3.0 as Double?),
        (#"<device id="retina5_5" orientation="portrait"/>"#, 3.0),
        (#"<device id="retina5_9" orientation="portrait"/>"#, 3.0),
        (#"<device id="retina6_0" orientation="portrait"/>"#, 3.0),
        (#"<device id="retina4_7" orientation="portrait"/>"#, nil),
        (#"<device id="retina6_1" orientation="portrait"/>"#, nil),
        (#"<device id="ipad12_9rounded" orientation="portrait"/>"#, nil),
        (#"<device id="someFutureDevice" orientation="portrait"/>"#, nil),
        ("", nil),
    ])
    func canvasScaleFollowsTheDevice(device: String, scale: Double?) throws {
        let scene = try scene(device: device)
        #expect(!scene.canvases.isEmpty)
        for canvas in scene.canvases {
            #expect(canvas.scale == scale, "\(device)")
        }
    }

    /// 17 × (0.952 + 0.241) = 20.281 pt of line: 61 pixels at 3x = 20.333 pt, 41 at 2x = 20.5 pt.
    /// The width lands on the same grid; centred in 200, y = (200 − h) / 2. Solved frames are
    /// kept to a millionth of a point, hence the tolerances.
    @Test func labelSizesRoundUpToTheDevicePixel() throws {
        for (device, scale, height) in [(#"<device id="retina6_12" orientation="portrait"/>"#, 3.0, 61.0 / 3),
                                        (#"<device id="retina4_7" orientation="portrait"/>"#, 2.0, 20.5)] {
            let result = Validator.validate(try scene(device: device), path: "grid.xib#top")
            let frame = try result.frame("lbl", in: "compact-regular")
            #expect(abs(frame.height - height) < 1e-6, "\(device)")
            #expect(abs(frame.y - (200 - height) / 2) < 1e-6, "\(device)")
            let pixels = frame.width * scale
            #expect(abs(pixels - pixels.rounded()) < 1e-5, "\(device): width \(frame.width)")
        }
    }
}
