import NinefoldScene

/// `<autoresizingMask>`: which of a view's margins and sizes stretch with its superview.
struct AutoresizingMask {
    var flexibleLeft = false, flexibleWidth = false, flexibleRight = false
    var flexibleTop = false, flexibleHeight = false, flexibleBottom = false

    /// An absent element is the empty mask: nothing stretches.
    init(_ element: XMLElement?) {
        guard let element else { return }
        flexibleLeft = element.flag("flexibleMinX")
        flexibleWidth = element.flag("widthSizable")
        flexibleRight = element.flag("flexibleMaxX")
        flexibleTop = element.flag("flexibleMinY")
        flexibleHeight = element.flag("heightSizable")
        flexibleBottom = element.flag("flexibleMaxY")
    }
}

/// The constraints UIKit makes from an autoresizing mask when a view keeps
/// `translatesAutoresizingMaskIntoConstraints` on (IB's default for views it pins no other way),
/// so such views are as determined here as they are on a device.
///
/// UIKit keeps the saved frame at the saved superview size and distributes any change in the
/// superview's size among the flexible parts in proportion to their saved lengths
/// (`UIView.AutoresizingMask` documentation). Per axis that is linear in the superview's size,
/// so each axis becomes one size and one position constraint.
struct AutoresizingTranslation {
    let viewID: String
    let superviewID: String
    /// The view's saved frame relative to its superview, and the superview's saved size and its
    /// origin in root coordinates.
    let frame: Frame
    let superviewSize: CanvasSize
    let superviewOrigin: (x: Double, y: Double)
    let location: SourceLocation

    func constraints(for mask: AutoresizingMask) -> [Constraint] {
        axis(position: frame.x, length: frame.width, container: superviewSize.width, origin: superviewOrigin.x,
             flexible: (mask.flexibleLeft, mask.flexibleWidth, mask.flexibleRight),
             attributes: (.left, .right, .width, .centerX), name: "h")
            + axis(position: frame.y, length: frame.height, container: superviewSize.height, origin: superviewOrigin.y,
                   flexible: (mask.flexibleTop, mask.flexibleHeight, mask.flexibleBottom),
                   attributes: (.top, .bottom, .height, .centerY), name: "v")
    }

    private func axis(position x: Double, length w: Double, container W: Double, origin: Double,
                      flexible: (start: Bool, size: Bool, end: Bool),
                      attributes: (start: LayoutAttribute, end: LayoutAttribute, size: LayoutAttribute, center: LayoutAttribute),
                      name: String) -> [Constraint] {
        let end = W - x - w
        let superview = ItemReference.view(superviewID)
        func make(_ suffix: String, _ attribute: LayoutAttribute, _ second: LayoutAttribute?, multiplier: Double = 1,
                  constant: Double) -> Constraint {
            Constraint(id: "\(viewID)-autoresizing-\(name)\(suffix)", firstItem: .view(viewID), firstAttribute: attribute,
                       secondItem: second == nil ? nil : superview, secondAttribute: second,
                       multiplier: Multiplier(multiplier), userLabel: "autoresizing mask",
                       attributes: ConstraintAttributes(constant: .value(constant)), location: location)
        }
        var size: Constraint
        switch (flexible.start, flexible.size, flexible.end) {
        case (_, false, _):
            size = make("-size", attributes.size, nil, constant: w)
        case (false, true, false):
            size = make("-size", attributes.size, attributes.size, constant: -x - end)
        case (true, true, false) where x + w > 0:
            let share = w / (x + w)
            size = make("-size", attributes.size, attributes.size, multiplier: share, constant: -share * end)
        case (false, true, true) where w + end > 0:
            let share = w / (w + end)
            size = make("-size", attributes.size, attributes.size, multiplier: share, constant: -share * x)
        case (true, true, true) where W > 0:
            size = make("-size", attributes.size, attributes.size, multiplier: w / W, constant: 0)
        default:
            size = make("-size", attributes.size, nil, constant: w)
        }
        if size.secondItem != nil, size.multiplier.value == 0 { size = make("-size", attributes.size, nil, constant: w) }
        let position: Constraint
        switch (flexible.start, flexible.size, flexible.end) {
        case (false, _, _):
            position = make("-position", attributes.start, attributes.start, constant: x)
        case (true, _, false):
            position = make("-position", attributes.end, attributes.end, constant: -end)
        case (true, false, true):
            // Both margins stretch: they keep their saved ratio, so the centre moves by a fixed
            // share of the superview's growth (exact while the superview keeps its saved origin).
            let ratio = x + end > 0 ? x / (x + end) : 0.5
            position = centre(multiplier: 2 * ratio, offset: w * (0.5 - ratio), origin: origin,
                              fallback: (x, end), attributes: attributes, make: make)
        case (true, true, true):
            let ratio = W > 0 ? (2 * x + w) / W : 1
            position = centre(multiplier: ratio, offset: 0, origin: origin, fallback: (x, end),
                              attributes: attributes, make: make)
        }
        return [position, size]
    }

    private func centre(multiplier: Double, offset: Double, origin: Double, fallback: (start: Double, end: Double),
                        attributes: (start: LayoutAttribute, end: LayoutAttribute, size: LayoutAttribute, center: LayoutAttribute),
                        make: (String, LayoutAttribute, LayoutAttribute?, Double, Double) -> Constraint) -> Constraint {
        if multiplier == 0 { return make("-position", attributes.start, attributes.start, 1, fallback.start) }
        // centre = m × superview.centre + c, in root coordinates: the superview's origin enters c.
        return make("-position", attributes.center, attributes.center, multiplier, offset + origin * (1 - multiplier))
    }
}
