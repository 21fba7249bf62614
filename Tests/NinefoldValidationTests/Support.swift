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
