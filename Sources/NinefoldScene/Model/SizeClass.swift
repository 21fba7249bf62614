/// One half of a size class: the width class or the height class.
public enum SizeClassValue: String, CaseIterable, Sendable, Codable, Comparable {
    case compact, any, regular

    /// Compact < any < regular, the order the matrix columns and rows use.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }

    private var rank: Int {
        switch self {
        case .compact: 0
        case .any: 1
        case .regular: 2
        }
    }
}

/// A width class × height class pair, written `WIDTH-HEIGHT` (`compact-regular`).
///
/// The same type serves both as the qualifier of a declaration and as a target class,
/// because the format lets every one of the nine be either.
public struct SizeClass: Hashable, Sendable, Codable, CustomStringConvertible {
    public var width: SizeClassValue
    public var height: SizeClassValue

    public init(width: SizeClassValue, height: SizeClassValue) {
        self.width = width
        self.height = height
    }

    /// Parses `compact-regular`; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let width = SizeClassValue(rawValue: String(parts[0])),
              let height = SizeClassValue(rawValue: String(parts[1])) else { return nil }
        self.init(width: width, height: height)
    }

    public static let anyAny = SizeClass(width: .any, height: .any)

    /// The nine classes in the order reports list them: Any-Any, the four base classes,
    /// then the four final classes (the corners of the matrix).
    public static let all: [SizeClass] = [
        SizeClass(width: .any, height: .any),
        SizeClass(width: .compact, height: .any),
        SizeClass(width: .regular, height: .any),
        SizeClass(width: .any, height: .compact),
        SizeClass(width: .any, height: .regular),
        SizeClass(width: .compact, height: .compact),
        SizeClass(width: .compact, height: .regular),
        SizeClass(width: .regular, height: .compact),
        SizeClass(width: .regular, height: .regular),
    ]

    public var description: String { "\(width.rawValue)-\(height.rawValue)" }

    /// Number of parts that are not `any`: the more, the more specific a declaration.
    public var specificity: Int {
        (width == .any ? 0 : 1) + (height == .any ? 0 : 1)
    }

    /// Whether a declaration qualified by `self` applies to the target class.
    public func applies(to target: SizeClass) -> Bool {
        (width == .any || width == target.width) && (height == .any || height == target.height)
    }

    /// The canvas the format assigns to this class when the document sets none.
    public var defaultCanvas: CanvasSize {
        switch (width, height) {
        case (.any, .any): CanvasSize(width: 600, height: 600)
        case (.compact, .any): CanvasSize(width: 375, height: 600)
        case (.regular, .any): CanvasSize(width: 768, height: 600)
        case (.any, .compact): CanvasSize(width: 600, height: 375)
        case (.any, .regular): CanvasSize(width: 600, height: 800)
        case (.compact, .compact): CanvasSize(width: 667, height: 375)
        case (.compact, .regular): CanvasSize(width: 375, height: 667)
        case (.regular, .compact): CanvasSize(width: 736, height: 414)
        case (.regular, .regular): CanvasSize(width: 768, height: 1024)
        }
    }
}

/// Width and height of a class's root view, in points.
public struct CanvasSize: Hashable, Sendable, Codable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}
