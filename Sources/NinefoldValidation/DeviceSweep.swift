import Foundation
import NinefoldLayout
import NinefoldResolution
import NinefoldScene

/// One size class checked at one real device size (`--devices`).
public struct DeviceResult: Sendable {
    public var device: DeviceCanvas
    public var result: ClassResult

    /// The device fails the class when the layout is not unique there or has an error.
    public var fails: Bool { result.status != .unique || result.worstSeverity == .error }

    /// Ordering for "worst": conflicting above ambiguous above unique, then more errors, then
    /// more warnings.
    var badness: (Int, Int, Int) {
        let status = switch result.status {
        case .conflicting: 2
        case .ambiguous: 1
        case .unique: 0
        }
        return (status, result.count(.error), result.count(.warning))
    }
}

/// One class checked at every device size that falls in it.
public struct ClassDeviceSweep: Sendable {
    public var sizeClass: SizeClass
    /// In catalogue order (phones first, smallest first).
    public var devices: [DeviceResult]

    public var failing: [DeviceResult] { devices.filter(\.fails) }

    /// The device where the class fares worst; the first in catalogue order among equals.
    public var worst: DeviceResult? {
        devices.reduce(nil as DeviceResult?) { worst, candidate in
            guard let worst else { return candidate }
            return candidate.badness > worst.badness ? candidate : worst
        }
    }

    public var worstSeverity: Severity? { devices.compactMap(\.result.worstSeverity).max() }
}

extension Validator {
    /// Checks each class at every real device size in it (`DeviceCatalog.canvases(in:)`), with the
    /// device's safe area and screen scale (text sizes round up to its pixels). The document's design-time frames belong to its own canvas, so
    /// `misplaced-view` findings are left out of device results.
    public static func validateDevices(_ scene: Scene, path: String, classes: [SizeClass] = SizeClass.all)
        -> [ClassDeviceSweep] {
        let resolver = Resolver(scene: scene)
        let resolved = classes.map { resolver.resolve($0) }
        let tasks = classes.indices.flatMap { index in
            DeviceCatalog.canvases(in: classes[index]).map { (index, $0) }
        }
        // Every (class, device) pair is independent: solve them on all cores, keep catalogue order.
        let results = ParallelSlots<DeviceResult>(count: tasks.count)
        DispatchQueue.concurrentPerform(iterations: tasks.count) { task in
            let (index, device) = tasks[task]
            var onDevice = resolved[index]
            onDevice.canvas = Resolved(device.size)
            onDevice.scale = device.scale
            var result = validate(onDevice, path: path, safeArea: device.safeArea)
            result.findings.removeAll { $0.kind == MisplacedViewRule.identifier }
            results.set(task, DeviceResult(device: device, result: result))
        }
        let all = results.values
        return classes.indices.map { index in
            ClassDeviceSweep(sizeClass: classes[index],
                             devices: zip(tasks, all).filter { $0.0.0 == index }.map(\.1))
        }
    }
}
