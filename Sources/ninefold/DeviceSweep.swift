import ArgumentParser
import NinefoldReports
import NinefoldScene
import NinefoldValidation

/// `--devices` on validate, matrix and report: each class is also checked at every real device
/// size that falls in it, with that device's safe area (Documentation/Devices.md).
struct DeviceSweepOption: ParsableArguments {
    @Flag(help: """
        Also check each class at every real device size in it (iPhones portrait and landscape, \
        iPads full screen and in Split View), with the device's safe area. Text output only.
        """)
    var devices = false

    /// The rendered device section and its worst severity, or nil without `--devices`.
    func sweep(_ document: DocumentResult, classes: [SizeClass], style: TerminalStyle, textFormat: Bool) throws
        -> (text: String, worst: Severity?)? {
        guard devices else { return nil }
        guard textFormat else { throw ValidationError("--devices is shown with --format text only") }
        let sweeps = Validator.validateDevices(document.scene, path: document.path, classes: classes)
        return (DeviceSweepText(sweeps: sweeps, style: style).render(), sweeps.compactMap(\.worstSeverity).max())
    }
}
