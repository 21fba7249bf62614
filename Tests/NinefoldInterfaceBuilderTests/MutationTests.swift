import Foundation
import NinefoldInterfaceBuilder
import NinefoldScene
import NinefoldValidation
import Testing

/// Real IB files are edited by hand, merged badly and written by many Xcode versions. Damaged
/// copies of every fixture must be checked or refused with a located reason, never crash.
struct MutationTests {
    static let replacements = ["", "nan", "1e400", "-1", "0", "abc", "YES", "NO", "8bC-Xf-vdC", "default",
                               "heightClass=compact-widthClass=regular", "widthClass=any", "1:0", "0/0", "999999"]

    /// Damage number `round`: every attribute value at a stride through the file replaced by
    /// one of the replacements, and every 97th line from a round-dependent start deleted.
    /// Deterministic, so a failure names a round that reproduces.
    static func damage(_ text: String, round: Int) -> String {
        var lines = text.components(separatedBy: "\n")
        let stride = 23 + round * 7
        var counter = round
        for index in lines.indices {
            let values = lines[index].ranges(of: #/="[^"]*"/#)
            for range in values.reversed() {
                counter += 1
                guard counter % stride == 0 else { continue }
                let replacement = replacements[(counter / stride) % replacements.count]
                lines[index] = lines[index].replacingCharacters(in: range, with: "=\"\(replacement)\"")
            }
        }
        for index in Swift.stride(from: lines.count - 1 - round % 97, through: 0, by: -97) where round % 3 == 0 {
            lines.remove(at: index)
        }
        return lines.joined(separator: "\n")
    }

    @Test func damagedFixturesAreCheckedOrRefusedWithALocation() throws {
        let names = ["Basic.storyboard", "SizeClasses.storyboard", "Autoresizing.storyboard", "Cells.xib",
                     "Controls.storyboard", "StackScroll.storyboard"]
        for name in names {
            let original = try String(contentsOfFile: Fixture.path(name), encoding: .utf8)
            for round in 0..<12 {
                let damaged = Self.damage(original, round: round)
                #expect(damaged != original)
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
