import Foundation
import NinefoldScene

/// The repository root, found from this file's path, so tests read the real `Documents/`.
let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func repositoryPath(_ relative: String) -> String {
    repositoryRoot.appendingPathComponent(relative).path
}

/// Every `.xml` file directly in a repository folder, sorted.
func documents(in folder: String) -> [String] {
    let directory = repositoryPath(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasSuffix(".xml") }.sorted().map { directory + "/" + $0 }
}

/// Deterministic pseudo-random numbers for property tests (SplitMix64).
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    mutating func chance(_ oneIn: Int) -> Bool { below(oneIn) == 0 }
    mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
}
