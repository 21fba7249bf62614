/// One scene document: canvases, then a single root view holding everything else.
public struct Scene: Hashable, Sendable {
    public var version: String
    public var name: String?
    /// What the root view is (`root` attribute): it sets the root's default margins.
    public var rootKind: RootKind
    public var canvases: [Canvas]
    public var root: View
    public var location: SourceLocation

    public init(version: String = "1", name: String? = nil, rootKind: RootKind = .viewController,
                canvases: [Canvas] = [], root: View, location: SourceLocation = .unknown) {
        self.version = version
        self.name = name
        self.rootKind = rootKind
        self.canvases = canvases
        self.root = root
        self.location = location
    }

    /// Every view, depth first in document order (the root first).
    public var allViews: [View] {
        var result: [View] = []
        func visit(_ view: View) {
            result.append(view)
            view.subviews.forEach(visit)
        }
        visit(root)
        return result
    }

    /// Every constraint, in document order (depth first through the views that hold them).
    public var allConstraints: [Constraint] {
        allViews.flatMap(\.constraints)
    }

    /// The canvas for a class: the document's own `<canvas>` for exactly that class, else the format's default.
    public func canvas(for sizeClass: SizeClass) -> CanvasSize {
        if let declared = canvases.last(where: { $0.sizeClass == sizeClass }) {
            return CanvasSize(width: declared.width, height: declared.height)
        }
        return sizeClass.defaultCanvas
    }

    /// The root view's safe area in a class (addition, 2026-11-23): the `safeAreaInsets` of the
    /// document's `<canvas>` for exactly that class, else the format's fixed canvas safe area
    /// (a 20-point simulated status bar, SCENE-FORMAT §3).
    public func safeArea(for sizeClass: SizeClass) -> EdgeInsets {
        canvases.last(where: { $0.sizeClass == sizeClass })?.safeAreaInsets ?? .canvasSafeArea
    }

    /// The screen scale (pixels per point) in a class (addition, 2026-11-23): the `scale` of the
    /// document's `<canvas>` for exactly that class, else 2 (Interface Builder's Retina canvas).
    /// Text sizes round up to its pixel grid.
    public func scale(for sizeClass: SizeClass) -> Double {
        canvases.last(where: { $0.sizeClass == sizeClass })?.scale ?? Canvas.defaultScale
    }
}

/// A `<canvas>`: the root view's size for exactly the class it names.
public struct Canvas: Hashable, Sendable {
    public var sizeClass: SizeClass
    public var width: Double
    public var height: Double
    /// The root view's safe-area insets on this canvas (addition: `safeAreaInsets="t l b r"`);
    /// nil = not declared, the format's fixed 20-point status bar (`EdgeInsets.canvasSafeArea`).
    /// A real device's status bar, sensor housing, home indicator and simulated bars go here.
    public var safeAreaInsets: EdgeInsets?
    /// The device's screen scale, pixels per point (addition: `scale="1|2|3"`); nil = not
    /// declared, `defaultScale`. UIKit rounds a label's intrinsic size up to whole pixels, so a
    /// 17-pt label is 20.5 tall on a 2x screen and 20.333 on a 3x one (Documentation/FontMetrics.md).
    public var scale: Double?
    public var location: SourceLocation

    /// Interface Builder's canvases before devices had 3x screens, and the iPhone 8 and every
    /// iPad since: 2 pixels per point.
    public static let defaultScale = 2.0
    /// The scales UIKit screens have: 1 (non-Retina), 2 and 3 (UIScreen.scale's documentation).
    public static let scales: Set<Double> = [1, 2, 3]

    public init(sizeClass: SizeClass, width: Double, height: Double, safeAreaInsets: EdgeInsets? = nil,
                scale: Double? = nil, location: SourceLocation = .unknown) {
        self.sizeClass = sizeClass
        self.width = width
        self.height = height
        self.safeAreaInsets = safeAreaInsets
        self.scale = scale
        self.location = location
    }
}
