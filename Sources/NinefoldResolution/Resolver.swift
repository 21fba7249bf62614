import NinefoldScene

/// Turns one scene into the nine concrete layouts, one per size class (SCENE-FORMAT §1).
public struct Resolver: Sendable {
    public let scene: Scene
    /// `scene.allConstraints`, gathered once: it walks and copies every view, and each of the
    /// nine classes needs it.
    private let documentConstraints: [Constraint]
    /// No view or constraint declares a variation: every class installs the same views and
    /// constraints with the same values, and only the canvas (its size, safe area and scale)
    /// differs from class to class.
    private let declaresNoVariation: Bool

    public init(scene: Scene) {
        self.scene = scene
        documentConstraints = scene.allConstraints
        // Walked in place with closures: `allViews` copies every view, and a key path is
        // applied through the runtime (`swift_getAtKeyPath`), together a third of this init.
        declaresNoVariation = Self.declaresNoVariation(scene.root)
            && documentConstraints.allSatisfy { $0.variations.isEmpty }
    }

    /// Whether no view in the tree declares a variation.
    private static func declaresNoVariation(_ root: View) -> Bool {
        var pending = [root]
        while let view = pending.popLast() {
            guard view.variations.isEmpty else { return false }
            pending += view.subviews
        }
        return true
    }

    /// All nine classes, in `SizeClass.all` order.
    public func resolveAll() -> [ResolvedScene] {
        resolve(SizeClass.all)
    }

    /// The classes in the order given, each exactly as `resolve(_:)` gives it. When the document
    /// declares no variation, the first class is resolved and the others are that class with
    /// their own canvas: a declaration without variations resolves to the same value and
    /// provenance in every class, so only the canvas fields can differ. Findings name the
    /// class they were made in, so a first class with findings (an uninstalled reference) is
    /// not shared.
    public func resolve(_ classes: [SizeClass]) -> [ResolvedScene] {
        guard declaresNoVariation, let first = classes.first else { return classes.map(resolve) }
        let shared = resolve(first)
        guard shared.findings.isEmpty else { return [shared] + classes.dropFirst().map(resolve) }
        return [shared] + classes.dropFirst().map { sizeClass in
            var resolved = shared
            resolved.sizeClass = sizeClass
            resolved.canvas = resolvedCanvas(for: sizeClass)
            resolved.safeArea = scene.safeArea(for: sizeClass)
            resolved.scale = scene.scale(for: sizeClass)
            return resolved
        }
    }

    /// The class's canvas size with the declaration it comes from (the format's default when
    /// no canvas names the class).
    private func resolvedCanvas(for sizeClass: SizeClass) -> Resolved<CanvasSize> {
        let canvas = scene.canvases.last { $0.sizeClass == sizeClass }
        return Resolved(scene.canvas(for: sizeClass),
                        from: canvas.map { Provenance(qualifier: $0.sizeClass, location: $0.location) } ?? .default)
    }

    public func resolve(_ sizeClass: SizeClass) -> ResolvedScene {
        var context = Context(target: sizeClass)
        var views: [ResolvedView] = []
        var omissions: [Omission] = []
        collect(scene.root, parent: nil, into: &views, omissions: &omissions, context: &context)
        let installed = Set(views.map(\.id))
        var constraints: [ResolvedConstraint] = []
        for constraint in documentConstraints {
            let declarations = Declarations(constraint)
            let isInstalled = context.value(declarations, \.installed, default: true,
                                            property: "installed", of: Owner(.constraint, constraint.id))
            guard isInstalled.value else {
                omissions.append(Omission(element: .constraint, id: constraint.id, location: constraint.location,
                                          reason: .uninstalled(isInstalled.provenance)))
                continue
            }
            if let missing = constraint.items.compactMap(\.viewID).first(where: { !installed.contains($0) }) {
                omissions.append(Omission(element: .constraint, id: constraint.id, location: constraint.location,
                                          reason: .referencesUninstalledView(missing)))
                context.findings.append(ResolutionFinding(
                    kind: .uninstalledReference, severity: .note,
                    message: "constraint '\(constraint.id)' is left out of \(sizeClass): it names '\(missing)', "
                        + "which is not installed in this class",
                    location: constraint.location, views: [missing], constraints: [constraint.id], relatedLocations: []))
                continue
            }
            constraints.append(resolve(constraint, declarations, context: &context))
        }
        context.findings += shadowedDeclarations(in: sizeClass)
        // Keep in step with the canvas fields `resolve(_ classes:)` replaces.
        return ResolvedScene(
            sceneName: scene.name, rootKind: scene.rootKind, sizeClass: sizeClass,
            canvas: resolvedCanvas(for: sizeClass),
            safeArea: scene.safeArea(for: sizeClass), scale: scene.scale(for: sizeClass), views: views, constraints: constraints, omissions: omissions, findings: context.findings)
    }

    // MARK: Views

    private func collect(_ view: View, parent: View?, into views: inout [ResolvedView], omissions: inout [Omission],
                         context: inout Context) {
        let declarations = Declarations(view)
        let installed = context.value(declarations, \.installed, default: true, property: "installed", of: Owner(.view, view.id))
        guard installed.value || parent == nil else {
            omissions.append(Omission(element: .view, id: view.id, location: view.location,
                                      reason: .uninstalled(installed.provenance)))
            omitSubtree(of: view, because: view.id, omissions: &omissions)
            return
        }
        let index = views.count
        views.append(resolve(view, parent: parent, declarations, context: &context))
        for subview in view.subviews {
            let before = views.count
            collect(subview, parent: view, into: &views, omissions: &omissions, context: &context)
            if views.count > before { views[index].subviewIDs.append(subview.id) }
        }
    }

    private func omitSubtree(of view: View, because ancestor: String, omissions: inout [Omission]) {
        for subview in view.subviews {
            omissions.append(Omission(element: .view, id: subview.id, location: subview.location,
                                      reason: .ancestorUninstalled(ancestor)))
            omitSubtree(of: subview, because: ancestor, omissions: &omissions)
        }
    }

    private func resolve(_ view: View, parent: View?, _ declarations: Declarations<ViewAttributes>,
                         context: inout Context) -> ResolvedView {
        let owner = Owner(.view, view.id)
        func value<V: Hashable & Sendable>(_ path: (ViewAttributes) -> V?, _ fallback: V, _ name: String) -> Resolved<V> {
            context.value(declarations, path, default: fallback, property: name, of: owner)
        }
        func optional<V: Hashable & Sendable>(_ path: (ViewAttributes) -> V?, _ name: String) -> Resolved<V?> {
            context.optionalValue(declarations, path, property: name, of: owner)
        }
        let hidden = value(\.hidden, false, "hidden")
        let hugging = view.kind.defaultHuggingPriority
        return ResolvedView(
            id: view.id, kind: view.kind, userLabel: view.userLabel, location: view.location, parentID: parent?.id,
            subviewIDs: [], numberOfLines: view.numberOfLines, image: view.image, imageWidth: view.imageWidth,
            imageHeight: view.imageHeight, contentInsets: view.contentInsets,
            titleHeightRounding: view.titleHeightRounding ?? .pixel, hidden: hidden, text: optional(\.text, "text"),
            title: optional(\.title, "title"), placeholder: optional(\.placeholder, "placeholder"),
            fontSize: value(\.fontSize, view.kind.defaultFontSize, "fontSize"),
            fontWeight: value(\.fontWeight, .regular, "fontWeight"),
            intrinsicWidth: optional(\.intrinsicWidth, "intrinsicWidth"),
            intrinsicHeight: optional(\.intrinsicHeight, "intrinsicHeight"),
            horizontalHuggingPriority: value(\.horizontalHuggingPriority, hugging, "horizontalHuggingPriority"),
            verticalHuggingPriority: value(\.verticalHuggingPriority, hugging, "verticalHuggingPriority"),
            horizontalCompressionResistancePriority: value(\.horizontalCompressionResistancePriority, .defaultHigh,
                                                           "horizontalCompressionResistancePriority"),
            verticalCompressionResistancePriority: value(\.verticalCompressionResistancePriority, .defaultHigh,
                                                         "verticalCompressionResistancePriority"),
            firstBaselineOffset: optional(\.firstBaselineOffset, "firstBaselineOffset"),
            lastBaselineOffset: optional(\.lastBaselineOffset, "lastBaselineOffset"),
            backgroundColor: optional(\.backgroundColor, "backgroundColor"),
            layoutMargins: optional(\.layoutMargins, "layoutMargins"),
            insetsLayoutMarginsFromSafeArea: view.insetsLayoutMarginsFromSafeArea ?? false,
            axis: value(\.axis, .horizontal, "axis"), alignment: value(\.alignment, .fill, "alignment"),
            distribution: value(\.distribution, .fill, "distribution"), spacing: value(\.spacing, 0, "spacing"),
            frame: optional(\.frame, "frame"),
            isCollapsedInStack: parent?.kind == .stackView && hidden.value)
    }

    // MARK: Constraints

    private func resolve(_ constraint: Constraint, _ declarations: Declarations<ConstraintAttributes>,
                         context: inout Context) -> ResolvedConstraint {
        let owner = Owner(.constraint, constraint.id)
        return ResolvedConstraint(
            id: constraint.id, firstItem: constraint.firstItem, firstAttribute: constraint.firstAttribute,
            relation: constraint.relation, secondItem: constraint.secondItem, secondAttribute: constraint.secondAttribute,
            multiplier: constraint.multiplier, userLabel: constraint.userLabel, location: constraint.location,
            constant: context.value(declarations, \.constant, default: .zero, property: "constant", of: owner),
            priority: context.value(declarations, \.priority, default: .required, property: "priority", of: owner))
    }

    // MARK: Shadowed declarations

    /// Variations that take effect in no final class (the classes devices have), reported in the
    /// class they are written for.
    private func shadowedDeclarations(in sizeClass: SizeClass) -> [ResolutionFinding] {
        guard sizeClass.specificity == 1 else { return [] }
        var findings: [ResolutionFinding] = []
        for view in scene.allViews {
            let declarations = Declarations(view)
            for entry in declarations.entries where entry.qualifier == sizeClass {
                for (name, shadows) in ViewProperty.all.compactMap({ property in
                    property.shadowing(entry, in: declarations).map { (property.name, $0) }
                }) {
                    findings.append(shadowed(name, of: "view '\(view.id)'", entry.location, shadows.map(\.location),
                                             views: [view.id], constraints: []))
                }
            }
        }
        for constraint in documentConstraints {
            let declarations = Declarations(constraint)
            for entry in declarations.entries where entry.qualifier == sizeClass {
                let properties: [(String, [Declarations<ConstraintAttributes>.Entry]?)] = [
                    ("installed", declarations.shadowing(entry, \.installed)),
                    ("constant", declarations.shadowing(entry, \.constant)),
                    ("priority", declarations.shadowing(entry, \.priority)),
                ]
                for case let (name, shadows?) in properties {
                    findings.append(shadowed(name, of: "constraint '\(constraint.id)'", entry.location,
                                             shadows.map(\.location), views: [], constraints: [constraint.id]))
                }
            }
        }
        return findings
    }

    private func shadowed(_ property: String, of owner: String, _ location: SourceLocation,
                          _ shadows: [SourceLocation], views: [String], constraints: [String]) -> ResolutionFinding {
        let lines = shadows.map { "line \($0.line)" }.joined(separator: " and ")
        return ResolutionFinding(
            kind: .shadowedDeclaration, severity: .warning,
            message: "\(property) of \(owner) set for \(location.line == 0 ? "this class" : "this class at line \(location.line)") "
                + "never takes effect on a device: it is overridden by \(lines) in every final class it applies to",
            location: location, views: views, constraints: constraints, relatedLocations: shadows)
    }
}

/// One overridable view property, type-erased so shadowing can be checked over all of them.
struct ViewProperty: Sendable {
    let name: String
    let shadowing: @Sendable (Declarations<ViewAttributes>.Entry, Declarations<ViewAttributes>)
        -> [Declarations<ViewAttributes>.Entry]?

    func shadowing(_ entry: Declarations<ViewAttributes>.Entry, in declarations: Declarations<ViewAttributes>)
        -> [Declarations<ViewAttributes>.Entry]? {
        shadowing(entry, declarations)
    }

    init<Value>(_ name: String, _ path: KeyPath<ViewAttributes, Value?> & Sendable) {
        self.name = name
        shadowing = { entry, declarations in
            entry.attributes[keyPath: path] == nil ? nil : declarations.shadowing(entry, path)
        }
    }

    static let all: [ViewProperty] = [
        ViewProperty("installed", \.installed), ViewProperty("hidden", \.hidden), ViewProperty("text", \.text),
        ViewProperty("title", \.title), ViewProperty("placeholder", \.placeholder),
        ViewProperty("fontSize", \.fontSize), ViewProperty("fontWeight", \.fontWeight),
        ViewProperty("intrinsicWidth", \.intrinsicWidth), ViewProperty("intrinsicHeight", \.intrinsicHeight),
        ViewProperty("horizontalHuggingPriority", \.horizontalHuggingPriority),
        ViewProperty("verticalHuggingPriority", \.verticalHuggingPriority),
        ViewProperty("horizontalCompressionResistancePriority", \.horizontalCompressionResistancePriority),
        ViewProperty("verticalCompressionResistancePriority", \.verticalCompressionResistancePriority),
        ViewProperty("firstBaselineOffset", \.firstBaselineOffset),
        ViewProperty("lastBaselineOffset", \.lastBaselineOffset),
        ViewProperty("backgroundColor", \.backgroundColor), ViewProperty("layoutMargins", \.layoutMargins),
        ViewProperty("axis", \.axis),
        ViewProperty("alignment", \.alignment), ViewProperty("distribution", \.distribution),
        ViewProperty("spacing", \.spacing), ViewProperty("frame", \.frame),
    ]
}

/// Resolution state for one target class: the findings made along the way.
struct Context {
    let target: SizeClass
    var findings: [ResolutionFinding] = []

    init(target: SizeClass) { self.target = target }

    mutating func value<A, V: Hashable & Sendable>(_ declarations: Declarations<A>, _ path: (A) -> V?,
                                                   default fallback: V, property: String, of owner: Owner) -> Resolved<V> {
        guard let outcome = declarations.resolve(path, for: target) else { return Resolved(fallback) }
        noteTie(outcome, property: property, of: owner)
        return outcome.resolved
    }

    mutating func optionalValue<A, V: Hashable & Sendable>(_ declarations: Declarations<A>, _ path: (A) -> V?,
                                                           property: String, of owner: Owner) -> Resolved<V?> {
        guard let outcome = declarations.resolve(path, for: target) else { return Resolved(nil) }
        noteTie(outcome, property: property, of: owner)
        return Resolved(outcome.value, from: outcome.provenance)
    }

    private mutating func noteTie<V>(_ outcome: Outcome<V>, property: String, of owner: Owner) {
        guard let loser = outcome.tie, let winnerLocation = outcome.provenance.location,
              let winnerClass = outcome.provenance.qualifier, let loserClass = loser.qualifier else { return }
        let loserLine = loser.location.map { ", line \($0.line)" } ?? ""
        findings.append(ResolutionFinding(
            kind: .resolutionTie, severity: .warning,
            message: "\(property) of \(owner) is set both by \(winnerClass) (line \(winnerLocation.line)) and by "
                + "\(loserClass)\(loserLine) with different values; in \(target) the width-qualified "
                + "\(winnerClass) wins. Add a \(target) variation to say which you mean",
            location: winnerLocation,
            views: owner.element == .view ? [owner.id] : [],
            constraints: owner.element == .constraint ? [owner.id] : [],
            relatedLocations: loser.location.map { [$0] } ?? []))
    }
}

/// The element a resolved property belongs to, for messages and finding ids.
struct Owner: CustomStringConvertible {
    let element: Omission.Element
    let id: String

    init(_ element: Omission.Element, _ id: String) {
        self.element = element
        self.id = id
    }

    var description: String { "\(element.rawValue) '\(id)'" }
}
