import ArgumentParser
import NinefoldReports
import NinefoldScene
import NinefoldValidation

/// `--devices` on validate, matrix and report: each class is also checked at every real device
/// size that falls in it, with that device's safe area (Documentation/Devices.md).
struct DeviceSweepOption: ParsableArguments {
    @Flag(help: """
        Also check each class at every real device size in it (iPhones portrait and landscape, \
        iPads full screen and in Split View), with the device's safe area. Every output format \
        shows it: per class the worst device and the failing ones; CI formats fold device \
        findings into the class findings, one annotation a problem.
        """)
    var devices = false

    /// The sweeps, or nil without `--devices`.
    func sweeps(_ document: DocumentResult, classes: [SizeClass]) -> [ClassDeviceSweep]? {
        guard devices else { return nil }
        return Validator.validateDevices(document.scene, path: document.path, classes: classes)
    }
}

extension Array where Element == ClassDeviceSweep {
    var worstSeverity: Severity? { compactMap(\.worstSeverity).max() }
}
