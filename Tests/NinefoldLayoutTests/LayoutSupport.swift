import Foundation
import NinefoldResolution
import NinefoldScene
import Testing
@testable import NinefoldLayout

/// Shared helpers: scenes from inline XML or from the corpus, resolved for one class and solved.
enum LayoutFixture {
    static let compactRegular = SizeClass(width: .compact, height: .regular)
    static let anyAny = SizeClass(width: .any, height: .any)

    /// The repository root, found from this file's path so tests run from any directory.
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static func resolved(xml: String, sizeClass: SizeClass = compactRegular) throws -> ResolvedScene {
        let scene = try SceneReader().read(string: xml, path: "inline.xml")
        return Resolver(scene: scene).resolve(sizeClass)
    }

    /// A scene whose root holds `body` (views, then a `<constraints>` element).
    /// `sceneAttributes` and `rootAttributes` are added to `<scene>` and the root `<view>`;
    /// `canvas` (`<canvas>` elements) goes before the root.
    static func solve(_ body: String, sizeClass: SizeClass = compactRegular, sceneAttributes: String = "",
                      rootAttributes: String = "", canvas: String = "") throws -> SolvedLayout {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <scene version="1" name="Test"\(sceneAttributes)>\(canvas)<view id="root"\(rootAttributes)>\(body)</view></scene>
        """
        return LayoutEngine.solve(try resolved(xml: xml, sizeClass: sizeClass))
    }

    static func solveDocument(_ name: String, sizeClass: SizeClass = compactRegular) throws -> SolvedLayout {
        let path = repositoryRoot.appendingPathComponent("Documents").appendingPathComponent(name).path
        let scene = try SceneReader().read(contentsOf: path)
        return LayoutEngine.solve(Resolver(scene: scene).resolve(sizeClass))
    }
}

extension SolvedLayout {
    /// The frame, or a zero frame that fails any geometric expectation made on it.
    func requireFrame(_ id: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Frame {
        guard let frame = frame(of: id) else {
            Issue.record("no frame for \(id)", sourceLocation: sourceLocation)
            return Frame(x: -1, y: -1, width: -1, height: -1)
        }
        return frame
    }

    /// Indices of the generated stack constraints with this UIKit identifier.
    func stackConstraints(_ identifier: String) -> [LayoutConstraint] {
        system.constraints.filter {
            if case .stack(_, let name) = $0.origin { return name == identifier }
            return false
        }
    }

    /// True when every variable of every view has a single optimal value.
    var isUnique: Bool {
        system.views.allSatisfy { entry in
            [entry.variables.x, entry.variables.y, entry.variables.width, entry.variables.height]
                .allSatisfy { solver.optimalRange(of: $0).isPoint }
        }
    }
}

/// Floating-point comparison at the format's tolerance.
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }
