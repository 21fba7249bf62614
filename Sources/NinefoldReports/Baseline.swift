import Foundation
import NinefoldScene
import NinefoldValidation

/// The findings a team has accepted for now, as Android Lint's baseline files do: recorded once
/// with `--write-baseline`, then `--baseline` reports only findings that are not in it, so a
/// large project can adopt Ninefold today and fail CI only on new problems.
///
/// Findings are matched by fingerprint (`FindingIdentity.fingerprint`: document, kind, views,
/// constraints, free variables; never lines), so editing a document above a recorded finding
/// does not make it new. Messages and classes are stored for the people reading the file.
public struct Baseline: Codable, Equatable, Sendable {
    public struct Entry: Codable, Equatable, Sendable {
        public var document: String
        public var kind: String
        public var severity: String
        public var message: String
        public var classes: [String]
        public var fingerprint: String
    }

    /// The file format's version; a file with another version is refused rather than misread.
    public var ninefoldBaseline: Int
    public var findings: [Entry]

    public static let version = 1

    /// `devices`: per document, its `--devices` sweep (or empty), so findings seen only on
    /// devices are recorded too (their classes are the swept ones).
    public init(_ documents: [DocumentResult], devices: [[ClassDeviceSweep]] = []) {
        ninefoldBaseline = Self.version
        findings = documents.enumerated().flatMap { position, document in
            document.findingGroups(devices: devices.indices.contains(position) ? devices[position] : []).map { group in
                Entry(document: FindingIdentity.normalised(document.path), kind: group.finding.kind,
                      severity: group.finding.severity.rawValue, message: group.finding.message,
                      classes: group.classes.map(\.description), fingerprint: group.fingerprint)
            }
        }
    }

    public var fingerprints: Set<String> { Set(findings.map(\.fingerprint)) }

    /// Pretty-printed with sorted keys: the same findings give the same bytes, so the file
    /// diffs well under version control.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    public enum ReadError: Error, CustomStringConvertible {
        case unreadable(String, String)
        case wrongVersion(String, Int)

        public var description: String {
            switch self {
            case .unreadable(let path, let reason): "\(path):1:1: error: not a ninefold baseline file: \(reason)"
            case .wrongVersion(let path, let version):
                "\(path):1:1: error: baseline version \(version) is not \(Baseline.version); write it again with --write-baseline"
            }
        }
    }

    public static func read(_ path: String) throws(ReadError) -> Baseline {
        let baseline: Baseline
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            baseline = try JSONDecoder().decode(Baseline.self, from: data)
        } catch {
            throw .unreadable(path, Self.reason(error))
        }
        guard baseline.ninefoldBaseline == version else { throw .wrongVersion(path, baseline.ninefoldBaseline) }
        return baseline
    }

    static func reason(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "missing \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "unexpected value at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        case DecodingError.dataCorrupted: "not JSON"
        default: (error as NSError).localizedDescription
        }
    }
}
