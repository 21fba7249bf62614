import Foundation
import NinefoldInterfaceBuilder
import NinefoldScene
import NinefoldValidation
import Testing

/// Real IB files are edited by hand, merged badly and written by many Xcode versions. Damaged
/// copies of every fixture must be checked or refused with a located reason, never crash.
struct MutationTests {
    /// A small deterministic generator (SplitMix64), so failures reproduce.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let replacements = ["", "nan", "1e400", "-1", "0", "abc", "YES", "NO", "8bC-Xf-vdC", "default",
                               "heightClass=compact-widthClass=regular", "widthClass=any", "1:0", "0/0", "999999"]

    /// Replaces a few attribute values, or deletes a line.
    static func mutate(_ text: String, _ generator: inout Generator) -> String {
        var lines = text.components(separatedBy: "\n")
        for _ in 0..<3 {
            let index = Int.random(in: 0..<lines.count, using: &generator)
            if Int.random(in: 0..<5, using: &generator) == 0 {
                lines.remove(at: index)
                continue
            }
            let line = lines[index]
            let values = line.ranges(of: #/="[^"]*"/#)
            guard let range = values.randomElement(using: &generator) else { continue }
            let replacement = replacements.randomElement(using: &generator) ?? ""
            lines[index] = line.replacingCharacters(in: range, with: "=\"\(replacement)\"")
        }
        return lines.joined(separator: "\n")
    }

    @Test func damagedFixturesAreCheckedOrRefusedWithALocation() throws {
        var generator = Generator(state: 2026)
        let names = ["Basic.storyboard", "SizeClasses.storyboard", "Autoresizing.storyboard", "Cells.xib",
                     "Controls.storyboard", "StackScroll.storyboard"]
        for name in names {
            let original = try String(contentsOfFile: Fixture.path(name), encoding: .utf8)
            for round in 0..<12 {
                let damaged = Self.mutate(original, &generator)
                do {
                    for document in try InterfaceBuilderReader().read(string: damaged, path: name) {
                        switch document.result {
                        case .success(let scene):
                            let result = Validator.validate(scene.scene, path: document.name)
                            #expect(result.classes.count == 9)
                        case .failure(let error):
                            #expect(!error.diagnostics.isEmpty)
                            #expect(error.diagnostics.allSatisfy { $0.location != nil }, "\(name) round \(round): \(error)")
                        }
                    }
                } catch {
                    #expect(!error.diagnostics.isEmpty, "\(name) round \(round)")
                }
            }
        }
    }
}
