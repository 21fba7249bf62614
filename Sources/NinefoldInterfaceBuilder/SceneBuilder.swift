import NinefoldScene

/// Builds one layout of an IB file into a `Scene`: views and constraints keep IB's object ids,
/// every location points into the IB file, and IB's semantics (variations, masks, a missing
/// `firstItem`, layout guides, autoresizing masks, saved frames) become the format's.
struct SceneBuilder {
    let file: InterfaceBuilderFile
    let layout: LayoutRoot
    private var diagnostics: [Diagnostic] = []
    /// IB object id → scene id, for every view of the layout.
    private var viewIDs: [String: String] = [:]
    /// IB object id of a layout guide → what constraints mean by it.
    private var guides: [String: ItemReference] = [:]
    /// `<mask>` entries: IB object id of a view or constraint → (class or nil for default, installed).
    private var masks: [String: [(sizeClass: SizeClass?, installed: Bool)]] = [:]
    private var flags: [String: [InterfaceBuilderFlag]] = [:]
    private var warnings: [Diagnostic] = []
    /// Views below the layout's root that say `preservesSuperviewLayoutMargins="YES"`, with the
    /// attribute's location (see `notePreservedMargins`).
    private var preservingViews: [(id: String, location: SourceLocation)] = []

    init(file: InterfaceBuilderFile, layout: LayoutRoot) {
        self.file = file
        self.layout = layout
    }

    mutating func build() throws(DocumentError) -> InterfaceBuilderScene {
        register(layout.rootView, isRoot: true)
        if layout.kind == .cell { registerMasks(of: layout.owner) }
        for guide in layout.owner.child("layoutGuides")?.children ?? [] where guide.name == "viewControllerLayoutGuide" {
            if let id = guide.value(of: "id") {
                guides[id] = guide.value(of: "type") == "bottom" ? .bottomLayoutGuide : .topLayoutGuide
            }
        }
        if let rootID = viewIDs[layout.rootView.value(of: "id") ?? ""] {
            viewIDs[layout.objectID] = viewIDs[layout.objectID] ?? rootID   // a cell stands for its content view
        }
        // A cell's content view may have no saved frame (Xcode 6 xibs): it fills the cell.
        let rootFrame = (layout.rootView.child("rect", key: "frame") ?? layout.owner.child("rect", key: "frame"))
            .flatMap(Self.rect)
        let size = rootFrame.map { CanvasSize(width: $0.width, height: $0.height) }
        var root = view(layout.rootView, context: Placement.root(size: size ?? file.designClass.defaultCanvas))
        if layout.kind == .cell, layout.owner.name == "tableViewCell", root.attributes.layoutMargins == nil {
            let width = size?.width ?? file.designClass.defaultCanvas.width
            root.attributes.layoutMargins = Self.tableCellContentMargins(width: width, toolsVersion: file.toolsVersion)
        }
        if layout.kind == .cell {
            // Xcode 6–9 kept a cell's constraints on the cell itself: they belong to its content view.
            root.constraints += (layout.owner.child("constraints")?.children ?? []).compactMap { constraint($0, owner: root.id) }
        }
        guard diagnostics.isEmpty else { throw DocumentError(diagnostics) }
        var scene = Scene(name: sceneName, canvases: canvases(rootSize: size), root: root, location: layout.owner.location)
        notePreservedMargins(constraints: scene.allConstraints)
        scene.rootKind = switch layout.kind {
        case .viewController: .viewController
        case .freeStanding: .view
        case .cell: .cell
        }
        if layout.kind == .viewController, file.usesSafeAreas {
            scene.root.insetsLayoutMarginsFromSafeArea = layout.rootView.value(of: "insetsLayoutMarginsFromSafeArea") != "NO"
        }
        try checkCounts(scene)
        let problems = scene.semanticDiagnostics(path: file.path)
        guard problems.isEmpty else { throw DocumentError(problems) }
        return InterfaceBuilderScene(scene: scene, cachedFlags: flags, warnings: warnings)
    }

    /// A table view cell's content view margins, which UIKit takes from the table view rather
    /// than `UIView`'s default 8 (SCENE-FORMAT §3 gives `root="cell"` scenes 8, so the reader
    /// states these as fixed `layoutMargins`). Since iOS 11 (Xcode 9, tools version 13000) the
    /// sides follow the system minimum margins of the screen, 16 on a cell narrower than 400
    /// points and 20 from 400 on (as a view controller's root), and top and bottom are 11.
    /// Sources: UIKit's `UITableView.cellLayoutMarginsFollowReadableWidth` and
    /// `UIView.layoutMargins` documentation; the frames Xcode 12 saved for table cells (a view
    /// 8 above the content view's bottom margin ends 19 above its bottom; views on the leading
    /// and trailing margins of a 320-point cell at x = 16 and 304). Earlier documents keep 8.
    /// The first tools version Xcode 14 writes (Xcode 14.0 saves 21225; Xcode 13.4.1 saves
    /// 20086): before it, Xcode 13 drew a configured button's default title at 14 points.
    static let xcode14ToolsVersion = 21000

    static func tableCellContentMargins(width: Double, toolsVersion: Int) -> EdgeInsets? {
        guard toolsVersion >= 13000 else { return nil }
        let side: Double = width < 400 ? 16 : 20
        return EdgeInsets(top: 11, left: side, bottom: 11, right: side)
    }

    /// The scene limits on views and constraints, as scene documents have them.
    private func checkCounts(_ scene: Scene) throws(DocumentError) {
        let limits = InterfaceBuilderReader.limits
        let views = scene.allViews
        let constraints = scene.allConstraints
        if views.count > limits.maximumViews {
            throw DocumentError([Diagnostic(message: "the layout has more than \(limits.maximumViews) views, the most a scene may hold",
                                            file: file.path, location: views[limits.maximumViews].location)])
        }
        if constraints.count > limits.maximumConstraints {
            throw DocumentError([Diagnostic(message: "the layout has more than \(limits.maximumConstraints) constraints, "
                                            + "the most a scene may hold", file: file.path,
                                            location: constraints[limits.maximumConstraints].location)])
        }
    }

    private var sceneName: String? {
        layout.owner.value(of: "title") ?? layout.owner.value(of: "userLabel") ?? layout.owner.value(of: "customClass")
            ?? layout.owner.value(of: "reuseIdentifier")
    }

    /// The view controller's root takes the device's canvas in the class IB drew it in; a
    /// free-standing view or a cell is as large as IB saved it in every class (its size is its
    /// owner's to decide, not the screen's). Either canvas has the saved device's screen scale,
    /// to whose pixels IB rounded the text sizes it saved.
    private func canvases(rootSize: CanvasSize?) -> [Canvas] {
        guard let rootSize, NumberRanges.canvas.contains(rootSize.width), NumberRanges.canvas.contains(rootSize.height)
        else { return [] }
        let location = layout.rootView.child("rect", key: "frame")?.location ?? layout.rootView.location
        guard layout.kind == .viewController else {
            return SizeClass.all.map {
                Canvas(sizeClass: $0, width: rootSize.width, height: rootSize.height, scale: canvasScale, location: location)
            }
        }
        return [Canvas(sizeClass: file.designClass, width: rootSize.width, height: rootSize.height,
                       safeAreaInsets: simulatedSafeArea(rootSize: rootSize), scale: canvasScale, location: location)]
    }

    /// The saved device's scale when it is not the format's default, so imported documents
    /// state only what differs (a 3x iPhone).
    private var canvasScale: Double? {
        file.deviceScale == Canvas.defaultScale ? nil : file.deviceScale
    }

    /// The safe area IB shows on the view controller's root: the device's, plus the bars the
    /// controller is shown under; nil when that is the format's default (a 20-point status bar
    /// and no bars), so imported documents state only what differs.
    private func simulatedSafeArea(rootSize: CanvasSize) -> EdgeInsets? {
        let bars = SimulatedScreen.bars(of: layout.owner, chrome: file.chrome[layout.objectID], metrics: file.barMetrics)
        var insets = file.deviceSafeArea ?? .canvasSafeArea
        insets.top += bars.top
        insets.bottom += bars.bottom
        guard insets != .canvasSafeArea, insets.top + insets.bottom <= rootSize.height,
              insets.left + insets.right <= rootSize.width else { return nil }
        return insets
    }

    private mutating func error(_ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(message: message, file: file.path, location: location))
    }

    /// Attribute values that change UIKit's layout in ways the format does not model.
    static let unmodelled: [(element: String, attribute: String, value: String, effect: String)] = [
        ("stackView", "layoutMarginsRelativeArrangement", "YES",
         "arranged views are laid out inside the stack's margins on a device; Ninefold lays them out to its edges"),
        ("stackView", "baselineRelativeArrangement", "YES",
         "vertical spacing is measured between baselines on a device; Ninefold measures it between edges"),
        ("textView", "scrollEnabled", "NO",
         "a text view that does not scroll sizes itself to its text on a device; Ninefold gives text views no intrinsic size"),
    ]

    /// `preservesSuperviewLayoutMargins="YES"` makes each of a view's margins at least as deep as
    /// its superview's margin where the two overlap: the left one is
    /// `max(own, superview.minX + superview's left margin − view.minX)` (UIKit's
    /// `UIView.preservesSuperviewLayoutMargins`). That is a maximum of two solved positions, not
    /// a linear constraint, so the format has no attribute for it
    /// (Documentation/InterfaceBuilder.md, "Preserved superview margins"). It changes a layout
    /// only when some constraint uses the view's margins, so only then is it reported. The
    /// layout's root is never reported: its superview is not in the document (a view
    /// controller's root takes its margins from the system and a table cell's content view from
    /// the table, both modelled; IB writes the attribute on every table cell and its content
    /// view; a free-standing view's superview is whatever code adds it to).
    private mutating func notePreservedMargins(constraints: [Constraint]) {
        for view in preservingViews {
            let usesMargins = constraints.contains { constraint in
                (constraint.firstItem == .view(view.id) && constraint.firstAttribute.isMargin)
                    || (constraint.secondItem == .view(view.id) && constraint.secondAttribute?.isMargin == true)
            }
            guard usesMargins else { continue }
            warnings.append(Diagnostic(
                severity: .warning,
                message: "preservesSuperviewLayoutMargins=\"YES\" is not modelled: on a device this view's margins grow "
                    + "to reach its superview's margins where they overlap; Ninefold keeps the view's own margins",
                file: file.path, location: view.location))
        }
    }

    private mutating func noteUnmodelled(_ element: XMLElement) {
        for entry in Self.unmodelled where entry.element == element.name && element.value(of: entry.attribute) == entry.value {
            warnings.append(Diagnostic(severity: .warning, message: "\(entry.attribute)=\"\(entry.value)\" is not modelled: "
                                       + entry.effect, file: file.path, location: element.location(of: entry.attribute)))
        }
    }

    // MARK: First pass: ids, guides and masks

    /// Records every view id, layout guide and mask below `element`, so constraints may name
    /// items declared later in the file.
    private mutating func register(_ element: XMLElement, isRoot: Bool) {
        guard let id = objectID(of: element, isRoot: isRoot) else { return }
        let sceneID = Self.sceneID(id)
        viewIDs[id] = sceneID
        for child in element.children where child.name == "viewLayoutGuide" {
            guard let guideID = child.value(of: "id") else { continue }
            switch child.value(of: "key") {
            case "safeArea":
                // Only a view controller's root sits under bars; IB draws a free-standing view
                // or a cell without any, so its safe area is its bounds (as any subview's is
                // taken to be).
                guides[guideID] = isRoot && layout.kind == .viewController ? .safeArea : .view(sceneID)
            case "contentLayoutGuide":
                guides[guideID] = element.name == "scrollView" ? .contentLayoutGuide(scrollView: sceneID) : .view(sceneID)
            case "frameLayoutGuide":
                guides[guideID] = element.name == "scrollView" ? .frameLayoutGuide(scrollView: sceneID) : .view(sceneID)
            default: break
            }
        }
        registerMasks(of: element)
        for child in subviewElements(of: element) { register(child, isRoot: false) }
    }

    /// `<variation><mask key="constraints|subviews"><include|exclude reference>` of an element.
    private mutating func registerMasks(of element: XMLElement) {
        for variation in element.children where variation.name == "variation" {
            guard case .success(let sizeClass) = VariationKey.sizeClass(variation.value(of: "key") ?? "") else { continue }
            for mask in variation.children where mask.name == "mask" {
                for entry in mask.children {
                    guard let reference = entry.value(of: "reference") else { continue }
                    masks[reference, default: []].append((sizeClass, entry.name == "include"))
                }
            }
        }
    }

    /// A view's IB object id. A collection view cell's `<view key="contentView">` has none in
    /// files of Xcode 6 to 12 (IB's constraints there name the cell): it takes the cell's id.
    private func objectID(of element: XMLElement, isRoot: Bool) -> String? {
        element.value(of: "id") ?? (isRoot && layout.kind == .cell ? layout.objectID : nil)
    }

    /// IB's object ids (`8bC-Xf-vdC`, or Xcode 4-era numbers) are legal scene ids as they
    /// are. Anything else (IB writes none; `-1` names File's Owner, never a view) is made
    /// legal with underscores, which IB never writes, so no two ids meet.
    static func sceneID(_ id: String) -> String {
        let cleaned = String(id.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "_" })
        guard let first = cleaned.first, first != "-" else { return "_" + cleaned }
        return cleaned
    }

    /// The elements that are subviews: a `<subviews>` list, and a visual effect view's content view.
    private func subviewElements(of element: XMLElement) -> [XMLElement] {
        var result = element.child("subviews")?.children ?? []
        if element.name == "visualEffectView", let content = element.child("view", key: "contentView") {
            result.insert(content, at: 0)
        }
        return result
    }

    // MARK: Views

    /// Where a view's superview is: its scene id, its saved size and its origin in root
    /// coordinates, in the design class and in every class that has a frame variation.
    struct Placement {
        var superviewID: String?
        var superviewName: String
        var superviewSize: CanvasSize
        var origins: [SizeClass?: (x: Double, y: Double)]
        /// Whether a stack view is among the view's ancestors (it lays out the whole subtree
        /// live in Interface Builder: see `applyConfiguration`).
        var insideStackView = false

        static func root(size: CanvasSize) -> Placement {
            Placement(superviewID: nil, superviewName: "", superviewSize: size, origins: [nil: (0, 0)])
        }
    }

    private mutating func view(_ element: XMLElement, context: Placement) -> View {
        let isRoot = context.superviewID == nil
        let ibID = objectID(of: element, isRoot: isRoot) ?? ""
        let id = viewIDs[ibID] ?? Self.sceneID(ibID)
        if ibID.isEmpty { error("<\(element.name)> has no id", at: element.location) }
        var result = View(id: id, kind: kind(of: element), userLabel: element.value(of: "userLabel"), location: element.location)
        var attributes = ViewAttributes()
        var variations = VariationSet(empty: ViewAttributes())
        applyCommon(element, kind: result.kind, to: &attributes)
        applyContent(element, kind: result.kind, to: &result, attributes: &attributes)
        if result.contentInsets != nil, !context.insideStackView { result.titleHeightRounding = .point }
        noteUnmodelled(element)
        if !isRoot, element.value(of: "preservesSuperviewLayoutMargins") == "YES" {
            preservingViews.append((id, element.location(of: "preservesSuperviewLayoutMargins")))
        }
        if let entries = masks[ibID] {
            for entry in entries {
                if let sizeClass = entry.sizeClass {
                    variations.update(sizeClass, at: element.location) { $0.installed = entry.installed }
                } else {
                    attributes.installed = entry.installed
                }
            }
        }
        for flag in InterfaceBuilderFlag.allCases where element.flag(flag.rawValue) {
            flags[id, default: []].append(flag)
        }
        // Saved frames: the element's own is the design class's; a variation's is its class's.
        let savedFrame = element.child("rect", key: "frame").flatMap(Self.rect)
        var origins: [SizeClass?: (x: Double, y: Double)] = [:]
        let contentOffset = element.child("point", key: "contentOffset")
        let offset = (x: contentOffset?.number("x") ?? 0, y: contentOffset?.number("y") ?? 0)
        if isRoot {
            origins = [nil: (0, 0)]
        } else if let savedFrame, let parent = context.origins[nil] {
            let frame = Frame(x: parent.x + savedFrame.x, y: parent.y + savedFrame.y,
                              width: savedFrame.width, height: savedFrame.height)
            if file.designClass == .anyAny {
                attributes.frame = frame
            } else {
                variations.update(file.designClass, at: element.location) { $0.frame = frame }
            }
            origins[nil] = (frame.x - offset.x, frame.y - offset.y)
        }
        if result.kind == .view, ViewKindMapping.plain.contains(element.name) || isGlyphButton(element) {
            let size = ViewKindMapping.intrinsicSize(of: element, file: file, savedFrame: savedFrame)
            if attributes.intrinsicWidth == nil, let width = size.width { attributes.intrinsicWidth = .value(width) }
            if attributes.intrinsicHeight == nil, let height = size.height { attributes.intrinsicHeight = .value(height) }
        }
        for variation in element.children where variation.name == "variation" {
            let key = variation.value(of: "key") ?? ""
            switch VariationKey.sizeClass(key) {
            case .failure(let problem):
                error(problem.message, at: variation.location(of: "key"))
            case .success(nil):
                applyCommon(variation, kind: result.kind, to: &attributes)
                applyFont(variation, kind: result.kind, to: &attributes)
            case .success(let sizeClass?):
                var own = ViewAttributes()
                applyCommon(variation, kind: result.kind, to: &own)
                applyFont(variation, kind: result.kind, to: &own)
                if let rect = variation.child("rect", key: "frame").flatMap(Self.rect), !isRoot {
                    let parent = context.origins[sizeClass] ?? context.origins[nil] ?? (0, 0)
                    own.frame = Frame(x: parent.x + rect.x, y: parent.y + rect.y, width: rect.width, height: rect.height)
                    origins[sizeClass] = (parent.x + rect.x - offset.x, parent.y + rect.y - offset.y)
                }
                variations.merge(sizeClass, own, at: variation.location)
            }
        }
        for (sizeClass, parent) in context.origins where sizeClass != nil && origins[sizeClass] == nil {
            if let savedFrame, !isRoot {
                origins[sizeClass] = (parent.x + savedFrame.x - offset.x, parent.y + savedFrame.y - offset.y)
            }
        }
        if !isRoot, origins[nil] == nil { origins[nil] = context.origins[nil] }
        result.attributes = attributes
        result.variations = variations.variations
        applyLayoutMargins(element, to: &result.attributes)
        // Subviews, then constraints (which may name any of them).
        let size = savedFrame.map { CanvasSize(width: $0.width, height: $0.height) } ?? context.superviewSize
        let childContext = Placement(superviewID: id, superviewName: element.name,
                                     superviewSize: isRoot ? context.superviewSize : size, origins: origins,
                                     insideStackView: context.insideStackView || element.name == "stackView")
        if element.name != "tableView" && element.name != "collectionView" {
            for child in subviewElements(of: element) {
                guard ViewKindMapping.isView(child.name) else {
                    error("<\(child.name)> is not a view Ninefold knows; it would change the layout, so this scene "
                          + "cannot be imported", at: child.location)
                    continue
                }
                result.subviews.append(view(child, context: childContext))
            }
        }
        result.constraints = (element.child("constraints")?.children ?? []).compactMap { constraint($0, owner: id) }
        // A view UIKit sizes from its autoresizing mask; or one without constraints that IB
        // marks `fixedFrame="YES"` with translation off, which Xcode builds with translation on
        // (its autoresizing mask; none in Xcode 6–8 files: fixed where it was drawn).
        let translates = element.value(of: "translatesAutoresizingMaskIntoConstraints") != "NO"
        if !isRoot, context.superviewName != "stackView", translates || element.flag("fixedFrame"),
           let savedFrame, let superviewID = context.superviewID, let parentOrigin = context.origins[nil] {
            let translation = AutoresizingTranslation(
                viewID: id, superviewID: superviewID, frame: savedFrame, superviewSize: context.superviewSize,
                superviewOrigin: parentOrigin,
                location: element.child("autoresizingMask")?.location ?? element.location)
            result.constraints += translation.constraints(for: AutoresizingMask(element.child("autoresizingMask")))
        }
        return result
    }

    private func kind(of element: XMLElement) -> ViewKind {
        if element.name == "button", isGlyphButton(element) { return .view }
        return ViewKindMapping.direct[element.name] ?? .view
    }

    private func isGlyphButton(_ element: XMLElement) -> Bool {
        element.name == "button" && ViewKindMapping.glyphButtonTypes.contains(element.value(of: "buttonType") ?? "")
    }

    /// Attributes any view element and any of its variations may carry. A stack view's
    /// arrangement (`axis`, `alignment`, `distribution`, `spacing`) is read on stack views only:
    /// UIKit has no such property elsewhere, and the scene format allows them nowhere else.
    private mutating func applyCommon(_ element: XMLElement, kind: ViewKind, to attributes: inout ViewAttributes) {
        if let hidden = element.value(of: "hidden") { attributes.hidden = hidden == "YES" }
        if kind == .stackView { applyArrangement(element, to: &attributes) }
        if let width = element.value(of: "placeholderIntrinsicWidth") {
            attributes.intrinsicWidth = width == "infinite" ? IntrinsicDimension.none : size(element, "placeholderIntrinsicWidth")
        }
        if let height = element.value(of: "placeholderIntrinsicHeight") {
            attributes.intrinsicHeight = height == "infinite" ? IntrinsicDimension.none : size(element, "placeholderIntrinsicHeight")
        }
    }

    private func applyArrangement(_ element: XMLElement, to attributes: inout ViewAttributes) {
        if let axis = element.value(of: "axis") { attributes.axis = axis == "vertical" ? .vertical : .horizontal }
        if let alignment = element.value(of: "alignment") {
            attributes.alignment = alignment == "baseline" ? .lastBaseline : StackAlignment(rawValue: alignment)
        }
        if let distribution = element.value(of: "distribution") {
            attributes.distribution = StackDistribution(rawValue: distribution)
        }
        if let spacing = element.number("spacing") { attributes.spacing = spacing }
        if element.value(of: "spacingType") == "standard" { attributes.spacing = 8 }
    }

    /// Content priorities, text, fonts and images of the element itself.
    private mutating func applyContent(_ element: XMLElement, kind: ViewKind, to view: inout View,
                                       attributes: inout ViewAttributes) {
        // IB writes a priority only when it is not UIKit's default (250 hugging, 750
        // compression resistance, labels included); the format's label default is 251.
        let hugging = (horizontal: priority(element, "horizontalHuggingPriority") ?? 250,
                       vertical: priority(element, "verticalHuggingPriority") ?? 250)
        if hugging.horizontal != kind.defaultHuggingPriority.value {
            attributes.horizontalHuggingPriority = LayoutPriority(hugging.horizontal)
        }
        if hugging.vertical != kind.defaultHuggingPriority.value {
            attributes.verticalHuggingPriority = LayoutPriority(hugging.vertical)
        }
        if let value = priority(element, "horizontalCompressionResistancePriority"), value != 750 {
            attributes.horizontalCompressionResistancePriority = LayoutPriority(value)
        }
        if let value = priority(element, "verticalCompressionResistancePriority"), value != 750 {
            attributes.verticalCompressionResistancePriority = LayoutPriority(value)
        }
        if let size = element.child("size", key: "intrinsicContentSize") {
            attributes.intrinsicWidth = self.size(size, "width")
            attributes.intrinsicHeight = self.size(size, "height")
        }
        switch kind {
        case .label:
            attributes.text = element.value(of: "text") ?? element.child("string", key: "text")?.text ?? attributedText(element)
            view.numberOfLines = element.value(of: "numberOfLines").flatMap { Int($0) }.flatMap {
                NumberRanges.numberOfLines.contains($0) ? $0 : nil
            }
        case .button:
            let state = element.children.first { $0.name == "state" && $0.value(of: "key") == "normal" }
            let configuration = element.child("buttonConfiguration", key: "configuration")
            attributes.title = configuration.flatMap { $0.value(of: "title") ?? $0.child("string", key: "title")?.text }
                ?? state?.value(of: "title") ?? state?.child("string", key: "title")?.text
            if let configuration { applyConfiguration(configuration, to: &view, attributes: &attributes) }
        case .textField:
            attributes.text = element.value(of: "text")
            attributes.placeholder = element.value(of: "placeholder")
        case .imageView:
            let name = element.value(of: "image") ?? element.child("imageReference", key: "image")?.value(of: "image")
            view.image = name
            if let name, let size = file.imageSizes[name], size.width >= 0, size.height >= 0 {
                view.imageWidth = size.width
                view.imageHeight = size.height
            }
        default:
            break
        }
        // A configured button draws its title in the configuration's font, not the classic one.
        if view.contentInsets == nil { applyFont(element, kind: kind, to: &attributes) }
        if attributes.text == nil, kind == .label { attributes.text = "" }
        // Xcode's document outline names an unlabelled label, button or text field by its
        // text; reports do the same.
        if view.userLabel == nil, let shown = [attributes.text, attributes.title, attributes.placeholder]
            .compactMap({ $0.map(Self.trimmed) }).first(where: { !$0.isEmpty }) {
            view.userLabel = shown.count > 40 ? String(shown.prefix(39)) + "…" : shown
        }
    }

    /// Text without the white space around it (no Foundation here: on macOS its `XMLElement`
    /// would clash with NinefoldScene's).
    static func trimmed(_ text: String) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    private func attributedText(_ element: XMLElement) -> String? {
        guard let attributed = element.child("attributedString", key: "attributedText") else { return nil }
        return attributed.children.filter { $0.name == "fragment" }
            .map { $0.value(of: "content") ?? $0.child("string", key: "content")?.text ?? "" }.joined()
    }

    /// A font is read for kinds that draw text only (the format gives `fontSize` to no other).
    private func applyFont(_ element: XMLElement, kind: ViewKind, to attributes: inout ViewAttributes) {
        guard kind.drawsText, let description = element.child("fontDescription", key: "fontDescription") else { return }
        let font = FontMapping.font(description)
        if let size = font.size, NumberRanges.fontSize.contains(size) { attributes.fontSize = size }
        if let weight = font.weight { attributes.fontWeight = weight }
    }

    /// An iOS 15 `<buttonConfiguration>`: UIKit shows its title, not the classic state's, in its
    /// title font (`titleFontDescription`; else the Body text style, 17 points at the default
    /// Dynamic Type size, or 14 points in documents Xcode 13 saved) inside its content insets
    /// (`<directionalEdgeInsets key="contentInsets">`; else the medium button size's 7 above and
    /// below, 12 at the sides). The defaults reproduce the frames Xcode 13 to 16 saved for plain
    /// configured buttons: "Install" 68.67 × 34.33 in a stack view, a 17-point title's width plus
    /// 24 and its line height (20.33 on @3x) plus 14; outside stack views 35 tall (the title's
    /// height in whole points, `titleHeightRounding`, set by `view(_:context:)`); Xcode 13's
    /// "Back Button" 103 × 31, a 14-point title (Documentation/InterfaceBuilder.md, "Button
    /// configurations").
    private func applyConfiguration(_ configuration: XMLElement, to view: inout View, attributes: inout ViewAttributes) {
        attributes.fontSize = file.toolsVersion < Self.xcode14ToolsVersion ? 14 : 17
        attributes.fontWeight = .regular
        if let description = configuration.child("fontDescription", key: "titleFontDescription") {
            let font = FontMapping.font(description)
            if let size = font.size, NumberRanges.fontSize.contains(size) { attributes.fontSize = size }
            if let weight = font.weight { attributes.fontWeight = weight }
        }
        var insets = EdgeInsets(top: 7, left: 12, bottom: 7, right: 12)
        if let stated = configuration.child("directionalEdgeInsets", key: "contentInsets") {
            insets = EdgeInsets(top: stated.number("top") ?? 0, left: stated.number("leading") ?? 0,
                                bottom: stated.number("bottom") ?? 0, right: stated.number("trailing") ?? 0)
        }
        let range = NumberRanges.length
        if [insets.top, insets.left, insets.bottom, insets.right].allSatisfy(range.contains) { view.contentInsets = insets }
    }

    private func applyLayoutMargins(_ element: XMLElement, to attributes: inout ViewAttributes) {
        if let insets = element.child("edgeInsets", key: "layoutMargins") {
            attributes.layoutMargins = EdgeInsets(top: insets.number("top") ?? 0, left: insets.number("left") ?? 0,
                                                  bottom: insets.number("bottom") ?? 0, right: insets.number("right") ?? 0)
        } else if let insets = element.child("directionalEdgeInsets", key: "directionalLayoutMargins") {
            // Layout is left-to-right (SCENE-FORMAT §3): leading is left.
            attributes.layoutMargins = EdgeInsets(top: insets.number("top") ?? 0, left: insets.number("leading") ?? 0,
                                                  bottom: insets.number("bottom") ?? 0, right: insets.number("trailing") ?? 0)
        }
    }

    /// An intrinsic size IB states (`placeholderIntrinsicWidth`, `<size key="intrinsicContentSize">`);
    /// nil when absent or negative.
    private func size(_ element: XMLElement, _ name: String) -> IntrinsicDimension? {
        element.number(name).flatMap { NumberRanges.size.contains($0) ? .value($0) : nil }
    }

    /// IB writes priorities as numbers (`999`, `750`); UIKit's are floats, so a fraction is cut.
    private mutating func priority(_ element: XMLElement, _ name: String) -> Int? {
        guard let text = element.value(of: name) else { return nil }
        guard let number = NumberFormatting.parse(text), number.isFinite, number >= 1, number <= 1000 else {
            error("\(name) '\(text)' is not a priority from 1 to 1000", at: element.location(of: name))
            return nil
        }
        return Int(number)
    }

    static func rect(_ element: XMLElement) -> Frame? {
        guard let x = element.number("x"), let y = element.number("y"),
              let width = element.number("width"), let height = element.number("height") else { return nil }
        return Frame(x: x, y: y, width: width, height: height)
    }

    // MARK: Constraints

    private mutating func constraint(_ element: XMLElement, owner: String) -> Constraint? {
        guard element.name == "constraint" else { return nil }
        if element.flag("placeholder") { return nil }   // removed at build time
        let ibID = element.value(of: "id") ?? ""
        let location = element.location
        guard let firstAttribute = attribute(element, "firstAttribute") else { return nil }
        let first = element.value(of: "firstItem").map { item(element, $0, "firstItem") } ?? .view(owner)
        var result = Constraint(id: Self.sceneID(ibID), firstItem: first ?? .view(owner), firstAttribute: firstAttribute,
                                location: location)
        if ibID.isEmpty { error("a constraint has no id", at: location) }
        if let relation = element.value(of: "relation") {
            guard let parsed = Relation(rawValue: relation) else {
                error("relation '\(relation)' is not equal, lessThanOrEqual or greaterThanOrEqual",
                      at: element.location(of: "relation"))
                return nil
            }
            result.relation = parsed
        }
        if let secondAttribute = element.value(of: "secondAttribute"), secondAttribute != "notAnAttribute" {
            result.secondAttribute = attribute(element, "secondAttribute")
            let second = element.value(of: "secondItem").map { item(element, $0, "secondItem") } ?? .view(owner)
            result.secondItem = second ?? .view(owner)
        }
        if let text = element.value(of: "multiplier") {
            guard let multiplier = Multiplier(parsing: text), multiplier.numerator.isFinite,
                  multiplier.denominator.isFinite, NumberRanges.multiplierMagnitude.contains(abs(multiplier.value)) else {
                error("multiplier '\(text)' is not a number or ratio of magnitude "
                      + "\(NumberFormatting.format(NumberRanges.multiplierMagnitude.lowerBound)) to "
                      + "\(NumberFormatting.format(NumberRanges.multiplierMagnitude.upperBound))",
                      at: element.location(of: "multiplier"))
                return nil
            }
            result.multiplier = multiplier
        }
        result.userLabel = element.value(of: "userLabel") ?? element.value(of: "identifier")
        result.attributes = constraintAttributes(element)
        if element.flag("symbolic") { result.attributes.constant = .standard }
        for entry in masks[ibID] ?? [] where entry.sizeClass == nil {
            result.attributes.installed = entry.installed
        }
        var variations = VariationSet(empty: ConstraintAttributes())
        for variation in element.children where variation.name == "variation" {
            switch VariationKey.sizeClass(variation.value(of: "key") ?? "") {
            case .failure(let problem):
                error(problem.message, at: variation.location(of: "key"))
            case .success(nil):
                let own = constraintAttributes(variation)
                if let constant = own.constant { result.attributes.constant = constant }
                if let priority = own.priority { result.attributes.priority = priority }
            case .success(let sizeClass?):
                let own = constraintAttributes(variation)
                variations.update(sizeClass, at: variation.location) {
                    $0.constant = own.constant ?? $0.constant
                    $0.priority = own.priority ?? $0.priority
                }
            }
        }
        for entry in masks[ibID] ?? [] {
            if let sizeClass = entry.sizeClass { variations.update(sizeClass, at: location) { $0.installed = entry.installed } }
        }
        result.variations = variations.variations
        return result
    }

    private mutating func constraintAttributes(_ element: XMLElement) -> ConstraintAttributes {
        var attributes = ConstraintAttributes()
        if let text = element.value(of: "constant") {
            if let value = NumberFormatting.parse(text), NumberRanges.length.contains(value) {
                attributes.constant = .value(value)
            } else {
                error("constant '\(text)' is not a number from \(NumberFormatting.format(NumberRanges.length.lowerBound)) "
                      + "to \(NumberFormatting.format(NumberRanges.length.upperBound))", at: element.location(of: "constant"))
            }
        }
        if element.value(of: "priority") != nil, let value = priority(element, "priority") {
            attributes.priority = LayoutPriority(value)
        }
        return attributes
    }

    private mutating func attribute(_ element: XMLElement, _ name: String) -> LayoutAttribute? {
        guard let text = element.value(of: name) else {
            error("a constraint needs a \(name)", at: element.location)
            return nil
        }
        guard let attribute = LayoutAttribute(rawValue: text) else {
            error("\(name) '\(text)' is not a layout attribute", at: element.location(of: name))
            return nil
        }
        return attribute
    }

    private mutating func item(_ element: XMLElement, _ ibID: String, _ name: String) -> ItemReference? {
        if let guide = guides[ibID] { return guide }
        if let id = viewIDs[ibID] { return .view(id) }
        error("\(name) '\(ibID)' is not a view or layout guide of this scene", at: element.location(of: name))
        return nil
    }
}

/// Per-class attributes of a view or constraint gathered from several places (variations,
/// masks, saved frames) into one variation per class, in the order the classes first appear.
struct VariationSet<Attributes> {
    private(set) var entries: [(sizeClass: SizeClass, attributes: Attributes, location: SourceLocation)] = []
    let empty: Attributes

    init(empty: Attributes) { self.empty = empty }

    mutating func update(_ sizeClass: SizeClass, at location: SourceLocation, _ change: (inout Attributes) -> Void) {
        if let index = entries.firstIndex(where: { $0.sizeClass == sizeClass }) {
            change(&entries[index].attributes)
        } else {
            var attributes = empty
            change(&attributes)
            entries.append((sizeClass, attributes, location))
        }
    }
}

extension VariationSet<ViewAttributes> {
    var variations: [ViewVariation] {
        entries.map { ViewVariation(sizeClass: $0.sizeClass, attributes: $0.attributes, location: $0.location) }
    }

    /// Adds a variation element's own attributes; values already set for the class (masks,
    /// the design frame) are kept unless the element sets them too.
    mutating func merge(_ sizeClass: SizeClass, _ attributes: ViewAttributes, at location: SourceLocation) {
        update(sizeClass, at: location) { existing in
            existing.hidden = attributes.hidden ?? existing.hidden
            existing.fontSize = attributes.fontSize ?? existing.fontSize
            existing.fontWeight = attributes.fontWeight ?? existing.fontWeight
            existing.axis = attributes.axis ?? existing.axis
            existing.alignment = attributes.alignment ?? existing.alignment
            existing.distribution = attributes.distribution ?? existing.distribution
            existing.spacing = attributes.spacing ?? existing.spacing
            existing.intrinsicWidth = attributes.intrinsicWidth ?? existing.intrinsicWidth
            existing.intrinsicHeight = attributes.intrinsicHeight ?? existing.intrinsicHeight
            existing.frame = attributes.frame ?? existing.frame
        }
    }
}

extension VariationSet<ConstraintAttributes> {
    var variations: [ConstraintVariation] {
        entries.map { ConstraintVariation(sizeClass: $0.sizeClass, attributes: $0.attributes, location: $0.location) }
    }
}
