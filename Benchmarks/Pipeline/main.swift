// ninefold-bench: time and peak memory of each pipeline stage on generated scenes.
//
// `make bench` builds this in release mode and runs it. Medians of several runs are printed,
// with ratios against the 100-view run of the same scene measured in the same process, because
// the machine is shared and absolute times are noisy. Figures go to Documentation/Performance.md.
import Foundation
import NinefoldLayout
import NinefoldResolution
import NinefoldScene
import NinefoldValidation

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

func median(_ samples: [Double]) -> Double {
    let sorted = samples.sorted()
    return sorted[sorted.count / 2]
}

/// Peak resident memory of this process so far, in MiB (Linux reports kilobytes).
func peakMemoryMiB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

struct Timing {
    var parse = 0.0, resolve = 0.0, build = 0.0, solve = 0.0, nineClasses = 0.0, validate: Double?
}

/// The generated scenes go past the reader's standard limits on purpose (10,000 views plus the
/// root): the benchmark measures how the pipeline scales, not what a user may feed it.
let benchmarkLimits = ReadingLimits(maximumFileSize: 64 * 1024 * 1024, maximumElements: 1_000_000, maximumDepth: 256,
                                    maximumViews: 100_000, maximumConstraints: 500_000)

func measure(_ kind: GeneratedScene, views: Int, runs: Int, validate: Bool) throws -> Timing {
    let text = kind.document(views: views)
    var samples: [[Double]] = Array(repeating: [], count: 6)
    for _ in 0..<runs {
        var start = now()
        let scene = try SceneReader(limits: benchmarkLimits).read(string: text, path: "\(kind.rawValue)-\(views).xml")
        samples[0].append(now() - start)
        start = now()
        let resolver = Resolver(scene: scene)
        let resolved = resolver.resolve(.anyAny)
        samples[1].append(now() - start)
        start = now()
        let system = LayoutEngine.build(resolved)
        samples[2].append(now() - start)
        start = now()
        _ = LayoutEngine.solve(system)
        samples[3].append(now() - start)
        let classes = SizeClass.all.map(resolver.resolve)
        start = now()
        var incremental = IncrementalLayout(classes[0])
        for next in classes.dropFirst() { _ = incremental.move(to: next) }
        samples[4].append(now() - start)
        if validate {
            start = now()
            _ = Validator.validate(scene, path: "bench")
            samples[5].append(now() - start)
        }
    }
    return Timing(parse: median(samples[0]), resolve: median(samples[1]), build: median(samples[2]),
                  solve: median(samples[3]), nineClasses: median(samples[4]),
                  validate: samples[5].isEmpty ? nil : median(samples[5]))
}

func milliseconds(_ seconds: Double) -> String { String(format: "%9.2f", seconds * 1000) }

let arguments = CommandLine.arguments.dropFirst()
// `ninefold-bench interface-builder` runs only the Interface Builder case.
if arguments.first == "interface-builder" {
    try InterfaceBuilderBenchmark.run()
    exit(0)
}
let sizes = arguments.isEmpty ? [100, 1_000, 10_000] : arguments.compactMap { Int($0) }
print("median ms over runs (10,000 views: 1 run); nine = incremental re-solve through all nine classes")
print("scene           views     parse   resolve     build     solve      nine  validate  ×100(nine)  peak MiB")
for kind in GeneratedScene.allCases {
    var baseline: Double?
    for size in sizes {
        let runs = size >= 10_000 ? 1 : size >= 1_000 ? 3 : 7
        let timing = try measure(kind, views: size, runs: runs, validate: size <= 1_000)
        if baseline == nil { baseline = timing.nineClasses }
        let ratio = baseline.map { String(format: "%10.1f", timing.nineClasses / max($0, 1e-9)) } ?? ""
        print(kind.rawValue.padding(toLength: 14, withPad: " ", startingAt: 0), String(format: "%6d", size),
              milliseconds(timing.parse), milliseconds(timing.resolve), milliseconds(timing.build),
              milliseconds(timing.solve), milliseconds(timing.nineClasses),
              timing.validate.map(milliseconds) ?? "        —", ratio, String(format: "%9.1f", peakMemoryMiB()))
    }
}

// The whole Documents/ folder, validated in all nine classes, as `ninefold validate` does it.
let documents = ((try? FileManager.default.contentsOfDirectory(atPath: "Documents")) ?? [])
    .filter { $0.hasSuffix(".xml") }.sorted().map { "Documents/" + $0 }
if !documents.isEmpty {
    var samples: [Double] = []
    for _ in 0..<5 {
        let start = now()
        _ = Validator.validate(files: documents)
        samples.append(now() - start)
    }
    print("Documents/ (\(documents.count) files, nine classes each): median \(milliseconds(median(samples))) ms")
}

try InterfaceBuilderBenchmark.run()
