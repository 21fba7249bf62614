import NinefoldScene
import NinefoldValidation

/// What a finding is about, independent of the class it was made in and of its wording: its
/// kind, severity, the views and constraints it names, and (for an ambiguity) which frame
/// variables are free. Messages differ between classes (a frame, a canvas size, the class's
/// own name), so grouping by message text would report one problem several times.
public struct FindingIdentity: Hashable, Sendable {
    public var kind: String
    public var severity: Severity
    public var views: [String]
    public var constraints: [String]
    public var variables: [String]
    /// For findings about a declaration rather than about views or constraints (a resolution
    /// tie, a shadowed declaration): the message with its digits removed, which names the
    /// property and owner but not the line, so the identity survives lines moving.
    public var subject: String

    public init(_ finding: Finding) {
        kind = finding.kind
        severity = finding.severity
        views = finding.views.sorted()
        constraints = finding.constraints.sorted()
        variables = Set(finding.ranges.map(\.variable)).sorted()
        subject = Self.declarationKinds.contains(finding.kind) || (finding.views.isEmpty && finding.constraints.isEmpty)
            ? String(finding.message.filter { !$0.isNumber }) : ""
    }

    /// Kinds whose subject is one declaration of one property, several of which may share an owner.
    static let declarationKinds: Set<String> = [ResolutionTieRule.identifier, ShadowedDeclarationRule.identifier]

    /// A fingerprint of this identity in one document: 16 hex digits of FNV-1a (64 bit) over the
    /// document's path and the identity's fields. It contains no line or column, so it stays the
    /// same when lines are inserted above a finding, and the same on every run and machine.
    public func fingerprint(document path: String) -> String {
        let fields = [Self.normalised(path), kind] + views + ["|"] + constraints + ["|"] + variables + ["|", subject]
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in fields.joined(separator: "\u{1F}").utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// `./Documents/x.xml` and `Documents/x.xml` are one document.
    static func normalised(_ path: String) -> String {
        var path = path
        while path.hasPrefix("./") { path.removeFirst(2) }
        return path
    }

    /// The file a document is in: its path, except for a scene of an Interface Builder file,
    /// named `PATH#ID` (SCENE-FORMAT §7), which is in `PATH`. Code scanning and GitHub
    /// annotations need the file; fingerprints and baselines keep the whole name.
    public static func file(of document: String) -> String {
        guard let hash = document.lastIndex(of: "#") else { return document }
        let file = String(document[..<hash])
        return [".storyboard", ".xib"].contains(where: { file.lowercased().hasSuffix($0) }) ? file : document
    }
}

/// One problem of one document, reported once with every class it was found in.
public struct FindingGroup: Sendable {
    public var identity: FindingIdentity
    /// The finding as made in the first of its classes (in `SizeClass.all` order).
    public var finding: Finding
    public var classes: [SizeClass]
    /// `identity.fingerprint(document:)` of the document the group belongs to.
    public var fingerprint: String
    /// With `--devices`: the device canvases (`DeviceCanvas.name`) it was found on, in sweep
    /// order, each once; `devicesChecked` is how many distinct device canvases were swept.
    public var devices: [String] = []
    public var devicesChecked = 0

    /// `[compact-regular]`, `[any-any, compact-any, regular-any]`, or, beyond three,
    /// `[any-any, compact-any, … 9 classes]`: short enough for one line of a CI log.
    public var classList: String {
        let names = classes.map(\.description)
        guard names.count > 3 else { return "[" + names.joined(separator: ", ") + "]" }
        return "[" + names.prefix(2).joined(separator: ", ") + ", … \(names.count) classes]"
    }

    /// `on 2 of 58 devices (iPhone SE (1st gen) · portrait, iPhone SE (1st gen) · landscape)`,
    /// beyond three names `on 12 of 58 devices (A, B, … 12 devices)`, `on all 58 devices checked`
    /// when it shows on every one; empty without devices.
    /// One line, so a CI annotation names where a device-only problem shows without repeating
    /// itself per device.
    public var deviceList: String {
        guard !devices.isEmpty else { return "" }
        if devices.count == devicesChecked { return "on all \(devicesChecked) devices checked" }
        let names = devices.count > 3 ? devices.prefix(2) + ["… \(devices.count) devices"] : devices[...]
        return "on \(devices.count) of \(devicesChecked) device\(devicesChecked == 1 ? "" : "s") ("
            + names.joined(separator: ", ") + ")"
    }

    /// The message as CI output shows it: the finding's, then where on devices it also shows.
    public var messageWithDevices: String {
        finding.message + (devices.isEmpty ? "" : " — " + deviceList)
    }
}

extension DocumentResult {
    /// Each problem once, in the order first found (classes in `SizeClass.all` order, findings
    /// in rule order within a class), with the classes it was found in.
    public var findingGroups: [FindingGroup] {
        var groups: [FindingGroup] = []
        var index: [FindingIdentity: Int] = [:]
        for sizeClass in classes {
            for finding in sizeClass.findings {
                let identity = FindingIdentity(finding)
                if let position = index[identity] {
                    if groups[position].classes.last != sizeClass.sizeClass { groups[position].classes.append(sizeClass.sizeClass) }
                } else {
                    index[identity] = groups.count
                    groups.append(FindingGroup(identity: identity, finding: finding, classes: [sizeClass.sizeClass],
                                               fingerprint: identity.fingerprint(document: path)))
                }
            }
        }
        return groups
    }

    /// The same result with only the findings at or above `severity`, for `--severity`: what a
    /// run does not fail on is not printed either.
    public func keeping(atLeast severity: Severity) -> DocumentResult {
        var copy = self
        copy.classes = classes.map { sizeClass in
            var sizeClass = sizeClass
            sizeClass.findings = sizeClass.findings.filter { $0.severity >= severity }
            return sizeClass
        }
        return copy
    }

    /// The same result without the findings whose fingerprint is in `accepted` (a baseline).
    public func removing(fingerprints accepted: Set<String>) -> DocumentResult {
        guard !accepted.isEmpty else { return self }
        var copy = self
        copy.classes = classes.map { sizeClass in
            var sizeClass = sizeClass
            sizeClass.findings = sizeClass.findings.filter {
                !accepted.contains(FindingIdentity($0).fingerprint(document: path))
            }
            return sizeClass
        }
        return copy
    }
}

/// A document as the command line met it: validated, or unreadable with its reading errors.
/// Reports list both, so a document that cannot be read never silently drops out of CI output.
public enum DocumentOutcome: Sendable {
    case validated(DocumentResult)
    case unreadable(path: String, diagnostics: [Diagnostic])

    public init(_ result: Result<DocumentResult, DocumentError>, path: String) {
        switch result {
        case .success(let document): self = .validated(document)
        case .failure(let error): self = .unreadable(path: path, diagnostics: error.diagnostics)
        }
    }

    public var path: String {
        switch self {
        case .validated(let document): document.path
        case .unreadable(let path, _): path
        }
    }

    public var document: DocumentResult? {
        if case .validated(let document) = self { return document }
        return nil
    }

    /// The reading errors, each with a location (`1:1` when the reader gave none, so a CI
    /// annotation can still point at the file).
    public var readingErrors: [Diagnostic] {
        guard case .unreadable(let path, let diagnostics) = self else { return [] }
        let located = diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            if diagnostic.location == nil || diagnostic.location?.line == 0 {
                diagnostic.location = SourceLocation(line: 1, column: 1)
            }
            return diagnostic
        }
        return located.isEmpty ? [Diagnostic(message: "cannot be read", file: path, location: SourceLocation(line: 1, column: 1))]
            : located
    }
}
