import NinefoldLayout
import NinefoldScene
import NinefoldValidation
import Plot

/// The `--devices` part of a matrix cell or a class report page, for designers: how many device
/// sizes the class was checked at, the worst of them (name, orientation or split, size, safe
/// area, status, drawn small), and every device where the class fails. Plain HTML and CSS; the
/// page stays script-free.
struct DeviceSweepHTML {
    let sweep: ClassDeviceSweep
    /// The page's finding groups (with devices), so the small drawing's outlines and hover
    /// numbers match the findings table.
    let groups: [FindingGroup]

    /// The box the worst device's drawing is fitted into, in CSS pixels: small beside the
    /// class's own drawing, big enough to see what overflows.
    static let drawingBox = (width: 120.0, height: 150.0)

    /// `devices-fail` for the cell's class list when a device fails: the cell is outlined red
    /// however its own canvas fared.
    var cellClass: String { sweep.failing.isEmpty ? "" : " devices-fail" }

    /// The badge beside the cell's status: `3 devices fail` in red, or `22 devices pass` in green.
    var badge: Node<HTML.BodyContext> {
        let failing = sweep.failing.count
        return failing == 0
            ? .span(.class("badge unique devices-badge"), .safeText("\(sweep.devices.count) device\(sweep.devices.count == 1 ? "" : "s") pass"))
            : .span(.class("badge conflicting devices-badge"), .safeText("\(failing) device\(failing == 1 ? "" : "s") fail"))
    }

    var node: Node<HTML.BodyContext> {
        let failing = sweep.failing
        return .div(
            .class("devices" + (failing.isEmpty ? "" : " failing")),
            .safeAttribute(named: "data-devices", value: String(sweep.devices.count)),
            .div(.class("devices-head"), .strong(.safeText("Devices")),
                 .span(.safeText(" \(sweep.devices.count) checked · ")),
                 failing.isEmpty ? .span(.class("ok"), .safeText("none fails")) : .span(.class("fail"), .safeText("\(failing.count) fail"))),
            .unwrap(sweep.worst) { worst in
                .div(.class("worst"),
                     .div(.class("worst-text"),
                          .span(.class("label"), .safeText("worst ")), .strong(.class("device-name"), .safeText(worst.device.name)),
                          .div(.class("detail"), .safeText(Self.sizeText(worst.device))),
                          .div(Page.badge(worst.result.status), .safeText(" "),
                               Page.severityPills(errors: worst.result.count(.error), warnings: worst.result.count(.warning),
                                                  notes: worst.result.count(.note)))),
                     .div(.class("worst-frame"), drawing(worst)))
            },
            .if(!failing.isEmpty, .ul(.class("failing-devices"), .forEach(failing) { device in
                .li(.class(device.result.status.rawValue), .safeText(device.device.name + " "),
                    .span(.class("detail"), .safeText(Self.sizeText(device.device))))
            }))
        )
    }

    /// `320×568 pt · safe area 20, 0, 0, 0` (top, left, bottom, right, as Documentation/Devices.md lists them).
    static func sizeText(_ device: DeviceCanvas) -> String {
        let format = NumberFormatting.format
        let insets = device.safeArea
        return "\(format(device.size.width))×\(format(device.size.height)) pt · safe area "
            + [insets.top, insets.left, insets.bottom, insets.right].map(format).joined(separator: ", ")
    }

    /// The worst device drawn small, its findings' views outlined: numbered as the page's groups
    /// where the page lists them (a class report lists only the class's own findings), after
    /// them otherwise.
    private func drawing(_ worst: DeviceResult) -> Node<HTML.BodyContext> {
        let scale = Wireframe.scale(fitting: [worst.result], width: Self.drawingBox.width, height: Self.drawingBox.height)
        let listed = Set(groups.map(\.identity))
        let unlisted = worst.result.findings.filter { !listed.contains(FindingIdentity($0)) }.map { finding in
            FindingGroup(identity: FindingIdentity(finding), finding: finding, classes: [sweep.sizeClass], fingerprint: "")
        }
        return Wireframe(result: worst.result, idPrefix: sweep.sizeClass.description + "-worst-device", scale: scale,
                         marks: Wireframe.marks(worst.result, groups: groups + unlisted)).node
    }

    static let stylesheet = """
    .cell.devices-fail { border-color: var(--red); box-shadow: inset 0 3px 0 var(--red); }
    .cell-head .badges { display: inline-flex; gap: 4px; flex-wrap: wrap; justify-content: flex-end; }
    .devices { border-top: 1px solid var(--line); padding-top: 8px; font-size: 12px; display: flex; flex-direction: column; gap: 6px; }
    .devices-head { color: var(--muted); }
    .devices-head strong { color: var(--ink); }
    .devices .ok { color: var(--green); font-weight: 600; }
    .devices .fail { color: var(--red); font-weight: 600; }
    .devices .worst { display: flex; justify-content: space-between; gap: 10px; align-items: flex-start; }
    .devices .worst-text { display: flex; flex-direction: column; gap: 3px; min-width: 0; }
    .devices .label { color: var(--faint); text-transform: uppercase; font-size: 10.5px; letter-spacing: 0.06em; }
    .devices .worst-frame { flex: none; background: var(--wash); border-radius: 6px; padding: 6px; }
    .devices.failing .worst-frame { background: var(--red-bg); }
    ul.failing-devices { margin: 0; padding-left: 16px; }
    ul.failing-devices li.conflicting::marker { color: var(--red); }
    ul.failing-devices li.ambiguous::marker { color: var(--amber); }
    """
}
