import NinefoldResolution
import NinefoldScene
import NinefoldSolver

/// Layout margins of a view (SCENE-FORMAT §3, corrected 2026-11-23 against the frames Interface
/// Builder saved in Apple's cookbook storyboards).
///
/// - A view controller's root view: left/right 16 on a canvas narrower than 400 points, else 20,
///   top/bottom 0. Apple's `UIView.layoutMargins` documentation: "For the root view of a view
///   controller, the default value of this property reflects the system minimum margins and safe
///   area insets"; `UIViewController.systemMinimumLayoutMargins` is leading/trailing only
///   (16 compact, 20 regular width), and the frames Interface Builder saved in Apple's cookbook
///   storyboards put views pinned to a root's top margin at its top edge.
/// - Every other view, a free-standing root (`root="view"`, a .xib's top-level view) and a
///   cell's content view (`root="cell"`): 8 on every side, `UIView`'s default `layoutMargins`.
/// - `layoutMargins="t l b r"` replaces these (Interface Builder's "fixed" layout margins).
/// - A root view with `insetsLayoutMarginsFromSafeArea` measures them from the safe area: the
///   safe area's insets are added to the margins, as UIKit does.
struct Margins: Equatable {
    var left, right, top, bottom: Double

    static let zero = Margins(left: 0, right: 0, top: 0, bottom: 0)

    static func of(_ view: ResolvedView, rootKind: RootKind, canvas: CanvasSize,
                   safeArea: SafeAreaInsets = .canvasSafeArea) -> Margins {
        var margins = view.layoutMargins.value.map(Margins.init(insets:)) ?? defaults(view, rootKind: rootKind, canvas: canvas)
        if view.parentID == nil, view.insetsLayoutMarginsFromSafeArea {
            margins.top += safeArea.top
            margins.bottom += safeArea.bottom
            margins.left += safeArea.left
            margins.right += safeArea.right
        }
        return margins
    }

    private static func defaults(_ view: ResolvedView, rootKind: RootKind, canvas: CanvasSize) -> Margins {
        guard view.parentID == nil, rootKind == .viewController else {
            return Margins(left: 8, right: 8, top: 8, bottom: 8)
        }
        let side: Double = canvas.width < 400 ? 16 : 20
        return Margins(left: side, right: side, top: 0, bottom: 0)
    }

    init(left: Double, right: Double, top: Double, bottom: Double) {
        self.left = left
        self.right = right
        self.top = top
        self.bottom = bottom
    }

    init(insets: EdgeInsets) {
        self.init(left: insets.left, right: insets.right, top: insets.top, bottom: insets.bottom)
    }
}

/// The rectangle an item's attributes are measured on: a view's frame, a guide, or a scroll
/// view's content area. Every attribute is a linear expression of it.
struct AttributeFrame {
    var x: Expression
    var y: Expression
    var width: Expression
    var height: Expression
    var margins = Margins.zero
    var firstBaselineOffset: Double = 0
    var lastBaselineOffset: Double = 0

    func expression(_ attribute: LayoutAttribute) -> Expression {
        switch attribute {
        case .left, .leading: x
        case .right, .trailing: x + width
        case .top: y
        case .bottom: y + height
        case .width: width
        case .height: height
        case .centerX: x + 0.5 * width
        case .centerY: y + 0.5 * height
        case .firstBaseline: y + firstBaselineOffset
        case .lastBaseline, .baseline: y + height - lastBaselineOffset
        case .leftMargin, .leadingMargin: x + margins.left
        case .rightMargin, .trailingMargin: x + width - margins.right
        case .topMargin: y + margins.top
        case .bottomMargin: y + height - margins.bottom
        case .centerXWithinMargins: x + margins.left + 0.5 * (width - margins.left - margins.right)
        case .centerYWithinMargins: y + margins.top + 0.5 * (height - margins.top - margins.bottom)
        }
    }

    static func view(_ variables: ViewVariables) -> AttributeFrame {
        AttributeFrame(x: Expression(variables.x), y: Expression(variables.y),
                       width: Expression(variables.width), height: Expression(variables.height))
    }

    static func constant(x: Double, y: Double, width: Double, height: Double) -> AttributeFrame {
        AttributeFrame(x: Expression(constant: x), y: Expression(constant: y),
                       width: Expression(constant: width), height: Expression(constant: height))
    }
}

extension LayoutAttribute {
    /// Attributes that move with a scroll view's content rather than its frame when content
    /// views are constrained to the scroll view itself (the pre-iOS 11 rule).
    var followsScrollContent: Bool {
        switch self {
        case .width, .height, .centerX, .centerY, .centerXWithinMargins, .centerYWithinMargins: false
        default: true
        }
    }
}

