import NinefoldScene

extension ResolvedScene {
    /// This class as a scene document of its own: no variations, nothing uninstalled, the
    /// canvas stated. Resolved again for the same class it gives the same layout, so a user
    /// can study one class in isolation (`ninefold resolve --class`).
    ///
    /// Only values that were declared are written; defaults stay implicit as in the original.
    public func flattened() -> Scene {
        let byID = Dictionary(views.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        func build(_ view: ResolvedView) -> View {
            var result = view.flattened()
            result.subviews = view.subviewIDs.compactMap { byID[$0] }.map(build)
            return result
        }
        let canvasElement = Canvas(sizeClass: sizeClass, width: canvas.value.width, height: canvas.value.height,
                                   safeAreaInsets: safeArea == .canvasSafeArea ? nil : safeArea,
                                   scale: scale == Canvas.defaultScale ? nil : scale)
        var rootView = root.map(build) ?? View(id: "root", kind: .view)
        // Where a constraint sits has no meaning (SCENE-FORMAT §2): the root holds them all.
        rootView.constraints = constraints.map { $0.flattened() }
        return Scene(name: sceneName, rootKind: rootKind, canvases: [canvasElement], root: rootView)
    }
}

extension ResolvedView {
    func flattened() -> View {
        var attributes = ViewAttributes()
        func declared<V>(_ value: Resolved<V>) -> V? { value.provenance.isDefault ? nil : value.value }
        func declared<V>(_ value: Resolved<V?>) -> V? { value.provenance.isDefault ? nil : value.value }
        attributes.hidden = declared(hidden)
        attributes.text = declared(text)
        attributes.title = declared(title)
        attributes.placeholder = declared(placeholder)
        attributes.fontSize = declared(fontSize)
        attributes.fontWeight = declared(fontWeight)
        attributes.intrinsicWidth = declared(intrinsicWidth)
        attributes.intrinsicHeight = declared(intrinsicHeight)
        attributes.horizontalHuggingPriority = declared(horizontalHuggingPriority)
        attributes.verticalHuggingPriority = declared(verticalHuggingPriority)
        attributes.horizontalCompressionResistancePriority = declared(horizontalCompressionResistancePriority)
        attributes.verticalCompressionResistancePriority = declared(verticalCompressionResistancePriority)
        attributes.firstBaselineOffset = declared(firstBaselineOffset)
        attributes.lastBaselineOffset = declared(lastBaselineOffset)
        attributes.backgroundColor = declared(backgroundColor)
        attributes.layoutMargins = declared(layoutMargins)
        attributes.axis = declared(axis)
        attributes.alignment = declared(alignment)
        attributes.distribution = declared(distribution)
        attributes.spacing = declared(spacing)
        attributes.frame = declared(frame)
        var result = View(id: id, kind: kind, userLabel: userLabel, numberOfLines: numberOfLines, image: image,
                          imageWidth: imageWidth, imageHeight: imageHeight, attributes: attributes)
        result.insetsLayoutMarginsFromSafeArea = insetsLayoutMarginsFromSafeArea ? true : nil
        result.contentInsets = contentInsets
        result.titleHeightRounding = titleHeightRounding == .pixel ? nil : titleHeightRounding
        return result
    }
}

extension ResolvedConstraint {
    func flattened() -> NinefoldScene.Constraint {
        NinefoldScene.Constraint(
            id: id, firstItem: firstItem, firstAttribute: firstAttribute, relation: relation,
            secondItem: secondItem, secondAttribute: secondAttribute, multiplier: multiplier, userLabel: userLabel,
            attributes: ConstraintAttributes(constant: constant.provenance.isDefault ? nil : constant.value,
                                             priority: priority.provenance.isDefault ? nil : priority.value))
    }
}
