/// The attribute of an item a constraint relates, as UIKit's `NSLayoutConstraint.Attribute`.
public enum LayoutAttribute: String, CaseIterable, Sendable, Codable {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
    case firstBaseline, lastBaseline, baseline
    case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
    case centerXWithinMargins, centerYWithinMargins

    /// What an attribute measures; UIKit refuses to relate a position to a size.
    public enum Kind: Sendable { case position, size }

    /// Which horizontal vocabulary a position uses; UIKit refuses to mix leading/trailing with left/right.
    public enum Direction: Sendable { case neutral, absolute, natural }

    public var axis: Axis {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX,
             .leftMargin, .rightMargin, .leadingMargin, .trailingMargin, .centerXWithinMargins:
            .horizontal
        case .top, .bottom, .height, .centerY, .firstBaseline, .lastBaseline, .baseline,
             .topMargin, .bottomMargin, .centerYWithinMargins:
            .vertical
        }
    }

    public var kind: Kind {
        self == .width || self == .height ? .size : .position
    }

    public var direction: Direction {
        switch self {
        case .left, .right, .leftMargin, .rightMargin: .absolute
        case .leading, .trailing, .leadingMargin, .trailingMargin: .natural
        default: .neutral
        }
    }

    /// Margin attributes sit inside the item's layout margins.
    public var isMargin: Bool {
        switch self {
        case .leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin,
             .centerXWithinMargins, .centerYWithinMargins:
            true
        default:
            false
        }
    }

    public var isBaseline: Bool {
        self == .firstBaseline || self == .lastBaseline || self == .baseline
    }

    /// Edges (not margins, centres, sizes or baselines): where `standard` against the
    /// superview means 20 rather than 8.
    public var isEdge: Bool {
        switch self {
        case .left, .right, .top, .bottom, .leading, .trailing: true
        default: false
        }
    }

    /// The cookbook's spelling: `Leading`, `TrailingMargin`, `CenterX`.
    public var displayName: String {
        guard let first = rawValue.first else { return rawValue }
        return first.uppercased() + rawValue.dropFirst()
    }

    /// The reason UIKit rejects relating these two attributes, or nil when it accepts them.
    public func incompatibility(with other: LayoutAttribute) -> String? {
        if kind != other.kind {
            return "cannot relate a \(kind == .size ? "size" : "position") attribute (\(rawValue)) "
                + "to a \(other.kind == .size ? "size" : "position") attribute (\(other.rawValue))"
        }
        if kind == .position && axis != other.axis {
            return "cannot relate a \(axis.rawValue) position (\(rawValue)) to a \(other.axis.rawValue) position (\(other.rawValue))"
        }
        if direction != .neutral && other.direction != .neutral && direction != other.direction {
            return "cannot relate \(rawValue) to \(other.rawValue): leading/trailing and left/right attributes do not mix"
        }
        return nil
    }
}
