import NinefoldScene

/// One size class of a scene: only what is installed there, every value final.
public struct ResolvedScene: Hashable, Sendable {
    public var sceneName: String?
    /// What the root view is; it decides the root's default margins.
    public var rootKind: RootKind
    public var sizeClass: SizeClass
    public var canvas: Resolved<CanvasSize>
    /// The root view's safe area on this class's canvas: the `<canvas>`'s `safeAreaInsets`, else
    /// the format's 20-point status bar. The safe-area guide and the layout guides follow it.
    public var safeArea: SafeAreaInsets
    /// The screen's pixels per point on this class's canvas: the `<canvas>`'s `scale`, else 2.
    /// Text sizes round up to its pixel grid.
    public var scale: Double
    /// Installed views, depth first in document order; the root first.
    public var views: [ResolvedView] {
        didSet { positions = ViewPositions(views) }
    }
    /// Installed constraints whose items are all installed, in document order.
    public var constraints: [ResolvedConstraint]
    /// Views and constraints the document has but this class does not install, and why.
    public var omissions: [Omission]
    /// Resolution findings for this class (ties, uninstalled references, shadowed declarations).
    public var findings: [ResolutionFinding]
    /// Where each view id sits in `views`, so `view(_:)` is O(1): layout and validation look views
    /// up inside loops over views, which made building a 10,000-view class quadratic.
    private var positions: ViewPositions

    public init(sceneName: String?, rootKind: RootKind = .viewController, sizeClass: SizeClass, canvas: Resolved<CanvasSize>,
                safeArea: SafeAreaInsets = .canvasSafeArea, scale: Double = Canvas.defaultScale, views: [ResolvedView],
                constraints: [ResolvedConstraint], omissions: [Omission] = [], findings: [ResolutionFinding] = []) {
        self.sceneName = sceneName
        self.rootKind = rootKind
        self.sizeClass = sizeClass
        self.canvas = canvas
        self.safeArea = safeArea
        self.scale = scale
        self.views = views
        positions = ViewPositions(views)
        self.constraints = constraints
        self.omissions = omissions
        self.findings = findings
    }

    public var root: ResolvedView? { views.first }

    public func view(_ id: String) -> ResolvedView? {
        index(of: id).map { views[$0] }
    }

    /// The view's position in `views` (the first, should ids repeat), so a caller can read one
    /// field in place (`views[i].parentID`) rather than copy the whole view out, which `view(_:)`
    /// does and which was most of the cost of a look-up in building and validating.
    public func index(of id: String) -> Int? {
        if let position = positions.map[id], views.indices.contains(position), views[position].id == id {
            return position
        }
        return views.firstIndex { $0.id == id }
    }
}

/// View id → position in `views`. Derived data: it takes no part in equality or hashing, so two
/// scenes with the same views are equal however their index was built. Checked on use, so it is
/// never a source of wrong answers, only of speed.
private struct ViewPositions: Hashable, Sendable {
    let map: [String: Int]

    init(_ views: [ResolvedView]) {
        map = Dictionary(views.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    static func == (lhs: ViewPositions, rhs: ViewPositions) -> Bool { true }

    func hash(into hasher: inout Hasher) {}
}

/// A view as installed in one class.
public struct ResolvedView: Hashable, Sendable {
    public var id: String
    public var kind: ViewKind
    public var userLabel: String?
    public var location: SourceLocation
    /// nil for the root view.
    public var parentID: String?
    /// Installed subviews in order (a stack view's arranged subviews, a scroll view's content).
    public var subviewIDs: [String]
    public var numberOfLines: Int?
    public var image: String?
    public var imageWidth: Double?
    public var imageHeight: Double?
    /// Buttons: a configured button's content insets; nil for a classic button.
    public var contentInsets: EdgeInsets? = nil
    /// Configured buttons: how the title's line height rounds up.
    public var titleHeightRounding: TitleHeightRounding = .pixel

    public var hidden: Resolved<Bool>
    public var text: Resolved<String?>
    public var title: Resolved<String?>
    public var placeholder: Resolved<String?>
    public var fontSize: Resolved<Double>
    public var fontWeight: Resolved<FontWeight>
    /// nil: measure from content (or none, for kinds without intrinsic size).
    public var intrinsicWidth: Resolved<IntrinsicDimension?>
    public var intrinsicHeight: Resolved<IntrinsicDimension?>
    public var horizontalHuggingPriority: Resolved<LayoutPriority>
    public var verticalHuggingPriority: Resolved<LayoutPriority>
    public var horizontalCompressionResistancePriority: Resolved<LayoutPriority>
    public var verticalCompressionResistancePriority: Resolved<LayoutPriority>
    /// nil: derive from the font (text views) or 0 from the bottom (others).
    public var firstBaselineOffset: Resolved<Double?>
    public var lastBaselineOffset: Resolved<Double?>
    public var backgroundColor: Resolved<Color?>
    /// Fixed margins written on the view; nil: the margins UIKit gives it (SCENE-FORMAT §3).
    public var layoutMargins: Resolved<EdgeInsets?>
    /// Root only: margins measured from the safe area rather than the bounds.
    public var insetsLayoutMarginsFromSafeArea: Bool
    public var axis: Resolved<StackAxis>
    public var alignment: Resolved<StackAlignment>
    public var distribution: Resolved<StackDistribution>
    public var spacing: Resolved<Double>
    public var frame: Resolved<Frame?>
    /// True for a hidden arranged subview of a stack view: the stack lays it out as if absent.
    public var isCollapsedInStack: Bool

    public var displayName: String { userLabel ?? id }
}

/// A constraint as installed in one class.
public struct ResolvedConstraint: Hashable, Sendable {
    public var id: String
    public var firstItem: ItemReference
    public var firstAttribute: LayoutAttribute
    public var relation: Relation
    public var secondItem: ItemReference?
    public var secondAttribute: LayoutAttribute?
    public var multiplier: Multiplier
    public var userLabel: String?
    public var location: SourceLocation
    public var constant: Resolved<ConstraintConstant>
    public var priority: Resolved<LayoutPriority>

    /// Items this constraint names, first then second.
    public var items: [ItemReference] {
        [firstItem] + (secondItem.map { [$0] } ?? [])
    }
}

/// Something the document declares that a class leaves out.
public struct Omission: Hashable, Sendable {
    public enum Reason: Hashable, Sendable {
        /// `installed` resolved to false (the provenance says where).
        case uninstalled(Provenance)
        /// The view is inside an uninstalled ancestor.
        case ancestorUninstalled(String)
        /// The constraint names a view (or a guide of one) that is not installed in this class.
        case referencesUninstalledView(String)
    }

    public enum Element: String, Hashable, Sendable { case view, constraint }

    public var element: Element
    public var id: String
    public var location: SourceLocation
    public var reason: Reason
}

/// A finding the resolver makes; the validator reports it with the layout findings.
public struct ResolutionFinding: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case resolutionTie = "resolution-tie"
        case uninstalledReference = "uninstalled-reference"
        case shadowedDeclaration = "shadowed-declaration"
    }

    public var kind: Kind
    public var severity: Severity
    public var message: String
    public var location: SourceLocation
    /// Ids of the views and constraints concerned.
    public var views: [String]
    public var constraints: [String]
    /// Other lines the finding cites (the losing declaration of a tie, the shadowing ones).
    public var relatedLocations: [SourceLocation]
}
