import Foundation
import NinefoldScene
import NinefoldValidation

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

func repositoryPath(_ relative: String) -> String { repositoryRoot.appendingPathComponent(relative).path }

func validateDocument(_ relative: String) throws -> DocumentResult {
    let path = repositoryPath(relative)
    return Validator.validate(try SceneReader().read(contentsOf: path), path: relative)
}

func sizeClass(_ text: String) -> SizeClass {
    SizeClass(text) ?? .anyAny
}

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
    mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
}
