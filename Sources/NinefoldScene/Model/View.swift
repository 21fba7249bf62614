/// A view element with its subviews, constraints and per-size-class variations.
///
/// Overridable values live in `attributes` (the element's own, any-any declaration) and in each
/// variation's `attributes`; a nil there means "not declared here", so resolution can tell a
/// declared default from an inherited one and cite the right line.
public struct View: Hashable, Sendable {
    public var id: String
    public var kind: ViewKind
    public var userLabel: String?
    /// Labels only: 0 means unlimited lines.
    public var numberOfLines: Int?
    /// Image views only: the image's name and size in points.
    public var image: String?
    public var imageWidth: Double?
    public var imageHeight: Double?
    /// Buttons only (addition): a configured button's content insets around its title; nil = a
    /// classic button (6 points above and below the title).
    public var contentInsets: EdgeInsets?
    /// Configured buttons only (addition): how the title's line height rounds up; nil = `.pixel`.
    public var titleHeightRounding: TitleHeightRounding?
    /// Root view only: measure the layout margins from the safe area rather than the bounds
    /// (UIKit's `insetsLayoutMarginsFromSafeArea`); nil = not declared (false).
    public var insetsLayoutMarginsFromSafeArea: Bool?
    public var attributes: ViewAttributes
    public var variations: [ViewVariation]
    /// For a stack view its arranged subviews in order; for a scroll view its content.
    public var subviews: [View]
    public var constraints: [Constraint]
    public var location: SourceLocation

    public init(id: String, kind: ViewKind, userLabel: String? = nil, numberOfLines: Int? = nil,
                image: String? = nil, imageWidth: Double? = nil, imageHeight: Double? = nil,
                attributes: ViewAttributes = ViewAttributes(), variations: [ViewVariation] = [],
                subviews: [View] = [], constraints: [Constraint] = [], location: SourceLocation = .unknown) {
        self.id = id
        self.kind = kind
        self.userLabel = userLabel
        self.numberOfLines = numberOfLines
        self.image = image
        self.imageWidth = imageWidth
        self.imageHeight = imageHeight
        self.attributes = attributes
        self.variations = variations
        self.subviews = subviews
        self.constraints = constraints
        self.location = location
    }

    /// The name reports use: the user label when there is one, as Interface Builder does.
    public var displayName: String { userLabel ?? id }
}

/// The overridable attributes of a view; nil = not declared at this level.
public struct ViewAttributes: Hashable, Sendable {
    public var installed: Bool?
    public var hidden: Bool?
    public var text: String?
    public var title: String?
    public var placeholder: String?
    public var fontSize: Double?
    public var fontWeight: FontWeight?
    public var intrinsicWidth: IntrinsicDimension?
    public var intrinsicHeight: IntrinsicDimension?
    public var horizontalHuggingPriority: LayoutPriority?
    public var verticalHuggingPriority: LayoutPriority?
    public var horizontalCompressionResistancePriority: LayoutPriority?
    public var verticalCompressionResistancePriority: LayoutPriority?
    public var firstBaselineOffset: Double?
    public var lastBaselineOffset: Double?
    public var backgroundColor: Color?
    /// Fixed layout margins replacing the ones UIKit gives the view.
    public var layoutMargins: EdgeInsets?
    public var axis: StackAxis?
    public var alignment: StackAlignment?
    public var distribution: StackDistribution?
    public var spacing: Double?
    /// The design-time frame (`<frame>` child), used only to report misplaced views.
    public var frame: Frame?

    public init() {}
}

/// `<variation sizeClass="…">` on a view.
public struct ViewVariation: Hashable, Sendable {
    public var sizeClass: SizeClass
    public var attributes: ViewAttributes
    public var location: SourceLocation

    public init(sizeClass: SizeClass, attributes: ViewAttributes, location: SourceLocation = .unknown) {
        self.sizeClass = sizeClass
        self.attributes = attributes
        self.location = location
    }
}
