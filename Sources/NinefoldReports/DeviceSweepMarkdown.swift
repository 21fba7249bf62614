import NinefoldLayout
import NinefoldScene
import NinefoldValidation

/// The `--devices` section of the Markdown matrix and report, for a pull-request comment: per
/// class a line with the device count, how many fail and the worst, then a table of every device
/// checked (folded unless one fails, so a clean sweep stays short).
enum DeviceSweepMarkdown {
    /// The grid cell's line: `❌ 12 of 40 devices fail` or `✅ 40 devices pass`.
    static func cellSummary(_ sweep: ClassDeviceSweep) -> String {
        let failing = sweep.failing.count
        return failing == 0 ? "✅ \(sweep.devices.count) devices pass" : "❌ \(failing) of \(sweep.devices.count) devices fail"
    }

    static func render(_ sweeps: [ClassDeviceSweep]) -> String {
        var text = "#### Devices\n\nEach class at every real device size in it, with the device's safe area.\n"
        for sweep in sweeps {
            let failing = sweep.failing.count
            text += "\n**\(Markdown.code(sweep.sizeClass.description))** · \(sweep.devices.count) devices · "
                + (failing == 0 ? "✅ none fails" : "❌ \(failing) fail")
            if let worst = sweep.worst {
                text += " · worst: " + Markdown.escape(DeviceSweepText.describe(worst, style: .plain))
            }
            text += "\n\n"
            guard !sweep.devices.isEmpty else { continue }
            text += "<details\(failing == 0 ? "" : " open")><summary>\(sweep.devices.count) devices in "
                + "\(sweep.sizeClass)</summary>\n\n"
            text += "| device | canvas | safe area | status | findings |\n|---|---|---|---|---|\n"
            for device in sweep.devices {
                let canvas = device.device
                let format = NumberFormatting.format
                let insets = [canvas.safeArea.top, canvas.safeArea.left, canvas.safeArea.bottom, canvas.safeArea.right]
                let words = MatrixReport.findingWords(device.result).map(\.1)
                text += "| \(Markdown.escape(canvas.name)) | \(format(canvas.size.width))×\(format(canvas.size.height)) | "
                    + insets.map(format).joined(separator: ", ") + " | "
                    + "\(Markdown.icon(device.result.status)) \(device.result.status.rawValue)\(device.fails ? " **fails**" : "") | "
                    + (words.isEmpty ? "none" : words.joined(separator: " · ")) + " |\n"
            }
            text += "\n</details>\n"
        }
        return text
    }
}
