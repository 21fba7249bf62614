import ArgumentParser
import Foundation
import NinefoldReports
import NinefoldScene
import NinefoldValidation

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check that every size class of each document solves uniquely.",
        discussion: """
            For every document and each of the nine size classes, decides unique, ambiguous or \
            conflicting and explains every finding. A problem found in several classes is \
            reported once, with the list of its classes. Documents are validated in parallel; \
            results are printed in argument order, and a document that cannot be read is \
            reported in every format, not only on standard error.

            Baselines: --write-baseline FILE records today's findings; --baseline FILE then \
            reports only findings that are not in it (matched by a fingerprint that ignores line \
            numbers), so a project can adopt ninefold without fixing everything first.

            Exit status: 0 when nothing at or above --severity (default: error) was reported, \
            1 when something was, 2 when a document could not be read, 64 for a usage error \
            (an unknown option or value).
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, xcode, github, json, sarif
    }

    @Argument(help: "Scene documents, .storyboard and .xib files (every layout), or PATH#ID.", completion: .file(extensions: DocumentLoader.fileExtensions))
    var files: [String]

    @Option(help: "text (default), xcode (path:line:col lines), github (GitHub Actions annotations), json, or sarif (SARIF 2.1.0).")
    var format: Format = .text

    @Option(name: .customLong("class"), help: "Only this size class (repeatable).")
    var classes: [SizeClass] = []

    @Option(help: "Report only findings at or above this severity (error, warning or note), and exit 1 when there is one. Without it every finding is reported and only errors set exit status 1.")
    var severity: Severity?

    @Option(help: ArgumentHelp("Report only findings that are not in this baseline file.", valueName: "file"))
    var baseline: String?

    @Option(help: ArgumentHelp("Record the findings reported in this file (a baseline), then exit 0 unless a document could not be read.",
                               valueName: "file"))
    var writeBaseline: String?

    @OptionGroup var sweep: DeviceSweepOption

    func run() throws {
        let accepted = try acceptedFingerprints()
        let selected = classes.isEmpty ? SizeClass.all : SizeClass.all.filter(classes.contains)
        let sources = DocumentLoader.sources(files)
        let outcomes = zip(sources.map { $0.path }, Validator.validate(sources: sources, classes: selected)).map { path, result in
            var outcome = DocumentOutcome(result, path: path)
            if case .validated(let document) = outcome {
                outcome = .validated(document.keeping(atLeast: severity ?? .note).removing(fingerprints: accepted))
            }
            return outcome
        }
        for diagnostic in outcomes.flatMap({ $0.readingErrors }) { printError(diagnostic.description) }
        let documents = outcomes.compactMap { $0.document }
        // With --devices, each readable document's classes are also swept over the device catalogue;
        // --severity and --baseline filter device findings as they filter class findings.
        let sweeps = outcomes.map { outcome in
            outcome.document.flatMap { document in
                sweep.sweeps(document, classes: selected)?.map {
                    $0.keeping(atLeast: severity ?? .note).removing(fingerprints: accepted, path: document.path)
                }
            }
        }
        if let writeBaseline {
            let documentSweeps = zip(outcomes, sweeps).compactMap { outcome, sweeps in outcome.document.map { _ in sweeps ?? [] } }
            try write(Baseline(documents, devices: documentSweeps), to: writeBaseline)
        }
        let status = exitStatus(outcomes, devices: sweeps.compactMap { $0?.worstSeverity })
        let text: String = switch format {
        case .text:
            render(outcomes, sweeps: sweeps, style: .forStandardOutput())
        case .xcode:
            zip(outcomes, sweeps).compactMap { outcome, sweeps in
                outcome.document.map { ValidationXcode.render($0, devices: sweeps ?? []) }
            }.joined()
        case .github:
            zip(outcomes, sweeps).map { ValidationGitHub.render($0, devices: $1 ?? []) }.joined()
        case .json:
            json(outcomes, sweeps: sweeps).serialized()
        case .sarif:
            ValidationSARIF.render(outcomes, devices: sweeps, version: Ninefold.configuration.version, exitCode: status).serialized()
        }
        print(text, terminator: "")
        finish(status)
    }

    /// The baseline's fingerprints; an unreadable baseline is exit status 2, like a document.
    func acceptedFingerprints() throws -> Set<String> {
        guard let baseline else { return [] }
        do throws(Baseline.ReadError) {
            return try Baseline.read(baseline).fingerprints
        } catch {
            printError(error.description)
            throw ExitCode(2)
        }
    }

    /// 2 for an unreadable document; else 1 when a reported finding (or a device sweep's worst
    /// finding) is at or above the threshold; 0 after writing a baseline (the findings are
    /// accepted) or when clean.
    func exitStatus(_ outcomes: [DocumentOutcome], devices: [Severity]) -> Int32 {
        if outcomes.contains(where: { $0.document == nil }) { return 2 }
        if writeBaseline != nil { return 0 }
        let threshold = severity ?? .error
        let failing = outcomes.compactMap({ $0.document }).contains { document in
            document.classes.contains { $0.findings.contains { $0.severity >= threshold } }
        }
        return failing || devices.contains(where: { $0 >= threshold }) ? 1 : 0
    }

    /// Each document (with its device sweep), then the run's summary line.
    func render(_ outcomes: [DocumentOutcome], sweeps: [[ClassDeviceSweep]?], style: TerminalStyle) -> String {
        let text = ValidationText(style: style)
        let blocks = zip(outcomes, sweeps).map { outcome, sweeps in
            switch outcome {
            case .validated(let document):
                text.render(document) + (sweeps.map { "\n" + DeviceSweepText(sweeps: $0, style: style).render() } ?? "")
            case .unreadable(let path, _): text.render(unreadable: path, diagnostics: outcome.readingErrors)
            }
        }
        return blocks.joined(separator: "\n") + "\n" + ValidationText.summary(outcomes) + "\n"
    }

    /// SCENE-FORMAT §5 (one object, or an array for several documents), with the device sweeps.
    func json(_ outcomes: [DocumentOutcome], sweeps: [[ClassDeviceSweep]?]) -> JSONValue {
        let objects = zip(outcomes, sweeps).map { outcome, sweeps in
            sweeps.map { DeviceSweepJSON.adding($0, to: ValidationJSON.outcome(outcome)) } ?? ValidationJSON.outcome(outcome)
        }
        return objects.count == 1 ? objects[0] : .array(objects)
    }

    func write(_ baseline: Baseline, to path: String) throws {
        do {
            try baseline.encoded().write(to: URL(fileURLWithPath: path))
        } catch {
            printError("\(path):1:1: error: cannot write the baseline: \(error.localizedDescription)")
            throw ExitCode(2)
        }
        printError("ninefold: recorded \(baseline.findings.count) finding\(baseline.findings.count == 1 ? "" : "s") in \(path)")
    }
}

extension Severity: ExpressibleByArgument {}
