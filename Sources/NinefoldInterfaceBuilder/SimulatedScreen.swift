import NinefoldScene

/// The safe area Interface Builder simulates around a view controller's root view: the saved
/// `<device>`'s status bar, sensor housing and home indicator, plus the navigation, tab or tool
/// bars IB draws because of where the controller sits (a navigation or tab bar controller's
/// relationship segues) or because its simulated metrics say so.
///
/// Figures are Interface Builder's, which are the iOS simulator's (Documentation/Devices.md gives
/// the source of every device figure; Documentation/InterfaceBuilder.md, "Safe areas", the bars).
enum SimulatedScreen {
    /// Portrait top and bottom insets and the landscape side inset of an iPhone, by IB device id.
    private struct PhoneInsets {
        var top: Double
        var bottom: Double
        var side: Double
    }

    /// IB device ids (`<device id=…>`) of iPhones. IB's `retina6_1` (414 × 896, "iPhone 11") and
    /// `retina6_5` canvases use the iOS 13 top inset of 44, not the 48 an iPhone 11 reports on
    /// iOS 14 and later: frames Xcode 13 saved on `retina6_1` put a view 24 below the safe area's
    /// top at y = 68 (Documentation/InterfaceBuilder.md, "Safe areas").
    private static let phones: [String: PhoneInsets] = [
        "retina3_5": PhoneInsets(top: 20, bottom: 0, side: 0),
        "retina4_0": PhoneInsets(top: 20, bottom: 0, side: 0),
        "retina4_7": PhoneInsets(top: 20, bottom: 0, side: 0),
        "retina5_5": PhoneInsets(top: 20, bottom: 0, side: 0),
        "retina5_9": PhoneInsets(top: 44, bottom: 34, side: 44),
        "retina6_1": PhoneInsets(top: 44, bottom: 34, side: 44),
        "retina6_5": PhoneInsets(top: 44, bottom: 34, side: 44),
        "retina5_4": PhoneInsets(top: 50, bottom: 34, side: 50),
        "retina6_0": PhoneInsets(top: 47, bottom: 34, side: 47),
        "retina6_7": PhoneInsets(top: 47, bottom: 34, side: 47),
        "retina6_12": PhoneInsets(top: 59, bottom: 34, side: 59),
        "retina6_72": PhoneInsets(top: 59, bottom: 34, side: 59),
        "retina6_3": PhoneInsets(top: 62, bottom: 34, side: 62),
        "retina6_9": PhoneInsets(top: 62, bottom: 34, side: 62),
    ]

    /// The device's own safe area on IB's canvas, without bars; nil for a device this table does
    /// not know (the format's 20-point status bar then stands).
    ///
    /// iPhones hide the status bar in landscape (compact height) since iOS 8, so a landscape
    /// phone without a sensor housing has no insets; one with a housing keeps it on both sides
    /// and a 21-point home indicator. iPads keep their status bar in both orientations: 20 points,
    /// or 24 above and 20 below on the rounded-corner models (`…rounded` ids).
    static func deviceInsets(id: String, landscape: Bool) -> EdgeInsets? {
        if id.hasPrefix("ipad") {
            return id.hasSuffix("rounded") ? EdgeInsets(top: 24, left: 0, bottom: 20, right: 0)
                : EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        }
        guard let phone = phones[id] else { return nil }
        if landscape {
            return EdgeInsets(top: 0, left: phone.side, bottom: phone.bottom == 0 ? 0 : 21, right: phone.side)
        }
        return EdgeInsets(top: phone.top, left: 0, bottom: phone.bottom, right: 0)
    }

    /// IB device ids of iPhones with 3x screens: the Plus sizes, the notched and Dynamic Island
    /// phones except the XR / 11 (`retina6_1`, 414 × 896 at 2x). Every other iPhone id IB writes
    /// (`retina3_5`, `retina4_0`, `retina4_7`, `retina6_1`) is 2x, and so is every iPad.
    /// Source: Apple's UIScreen.scale documentation (Retina screens are 2 or 3) and the per-model
    /// scale factors of Apple's device specifications, collected in Documentation/Devices.md;
    /// IB's saved frames agree (17-pt labels saved 20.333 tall on `retina5_5` and `retina6_12`).
    private static let threeXPhones: Set<String> = [
        "retina5_5", "retina5_9", "retina6_5", "retina5_4", "retina6_0", "retina6_7", "retina6_12", "retina6_72",
        "retina6_3", "retina6_9", "iPhone_XS_Max", "iPhone_11_Pro_Max",
    ]
    private static let twoXPhones: Set<String> = ["retina3_5", "retina4_0", "retina4_7", "retina6_1", "iPhone_XR", "iPhone_11"]

    /// The saved device's screen scale (pixels per point), nil for an id this table does not know
    /// (the format's default of 2 then stands).
    static func scale(deviceID id: String) -> Double? {
        if threeXPhones.contains(id) { return 3 }
        if twoXPhones.contains(id) || id.hasPrefix("ipad") { return 2 }
        return nil
    }

    /// Bars IB draws over a view controller's root view, as heights added to the safe area.
    struct Bars: Equatable {
        var top: Double = 0
        var bottom: Double = 0
    }

    /// Bar heights in points, from the iOS Human Interface Guidelines' bar metrics as the
    /// simulator and IB's canvas draw them: on an iPhone in portrait a navigation bar is 44 (96
    /// with a large title: 52 more), a tab bar 49 and a toolbar 44; in landscape (compact height)
    /// each is 32 and large titles are not shown; on an iPad (iOS 12 and later) navigation and tab
    /// bars are 50, a toolbar 44.
    struct BarMetrics {
        var navigation: Double
        var largeTitle: Double
        var tab: Double
        var toolbar: Double

        static func of(deviceID: String, landscape: Bool) -> BarMetrics {
            if deviceID.hasPrefix("ipad") { return BarMetrics(navigation: 50, largeTitle: 52, tab: 50, toolbar: 44) }
            if landscape { return BarMetrics(navigation: 32, largeTitle: 0, tab: 32, toolbar: 32) }
            return BarMetrics(navigation: 44, largeTitle: 52, tab: 49, toolbar: 44)
        }
    }

    /// The containers a view controller is shown in: the navigation controller's bar and the
    /// tab bar controller's bar above and below it, if any.
    struct Chrome {
        var navigationBar: XMLElement?
        var navigationController: XMLElement?
        var tabBar: XMLElement?

        var barCount: Int { (navigationBar == nil ? 0 : 1) + (tabBar == nil ? 0 : 1) }
    }

    /// Where each view controller of a storyboard is shown, by controller id: a navigation
    /// controller's `rootViewController` relationship and the `show`/`push` segues from there
    /// put a controller under its navigation bar; a tab bar controller's `viewControllers`
    /// relationship (directly or through a navigation controller) above its tab bar. This is how
    /// IB decides which bars it simulates ("Inferred" simulated metrics).
    static func chrome(in document: XMLElement) -> [String: Chrome] {
        var controllers: [String: XMLElement] = [:]
        for scene in document.child("scenes")?.children ?? [] where scene.name == "scene" {
            for object in scene.child("objects")?.children ?? [] where object.value(of: "sceneMemberID") == "viewController" {
                if let id = object.value(of: "id") { controllers[id] = object }
            }
        }
        var result: [String: Chrome] = [:]
        func segues(of controller: XMLElement) -> [XMLElement] {
            controller.child("connections")?.children.filter { $0.name == "segue" } ?? []
        }
        // A worklist: a controller is (re)visited only when its chrome gained a bar, which happens
        // at most three times (none → 0, 1, 2 bars), so the walk is linear in controllers and
        // segues however the storyboard chains them.
        var pending = controllers.keys.sorted()
        while let id = pending.popLast() {
            guard let controller = controllers[id] else { continue }
            let own = result[id] ?? Chrome()
            for segue in segues(of: controller) {
                guard let destination = segue.value(of: "destination"), let target = controllers[destination] else { continue }
                var given: Chrome
                switch (controller.name, segue.value(of: "relationship"), segue.value(of: "kind")) {
                case ("tabBarController", "viewControllers", _):
                    given = Chrome(tabBar: controller.child("tabBar", key: "tabBar") ?? controller)
                case ("navigationController", "rootViewController", _):
                    given = Chrome(navigationBar: controller.child("navigationBar", key: "navigationBar") ?? controller,
                                   navigationController: controller, tabBar: own.tabBar)
                case (_, nil, "show"?), (_, nil, "push"?):
                    guard own.navigationBar != nil else { continue }
                    given = own
                    if target.value(of: "hidesBottomBarWhenPushed") == "YES" { given.tabBar = nil }
                default:
                    continue
                }
                // A controller keeps the most bars any path gives it, so the result does not
                // depend on the order controllers are visited in.
                if given.barCount > result[destination]?.barCount ?? -1 {
                    result[destination] = given
                    pending.append(destination)
                }
            }
        }
        return result
    }

    /// The bars over a view controller's root view: those of its chrome, unless hidden or
    /// opaque (an opaque bar lays the root view out beside it, not under it), and those its own
    /// simulated metrics name (`simulatedTopBarMetrics`, `simulatedBottomBarMetrics`).
    static func bars(of controller: XMLElement, chrome: Chrome?, metrics: BarMetrics) -> Bars {
        var bars = Bars()
        let extendsUnderOpaqueBars = controller.value(of: "extendedLayoutIncludesOpaqueBars") == "YES"
        func visible(_ bar: XMLElement?) -> Bool {
            guard let bar else { return false }
            return bar.value(of: "translucent") != "NO" || extendsUnderOpaqueBars
        }
        if let chrome, visible(chrome.navigationBar), chrome.navigationController?.value(of: "navigationBarHidden") != "YES" {
            let large = chrome.navigationBar?.value(of: "largeTitles") == "YES"
                && controller.child("navigationItem", key: "navigationItem")?.value(of: "largeTitleDisplayMode") != "never"
            bars.top = metrics.navigation + (large ? metrics.largeTitle : 0)
        }
        if let chrome, visible(chrome.tabBar) {
            bars.bottom = metrics.tab
        } else if chrome?.navigationController?.value(of: "toolbarHidden") == "NO" {
            bars.bottom = metrics.toolbar
        }
        for simulated in controller.children {
            switch (simulated.name, simulated.value(of: "key")) {
            case ("simulatedNavigationBarMetrics", "simulatedTopBarMetrics"?): bars.top = metrics.navigation
            case ("simulatedTabBarMetrics", "simulatedBottomBarMetrics"?): bars.bottom = metrics.tab
            case ("simulatedToolbarMetrics", "simulatedBottomBarMetrics"?): bars.bottom = metrics.toolbar
            default: break
            }
        }
        return bars
    }
}
