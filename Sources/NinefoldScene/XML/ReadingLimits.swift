/// How much a reader accepts before it refuses a document, so that no input, however large or
/// deep, costs unbounded time or memory. Each limit is checked before the work it protects:
/// the file size before a byte is parsed, element count and depth on libxml2's tree before the
/// schema or the reader walks it, views and constraints before anything is resolved or solved.
///
/// The figures and the time budgets they keep are in Documentation/Reliability.md.
public struct ReadingLimits: Hashable, Sendable {
    /// Largest file accepted, in bytes.
    public var maximumFileSize: Int
    /// Most elements in the document, of any kind.
    public var maximumElements: Int
    /// Deepest element nesting (the root element is depth 1). libxml2's own cap, 256 without
    /// `XML_PARSE_HUGE`, stays in force beneath this one.
    public var maximumDepth: Int
    /// Most views in one scene, the root included.
    public var maximumViews: Int
    /// Most constraints in one scene.
    public var maximumConstraints: Int

    public init(maximumFileSize: Int, maximumElements: Int, maximumDepth: Int, maximumViews: Int,
                maximumConstraints: Int) {
        self.maximumFileSize = maximumFileSize
        self.maximumElements = maximumElements
        self.maximumDepth = maximumDepth
        self.maximumViews = maximumViews
        self.maximumConstraints = maximumConstraints
    }

    /// The limits every command uses. Real scenes hold tens to hundreds of views; these leave
    /// ample room while keeping the worst accepted document within the budgets measured in
    /// Documentation/Reliability.md.
    public static let standard = ReadingLimits(maximumFileSize: 8 * 1024 * 1024, maximumElements: 100_000,
                                               maximumDepth: 128, maximumViews: 10_000, maximumConstraints: 50_000)

    var fileSizeMessage: String {
        "is larger than \(Self.sizeText(maximumFileSize)); scene documents are far smaller"
    }

    private static func sizeText(_ bytes: Int) -> String {
        bytes % (1024 * 1024) == 0 ? "\(bytes / (1024 * 1024)) MiB" : "\(bytes) bytes"
    }
}

/// The range of every number the scene format accepts, so that no value can overflow the
/// solver, trap a conversion or draw off any page: each is far beyond what a real layout uses
/// and far inside what a `Double` holds with the solver's tolerances (1e-6 relative to values
/// of at most 1e6 leaves about ten significant digits of headroom).
public enum NumberRanges {
    /// Positions and lengths in points: frames, constants, spacing, baselines, intrinsic and
    /// image sizes, layout margins.
    public static let length: ClosedRange<Double> = -1e6...1e6
    /// Intrinsic and image sizes: a size cannot be negative.
    public static let size: ClosedRange<Double> = 0...1e6
    /// A canvas: at least one point, at most 1,000,000 like every length (an iPad Pro is 1366
    /// points tall; the benchmarks' widest generated scene, 100,040).
    public static let canvas: ClosedRange<Double> = 1...1_000_000
    /// Point sizes of fonts: positive, at most 1000.
    public static let fontSize: ClosedRange<Double> = Double.leastNonzeroMagnitude...1000
    /// The magnitude of a multiplier (its sign is free): 1e-3 … 1e3.
    public static let multiplierMagnitude: ClosedRange<Double> = 1e-3...1e3
    /// A label's line count; 0 means unlimited.
    public static let numberOfLines: ClosedRange<Int> = 0...10_000
}
