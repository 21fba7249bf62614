import NinefoldScene
import NinefoldValidation

/// The terminal report: per document, its classes' statuses on one line and each problem once
/// with the classes it was found in; a last line sums up the run.
public struct ValidationText {
    public var style: TerminalStyle

    public init(style: TerminalStyle) { self.style = style }

    public func render(_ result: DocumentResult) -> String {
        var text = style.bold(result.path) + (result.scene.name.map { "  (\($0))" } ?? "") + "\n"
        text += "  " + statuses(result) + "\n"
        for group in result.findingGroups {
            let finding = group.finding
            let line = finding.location.map { " [line \($0.line)]" } ?? ""
            text += "  \(style.severity(finding.severity)) \(finding.kind): \(finding.message)\(line) \(style.dim(group.classList))\n"
            for detail in finding.details { text += "      \(style.dim(detail))\n" }
            if let suggestion = finding.suggestion { text += "      \(style.dim("→ " + suggestion))\n" }
        }
        return text
    }

    /// `6 unique · ambiguous: compact-any, any-compact · conflicting: compact-regular`; a status
    /// every class shares is `ambiguous in all 9 classes`.
    func statuses(_ result: DocumentResult) -> String {
        Status.allCases.compactMap { status -> String? in
            let classes = result.classes.filter { $0.status == status }.map(\.sizeClass.description)
            if classes.isEmpty { return nil }
            if classes.count == result.classes.count {
                return style.status(status, text: status.rawValue) + " in " + (classes.count == 1 ? classes[0] : "all \(classes.count) classes")
            }
            if status == .unique { return style.status(status, text: "\(classes.count) unique") }
            return style.status(status, text: status.rawValue) + ": " + classes.joined(separator: ", ")
        }.joined(separator: " · ")
    }

    /// An unreadable document in the report itself, not only on standard error.
    public func render(unreadable path: String, diagnostics: [Diagnostic]) -> String {
        style.bold(path) + "  " + style.red("cannot be read") + "\n"
            + diagnostics.map { "  \(style.severity($0.severity)) \($0.message)\($0.location.map { " [line \($0.line)]" } ?? "")\n" }.joined()
    }

    /// `26 documents, 234 classes: 205 unique, 27 ambiguous, 2 conflicting; 41 errors, 12 warnings`
    /// (findings counted once each, as printed; `1 unreadable` when a document could not be read).
    public static func summary(_ outcomes: [DocumentOutcome]) -> String {
        let documents = outcomes.compactMap(\.document)
        let classes = documents.flatMap(\.classes)
        let groups = documents.flatMap(\.findingGroups)
        func counted(_ count: Int, _ word: String, _ plural: String? = nil) -> String {
            "\(count) \(count == 1 ? word : plural ?? word + "s")"
        }
        var head = counted(outcomes.count, "document")
        let unreadable = outcomes.count - documents.count
        if unreadable > 0 { head += " (\(unreadable) unreadable)" }
        head += ", " + counted(classes.count, "class", "classes")
        let statuses = Status.allCases.map { status in "\(classes.filter { $0.status == status }.count) \(status.rawValue)" }
        let severities = Severity.allCases.reversed().compactMap { severity -> String? in
            let count = groups.filter { $0.finding.severity == severity }.count
            return count == 0 ? nil : counted(count, severity.rawValue)
        }
        return head + ": " + statuses.joined(separator: ", ") + "; " + (severities.isEmpty ? "no findings" : severities.joined(separator: ", "))
    }
}

/// `path:line:col: error: [compact-regular] kind: message`, one line per problem, for editors and
/// CI matchers; the classes it was found in are in the brackets.
public enum ValidationXcode {
    /// `devices`: a `--devices` sweep, whose findings are folded into the groups (one line a problem).
    public static func render(_ result: DocumentResult, devices: [ClassDeviceSweep] = []) -> String {
        result.findingGroups(devices: devices).map { group in
            Diagnostic(severity: group.finding.severity, message: "\(group.classList) \(group.finding.kind): \(group.messageWithDevices)",
                       file: result.sourceFile, location: group.finding.location).description + "\n"
        }.joined()
    }
}

/// GitHub Actions workflow commands (`::error file=…,line=…,col=…,title=…::message`), which the
/// runner turns into annotations on the pull request's changed files.
public enum ValidationGitHub {
    /// `devices`: a `--devices` sweep, whose findings are folded into the groups (one annotation a problem).
    public static func render(_ outcome: DocumentOutcome, devices: [ClassDeviceSweep] = []) -> String {
        switch outcome {
        case .validated(let result):
            return result.findingGroups(devices: devices).map { group in
                annotation(group.finding.severity, file: result.path, location: group.finding.location,
                           title: "ninefold \(group.finding.kind)",
                           message: "\(group.classList) \(group.messageWithDevices)"
                               + (group.finding.suggestion.map { "\n→ " + $0 } ?? ""))
            }.joined()
        case .unreadable(let path, _):
            return outcome.readingErrors.map {
                annotation(.error, file: path, location: $0.location, title: "ninefold: cannot read the document", message: $0.message)
            }.joined()
        }
    }

    static func annotation(_ severity: Severity, file: String, location: SourceLocation?, title: String, message: String) -> String {
        let command = switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
        var properties = ["file=" + escapeProperty(FindingIdentity.file(of: file))]
        if let location, location.line > 0 {
            properties.append("line=\(location.line)")
            if location.column > 0 { properties.append("col=\(location.column)") }
        }
        properties.append("title=" + escapeProperty(title))
        return "::\(command) \(properties.joined(separator: ","))::\(escapeData(message))\n"
    }

    /// The runner's escaping for a command's message: `%`, CR and LF.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A property value also escapes `:` and `,`, which separate properties.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
