import NinefoldLayout
import NinefoldScene
import NinefoldValidation

/// The `--devices` section as JSON, added under `devices` to a document's (or report's) object:
/// per class the number of devices, the worst one and the failing ones, each with its canvas,
/// safe area, status and findings.
public enum DeviceSweepJSON {
    public static func render(_ sweeps: [ClassDeviceSweep]) -> JSONValue {
        .array(sweeps.map { sweep in
            .object([
                ("sizeClass", .string(sweep.sizeClass.description)),
                ("devices", .number(Double(sweep.devices.count))),
                ("worst", sweep.worst.map(device) ?? .null),
                ("failing", .array(sweep.failing.map(device))),
            ])
        })
    }

    static func device(_ result: DeviceResult) -> JSONValue {
        let canvas = result.device
        return .object([
            ("name", .string(canvas.name)),
            ("device", .string(canvas.device)),
            ("orientation", .string(canvas.orientation.rawValue)),
            ("split", canvas.split.map(JSONValue.string) ?? .null),
            ("sizeClass", .string(canvas.sizeClass.description)),
            ("canvas", .object([("width", .number(canvas.size.width)), ("height", .number(canvas.size.height))])),
            ("safeArea", .object([("top", .number(canvas.safeArea.top)), ("left", .number(canvas.safeArea.left)),
                                  ("bottom", .number(canvas.safeArea.bottom)), ("right", .number(canvas.safeArea.right))])),
            ("status", .string(result.result.status.rawValue)),
            ("findings", .array(result.result.findings.map(ValidationJSON.finding))),
        ])
    }

    /// `object` with a `devices` member appended (objects only; anything else is returned as is).
    public static func adding(_ sweeps: [ClassDeviceSweep], to object: JSONValue) -> JSONValue {
        guard case .object(let members) = object else { return object }
        return .object(members + [("devices", render(sweeps))])
    }
}
