import NinefoldScene
import NinefoldValidation

/// The terminal report: grouped by document and class, coloured when it helps.
public struct ValidationText {
    public var style: TerminalStyle

    public init(style: TerminalStyle) { self.style = style }

    public func render(_ result: DocumentResult) -> String {
        var text = style.bold(result.path) + (result.scene.name.map { "  (\($0))" } ?? "") + "\n"
        for sizeClass in result.classes {
            let name = sizeClass.sizeClass.description.padding(toLength: 16, withPad: " ", startingAt: 0)
            text += "  \(name) \(style.status(sizeClass.status))"
            let counts = Severity.allCases.reversed().compactMap { severity -> String? in
                let count = sizeClass.count(severity)
                return count == 0 ? nil : "\(count) \(severity.rawValue)\(count == 1 ? "" : "s")"
            }
            text += counts.isEmpty ? "\n" : "  (\(counts.joined(separator: ", ")))\n"
            for finding in sizeClass.findings {
                let line = finding.location.map { " [line \($0.line)]" } ?? ""
                text += "    \(style.severity(finding.severity)) \(finding.kind): \(finding.message)\(line)\n"
                for detail in finding.details { text += "        \(style.dim(detail))\n" }
                if let suggestion = finding.suggestion { text += "        \(style.dim("→ " + suggestion))\n" }
            }
        }
        return text
    }
}

/// `path:line:col: error: [compact-regular] message`, one per line, for editors and CI matchers.
public enum ValidationXcode {
    public static func render(_ result: DocumentResult) -> String {
        result.classes.flatMap { sizeClass in
            sizeClass.findings.map { finding in
                Diagnostic(severity: finding.severity, message: "[\(sizeClass.sizeClass)] \(finding.kind): \(finding.message)",
                           file: result.sourceFile, location: finding.location).description + "\n"
            }
        }.joined()
    }
}
