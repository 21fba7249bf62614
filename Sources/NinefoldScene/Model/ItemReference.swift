/// What a constraint's `firstItem` or `secondItem` names: a view, or one of the layout guides.
public enum ItemReference: Hashable, Sendable, Codable, CustomStringConvertible {
    case view(String)
    case topLayoutGuide
    case bottomLayoutGuide
    case safeArea
    /// `S.contentLayoutGuide`: the scrollable content area of scroll view `S`.
    case contentLayoutGuide(scrollView: String)
    /// `S.frameLayoutGuide`: the visible frame of scroll view `S`.
    case frameLayoutGuide(scrollView: String)

    /// Names that can never be view ids, because they name the root's guides.
    public static let reservedNames: Set<String> = ["topLayoutGuide", "bottomLayoutGuide", "safeArea"]

    public init(parsing text: String) {
        switch text {
        case "topLayoutGuide": self = .topLayoutGuide
        case "bottomLayoutGuide": self = .bottomLayoutGuide
        case "safeArea": self = .safeArea
        default:
            if text.hasSuffix(".contentLayoutGuide") {
                self = .contentLayoutGuide(scrollView: String(text.dropLast(".contentLayoutGuide".count)))
            } else if text.hasSuffix(".frameLayoutGuide") {
                self = .frameLayoutGuide(scrollView: String(text.dropLast(".frameLayoutGuide".count)))
            } else {
                self = .view(text)
            }
        }
    }

    public var description: String {
        switch self {
        case .view(let id): id
        case .topLayoutGuide: "topLayoutGuide"
        case .bottomLayoutGuide: "bottomLayoutGuide"
        case .safeArea: "safeArea"
        case .contentLayoutGuide(let scrollView): "\(scrollView).contentLayoutGuide"
        case .frameLayoutGuide(let scrollView): "\(scrollView).frameLayoutGuide"
        }
    }

    /// The view this reference depends on being installed: the view itself, or the scroll view
    /// that owns a guide. The root's guides depend on nothing.
    public var viewID: String? {
        switch self {
        case .view(let id), .contentLayoutGuide(let id), .frameLayoutGuide(let id): id
        case .topLayoutGuide, .bottomLayoutGuide, .safeArea: nil
        }
    }

    /// The attributes a guide accepts (nil: a view, which accepts all).
    public var allowedAttributes: Set<LayoutAttribute>? {
        switch self {
        case .view:
            return nil
        case .topLayoutGuide, .bottomLayoutGuide:
            return [.top, .bottom, .centerY, .height]
        case .safeArea, .contentLayoutGuide, .frameLayoutGuide:
            return [.left, .right, .top, .bottom, .leading, .trailing, .width, .height, .centerX, .centerY]
        }
    }
}
