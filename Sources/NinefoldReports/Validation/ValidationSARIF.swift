import Foundation
import NinefoldScene
import NinefoldValidation

/// SARIF 2.1.0, the format GitHub code scanning and other tools import. Shaped for code
/// scanning: one result per problem (its classes listed, not one result per class), each with
/// its rule's `ruleIndex`, a `partialFingerprints` entry that survives lines moving (so an alert
/// is not closed and reopened when someone inserts a line above it), the other constraints of a
/// conflict as `relatedLocations`, and the run's exit status in `invocations`. A document that
/// cannot be read is a result of the rule `unreadable-document` at the place the reader names.
public enum ValidationSARIF {
    /// Where each rule is explained; `Documentation/Findings.md` has a heading per rule id.
    public static let documentationURI = "https://github.com/ninefold/ninefold/blob/main/Documentation/Findings.md"

    /// The pseudo-rule for documents that cannot be read (not a finding kind of the validator).
    public static let unreadableRule = (identifier: "unreadable-document", summary: "The document cannot be read: "
        + "it is missing, not well-formed XML, not valid against the scene schema, or semantically invalid.")

    /// The key of `partialFingerprints`; the version changes if the fingerprint's recipe does.
    public static let fingerprintKey = "ninefoldFinding/v1"

    struct Rule {
        var identifier: String
        var summary: String
        var severity: Severity
    }

    static var rules: [Rule] {
        FindingKinds.all.map { Rule(identifier: $0.identifier, summary: $0.summary, severity: $0.severity) }
            + [Rule(identifier: unreadableRule.identifier, summary: unreadableRule.summary, severity: .error)]
    }

    /// `devices`: per outcome, its `--devices` sweep (or nil); device findings join the groups,
    /// so a problem is one result with its classes and devices (`properties.devices`).
    public static func render(_ outcomes: [DocumentOutcome], devices: [[ClassDeviceSweep]?] = [], version: String,
                              exitCode: Int32) -> JSONValue {
        let rules = self.rules
        let descriptors = rules.map { rule -> JSONValue in
            .object([
                ("id", .string(rule.identifier)),
                ("name", .string(rule.identifier)),
                ("shortDescription", .object([("text", .string(rule.summary))])),
                ("helpUri", .string(documentationURI + "#" + rule.identifier)),
                ("help", .object([("text", .string(rule.summary + " See " + documentationURI + "#" + rule.identifier))])),
                ("defaultConfiguration", .object([("level", .string(level(rule.severity)))])),
            ])
        }
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.identifier, $0) })
        let results = outcomes.enumerated().flatMap { position, outcome -> [JSONValue] in
            switch outcome {
            case .validated(let document):
                let sweeps = devices.indices.contains(position) ? devices[position] ?? [] : []
                return document.findingGroups(devices: sweeps).map { result($0, in: document, ruleIndex: ruleIndex[$0.finding.kind] ?? 0) }
            case .unreadable(let path, _):
                return outcome.readingErrors.map { unreadable(path, $0, ruleIndex: ruleIndex[unreadableRule.identifier] ?? 0) }
            }
        }
        return .object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", .object([
                    ("name", .string("ninefold")), ("version", .string(version)),
                    ("informationUri", .string("https://github.com/ninefold/ninefold")),
                    ("rules", .array(descriptors)),
                ]))])),
                ("invocations", .array([.object([
                    // Findings are what the run is for; only an unreadable document (2) or a
                    // usage error makes the execution itself unsuccessful.
                    ("executionSuccessful", .bool(exitCode == 0 || exitCode == 1)),
                    ("exitCode", .number(Double(exitCode))),
                ])])),
                ("results", .array(results)),
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

    static func result(_ group: FindingGroup, in document: DocumentResult, ruleIndex: Int) -> JSONValue {
        let finding = group.finding
        var members: [(String, JSONValue)] = [
            ("ruleId", .string(finding.kind)),
            ("ruleIndex", .number(Double(ruleIndex))),
            ("level", .string(level(finding.severity))),
            ("message", .object([("text", .string("\(group.classList) \(group.messageWithDevices)"
                + (finding.suggestion.map { ". Fix: " + $0 } ?? "")))])),
            ("locations", .array([location(document.path, finding.location)])),
            ("partialFingerprints", .object([(fingerprintKey, .string(group.fingerprint))])),
        ]
        let related = relatedLocations(group, in: document)
        if !related.isEmpty { members.append(("relatedLocations", .array(related))) }
        var properties: [(String, JSONValue)] = [
            ("sizeClasses", .array(group.classes.map { .string($0.description) })),
            ("views", .array(finding.views.map(JSONValue.string))),
            ("constraints", .array(finding.constraints.map(JSONValue.string))),
        ]
        // Only with --devices, so runs without it keep their shape.
        if !group.devices.isEmpty { properties.insert(("devices", .array(group.devices.map(JSONValue.string))), at: 1) }
        members.append(("properties", .object(properties)))
        return .object(members)
    }

    /// The constraints a finding names other than the one it is reported at (for a conflict,
    /// the rest of its minimal set), each at its own line, in the order the finding lists them.
    static func relatedLocations(_ group: FindingGroup, in document: DocumentResult) -> [JSONValue] {
        guard let first = group.classes.first, let sizeClass = document.classes.first(where: { $0.sizeClass == first }) else {
            return []
        }
        let others = group.finding.constraints.compactMap { id in
            sizeClass.resolved.constraints.first { $0.id == id }
        }.filter { $0.location.line > 0 && $0.location != group.finding.location }
        return others.enumerated().map { index, constraint in
            guard case .object(var members) = location(document.path, constraint.location) else { return .null }
            members.insert(("id", .number(Double(index + 1))), at: 0)
            members.append(("message", .object([("text", .string("constraint '\(constraint.id)'"))])))
            return .object(members)
        }
    }

    static func unreadable(_ path: String, _ diagnostic: Diagnostic, ruleIndex: Int) -> JSONValue {
        .object([
            ("ruleId", .string(unreadableRule.identifier)),
            ("ruleIndex", .number(Double(ruleIndex))),
            ("level", .string("error")),
            ("message", .object([("text", .string(diagnostic.message))])),
            ("locations", .array([location(path, diagnostic.location)])),
            ("partialFingerprints", .object([(fingerprintKey, .string(
                FindingIdentity(Finding(kind: unreadableRule.identifier, severity: .error, message: diagnostic.message))
                    .fingerprint(document: path)))])),
        ])
    }

    static func location(_ path: String, _ location: SourceLocation?) -> JSONValue {
        var physical: [(String, JSONValue)] = [("artifactLocation", .object([("uri", .string(uri(path)))]))]
        if let location, location.line >= 1 {
            physical.append(("region", .object([("startLine", .number(Double(location.line))),
                                                ("startColumn", .number(Double(max(1, location.column))))])))
        }
        return .object([("physicalLocation", .object(physical))])
    }

    /// The file of the document (`PATH` for `PATH#ID`). A relative path stays relative (code scanning resolves it against the repository);
    /// an absolute one becomes a `file://` URI. Either is percent-encoded, as a URI must be.
    static func uri(_ path: String) -> String {
        let normalised = FindingIdentity.normalised(FindingIdentity.file(of: path))
        let encoded = normalised.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? normalised
        return normalised.hasPrefix("/") ? "file://" + encoded : encoded
    }
}
