import NinefoldResolution
import NinefoldScene
import Testing
@testable import NinefoldLayout

/// The device catalogue (Documentation/Devices.md) and layout on a device's safe area.
@Suite struct DeviceTests {
    private func canvas(_ device: String, _ orientation: DeviceCanvas.Orientation, split: String? = nil) -> DeviceCanvas? {
        DeviceCatalog.canvases.first { $0.device == device && $0.orientation == orientation && $0.split == split }
    }

    private static let compactRegular = SizeClass(width: .compact, height: .regular)
    private static let compactCompact = SizeClass(width: .compact, height: .compact)
    private static let regularCompact = SizeClass(width: .regular, height: .compact)
    private static let regularRegular = SizeClass(width: .regular, height: .regular)

    @Test func phonesAreCompactWidthInPortraitAndPlusOrMaxSizesRegularInLandscape() {
        // HIG size-class table: every iPhone is compact-regular in portrait; in landscape the
        // Plus and Max sizes (and the XR / 11) are regular width, the others compact.
        for device in DeviceCatalog.devices where device.family == .iPhone {
            #expect(canvas(device.name, .portrait)?.sizeClass == Self.compactRegular)
        }
        #expect(canvas("iPhone 8 Plus", .landscape)?.sizeClass == Self.regularCompact)
        #expect(canvas("iPhone 16 Pro Max", .landscape)?.sizeClass == Self.regularCompact)
        #expect(canvas("iPhone XR / 11", .landscape)?.sizeClass == Self.regularCompact)
        #expect(canvas("iPhone SE (1st gen)", .landscape)?.sizeClass == Self.compactCompact)
        #expect(canvas("iPhone 14 Pro / 15 / 15 Pro / 16", .landscape)?.sizeClass == Self.compactCompact)
        #expect(canvas("iPhone 16 Pro", .landscape)?.sizeClass == Self.compactCompact)
        // Landscape swaps the portrait size: 852 × 393.
        #expect(canvas("iPhone 14 Pro / 15 / 15 Pro / 16", .landscape)?.size == CanvasSize(width: 852, height: 393))
    }

    @Test func iPadSplitViewGivesCompactWidths() {
        // Full screen is regular-regular in both orientations; a 1/3 pane is compact, the 2/3
        // pane regular in landscape and compact in portrait; 1/2 is compact except on 12.9".
        #expect(canvas("iPad 9.7″", .landscape)?.sizeClass == Self.regularRegular)
        #expect(canvas("iPad 9.7″", .portrait)?.sizeClass == Self.regularRegular)
        #expect(canvas("iPad 9.7″", .landscape, split: "1/3")?.sizeClass == Self.compactRegular)
        #expect(canvas("iPad 9.7″", .landscape, split: "1/2")?.sizeClass == Self.compactRegular)
        #expect(canvas("iPad 9.7″", .landscape, split: "2/3")?.sizeClass == Self.regularRegular)
        #expect(canvas("iPad 9.7″", .portrait, split: "2/3")?.sizeClass == Self.compactRegular)
        #expect(canvas("iPad Pro 12.9″", .landscape, split: "1/2")?.sizeClass == Self.regularRegular)
        // 9.7" landscape: 1024 = 320 + 10 + 694 = 507 + 10 + 507 (hacknicity's 320-point pane).
        #expect(canvas("iPad 9.7″", .landscape, split: "1/3")?.size == CanvasSize(width: 320, height: 768))
        #expect(canvas("iPad 9.7″", .landscape, split: "2/3")?.size.width == 694)
        #expect(canvas("iPad 9.7″", .landscape, split: "1/2")?.size.width == 507)
        // No 1/2 pane in portrait.
        #expect(canvas("iPad 9.7″", .portrait, split: "1/2") == nil)
    }

    @Test func eachClassCollectsTheDevicesItAppliesTo() {
        let all = DeviceCatalog.canvases
        #expect(DeviceCatalog.canvases(in: SizeClass(width: .any, height: .any)).count == all.count)
        let compactRegular = DeviceCatalog.canvases(in: Self.compactRegular)
        #expect(compactRegular.allSatisfy { $0.sizeClass == Self.compactRegular })
        // 13 phone sizes in portrait, plus every compact iPad pane.
        #expect(compactRegular.filter { $0.device.hasPrefix("iPhone") }.count == 13)
        #expect(compactRegular.contains { $0.split == "1/3" })
        // Base classes are unions: compact-any = compact-regular ∪ compact-compact.
        #expect(DeviceCatalog.canvases(in: SizeClass(width: .compact, height: .any)).count
                == compactRegular.count + DeviceCatalog.canvases(in: Self.compactCompact).count)
        // Device names are unique, so reports can name them.
        #expect(Set(all.map(\.name)).count == all.count)
    }

    /// A view 8 below the top layout guide, 8 above the bottom one and on the safe area's
    /// leading and trailing edges, solved on a device's canvas with its safe area.
    private func guided(on device: DeviceCanvas) throws -> Frame {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <scene version="1" name="Guides"><view id="root"><view id="v"/>
          <constraints>
            <constraint id="t" firstItem="v" firstAttribute="top" secondItem="topLayoutGuide" secondAttribute="bottom" constant="8"/>
            <constraint id="b" firstItem="bottomLayoutGuide" firstAttribute="top" secondItem="v" secondAttribute="bottom" constant="8"/>
            <constraint id="l" firstItem="v" firstAttribute="leading" secondItem="safeArea" secondAttribute="leading"/>
            <constraint id="r" firstItem="v" firstAttribute="trailing" secondItem="safeArea" secondAttribute="trailing"/>
          </constraints>
        </view></scene>
        """
        var resolved = try LayoutFixture.resolved(xml: xml, sizeClass: device.sizeClass)
        resolved.canvas = Resolved(device.size)
        return LayoutEngine.solve(resolved, safeArea: device.safeArea).requireFrame("v")
    }

    @Test func guidesFollowTheDevicesSafeArea() throws {
        // iPhone 15 Pro portrait, 393 × 852, insets top 59, bottom 34: y = 59 + 8 = 67, bottom
        // at 852 − 34 − 8 = 810, full width.
        let portrait = try #require(canvas("iPhone 14 Pro / 15 / 15 Pro / 16", .portrait))
        #expect(try guided(on: portrait) == Frame(x: 0, y: 67, width: 393, height: 810 - 67))
        // Landscape, 852 × 393: no status bar (top 0), home indicator 21, sensor housing 59 on
        // both sides: x = 59, width 852 − 118 = 734, y = 8, bottom at 393 − 21 − 8 = 364.
        let landscape = try #require(canvas("iPhone 14 Pro / 15 / 15 Pro / 16", .landscape))
        #expect(try guided(on: landscape) == Frame(x: 59, y: 8, width: 734, height: 364 - 8))
        // iPhone 8 landscape hides the status bar: the top guide is at 0.
        let eight = try #require(canvas("iPhone 8 / SE (2nd, 3rd gen)", .landscape))
        #expect(try guided(on: eight) == Frame(x: 0, y: 8, width: 667, height: 375 - 8 - 8))
        // iPad Pro 11" landscape split 1/3: status bar 24, home indicator 20: 375 × 834.
        let pane = try #require(canvas("iPad Pro 11″", .landscape, split: "1/3"))
        #expect(try guided(on: pane) == Frame(x: 0, y: 32, width: 375, height: 834 - 20 - 8 - 32))
    }

    @Test func theFormatsCanvasKeepsTheTopGuideAt20() throws {
        // SCENE-FORMAT §3: on the nine canvases the top layout guide ends at 20, the bottom one
        // starts at the canvas height; compact-regular is 375 × 667.
        let layout = try LayoutFixture.solve("""
            <view id="v"/>
            <constraints>
              <constraint id="t" firstItem="v" firstAttribute="top" secondItem="topLayoutGuide" secondAttribute="bottom"/>
              <constraint id="b" firstItem="bottomLayoutGuide" firstAttribute="top" secondItem="v" secondAttribute="bottom"/>
              <constraint id="l" firstItem="v" firstAttribute="leading" secondItem="safeArea" secondAttribute="leading"/>
              <constraint id="r" firstItem="v" firstAttribute="trailing" secondItem="safeArea" secondAttribute="trailing"/>
            </constraints>
            """)
        #expect(layout.requireFrame("v") == Frame(x: 0, y: 20, width: 375, height: 647))
    }

    @Test func rootMarginsMeasuredFromTheSafeAreaFollowTheDevice() throws {
        // A view controller's root: sides 16 below 400 points, else 20; top/bottom 0. With
        // insetsLayoutMarginsFromSafeArea the safe-area insets are added (UIKit).
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <scene version="1" name="Margins"><view id="root" insetsLayoutMarginsFromSafeArea="true"><view id="v"/>
          <constraints>
            <constraint id="l" firstItem="v" firstAttribute="leading" secondItem="root" secondAttribute="leadingMargin"/>
            <constraint id="t" firstItem="v" firstAttribute="top" secondItem="root" secondAttribute="topMargin"/>
            <constraint id="w" firstItem="v" firstAttribute="width" constant="100"/>
            <constraint id="h" firstItem="v" firstAttribute="height" constant="10"/>
          </constraints>
        </view></scene>
        """
        func frame(_ device: DeviceCanvas) throws -> Frame {
            var resolved = try LayoutFixture.resolved(xml: xml, sizeClass: device.sizeClass)
            resolved.canvas = Resolved(device.size)
            return LayoutEngine.solve(resolved, safeArea: device.safeArea).requireFrame("v")
        }
        // Portrait 393 wide: x = 16 + 0, y = 0 + 59.
        let portrait = try #require(canvas("iPhone 14 Pro / 15 / 15 Pro / 16", .portrait))
        #expect(try frame(portrait) == Frame(x: 16, y: 59, width: 100, height: 10))
        // Landscape 852 wide: x = 20 + 59, y = 0 + 0.
        let landscape = try #require(canvas("iPhone 14 Pro / 15 / 15 Pro / 16", .landscape))
        #expect(try frame(landscape) == Frame(x: 79, y: 0, width: 100, height: 10))
    }
}

/// Screen scales (Documentation/Devices.md, "Screen scale"): every iPad and the iPhones without a
/// Plus size or an OLED screen (SE, 8, XR / 11) are 2x; the Plus sizes and every notched or
/// Dynamic Island OLED iPhone are 3x. Each device canvas carries its device's scale.
@Suite struct DeviceScaleTests {
    @Test func scalesFollowTheScreen() {
        let twoX: Set<String> = ["iPhone SE (1st gen)", "iPhone 8 / SE (2nd, 3rd gen)", "iPhone XR / 11"]
        for device in DeviceCatalog.devices {
            let expected: Double = device.family == .iPad || twoX.contains(device.name) ? 2 : 3
            #expect(device.scale == expected, "\(device.name)")
        }
        #expect(DeviceCatalog.devices.filter { $0.scale == 3 }.count == 10)
    }

    @Test func canvasesCarryTheirDevicesScale() {
        let scales = Dictionary(DeviceCatalog.devices.map { ($0.name, $0.scale) }, uniquingKeysWith: { first, _ in first })
        for canvas in DeviceCatalog.canvases {
            #expect(canvas.scale == scales[canvas.device], "\(canvas.name)")
        }
    }
}
