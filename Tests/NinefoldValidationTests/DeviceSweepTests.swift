import NinefoldLayout
import NinefoldScene
import Testing
@testable import NinefoldValidation

/// `--devices`: each class at every device size in it.
@Suite struct DeviceSweepTests {
    /// A 350-wide view on the safe area's leading edge that must stay inside its trailing edge:
    /// it fits every screen at least 350 wide and conflicts on narrower ones.
    private static let xml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <scene version="1" name="Wide"><view id="root"><view id="v">
        <frame x="0" y="20" width="350" height="44"/>
      </view>
      <constraints>
        <constraint id="w" firstItem="v" firstAttribute="width" constant="350"/>
        <constraint id="h" firstItem="v" firstAttribute="height" constant="44"/>
        <constraint id="l" firstItem="v" firstAttribute="leading" secondItem="safeArea" secondAttribute="leading"/>
        <constraint id="r" firstItem="v" firstAttribute="trailing" relation="lessThanOrEqual" secondItem="safeArea" secondAttribute="trailing"/>
        <constraint id="t" firstItem="v" firstAttribute="top" secondItem="topLayoutGuide" secondAttribute="bottom"/>
      </constraints>
    </view></scene>
    """

    @Test func narrowDevicesFailAndTheWorstIsAConflict() throws {
        let scene = try SceneReader().read(string: Self.xml, path: "wide.xml")
        let compactRegular = SizeClass(width: .compact, height: .regular)
        let sweeps = Validator.validateDevices(scene, path: "wide.xml", classes: [compactRegular])
        let sweep = try #require(sweeps.first)
        #expect(sweep.devices.count == DeviceCatalog.canvases(in: compactRegular).count)
        // Safe areas narrower than 350 in compact-regular: the 4" SE in portrait (320) and every
        // 320-point iPad Split View pane; 375-point panes and every other phone fit.
        let failing = Set(sweep.failing.map(\.device.name))
        #expect(failing.contains("iPhone SE (1st gen) · portrait"))
        #expect(failing.contains("iPad 9.7″ · landscape · split 1/3"))
        #expect(!failing.contains("iPhone 8 / SE (2nd, 3rd gen) · portrait"))
        #expect(!failing.contains("iPad Pro 12.9″ · portrait · split 1/3"))
        #expect(sweep.failing.allSatisfy { $0.device.size.width < 350 && $0.result.status == .conflicting })
        #expect(sweep.devices.filter { $0.device.size.width >= 350 }.allSatisfy { !$0.fails })
        // Worst: a conflict, the first in catalogue order (phones first): the SE.
        #expect(sweep.worst?.device.name == "iPhone SE (1st gen) · portrait")
        #expect(sweep.worstSeverity == .error)
    }

    @Test func deviceResultsLeaveOutMisplacedViews() throws {
        // The design-time frame (y 20) belongs to the format's canvas; on a notched phone the view
        // sits at the 59-point top inset, which is no misplacement.
        let scene = try SceneReader().read(string: Self.xml, path: "wide.xml")
        let sweep = try #require(Validator.validateDevices(scene, path: "wide.xml",
                                                           classes: [SizeClass(width: .compact, height: .regular)]).first)
        let notched = try #require(sweep.devices.first { $0.device.name == "iPhone 14 Pro / 15 / 15 Pro / 16 · portrait" })
        #expect(notched.result.views.first { $0.id == "v" }?.frame.y == 59)
        #expect(!notched.result.findings.contains { $0.kind == "misplaced-view" })
    }
}
