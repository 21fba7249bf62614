import NinefoldScene
import NinefoldValidation

/// SCENE-FORMAT §5's JSON, plus what else helps a tool: finding columns, details, suggestions,
/// free ranges and a per-class summary. Described by Schemas/report.schema.json.
/// Each document also lists its problems once (`findings`, grouped across classes as every
/// other format shows them); an unreadable document is an entry with `readable: false`, its
/// reading `errors` and no classes, so it cannot vanish from a tool's view of the run.
public enum ValidationJSON {
    public static func document(_ result: DocumentResult) -> JSONValue {
        .object([
            ("document", .string(result.path)),
            ("name", result.scene.name.map(JSONValue.string) ?? .null),
            ("readable", .bool(true)),
            ("classes", .array(result.classes.map(sizeClass))),
            ("findings", .array(result.findingGroups.map(group))),
        ])
    }

    public static func outcome(_ outcome: DocumentOutcome) -> JSONValue {
        switch outcome {
        case .validated(let result): return document(result)
        case .unreadable(let path, _):
            return .object([
                ("document", .string(path)),
                ("name", .null),
                ("readable", .bool(false)),
                ("errors", .array(outcome.readingErrors.map { diagnostic in
                    .object([("severity", .string(diagnostic.severity.rawValue)), ("message", .string(diagnostic.message)),
                             ("line", number(diagnostic.location?.line)), ("column", number(diagnostic.location?.column))])
                })),
                ("classes", .array([])),
                ("findings", .array([])),
            ])
        }
    }

    /// One file: SCENE-FORMAT §5's object; several: always an array, unreadable ones included.
    public static func run(_ outcomes: [DocumentOutcome]) -> JSONValue {
        outcomes.count == 1 ? outcome(outcomes[0]) : .array(outcomes.map(outcome))
    }

    /// A problem once, with the classes it was found in and its stable fingerprint.
    static func group(_ group: FindingGroup) -> JSONValue {
        guard case .object(var members) = finding(group.finding) else { return .null }
        members.append(("classes", .array(group.classes.map { .string($0.description) })))
        members.append(("fingerprint", .string(group.fingerprint)))
        return .object(members)
    }

    static func number(_ value: Int?) -> JSONValue { value.map { .number(Double($0)) } ?? .null }

    public static func sizeClass(_ result: ClassResult) -> JSONValue {
        .object([
            ("sizeClass", .string(result.sizeClass.description)),
            ("canvas", .object([("width", .number(result.canvas.width)), ("height", .number(result.canvas.height))])),
            ("status", .string(result.status.rawValue)),
            ("views", .array(result.views.map(view))),
            ("findings", .array(result.findings.map(finding))),
            ("summary", .object([
                ("views", .number(Double(result.resolved.views.count))),
                ("constraints", .number(Double(result.resolved.constraints.count))),
                ("errors", .number(Double(result.count(.error)))),
                ("warnings", .number(Double(result.count(.warning)))),
                ("notes", .number(Double(result.count(.note)))),
            ])),
        ])
    }

    static func view(_ view: ViewResult) -> JSONValue {
        .object([
            ("id", .string(view.id)),
            ("frame", frame(view.frame)),
            ("ambiguous", .array(view.ambiguous.map { .string($0.rawValue) })),
            ("freeRanges", .array(view.ranges.map(range))),
        ])
    }

    public static func frame(_ frame: Frame) -> JSONValue {
        .object([("x", .number(frame.x)), ("y", .number(frame.y)), ("width", .number(frame.width)),
                 ("height", .number(frame.height))])
    }

    static func range(_ range: FreeRange) -> JSONValue {
        .object([("view", .string(range.view)), ("variable", .string(range.variable)),
                 ("min", JSONValue.finite(range.lower)), ("max", JSONValue.finite(range.upper)),
                 ("unboundedBelow", .bool(range.lower.isInfinite)), ("unboundedAbove", .bool(range.upper.isInfinite))])
    }

    public static func finding(_ finding: Finding) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("severity", .string(finding.severity.rawValue)), ("kind", .string(finding.kind)),
            ("message", .string(finding.message)), ("views", .array(finding.views.map(JSONValue.string))),
            ("constraints", .array(finding.constraints.map(JSONValue.string))),
            ("line", finding.location.map { .number(Double($0.line)) } ?? .null),
            ("column", finding.location.map { .number(Double($0.column)) } ?? .null),
            ("details", .array(finding.details.map(JSONValue.string))),
        ]
        if let suggestion = finding.suggestion { members.append(("suggestion", .string(suggestion))) }
        if !finding.ranges.isEmpty { members.append(("freeRanges", .array(finding.ranges.map(range)))) }
        return .object(members)
    }
}
