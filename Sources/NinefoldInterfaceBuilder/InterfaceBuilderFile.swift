import NinefoldScene

/// What a whole IB file says before any layout is read: that it is an iOS Auto Layout
/// document, which size class its saved frames describe, and the image sizes it records.
struct InterfaceBuilderFile {
    let path: String
    let root: XMLElement
    let isStoryboard: Bool
    /// The class whose canvas Interface Builder saved the frames for (SCENE-FORMAT §7).
    let designClass: SizeClass
    /// Xcode's version of the file format: 15000 and later is Xcode 11, the iOS 13 SDK, whose
    /// controls have other standard sizes than earlier ones (Documentation/InterfaceBuilder.md).
    let toolsVersion: Int
    /// `useSafeAreas="YES"`: root views inset their margins from the safe area, as UIKit does
    /// for documents laid out against it.
    let usesSafeAreas: Bool
    /// `<resources><image name width height>`: the size of each named image, the intrinsic size
    /// an image view showing it has.
    let imageSizes: [String: CanvasSize]
    /// The safe area of the saved `<device>` on IB's canvas, without bars; nil when the file
    /// names no device this reader knows (the format's 20-point status bar then stands).
    let deviceSafeArea: EdgeInsets?
    /// The saved `<device>`'s screen scale (3 on Plus, notched and Dynamic Island iPhones); nil
    /// when the file names no device this reader knows (the format's 2 then stands).
    let deviceScale: Double?
    /// The bar heights IB simulates on the saved device and orientation.
    let barMetrics: SimulatedScreen.BarMetrics
    /// Which navigation and tab bar controllers show each view controller, by controller id.
    let chrome: [String: SimulatedScreen.Chrome]

    init(root: XMLElement, path: String) throws(DocumentError) {
        func refuse(_ message: String, at location: SourceLocation) -> DocumentError {
            DocumentError([Diagnostic(message: message, file: path, location: location)])
        }
        if root.name == "archive" {
            throw refuse("a pre-2014 Interface Builder archive (Xcode 5 or earlier) cannot be imported: "
                         + "open and save it in Xcode 6 or later to convert it to the document format", at: root.location)
        }
        guard root.name == "document" else {
            throw refuse("not an Interface Builder document: the root element is <\(root.name)>, not <document>",
                         at: root.location)
        }
        let type = root.value(of: "type") ?? ""
        let runtime = root.value(of: "targetRuntime") ?? ""
        guard runtime.hasPrefix("iOS.CocoaTouch") || (runtime.isEmpty && type.contains("CocoaTouch")) else {
            let platform = runtime.hasPrefix("MacOSX") || type.contains(".Cocoa.") ? "macOS"
                : runtime.lowercased().contains("watch") || type.contains("WatchKit") ? "watchOS"
                : runtime.contains("AppleTV") || type.contains("AppleTV") ? "tvOS" : "'\(runtime)'"
            throw refuse("a \(platform) Interface Builder document cannot be imported: Ninefold checks iOS layouts "
                         + "(targetRuntime iOS.CocoaTouch)", at: root.location(of: root.value(of: "targetRuntime") == nil ? "type" : "targetRuntime"))
        }
        guard root.value(of: "useAutolayout") == "YES" else {
            throw refuse("this document lays out with springs and struts, not Auto Layout (useAutolayout=\"YES\" is "
                         + "missing): there are no constraints to check", at: root.location)
        }
        self.path = path
        self.root = root
        isStoryboard = type.contains("Storyboard") || root.child("scenes") != nil
        toolsVersion = Int(root.value(of: "toolsVersion")?.prefix { $0.isNumber } ?? "") ?? 0
        usesSafeAreas = root.value(of: "useSafeAreas") == "YES"
        var images: [String: CanvasSize] = [:]
        for resources in root.children where resources.name == "resources" {
            for image in resources.children where image.name == "image" {
                if let name = image.value(of: "name"), let width = image.number("width"), let height = image.number("height") {
                    images[name] = CanvasSize(width: width, height: height)
                }
            }
        }
        imageSizes = images
        designClass = Self.designClass(of: root, runtime: runtime)
        let device = root.child("device")
        let deviceID = device?.value(of: "id") ?? ""
        let landscape = device?.value(of: "orientation") == "landscape"
        deviceSafeArea = SimulatedScreen.deviceInsets(id: deviceID, landscape: landscape)
        deviceScale = SimulatedScreen.scale(deviceID: deviceID)
        barMetrics = SimulatedScreen.BarMetrics.of(deviceID: deviceID, landscape: landscape)
        chrome = SimulatedScreen.chrome(in: root)
    }

    /// The class of the canvas IB saved frames on: the `<device>` (Xcode 8+) and orientation;
    /// else, for size-class documents of Xcode 6–7, any-any (600 × 600); else the simulated
    /// metrics of Xcode 5-era documents (an iPhone, or an iPad for `.iPad` runtimes).
    private static func designClass(of root: XMLElement, runtime: String) -> SizeClass {
        if let device = root.child("device") {
            let landscape = device.value(of: "orientation") == "landscape"
            let id = device.value(of: "id") ?? ""
            if id.hasPrefix("ipad") { return SizeClass(width: .regular, height: .regular) }
            guard landscape else { return SizeClass(width: .compact, height: .regular) }
            // Plus and Max iPhones (414 points and wider in portrait) are regular-width in landscape.
            return wideIPhones.contains(id) ? SizeClass(width: .regular, height: .compact)
                : SizeClass(width: .compact, height: .compact)
        }
        if root.value(of: "useTraitCollections") == "YES" { return .anyAny }
        let metrics = root.child("simulatedMetricsContainer")
        let landscape = metrics?.children.first { $0.name == "simulatedOrientationMetrics" }?
            .value(of: "orientation")?.hasPrefix("landscape") ?? false
        if runtime.hasSuffix(".iPad") { return SizeClass(width: .regular, height: .regular) }
        return SizeClass(width: .compact, height: landscape ? .compact : .regular)
    }

    /// Device ids of iPhones whose portrait width is 414 points or more (HIG, "Layout": these
    /// have a regular width class in landscape).
    static let wideIPhones: Set<String> = ["retina5_5", "retina6_1", "retina6_5", "retina6_7", "retina6_72",
                                            "iPhone_XR", "iPhone_11", "iPhone_XS_Max", "iPhone_11_Pro_Max"]

    /// Whether a control's standard size is the iOS 13 one (the file was saved by Xcode 11+).
    var usesIOS13Metrics: Bool { toolsVersion >= 15000 }

    /// Every layout the file holds, in document order: view controller scenes, then for each
    /// the cells inside it; for a xib, top-level views and cells.
    func layoutRoots() -> [LayoutRoot] {
        var result: [LayoutRoot] = []
        if let scenes = root.child("scenes") {
            for scene in scenes.children where scene.name == "scene" {
                for object in scene.child("objects")?.children ?? [] {
                    result += Self.controllerLayouts(object)
                }
            }
        }
        for object in root.child("objects")?.children ?? [] {
            if let cell = LayoutRoot.cell(object) {
                result.append(cell)
            } else if ViewKindMapping.isView(object.name) {
                result.append(LayoutRoot(objectID: object.value(of: "id") ?? "", owner: object, rootView: object,
                                         kind: .freeStanding))
                result += LayoutRoot.cells(inside: object)
            } else {
                result += Self.controllerLayouts(object)
            }
        }
        return result
    }

    private static func controllerLayouts(_ object: XMLElement) -> [LayoutRoot] {
        guard let view = object.children.first(where: { $0.value(of: "key") == "view" && ViewKindMapping.isView($0.name) })
        else { return [] }
        return [LayoutRoot(objectID: object.value(of: "id") ?? "", owner: object, rootView: view, kind: .viewController)]
            + LayoutRoot.cells(inside: view)
    }
}

/// One layout: the element that owns it and its root view.
struct LayoutRoot {
    enum Kind { case viewController, freeStanding, cell }

    let objectID: String
    /// The view controller, top-level view or cell: the document is named after its id.
    let owner: XMLElement
    let rootView: XMLElement
    let kind: Kind

    static let cellNames: Set<String> = ["tableViewCell", "collectionViewCell"]

    /// A table or collection view cell, whose layout is its content view's; or a collection
    /// view's supplementary view (a section header or footer), a free-standing view.
    static func cell(_ element: XMLElement) -> LayoutRoot? {
        if element.name == "collectionReusableView" {
            return LayoutRoot(objectID: element.value(of: "id") ?? "", owner: element, rootView: element, kind: .freeStanding)
        }
        guard cellNames.contains(element.name),
              let content = element.children.first(where: { $0.value(of: "key") == "contentView" }) else { return nil }
        return LayoutRoot(objectID: element.value(of: "id") ?? "", owner: element, rootView: content, kind: .cell)
    }

    /// Every cell below an element (prototype and static cells of table and collection views).
    static func cells(inside element: XMLElement) -> [LayoutRoot] {
        element.children.flatMap { child -> [LayoutRoot] in
            if let cell = cell(child) {
                return [cell] + (cell.rootView.name == "collectionReusableView" ? [] : cells(inside: cell.rootView))
            }
            return cells(inside: child)
        }
    }
}

extension XMLElement {
    func child(_ name: String) -> XMLElement? {
        children.first { $0.name == name }
    }

    func child(_ name: String, key: String) -> XMLElement? {
        children.first { $0.name == name && $0.value(of: "key") == key }
    }

    /// A numeric attribute, nil when absent, not a number, or outside the lengths the format
    /// accepts (`NumberRanges.length`; IB never writes such values, a damaged file may).
    func number(_ name: String) -> Double? {
        value(of: name).flatMap(NumberFormatting.parse).flatMap { NumberRanges.length.contains($0) ? $0 : nil }
    }

    func flag(_ name: String) -> Bool {
        value(of: name) == "YES"
    }
}
