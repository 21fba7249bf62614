import NinefoldScene
import NinefoldValidation
import Testing
@testable import NinefoldReports

/// The `--devices` section: per class the device count, the worst device and the failing ones.
@Suite struct DeviceSweepTextTests {
    @Test func namesTheWorstDeviceAndEveryFailingOne() throws {
        // A 350-wide view that must fit the safe area: the 320-wide SE and the 320-point iPad
        // panes fail in compact-regular; nothing is narrower than 350 in regular-regular.
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <scene version="1" name="Wide"><view id="root"><view id="v"/>
          <constraints>
            <constraint id="w" firstItem="v" firstAttribute="width" constant="350"/>
            <constraint id="h" firstItem="v" firstAttribute="height" constant="44"/>
            <constraint id="l" firstItem="v" firstAttribute="leading" secondItem="safeArea" secondAttribute="leading"/>
            <constraint id="r" firstItem="v" firstAttribute="trailing" relation="lessThanOrEqual" secondItem="safeArea" secondAttribute="trailing"/>
            <constraint id="t" firstItem="v" firstAttribute="top" secondItem="safeArea" secondAttribute="top"/>
          </constraints>
        </view></scene>
        """
        let scene = try SceneReader().read(string: xml, path: "wide.xml")
        let sweeps = Validator.validateDevices(scene, path: "wide.xml", classes: [
            SizeClass(width: .compact, height: .regular), SizeClass(width: .regular, height: .regular),
        ])
        let text = DeviceSweepText(sweeps: sweeps, style: .plain).render()
        let lines = text.split(separator: "\n").map(String.init)
        let failingCount = sweeps[0].failing.count
        #expect(lines.contains { $0.hasPrefix("compact-regular") && $0.hasSuffix("\(failingCount) fail") })
        #expect(lines.contains("    worst:   iPhone SE (1st gen) · portrait (320×568): conflicting, 1 error"))
        #expect(lines.contains { $0.hasPrefix("    failing: iPhone SE (1st gen) · portrait,") })
        #expect(lines.contains { $0.hasPrefix("regular-regular") && $0.hasSuffix("none fails") })
        // Every failing device is named somewhere in the failing lines.
        for device in sweeps[0].failing { #expect(text.contains(device.device.name)) }
    }
}
