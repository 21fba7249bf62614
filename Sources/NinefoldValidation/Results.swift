import NinefoldLayout
import NinefoldResolution
import NinefoldScene
import NinefoldSolver

/// SCENE-FORMAT §4: a class is conflicting when its required constraints cannot all hold,
/// ambiguous when more than one assignment of its frames is optimal, otherwise unique.
public enum Status: String, Codable, Sendable, CaseIterable {
    case unique, ambiguous, conflicting
}

/// One problem found in one class.
public struct Finding: Hashable, Sendable {
    /// The finding kind's identifier (`conflict`, `ambiguous-layout`, …): see `FindingKinds.all`.
    public var kind: String
    public var severity: Severity
    public var message: String
    /// Ids of the views and document constraints concerned.
    public var views: [String]
    public var constraints: [String]
    public var location: SourceLocation?
    /// Readable lines with more detail (a conflict's constraints, a view's free ranges, …).
    public var details: [String]
    /// What to change, when there is a clear suggestion.
    public var suggestion: String?
    /// Free ranges of frame variables, for ambiguity findings: `("y", range)`.
    public var ranges: [FreeRange]

    public init(kind: String, severity: Severity, message: String, views: [String] = [], constraints: [String] = [],
                location: SourceLocation? = nil, details: [String] = [], suggestion: String? = nil,
                ranges: [FreeRange] = []) {
        self.kind = kind
        self.severity = severity
        self.message = message
        self.views = views
        self.constraints = constraints
        self.location = location
        self.details = details
        self.suggestion = suggestion
        self.ranges = ranges
    }
}

/// How far one frame variable of a view can move among optimal layouts.
public struct FreeRange: Hashable, Sendable {
    public var view: String
    /// `x`, `y`, `width` or `height`.
    public var variable: String
    public var lower: Double
    public var upper: Double

    /// `y ∈ [0, 552]`, with ∞ for unbounded ends.
    public var description: String {
        func show(_ value: Double) -> String {
            value.isInfinite ? (value < 0 ? "-∞" : "∞") : NumberFormatting.format((value * 1000).rounded() / 1000)
        }
        return "\(variable) ∈ [\(show(lower)), \(show(upper))]"
    }
}

/// A view's solved frame and the axes on which it is not determined.
public struct ViewResult: Sendable {
    public var id: String
    public var frame: Frame
    public var ambiguous: [Axis]
    public var ranges: [FreeRange]
    /// For an ambiguous view, how far its edges reach over all optimal layouts; nil otherwise.
    public var reach: Reach? = nil
}

/// The exact extreme edges of a view over all optimal layouts: its leftmost left and rightmost
/// right edge, its topmost top and lowest bottom (infinite when unbounded). The right edge's
/// range is that of `x + width`, not the sum of the two ranges: a view whose trailing edge is
/// pinned while its leading edge and width move together never reaches past the pin.
public struct Reach: Hashable, Sendable {
    public var minX: Double
    public var minY: Double
    public var maxX: Double
    public var maxY: Double

    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }
}

/// One class of one document, validated.
public struct ClassResult: Sendable {
    public var sizeClass: SizeClass
    public var canvas: CanvasSize
    public var status: Status
    public var views: [ViewResult]
    public var findings: [Finding]
    public var resolved: ResolvedScene
    public var layout: SolvedLayout

    public func count(_ severity: Severity) -> Int { findings.filter { $0.severity == severity }.count }

    public var worstSeverity: Severity? { findings.map { $0.severity }.max() }
}

/// Every requested class of one document.
public struct DocumentResult: Sendable {
    public var path: String
    public var scene: Scene
    public var classes: [ClassResult]

    public var worstSeverity: Severity? { classes.compactMap { $0.worstSeverity }.max() }
}
