import Foundation
import NinefoldScene
import NinefoldValidation

/// ANSI colours on a terminal; plain text in files, pipes, CI logs, on a dumb terminal and when
/// NO_COLOR is set.
public struct TerminalStyle: Sendable {
    public let enabled: Bool

    public init(enabled: Bool) { self.enabled = enabled }

    /// Colour only when standard output is a terminal that can show it.
    public static func forStandardOutput() -> TerminalStyle {
        TerminalStyle(enabled: colourWanted(environment: ProcessInfo.processInfo.environment,
                                            isTerminal: isatty(STDOUT_FILENO) == 1))
    }

    /// Off when output is not a terminal, when NO_COLOR (no-color.org) is set to anything
    /// non-empty, and when `TERM` is `dumb` (Emacs shells, some CI consoles), which shows escape
    /// codes as garbage.
    public static func colourWanted(environment: [String: String], isTerminal: Bool) -> Bool {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return isTerminal && !noColor && environment["TERM"] != "dumb"
    }

    public static let plain = TerminalStyle(enabled: false)

    func wrap(_ text: String, _ code: String) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func dim(_ text: String) -> String { wrap(text, "2") }
    public func red(_ text: String) -> String { wrap(text, "31") }
    public func green(_ text: String) -> String { wrap(text, "32") }
    public func yellow(_ text: String) -> String { wrap(text, "33") }
    public func blue(_ text: String) -> String { wrap(text, "34") }

    public func status(_ status: Status) -> String { self.status(status, text: status.rawValue) }

    /// Any text in the colour of a status: green unique, yellow ambiguous, red conflicting.
    public func status(_ status: Status, text: String) -> String {
        switch status {
        case .unique: green(text)
        case .ambiguous: yellow(text)
        case .conflicting: red(text)
        }
    }

    /// Any text in the colour of a severity.
    public func severityColour(_ severity: Severity, _ text: String) -> String {
        switch severity {
        case .error: red(text)
        case .warning: yellow(text)
        case .note: blue(text)
        }
    }

    public func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: red("error:")
        case .warning: yellow("warning:")
        case .note: blue("note:")
        }
    }
}
