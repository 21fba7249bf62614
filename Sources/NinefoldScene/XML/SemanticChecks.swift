/// The rules of the format that need the whole document: ids, references, attribute pairs.
struct SemanticChecks {
    let scene: Scene
    let path: String
    private(set) var diagnostics: [Diagnostic] = []

    init(scene: Scene, path: String) {
        self.scene = scene
        self.path = path
    }

    mutating func run() -> [Diagnostic] {
        let views = scene.allViews
        checkIDs(views: views, constraints: scene.allConstraints)
        checkCanvases()
        checkRoot()
        let kinds = Dictionary(views.map { ($0.id, $0.kind) }, uniquingKeysWith: { first, _ in first })
        for view in views {
            checkVariationClasses(view.variations.map { ($0.sizeClass, $0.location) }, of: "view '\(view.id)'")
            for constraint in view.constraints {
                check(constraint, kinds: kinds)
                checkVariationClasses(constraint.variations.map { ($0.sizeClass, $0.location) },
                                      of: "constraint '\(constraint.id)'")
            }
        }
        return diagnostics.sorted { $0.location ?? .unknown < $1.location ?? .unknown }
    }

    private mutating func error(_ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(message: message, file: path, location: location))
    }

    private mutating func checkIDs(views: [View], constraints: [Constraint]) {
        var seen: [String: SourceLocation] = [:]
        let declared = views.map { ($0.id, $0.location, "view") } + constraints.map { ($0.id, $0.location, "constraint") }
        for (id, location, what) in declared {
            if let first = seen[id] {
                error("duplicate id '\(id)' (first declared at line \(first.line))", at: location)
            } else {
                seen[id] = location
            }
            if what == "view", ItemReference.reservedNames.contains(id) {
                error("'\(id)' is a reserved layout guide name and cannot be a view id", at: location)
            }
        }
    }

    private mutating func checkCanvases() {
        var seen: [SizeClass: SourceLocation] = [:]
        for canvas in scene.canvases {
            if let first = seen[canvas.sizeClass] {
                error("a second canvas for \(canvas.sizeClass) (the first is at line \(first.line))", at: canvas.location)
            }
            seen[canvas.sizeClass] = canvas.location
        }
    }

    private mutating func checkRoot() {
        let root = scene.root
        if root.attributes.installed == false {
            error("the root view cannot be uninstalled", at: root.location)
        }
        for variation in root.variations where variation.attributes.installed == false {
            error("the root view cannot be uninstalled (in \(variation.sizeClass))", at: variation.location)
        }
        // UIKit measures margins from the safe area of the view that owns the safe area in a
        // document: its root. On any other view the attribute would silently mean nothing.
        for view in scene.allViews.dropFirst() where view.insetsLayoutMarginsFromSafeArea != nil {
            error("insetsLayoutMarginsFromSafeArea applies to the root view only; '\(view.id)' is not the root",
                  at: view.location)
        }
    }

    private mutating func checkVariationClasses(_ classes: [(SizeClass, SourceLocation)], of owner: String) {
        var seen: [SizeClass: SourceLocation] = [:]
        for (sizeClass, location) in classes {
            if let first = seen[sizeClass] {
                error("\(owner) has two variations for \(sizeClass) (the first is at line \(first.line))", at: location)
            }
            seen[sizeClass] = location
        }
    }

    private mutating func check(_ constraint: Constraint, kinds: [String: ViewKind]) {
        let location = constraint.location
        let label = "constraint '\(constraint.id)'"
        checkReference(constraint.firstItem, attribute: constraint.firstAttribute, kinds: kinds, in: label, at: location)
        switch (constraint.secondItem, constraint.secondAttribute) {
        case (nil, nil):
            if constraint.firstAttribute.kind != .size {
                error("\(label) sets \(constraint.firstAttribute.rawValue) to a constant; only width and height "
                      + "can be constant constraints (add a secondItem and secondAttribute)", at: location)
            }
        case (let item?, let attribute?):
            checkReference(item, attribute: attribute, kinds: kinds, in: label, at: location)
            if let reason = constraint.firstAttribute.incompatibility(with: attribute) {
                error("\(label): \(reason)", at: location)
            }
        case (nil, _?):
            error("\(label) has a secondAttribute but no secondItem", at: location)
        case (_?, nil):
            error("\(label) has a secondItem but no secondAttribute", at: location)
        }
    }

    private mutating func checkReference(_ item: ItemReference, attribute: LayoutAttribute,
                                         kinds: [String: ViewKind], in label: String, at location: SourceLocation) {
        switch item {
        case .view(let id):
            if kinds[id] == nil { error("\(label) refers to '\(id)', which is not a view in this document", at: location) }
        case .contentLayoutGuide(let id), .frameLayoutGuide(let id):
            if kinds[id] == nil {
                error("\(label) refers to '\(item)', but '\(id)' is not a view in this document", at: location)
            } else if kinds[id] != .scrollView {
                error("\(label) refers to '\(item)', but only scroll views have content and frame layout guides",
                      at: location)
            }
        case .topLayoutGuide, .bottomLayoutGuide, .safeArea:
            break
        }
        if let allowed = item.allowedAttributes, !allowed.contains(attribute) {
            let names = LayoutAttribute.allCases.filter(allowed.contains).map(\.rawValue).joined(separator: ", ")
            error("\(label): \(item) has no \(attribute.rawValue) attribute (it takes \(names))", at: location)
        }
    }
}
