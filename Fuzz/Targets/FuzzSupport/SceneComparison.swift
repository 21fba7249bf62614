import NinefoldScene

/// Scenes compared without source locations (a written document has other lines).
public enum SceneComparison {
    public static func sameContent(_ first: Scene, _ second: Scene) -> Bool {
        stripped(first) == stripped(second)
    }

    public static func stripped(_ scene: Scene) -> Scene {
        var copy = scene
        copy.location = .unknown
        copy.canvases = scene.canvases.map { canvas in
            var canvas = canvas
            canvas.location = .unknown
            return canvas
        }
        copy.root = stripped(scene.root)
        return copy
    }

    public static func stripped(_ view: View) -> View {
        var copy = view
        copy.location = .unknown
        copy.variations = view.variations.map { variation in
            var variation = variation
            variation.location = .unknown
            return variation
        }
        copy.subviews = view.subviews.map(stripped)
        copy.constraints = view.constraints.map { constraint in
            var constraint = constraint
            constraint.location = .unknown
            constraint.variations = constraint.variations.map { variation in
                var variation = variation
                variation.location = .unknown
                return variation
            }
            return constraint
        }
        return copy
    }
}
