import Foundation
import NinefoldInterfaceBuilder
import NinefoldResolution
import NinefoldScene
import NinefoldValidation
import Testing

/// Reading fixtures and looking up what the pipeline made of them.
enum Fixture {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// Every layout of a fixture; a file-level error fails the test with its diagnostics.
    static func documents(_ name: String) throws -> [InterfaceBuilderDocument] {
        do {
            return try InterfaceBuilderReader().read(contentsOf: path(name))
        } catch {
            Issue.record("\(name) was refused: \(error)")
            throw error
        }
    }

    /// The layout named `PATH#id` of a fixture, read and validated in all nine classes.
    static func validated(_ name: String, _ id: String) throws -> DocumentResult {
        let scene = try scene(name, id)
        return Validator.validate(scene.scene, path: "\(path(name))#\(id)")
    }

    static func scene(_ name: String, _ id: String) throws -> InterfaceBuilderScene {
        let document = try #require(try documents(name).first { $0.objectID == id }, "no layout \(id) in \(name)")
        return try document.result.get()
    }
}

extension DocumentResult {
    func result(_ sizeClass: String) throws -> ClassResult {
        let wanted = try #require(SizeClass(sizeClass))
        return try #require(classes.first { $0.sizeClass == wanted })
    }

    func frame(_ view: String, in sizeClass: String) throws -> Frame {
        let result = try result(sizeClass)
        return try #require(result.views.first { $0.id == view }?.frame, "no frame for \(view) in \(sizeClass)")
    }
}
