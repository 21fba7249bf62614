import Foundation
import NinefoldResolution
import NinefoldScene
import Testing

/// Golden resolution of bundled documents, reasoned from the recipes.
@Suite struct DocumentResolutionTests {
    static func read(_ name: String) throws -> Scene {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try SceneReader().read(contentsOf: root.appendingPathComponent("Documents/" + name).path)
    }

    /// The cookbook: "In Any-Any set constraints 1–6; in Compact-Regular uninstall 2 and 5, add 7, 8, 9."
    @Test func twoButtonsInstallTheRecipesConstraints() throws {
        let resolver = Resolver(scene: try Self.read("two-buttons-with-size-class-based-layouts.xml"))
        for sizeClass in SizeClass.all {
            let installed = resolver.resolve(sizeClass).constraints.map(\.id)
            if sizeClass == SizeClass(width: .compact, height: .regular) {
                #expect(installed == ["c1", "c3", "c4", "c6", "c7", "c8", "c9"])
            } else {
                #expect(installed == ["c1", "c2", "c3", "c4", "c5", "c6"], "\(sizeClass)")
            }
        }
    }

    /// Apple's SizeClasses sample: red and green everywhere, blue and yellow only in regular-regular,
    /// the horizontal pair for any-compact, the vertical pair for compact-regular.
    @Test func sizeClassesInstallBoxesAndPairsPerClass() throws {
        let resolver = Resolver(scene: try Self.read("size-classes.xml"))
        for sizeClass in SizeClass.all {
            let resolved = resolver.resolve(sizeClass)
            let views = resolved.views.map(\.id)
            let constraints = Set(resolved.constraints.map(\.id))
            if sizeClass == SizeClass(width: .regular, height: .regular) {
                #expect(views == ["root", "red", "green", "blue", "yellow"])
            } else {
                #expect(views == ["root", "red", "green"], "\(sizeClass)")
            }
            let horizontalPair = constraints.isSuperset(of: ["c3", "c4"])
            let verticalPair = constraints.contains("c7")
            #expect(horizontalPair == (sizeClass.height == .compact), "\(sizeClass)")
            #expect(verticalPair == (sizeClass == SizeClass(width: .compact, height: .regular)), "\(sizeClass)")
        }
    }
}
