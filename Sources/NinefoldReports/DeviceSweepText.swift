import NinefoldLayout
import NinefoldScene
import NinefoldValidation

/// The `--devices` section of `validate`, `matrix` and `report`: per class, how many device
/// sizes it was checked at, the worst of them and every device where it fails.
public struct DeviceSweepText {
    public let sweeps: [ClassDeviceSweep]
    public let style: TerminalStyle

    public init(sweeps: [ClassDeviceSweep], style: TerminalStyle) {
        self.sweeps = sweeps
        self.style = style
    }

    /// `iPhone SE (1st gen) · portrait (320×568): ambiguous, 1 error`.
    static func describe(_ device: DeviceResult, style: TerminalStyle) -> String {
        let size = "\(NumberFormatting.format(device.device.size.width))×\(NumberFormatting.format(device.device.size.height))"
        let words = MatrixReport.findingWords(device.result).map(\.1)
        let findings = words.isEmpty ? "" : ", " + words.joined(separator: ", ")
        return "\(device.device.name) (\(size)): " + style.status(device.result.status) + findings
    }

    public func render() -> String {
        var lines = [style.bold("Devices") + "  " + style.dim("each class at every device size in it, with its safe area")]
        for sweep in sweeps {
            let failing = sweep.failing
            lines.append(sweep.sizeClass.description.padding(toLength: 17, withPad: " ", startingAt: 0)
                + "\(sweep.devices.count) devices · "
                + (failing.isEmpty ? style.green("none fails") : style.red("\(failing.count) fail")))
            guard let worst = sweep.worst else { continue }
            lines.append("    worst:   " + Self.describe(worst, style: style))
            for finding in worst.result.findings where finding.severity == .error {
                lines.append("             " + style.dim(finding.message))
            }
            if !failing.isEmpty {
                lines += Self.wrap(failing.map(\.device.name), prefix: "    failing: ", indent: "             ")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Device names separated by commas, wrapped before 100 columns.
    static func wrap(_ names: [String], prefix: String, indent: String) -> [String] {
        var lines: [String] = []
        var line = prefix
        for (index, name) in names.enumerated() {
            let item = name + (index == names.count - 1 ? "" : ",")
            if line.count + item.count + 1 > 100 && line != prefix {
                lines.append(line)
                line = indent
            }
            line += (line == prefix || line == indent ? "" : " ") + item
        }
        lines.append(line)
        return lines
    }
}
