import NinefoldScene

/// One kind of finding, SwiftLint style: an identifier, a severity, a one-line summary, the
/// check itself, and examples that document it and double as its tests.
public protocol FindingRule: Sendable {
    static var identifier: String { get }
    static var severity: Severity { get }
    static var summary: String { get }
    static var examples: [RuleExample] { get }
    static func findings(in analysis: ClassAnalysis) -> [Finding]
}

/// A small scene document and whether the rule must fire on it in `sizeClass`.
public struct RuleExample: Sendable {
    public let document: String
    public let sizeClass: SizeClass
    public let triggers: Bool

    public init(_ body: String, in sizeClass: SizeClass = .anyAny, triggers: Bool) {
        document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <scene version="1" name="Example">
            \(body)
            </scene>
            """
        self.sizeClass = sizeClass
        self.triggers = triggers
    }
}

/// Every finding kind, in the order reports list them.
public enum FindingKinds {
    public static let all: [any FindingRule.Type] = [
        ConflictRule.self,
        AmbiguousLayoutRule.self,
        ContentPriorityAmbiguityRule.self,
        ScrollableContentSizeAmbiguityRule.self,
        MisplacedViewRule.self,
        NegativeSizeRule.self,
        ViewOutsideSuperviewRule.self,
        RedundantConstraintRule.self,
        ResolutionTieRule.self,
        UninstalledReferenceRule.self,
        ShadowedDeclarationRule.self,
    ]

    public static func rule(_ identifier: String) -> (any FindingRule.Type)? {
        all.first { $0.identifier == identifier }
    }
}
