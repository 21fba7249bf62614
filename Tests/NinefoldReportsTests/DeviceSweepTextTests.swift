import NinefoldScene
import NinefoldValidation
import Testing
@testable import NinefoldReports

/// The `--devices` section: per class the device count, the worst device and the failing ones.
@Suite struct DeviceSweepTextTests {
    /// A 350-wide view that must fit the safe area: the 320-wide SE and the 320-point iPad panes
    /// fail in compact-regular; nothing is narrower than 350 in regular-regular.
    private static let wide = """
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

    @Test func jsonAddsADevicesMemberWithTheWorstAndFailingDevices() throws {
        let scene = try SceneReader().read(string: Self.wide, path: "wide.xml")
        let compactRegular = SizeClass(width: .compact, height: .regular)
        let sweeps = Validator.validateDevices(scene, path: "wide.xml", classes: [compactRegular])
        let document = Validator.validate(scene, path: "wide.xml", classes: [compactRegular])
        let json = DeviceSweepJSON.adding(sweeps, to: ValidationJSON.document(document))
        guard case .object(let members) = json, case .array(let classes)? = members.last.map(\.1),
              case .object(let sweep)? = classes.first else {
            Issue.record("no devices member: \(json.serialized())")
            return
        }
        #expect(members.last?.0 == "devices")
        let values = Dictionary(sweep, uniquingKeysWith: { first, _ in first })
        #expect(values["sizeClass"] == .string("compact-regular"))
        #expect(values["devices"] == .number(Double(sweeps[0].devices.count)))
        guard case .object(let worst)? = values["worst"], case .array(let failing)? = values["failing"] else {
            Issue.record("no worst or failing")
            return
        }
        let worstValues = Dictionary(worst, uniquingKeysWith: { first, _ in first })
        // The 4" SE in portrait: 320 × 568, status bar 20, the 350-wide view conflicts.
        #expect(worstValues["name"] == .string("iPhone SE (1st gen) · portrait"))
        #expect(worstValues["status"] == .string("conflicting"))
        #expect(worstValues["canvas"] == .object([("width", .number(320)), ("height", .number(568))]))
        #expect(worstValues["safeArea"] == .object([("top", .number(20)), ("left", .number(0)), ("bottom", .number(0)),
                                                    ("right", .number(0))]))
        #expect(failing.count == sweeps[0].failing.count)
    }

    @Test func namesTheWorstDeviceAndEveryFailingOne() throws {
        let xml = Self.wide
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
