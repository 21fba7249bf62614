import NinefoldScene
import NinefoldValidation

extension DocumentResult {
    /// `findingGroups` with the findings of a `--devices` sweep folded in, one problem once: a
    /// device finding whose identity (`FindingIdentity`, which ignores the wording, so a frame
    /// that differs per device does not split it) is already a class finding adds its device to
    /// that group; one found only on devices becomes a group of its own, with the classes it was
    /// swept in. CI output then annotates a line once, however many devices show the problem.
    public func findingGroups(devices sweeps: [ClassDeviceSweep]) -> [FindingGroup] {
        var groups = findingGroups
        guard !sweeps.isEmpty else { return groups }
        var index = Dictionary(groups.enumerated().map { ($1.identity, $0) }, uniquingKeysWith: { first, _ in first })
        for sweep in sweeps {
            for device in sweep.devices {
                for finding in device.result.findings {
                    let identity = FindingIdentity(finding)
                    if let position = index[identity] {
                        if !groups[position].classes.contains(sweep.sizeClass) { groups[position].classes.append(sweep.sizeClass) }
                        if !groups[position].devices.contains(device.device.name) { groups[position].devices.append(device.device.name) }
                    } else {
                        index[identity] = groups.count
                        var group = FindingGroup(identity: identity, finding: finding, classes: [sweep.sizeClass],
                                                 fingerprint: identity.fingerprint(document: path))
                        group.devices = [device.device.name]
                        groups.append(group)
                    }
                }
            }
        }
        // A device can fall in several swept classes (a phone in portrait is in compact-regular,
        // compact-any and any-any): the count is of distinct device canvases.
        let checked = Set(sweeps.flatMap { $0.devices.map(\.device.name) }).count
        return groups.map { group in
            var group = group
            group.classes = SizeClass.all.filter(group.classes.contains)
            group.devicesChecked = checked
            return group
        }
    }
}

extension ClassDeviceSweep {
    /// The sweep with only the findings at or above `severity` (`--severity`).
    public func keeping(atLeast severity: Severity) -> ClassDeviceSweep {
        filteringFindings { $0.severity >= severity }
    }

    /// The sweep without the findings whose fingerprint in `path` is in `accepted` (a baseline).
    public func removing(fingerprints accepted: Set<String>, path: String) -> ClassDeviceSweep {
        guard !accepted.isEmpty else { return self }
        return filteringFindings { !accepted.contains(FindingIdentity($0).fingerprint(document: path)) }
    }

    private func filteringFindings(_ keep: (Finding) -> Bool) -> ClassDeviceSweep {
        var copy = self
        copy.devices = devices.map { device in
            var device = device
            device.result.findings = device.result.findings.filter(keep)
            return device
        }
        return copy
    }
}
