import NinefoldResolution
import NinefoldScene
import NinefoldSolver

/// Layout margins of a view (SCENE-FORMAT §3): the root's left/right margins are 16 on a canvas
/// narrower than 400 points and 20 otherwise, its top/bottom 8; every other view's are 8.
struct Margins {
    var left, right, top, bottom: Double

    static func of(_ view: ResolvedView, canvas: CanvasSize) -> Margins {
        guard view.parentID == nil else { return Margins(left: 8, right: 8, top: 8, bottom: 8) }
        let side: Double = canvas.width < 400 ? 16 : 20
        return Margins(left: side, right: side, top: 8, bottom: 8)
    }
}

/// The rectangle an item's attributes are measured on: a view's frame, a guide, or a scroll
/// view's content area. Every attribute is a linear expression of it.
struct AttributeFrame {
    var x: Expression
    var y: Expression
    var width: Expression
    var height: Expression
    var margins = Margins(left: 0, right: 0, top: 0, bottom: 0)
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

/// Interface Builder's simulated status bar: the top layout guide's bottom, in every class.
let statusBarHeight: Double = 20
