import NinefoldScene

/// One real device screen: its portrait size in points, the safe-area insets it reports in each
/// orientation (status bar, sensor housing, home indicator), whether it is regular width in
/// landscape and its screen scale. Documentation/Devices.md gives the source of every figure.
public struct Device: Hashable, Sendable {
    public enum Family: String, Sendable { case iPhone, iPad }

    public var name: String
    public var family: Family
    /// Width × height in portrait, points.
    public var portrait: CanvasSize
    public var portraitInsets: SafeAreaInsets
    public var landscapeInsets: SafeAreaInsets
    /// Phones: whether landscape is regular width (Plus and Max sizes). iPads are always regular
    /// in full screen; their Split View panes are in `landscapeSplits` and `portraitSplits`.
    public var regularWidthInLandscape: Bool
    /// iPad Split View panes, narrowest first, as (fraction label, width in points).
    public var landscapeSplits: [SplitPane]
    public var portraitSplits: [SplitPane]
    /// Pixels per point (UIScreen.scale): 3 on the Plus, notched and Dynamic Island iPhones
    /// except the XR / 11, 2 on the others and every iPad. Text sizes round up to its pixel.
    public var scale: Double
}

/// One Split View pane of an iPad: `1/3`, `1/2` or `2/3` of the screen, with its width and the
/// width class UIKit gives it.
public struct SplitPane: Hashable, Sendable {
    public var fraction: String
    public var width: Double
    public var widthClass: SizeClassValue

    public init(_ fraction: String, _ width: Double, _ widthClass: SizeClassValue) {
        self.fraction = fraction
        self.width = width
        self.widthClass = widthClass
    }
}

/// A device in one orientation (and, on iPad, one Split View pane): the canvas Ninefold solves
/// on, the final size class UIKit reports there and the safe area the root view sees.
public struct DeviceCanvas: Hashable, Sendable {
    public enum Orientation: String, Sendable { case portrait, landscape }

    public var device: String
    public var orientation: Orientation
    /// nil for full screen; `1/3`, `1/2`, `2/3` for an iPad Split View pane.
    public var split: String?
    public var size: CanvasSize
    public var sizeClass: SizeClass
    public var safeArea: SafeAreaInsets
    /// The device's screen scale, pixels per point.
    public var scale: Double

    /// `iPhone 15 Pro Max · landscape`, `iPad Pro 12.9″ · portrait · split 1/3`.
    public var name: String {
        [device, orientation.rawValue, split.map { "split \($0)" }].compactMap { $0 }.joined(separator: " · ")
    }
}

/// The devices Ninefold sweeps with `--devices`: every iPhone screen size from the 4″ SE to the
/// 16 Pro Max and the iPad sizes, each in both orientations, iPads also in Split View.
public enum DeviceCatalog {
    private static func phone(_ name: String, _ width: Double, _ height: Double, top: Double, bottom: Double,
                              side: Double, landscapeBottom: Double, regularInLandscape: Bool, scale: Double) -> Device {
        Device(name: name, family: .iPhone, portrait: CanvasSize(width: width, height: height),
               portraitInsets: SafeAreaInsets(top: top, left: 0, bottom: bottom, right: 0),
               landscapeInsets: SafeAreaInsets(top: 0, left: side, bottom: landscapeBottom, right: side),
               regularWidthInLandscape: regularInLandscape, landscapeSplits: [], portraitSplits: [], scale: scale)
    }

    /// `narrow` is the 1/3 pane's width in (portrait, landscape).
    private static func pad(_ name: String, _ width: Double, _ height: Double, statusBar: Double, homeIndicator: Double,
                            narrow: (portrait: Double, landscape: Double), halfIsRegular: Bool = false) -> Device {
        // Split View leaves a 10-point divider: the wide pane is the rest of the screen.
        let insets = SafeAreaInsets(top: statusBar, left: 0, bottom: homeIndicator, right: 0)
        let landscape = height, portrait = width
        return Device(
            name: name, family: .iPad, portrait: CanvasSize(width: width, height: height),
            portraitInsets: insets, landscapeInsets: insets, regularWidthInLandscape: true,
            landscapeSplits: [SplitPane("1/3", narrow.landscape, .compact),
                              SplitPane("1/2", (landscape - 10) / 2, halfIsRegular ? .regular : .compact),
                              SplitPane("2/3", landscape - 10 - narrow.landscape, .regular)],
            portraitSplits: [SplitPane("1/3", narrow.portrait, .compact),
                             SplitPane("2/3", portrait - 10 - narrow.portrait, .compact)],
            scale: 2)
    }

    /// Every device, phones first, smallest first.
    public static let devices: [Device] = [
        phone("iPhone SE (1st gen)", 320, 568, top: 20, bottom: 0, side: 0, landscapeBottom: 0, regularInLandscape: false, scale: 2),
        phone("iPhone 8 / SE (2nd, 3rd gen)", 375, 667, top: 20, bottom: 0, side: 0, landscapeBottom: 0,
              regularInLandscape: false, scale: 2),
        phone("iPhone 8 Plus", 414, 736, top: 20, bottom: 0, side: 0, landscapeBottom: 0, regularInLandscape: true, scale: 3),
        phone("iPhone X / XS / 11 Pro", 375, 812, top: 44, bottom: 34, side: 44, landscapeBottom: 21, regularInLandscape: false, scale: 3),
        phone("iPhone XR / 11", 414, 896, top: 48, bottom: 34, side: 48, landscapeBottom: 21, regularInLandscape: true, scale: 2),
        phone("iPhone XS Max / 11 Pro Max", 414, 896, top: 44, bottom: 34, side: 44, landscapeBottom: 21,
              regularInLandscape: true, scale: 3),
        phone("iPhone 12 mini / 13 mini", 375, 812, top: 50, bottom: 34, side: 50, landscapeBottom: 21,
              regularInLandscape: false, scale: 3),
        phone("iPhone 12 / 12 Pro / 13 / 13 Pro / 14", 390, 844, top: 47, bottom: 34, side: 47, landscapeBottom: 21,
              regularInLandscape: false, scale: 3),
        phone("iPhone 12 Pro Max / 13 Pro Max / 14 Plus", 428, 926, top: 47, bottom: 34, side: 47, landscapeBottom: 21,
              regularInLandscape: true, scale: 3),
        phone("iPhone 14 Pro / 15 / 15 Pro / 16", 393, 852, top: 59, bottom: 34, side: 59, landscapeBottom: 21,
              regularInLandscape: false, scale: 3),
        phone("iPhone 14 Pro Max / 15 Plus / 15 Pro Max / 16 Plus", 430, 932, top: 59, bottom: 34, side: 59,
              landscapeBottom: 21, regularInLandscape: true, scale: 3),
        phone("iPhone 16 Pro", 402, 874, top: 62, bottom: 34, side: 62, landscapeBottom: 21, regularInLandscape: false, scale: 3),
        phone("iPhone 16 Pro Max", 440, 956, top: 62, bottom: 34, side: 62, landscapeBottom: 21, regularInLandscape: true, scale: 3),
        pad("iPad mini 7.9″", 768, 1024, statusBar: 20, homeIndicator: 0, narrow: (320, 320)),
        pad("iPad mini 8.3″", 744, 1133, statusBar: 24, homeIndicator: 20, narrow: (320, 320)),
        pad("iPad 9.7″", 768, 1024, statusBar: 20, homeIndicator: 0, narrow: (320, 320)),
        pad("iPad 10.2″", 810, 1080, statusBar: 20, homeIndicator: 0, narrow: (320, 320)),
        pad("iPad Air 10.9″", 820, 1180, statusBar: 24, homeIndicator: 20, narrow: (320, 320)),
        pad("iPad Pro 11″", 834, 1194, statusBar: 24, homeIndicator: 20, narrow: (320, 375)),
        pad("iPad Pro 12.9″", 1024, 1366, statusBar: 24, homeIndicator: 20, narrow: (375, 375), halfIsRegular: true),
    ]

    /// Every device in every orientation and pane.
    public static let canvases: [DeviceCanvas] = devices.flatMap(canvases(of:))

    /// The canvases that fall in `sizeClass`: those whose final class it applies to (so a base
    /// class such as `compact-any` collects every compact-width canvas).
    public static func canvases(in sizeClass: SizeClass) -> [DeviceCanvas] {
        canvases.filter { sizeClass.applies(to: $0.sizeClass) }
    }

    static func canvases(of device: Device) -> [DeviceCanvas] {
        let portrait = device.portrait
        let landscape = CanvasSize(width: portrait.height, height: portrait.width)
        switch device.family {
        case .iPhone:
            return [
                DeviceCanvas(device: device.name, orientation: .portrait, split: nil, size: portrait,
                             sizeClass: SizeClass(width: .compact, height: .regular), safeArea: device.portraitInsets,
                             scale: device.scale),
                DeviceCanvas(device: device.name, orientation: .landscape, split: nil, size: landscape,
                             sizeClass: SizeClass(width: device.regularWidthInLandscape ? .regular : .compact, height: .compact),
                             safeArea: device.landscapeInsets, scale: device.scale),
            ]
        case .iPad:
            let full = SizeClass(width: .regular, height: .regular)
            var result = [
                DeviceCanvas(device: device.name, orientation: .portrait, split: nil, size: portrait, sizeClass: full,
                             safeArea: device.portraitInsets, scale: device.scale),
                DeviceCanvas(device: device.name, orientation: .landscape, split: nil, size: landscape, sizeClass: full,
                             safeArea: device.landscapeInsets, scale: device.scale),
            ]
            for (orientation, panes, height, insets) in [
                (DeviceCanvas.Orientation.portrait, device.portraitSplits, portrait.height, device.portraitInsets),
                (.landscape, device.landscapeSplits, landscape.height, device.landscapeInsets),
            ] {
                for pane in panes {
                    result.append(DeviceCanvas(device: device.name, orientation: orientation, split: pane.fraction,
                                               size: CanvasSize(width: pane.width, height: height),
                                               sizeClass: SizeClass(width: pane.widthClass, height: .regular), safeArea: insets,
                                               scale: device.scale))
                }
            }
            return result
        }
    }
}
