import NinefoldScene

/// How each UIKit class Interface Builder writes becomes one of the format's view kinds, and
/// the intrinsic size UIKit gives the classes the format has no kind for.
///
/// Every size here is written down with its source in Documentation/InterfaceBuilder.md.
enum ViewKindMapping {
    /// Element names of views whose layout the format models directly.
    static let direct: [String: ViewKind] = [
        "view": .view, "label": .label, "button": .button, "textField": .textField, "textView": .textView,
        "imageView": .imageView, "switch": .switch, "stackView": .stackView, "scrollView": .scrollView,
    ]

    /// UIKit classes with no kind of their own: plain views, sized as UIKit sizes them.
    static let plain: Set<String> = [
        "tableView", "collectionView", "slider", "segmentedControl", "activityIndicatorView", "progressView",
        "stepper", "pageControl", "datePicker", "pickerView", "searchBar", "navigationBar", "toolbar", "tabBar",
        "mapView", "webView", "wkWebView", "visualEffectView", "containerView", "glkView", "mtkView",
        "sceneKitView", "arscnView", "arskView", "arView", "skView", "collectionReusableView",
        "tableViewCellContentView", "collectionViewCellContentView", "adBannerView", "tableViewCell",
        "collectionViewCell", "pdfView", "tabBarView",
    ]

    static func isView(_ name: String) -> Bool {
        direct[name] != nil || plain.contains(name)
    }

    /// Button types UIKit draws as a fixed-size glyph rather than a title.
    static let glyphButtonTypes: Set<String> = ["infoLight", "infoDark", "detailDisclosure", "contactAdd"]

    /// The intrinsic size UIKit gives a control the format models as a plain view; nil on an axis
    /// where it has none (`UIView.noIntrinsicMetric`). `savedFrame` (superview-relative, the
    /// design class) stands in where UIKit measures content Ninefold cannot (segment titles).
    static func intrinsicSize(of element: XMLElement, file: InterfaceBuilderFile,
                              savedFrame: Frame?) -> (width: Double?, height: Double?) {
        let modern = file.usesIOS13Metrics
        switch element.name {
        case "activityIndicatorView":
            let style = element.value(of: "style") ?? "gray"
            let large = style == "whiteLarge" || style == "large"
            return large ? (37, 37) : (20, 20)
        case "progressView":
            return (nil, modern ? 4 : 2)
        case "stepper":
            return (94, modern ? 32 : 29)
        case "slider":
            return (nil, 31)
        case "segmentedControl":
            return (savedFrame?.width, modern ? 32 : 28)
        case "pageControl":
            return (savedFrame?.width, file.toolsVersion >= 17000 ? 26 : 37)
        case "pickerView":
            return (320, 216)
        case "datePicker":
            let wheels = (element.value(of: "style") ?? (file.toolsVersion >= 17000 ? "automatic" : "wheels")) == "wheels"
            return wheels ? (320, 216) : (nil, nil)
        case "searchBar":
            return (nil, 56)
        case "navigationBar", "toolbar":
            return (nil, 44)
        case "tabBar":
            return (nil, 49)
        case "button":
            // Only glyph buttons come here; their glyph is 22 × 22 up to iOS 12. From Xcode 11
            // the glyph's size changed and is taken from the frame IB saved for it.
            if modern, let savedFrame { return (savedFrame.width, savedFrame.height) }
            return (22, 22)
        default:
            return (nil, nil)
        }
    }
}

/// `<fontDescription>`: the point size and weight the text-measuring model needs.
enum FontMapping {
    /// UIKit's text styles at the default Dynamic Type size (Large), from Apple's Human
    /// Interface Guidelines, "Typography" → "Dynamic Type sizes" (iOS).
    static let textStyles: [String: (size: Double, weight: FontWeight)] = [
        "UICTFontTextStyleTitle0": (34, .regular), "UICTFontTextStyleLargeTitle": (34, .regular),
        "UICTFontTextStyleTitle1": (28, .regular), "UICTFontTextStyleTitle2": (22, .regular),
        "UICTFontTextStyleTitle3": (20, .regular), "UICTFontTextStyleHeadline": (17, .semibold),
        "UICTFontTextStyleBody": (17, .regular), "UICTFontTextStyleCallout": (16, .regular),
        "UICTFontTextStyleSubhead": (15, .regular), "UICTFontTextStyleFootnote": (13, .regular),
        "UICTFontTextStyleCaption1": (12, .regular), "UICTFontTextStyleCaption2": (11, .regular),
    ]

    /// PostScript name suffixes and the weight they name (`HelveticaNeue-Bold`, `Avenir-Heavy`).
    static let nameSuffixes: [(suffix: String, weight: FontWeight)] = [
        ("UltraLight", .ultraLight), ("Thin", .thin), ("Light", .light), ("Medium", .medium),
        ("SemiBold", .semibold), ("Semibold", .semibold), ("DemiBold", .semibold), ("ExtraBold", .heavy),
        ("Bold", .bold), ("Heavy", .heavy), ("Black", .black),
    ]

    /// Size and weight of a font description; nil parts were not said.
    static func font(_ element: XMLElement) -> (size: Double?, weight: FontWeight?) {
        if let style = element.value(of: "style"), let known = textStyles[style] {
            return (known.size, known.weight)
        }
        let size = element.number("pointSize")
        if let weight = element.value(of: "weight").flatMap(FontWeight.init(rawValue:)) {
            return (size, weight)
        }
        switch element.value(of: "type") {
        case "boldSystem": return (size, .bold)
        case "system", "italicSystem": return (size, .regular)
        default: break
        }
        if let name = element.value(of: "name") {
            let face = name.split(separator: "-").last.map(String.init) ?? ""
            let weight = name.contains("-") ? nameSuffixes.first { face.hasPrefix($0.suffix) }?.weight : nil
            return (size, weight ?? .regular)
        }
        return (size, nil)
    }
}
