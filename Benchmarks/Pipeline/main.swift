// ninefold-bench: time and peak memory of each pipeline stage on generated scenes and on the
// bundled documents, side by side with kiwisolver solving the same constraint systems.
//
// `make bench` builds this in release mode and runs it. Each scene and size runs in a child
// process (this program again, with `--child`), so its peak memory is its own and a run that
// exceeds the cap is stopped and reported as "> cap" instead of stalling the table. The child
// exports the system of the any-any class as JSON; Benchmarks/kiwi-solve.py times kiwisolver on
// it in the same run. Medians are printed because the machine is shared and times are noisy.
import Foundation
import NinefoldLayout
import NinefoldResolution
import NinefoldScene
import NinefoldSolver
import NinefoldValidation

let options = BenchOptions(arguments: Array(CommandLine.arguments.dropFirst()))

if let child = options.child {
    try runChild(child, options: options)
} else {
    runParent(options)
}

// MARK: Parent: the table

func runParent(_ options: BenchOptions) {
    try? FileManager.default.createDirectory(atPath: options.exportDirectory, withIntermediateDirectories: true)
    print("Medians over runs (100 views: 7, 1,000: 3, 10,000: 1); times in ms; cap \(Int(options.cap)) s per child.")
    print("parse: XML text → scene; resolve: nine classes; build, solve: the any-any class; nine: LayoutEngine.solve of")
    print("all nine classes, sharing components and layouts; walk: IncrementalLayout through the nine; validate: Validator, nine classes (resolve,")
    print("build, solve, ranges, rules); kiwi: kiwisolver 1.x adding the any-any system's rows and updating")
    print("(its single folded weights); ratio = solve / kiwi; conflict: chains only, a minimal conflict set for one")
    print("extra required width on the solved any-any class.")
    print(Row.header)
    for scene in options.scenes {
        for size in options.sizes {
            let name = "\(scene.rawValue)-\(size)"
            let export = "\(options.exportDirectory)/\(name).json"
            let stages = runChildProcess(["--child", "scene", scene.rawValue, String(size), "--export", export], options: options)
            let kiwi = kiwiTime(export, runs: runs(for: size), options: options)
            print(Row(name: scene.rawValue, views: String(size), stages: stages, kiwi: kiwi, timed: options.stages).text)
        }
    }
    for document in options.documents {
        let name = URL(fileURLWithPath: document).deletingPathExtension().lastPathComponent
        let export = "\(options.exportDirectory)/document-\(name).json"
        let stages = runChildProcess(["--child", "document", document, "--export", export], options: options)
        let kiwi = kiwiTime(export, runs: 7, options: options)
        var row = Row(name: String(name.prefix(28)), views: "doc", stages: stages, kiwi: kiwi, timed: options.stages)
        row.process = processTime(document, options: options)
        print(row.text)
    }
    // The 17-scene storyboard of issue 10, whenever the bundled documents are measured.
    if !options.documents.isEmpty {
        do {
            try InterfaceBuilderBenchmark.run()
        } catch {
            print("interface builder: the generated storyboard could not be read: \(error)")
        }
    }
}

/// The generated scenes go past the reader's standard limits on purpose (10,000 views plus the
/// root): the benchmark measures how the pipeline scales, not what a user may feed it. A static
/// member, not a top-level `let`: main.swift's globals are set in order as its top-level code
/// runs, so a child (started above this line) read a zeroed limit and refused every scene as
/// "larger than 0 MiB".
enum BenchmarkLimits {
    static let reading = ReadingLimits(maximumFileSize: 64 * 1024 * 1024, maximumElements: 1_000_000, maximumDepth: 256,
                                       maximumViews: 100_000, maximumConstraints: 500_000)
}

func runs(for size: Int) -> Int { size >= 10_000 ? 1 : size >= 1_000 ? 3 : 7 }

/// One line of the table. A stage the child did not report (stopped at the cap) reads "> cap".
struct Row {
    var name: String
    var views: String
    var stages: [String: Double]
    var kiwi: KiwiResult
    var process: Double?
    /// The stages the run times (`--stages`); empty: all. A stage not asked for reads "—", not "> cap".
    var timed: Set<String> = []

    static let columns = ["parse", "resolve", "build", "solve", "nine", "walk", "validate", "conflict"]
    static let header = "scene                          views " + columns.map { pad($0) }.joined()
        + pad("peak MiB") + pad("kiwi") + pad("ratio") + pad("process")

    static func pad(_ text: String, _ width: Int = 10) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    var text: String {
        var line = name.padding(toLength: 30, withPad: " ", startingAt: 0) + Self.pad(views, 6)
        for column in Self.columns {
            let notTimed = (column == "conflict" && name != GeneratedScene.chain.rawValue)
                || (!timed.isEmpty && !timed.contains(column))
            let missing = notTimed ? "—" : "> cap"
            line += Self.pad(stages[column].map { String(format: "%.2f", $0 * 1000) } ?? missing)
        }
        line += Self.pad(stages["peak"].map { String(format: "%.1f", $0) } ?? "—")
        switch kiwi {
        case .time(let seconds):
            line += Self.pad(String(format: "%.2f", seconds * 1000))
            line += Self.pad(stages["solve"].map { String(format: "%.3f", $0 / max(seconds, 1e-9)) } ?? "—")
        case .capped(let cap):
            line += Self.pad("> \(Int(cap)) s") + Self.pad(stages["solve"].map { _ in "< cap" } ?? "—")
        case .unavailable:
            line += Self.pad("—") + Self.pad("—")
        }
        line += Self.pad(process.map { String(format: "%.2f", $0 * 1000) } ?? "—")
        return line
    }
}

enum KiwiResult {
    case time(Double)
    case capped(Double)
    case unavailable
}

/// Runs a command, stopping it at the cap; returns its standard output and whether it finished.
func run(_ executable: String, _ arguments: [String], cap: Double) -> (output: String, finished: Bool) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    let collected = OutputBuffer()
    pipe.fileHandleForReading.readabilityHandler = { handle in collected.append(handle.availableData) }
    guard (try? process.run()) != nil else { return ("", false) }
    let deadline = Date().addingTimeInterval(cap)
    // Polled every millisecond: the `process` column times whole ninefold runs of 10–30 ms,
    // and a 20 ms poll had made every one of them read about 21 ms.
    while process.isRunning && Date() < deadline { usleep(1_000) }
    let finished = !process.isRunning
    if !finished {
        process.terminate()
        process.waitUntilExit()
    }
    pipe.fileHandleForReading.readabilityHandler = nil
    collected.append(pipe.fileHandleForReading.readDataToEndOfFile())
    return (collected.text, finished && process.terminationStatus == 0)
}

/// Output gathered from a reader thread.
final class OutputBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func append(_ more: Data) {
        lock.lock()
        data.append(more)
        lock.unlock()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }
}

/// "stage seconds" lines from a child, as a dictionary.
func runChildProcess(_ arguments: [String], options: BenchOptions) -> [String: Double] {
    // `--stages` given to the bench reaches every child, so one stage can be timed at a size
    // where an earlier one runs past the cap (nested stacks' walk at 1,000 views).
    let forwarded = options.stages.isEmpty ? [] : ["--stages", options.stages.sorted().joined(separator: ",")]
    let result = run(CommandLine.arguments[0], arguments + forwarded, cap: options.cap)
    var stages: [String: Double] = [:]
    for line in result.output.split(separator: "\n") {
        let parts = line.split(separator: " ")
        if parts.count == 2, let value = Double(parts[1]) { stages[String(parts[0])] = value }
    }
    return stages
}

func kiwiTime(_ export: String, runs: Int, options: BenchOptions) -> KiwiResult {
    guard let python = options.kiwiPython, FileManager.default.fileExists(atPath: export) else { return .unavailable }
    let result = run(python, [options.kiwiScript, export, String(runs)], cap: options.cap)
    guard result.finished else { return .capped(options.cap) }
    for line in result.output.split(separator: "\n") where line.hasPrefix("median ") {
        if let value = Double(line.dropFirst(7)) { return .time(value) }
    }
    return .unavailable
}

/// Median wall time of the whole `ninefold validate` process on one document: start-up included.
func processTime(_ document: String, options: BenchOptions) -> Double? {
    guard let ninefold = options.ninefold, FileManager.default.isExecutableFile(atPath: ninefold) else { return nil }
    var samples: [Double] = []
    for _ in 0..<7 {
        let start = now()
        _ = run(ninefold, ["validate", document, "--format", "json"], cap: options.cap)
        samples.append(now() - start)
    }
    return median(samples)
}

// MARK: Child: one scene or document

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

func milliseconds(_ seconds: Double) -> String { String(format: "%9.2f", seconds * 1000) }

func median(_ samples: [Double]) -> Double {
    let sorted = samples.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
}

/// Peak resident memory of this process so far, in MiB (Linux reports kilobytes).
func peakMemoryMiB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

func report(_ stage: String, _ value: Double) {
    print(stage, value)
    fflush(nil)   // all streams: the parent may stop this child at any moment
}

/// Times each stage `runs` times and reports medians as soon as each stage is done, so a child
/// stopped at the cap still reports what it finished.
func runChild(_ child: BenchOptions.Child, options: BenchOptions) throws {
    let text: String
    let path: String
    let count: Int
    switch child {
    case .scene(let scene, let views):
        text = scene.document(views: views)
        path = "\(scene.rawValue)-\(views).xml"
        count = options.runs ?? runs(for: views)
    case .document(let file):
        text = try String(contentsOfFile: file, encoding: .utf8)
        path = file
        count = options.runs ?? 7
    }
    if let emit = options.emit {
        try text.write(toFile: emit, atomically: true, encoding: .utf8)
    }
    /// Whether a stage runs: every stage by default; with `--stages`, only those named (parse,
    /// resolve and build run for the later stages that need them, timed only when named).
    func wanted(_ stage: String) -> Bool { options.stages.isEmpty || options.stages.contains(stage) }
    func measure<T>(_ stage: String, _ body: () throws -> T) rethrows -> T {
        guard wanted(stage) else { return try body() }
        var start = now()
        var result = try body()
        var samples = [now() - start]
        for _ in 1..<count {
            start = now()
            let next = try body()
            samples.append(now() - start)
            // The previous run's result is freed here, outside the timed span, as
            // Benchmarks/kiwi-solve.py frees each kiwi.Solver after its timer: assigning inside
            // the span timed freeing the earlier layout's solvers too (15 % of solving random
            // 100, callgrind).
            result = next
        }
        report(stage, median(samples))
        return result
    }
    let scene = try measure("parse") { try SceneReader(limits: BenchmarkLimits.reading).read(string: text, path: path) }
    let resolver = Resolver(scene: scene)
    let classes = measure("resolve") { resolver.resolveAll() }
    if wanted("build") || wanted("solve") || wanted("conflict") {
        let system = measure("build") { LayoutEngine.build(classes[0]) }
        if wanted("solve") || wanted("conflict") {
            let solved = measure("solve") { LayoutEngine.solve(system) }
            if let export = options.export {
                try SystemExport(system: system, solver: solved.solver).write(to: export)
            }
            report("peak", peakMemoryMiB())
            // A chain's views share one width: requiring the first to be 3 points wide conflicts
            // with the margins, and the minimal set spans the whole horizontal chain.
            if wanted("conflict"), case .scene(.chain, _) = child, let width = system.variables(of: "v0")?.width {
                let whole = LayoutEngine.solveWhole(system).solver
                let size = measure("conflict") { () -> Int in
                    var solver = whole
                    do throws(Conflict) {
                        try solver.add(Constraint(Expression(width) - 3, .equal))
                        return 0
                    } catch {
                        return error.constraints.count
                    }
                }
                report("conflict-size", Double(size))
            }
        }
    }
    if wanted("nine") { _ = measure("nine") { LayoutEngine.solve(classes: classes) } }
    if wanted("walk") {
        _ = measure("walk") { () -> SolvedLayout in
            var walk = IncrementalLayout(classes[0])
            for next in classes.dropFirst() { walk.move(to: next) }
            return walk.current
        }
    }
    if wanted("validate") { _ = measure("validate") { Validator.validate(scene, path: path) } }
    report("peak", peakMemoryMiB())
}

/// The constraint system of one class as JSON for Benchmarks/kiwi-solve.py: variables by index,
/// each constraint as terms [[variable, coefficient], …], constant, relation and priority.
struct SystemExport {
    var system: LayoutSystem
    var solver: LayoutSolution

    func write(to path: String) throws {
        var json = "{\"variables\": \(solver.variableCount), \"constraints\": [\n"
        json += system.constraints.map { item in
            let expression = item.constraint.expression
            let terms = expression.terms.map { "[\($0.variable.index), \($0.coefficient)]" }.joined(separator: ", ")
            let relation = switch item.constraint.relation {
            case .equal: "eq"
            case .lessThanOrEqual: "le"
            case .greaterThanOrEqual: "ge"
            }
            return "{\"terms\": [\(terms)], \"constant\": \(expression.constant), \"relation\": \"\(relation)\", "
                + "\"priority\": \(item.constraint.priority.value)}"
        }.joined(separator: ",\n")
        json += "\n]}\n"
        try json.write(toFile: path, atomically: true, encoding: .utf8)
    }
}

// MARK: Options

struct BenchOptions {
    enum Child {
        case scene(GeneratedScene, Int)
        case document(String)
    }

    var sizes = [100, 1_000, 10_000]
    var scenes = GeneratedScene.allCases
    var documents: [String] = []
    var cap = 60.0
    var kiwiPython: String?
    var kiwiScript = "Benchmarks/kiwi-solve.py"
    var ninefold: String?
    var exportDirectory = ".build/bench-systems"
    var export: String?
    /// Child only: also write the scene's XML text here (`--emit PATH`), so the whole
    /// `ninefold validate` process can be profiled on a generated document.
    var emit: String?
    var child: Child?
    /// Child only: the stages to time (`--stages parse,resolve,build`); the others before the
    /// last one named run once, untimed, to produce their inputs. Empty: every stage.
    var stages: Set<String> = []
    /// Child only: how many times each stage runs (`--runs N`) instead of 7, 3 or 1 by size, so
    /// callgrind can count a stage's steady state (the first run pays the Swift runtime's
    /// one-time type metadata and conformance look-ups, which dominate a small document's solve).
    var runs: Int?

    static let usage = """
        usage: ninefold-bench [--sizes 100,1000,10000] [--scenes \(GeneratedScene.allCases.map(\.rawValue).joined(separator: ","))]
                              [--no-scenes] [--no-documents] [--cap SECONDS] [--kiwi PYTHON] [--ninefold BINARY]
                              [--export DIR] [--emit PATH] [--stages parse,resolve,build,solve,nine,walk,validate,conflict]
                              [--child document PATH --runs N]
        Times each generated scene and bundled document in its own child process (Documentation/Performance.md).
        """

    /// `--sizes 100,1000`, `--scenes chain,grid`, `--documents` (every Documents/*.xml) or
    /// `--no-documents`, `--cap SECONDS`, `--kiwi PYTHON`, `--ninefold BINARY`.
    init(arguments: [String]) {
        var includeDocuments = true
        var index = 0
        func value() -> String? {
            index += 1
            return index < arguments.count ? arguments[index] : nil
        }
        while index < arguments.count {
            switch arguments[index] {
            case "--sizes": sizes = (value() ?? "").split(separator: ",").compactMap { Int($0) }
            case "--scenes": scenes = (value() ?? "").split(separator: ",").compactMap { GeneratedScene(rawValue: String($0)) }
            case "--no-documents": includeDocuments = false
            case "--no-scenes": scenes = []
            case "--cap": cap = Double(value() ?? "") ?? cap
            case "--kiwi": kiwiPython = value()
            case "--ninefold": ninefold = value()
            case "--export": export = value()
            case "--emit": emit = value()
            case "--stages": stages = Set((value() ?? "").split(separator: ",").map(String.init))
            case "--runs": runs = Int(value() ?? "").map { max($0, 1) }
            case "--child":
                let kind = value()
                let first = value() ?? ""
                if kind == "scene", let scene = GeneratedScene(rawValue: first), let views = Int(value() ?? "") {
                    child = .scene(scene, views)
                } else if kind == "document" {
                    child = .document(first)
                }
            case "--help", "-h":
                print(Self.usage)
                exit(0)
            default:
                // An option the bench does not know used to be skipped, so a typo (or `--help`)
                // started the whole default run, 10,000-view scenes included, for many minutes.
                FileHandle.standardError.write(Data("ninefold-bench: unknown option '\(arguments[index])'\n\(Self.usage)\n".utf8))
                exit(64)
            }
            index += 1
        }
        if includeDocuments {
            documents = ((try? FileManager.default.contentsOfDirectory(atPath: "Documents")) ?? [])
                .filter { $0.hasSuffix(".xml") }.sorted().map { "Documents/" + $0 }
        }
    }
}
