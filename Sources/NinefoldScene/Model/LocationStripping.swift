/// A scene's content apart from where it was written. A document written by `SceneWriter` and
/// read back has other lines and columns than the one it was written from (an imported
/// Interface Builder layout, a scene built in code), so "reads back as the same scene" compares
/// the stripped forms. Shared by the round-trip tests and the fuzz targets' round-trip checks.
extension Scene {
    /// The same scene with every location cleared.
    public func strippingLocations() -> Scene {
        var copy = self
        copy.location = .unknown
        copy.canvases = canvases.map { var canvas = $0; canvas.location = .unknown; return canvas }
        copy.root = root.strippingLocations()
        return copy
    }

    /// Whether the two scenes say the same once their locations are set aside.
    public func hasSameContent(as other: Scene) -> Bool {
        strippingLocations() == other.strippingLocations()
    }
}

extension View {
    /// The same view, its subviews and constraints with every location cleared.
    public func strippingLocations() -> View {
        var copy = self
        copy.location = .unknown
        copy.variations = variations.map { var variation = $0; variation.location = .unknown; return variation }
        copy.subviews = subviews.map { $0.strippingLocations() }
        copy.constraints = constraints.map { constraint in
            var copy = constraint
            copy.location = .unknown
            copy.variations = constraint.variations.map { var variation = $0; variation.location = .unknown; return variation }
            return copy
        }
        return copy
    }
}
