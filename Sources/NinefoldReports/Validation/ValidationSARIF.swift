import NinefoldScene
import NinefoldValidation

/// SARIF 2.1.0, the format GitHub code scanning and other tools import.
public enum ValidationSARIF {
    public static func render(_ results: [DocumentResult], version: String) -> JSONValue {
        let rules = FindingKinds.all.map { rule -> JSONValue in
            .object([
                ("id", .string(rule.identifier)),
                ("name", .string(rule.identifier)),
                ("shortDescription", .object([("text", .string(rule.summary))])),
                ("defaultConfiguration", .object([("level", .string(level(rule.severity)))])),
            ])
        }
        let findings = results.flatMap { document in
            document.classes.flatMap { sizeClass in
                sizeClass.findings.map { result(document.sourceFile, sizeClass.sizeClass, $0) }
            }
        }
        return .object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", .object([
                    ("name", .string("ninefold")), ("version", .string(version)),
                    ("informationUri", .string("https://github.com/ninefold/ninefold")),
                    ("rules", .array(rules)),
                ]))])),
                ("results", .array(findings)),
            ])])),
        ])
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    static func result(_ path: String, _ sizeClass: SizeClass, _ finding: Finding) -> JSONValue {
        var region: [(String, JSONValue)] = []
        if let location = finding.location {
            region = [("startLine", .number(Double(max(1, location.line)))),
                      ("startColumn", .number(Double(max(1, location.column))))]
        }
        var physical: [(String, JSONValue)] = [("artifactLocation", .object([("uri", .string(path))]))]
        if !region.isEmpty { physical.append(("region", .object(region))) }
        return .object([
            ("ruleId", .string(finding.kind)),
            ("level", .string(level(finding.severity))),
            ("message", .object([("text", .string("[\(sizeClass)] \(finding.message)"))])),
            ("locations", .array([.object([("physicalLocation", .object(physical))])])),
            ("properties", .object([("sizeClass", .string(sizeClass.description)),
                                    ("views", .array(finding.views.map(JSONValue.string))),
                                    ("constraints", .array(finding.constraints.map(JSONValue.string)))])),
        ])
    }
}
