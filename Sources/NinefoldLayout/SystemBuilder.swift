import NinefoldResolution
import NinefoldScene
import NinefoldSolver

/// Frame variables by view id in a solver without constraints. Building on a pool reuses the
/// variables of views it already has, so two classes' systems share them (IncrementalLayout).
struct VariablePool: Sendable {
    var solver = Solver()
    var views: [String: ViewVariables] = [:]
    var scrollContent: [String: ScrollContent] = [:]
    var guides: [String: GuideVariables] = [:]
}

/// Builds one class's constraint system: frame variables for every view, the root pinned to
/// the canvas, the document's constraints, then what UIKit would generate (stack views,
/// intrinsic content size). The order matters only for recovery from conflicts.
struct SystemBuilder {
    let scene: ResolvedScene
    let canvas: CanvasSize
    /// The root view's safe area: the format's canvas default, or a real device's (`--devices`).
    /// `topLayoutGuide` ends at its top inset, `bottomLayoutGuide` starts at its bottom inset.
    let safeArea: SafeAreaInsets
    /// Measured content sizes replaced by a later pass (multi-line labels wrapped at their width).
    let contentOverrides: [String: ContentSize]
    private(set) var solver = Solver()
    private(set) var variables: [String: ViewVariables] = [:]
    private(set) var order: [String] = []
    private(set) var scrollContent: [String: ScrollContent] = [:]
    /// UIKit's private stack-view guides (alignment spanners, gap guides) by `StackGuide` name.
    private(set) var guides: [String: GuideVariables] = [:]
    private(set) var constraints: [LayoutConstraint] = []
    /// The constraints whose constants read the canvas or the safe area directly, in order: the
    /// root's pins and the document constraints with a root guide as an item. A class on another
    /// canvas changes only these, when every view's margins are the same there (`SystemEdit`).
    private(set) var canvasConstants: [CanvasConstant] = []
    /// The other document constraints that name the root view (as a view or through its scroll
    /// guides): the only ones that can read the root's margins, which a view controller's root
    /// takes from the canvas width (`Margins.of`). Made again when those margins differ.
    private(set) var rootConstants: [CanvasConstant] = []
    /// Views by id, through the scene's own index: a dictionary of copies of every view, made
    /// per class built and per edit, cost more than the look-ups it served.
    var views: ViewLookup { ViewLookup(scene: scene) }
    /// The root view's id (`scene.root` copies the whole view on every read).
    let rootID: String?
    let notation: Notation
    /// What building reads of each view again and again (its frame, name, measured content and
    /// baselines), made once per view when `build` starts. Expanding a stack asks for a label's
    /// content and baselines about five times and for frames once per side of every generated
    /// constraint; measuring the text each time and copying the `ResolvedView` out of `views`
    /// were a quarter of building nested stacks (Documentation/Performance.md, "Branch stacks2").
    /// Empty on a builder that never builds (`SystemEdit`), which then reads `views` directly.
    private(set) var facts: [String: ViewFacts] = [:]

    init(scene: ResolvedScene, contentOverrides: [String: ContentSize] = [:], pool: VariablePool = VariablePool(),
         safeArea: SafeAreaInsets? = nil) {
        self.scene = scene
        self.safeArea = safeArea ?? scene.safeArea
        self.contentOverrides = contentOverrides
        solver = pool.solver
        variables = pool.views
        scrollContent = pool.scrollContent
        guides = pool.guides
        canvas = scene.canvas.value
        rootID = scene.views.first?.id
        notation = Notation(scene: scene)
    }

    mutating func build() -> LayoutSystem {
        for view in scene.views {
            let name = view.id
            order.append(name)
            guard variables[name] == nil else { continue }
            variables[name] = ViewVariables(x: solver.makeVariable(named: "\(name).x"),
                                            y: solver.makeVariable(named: "\(name).y"),
                                            width: solver.makeVariable(named: "\(name).width"),
                                            height: solver.makeVariable(named: "\(name).height"))
            if view.kind == .scrollView {
                scrollContent[name] = ScrollContent(scrollViewID: name,
                                                    width: solver.makeVariable(named: "\(name).contentWidth"),
                                                    height: solver.makeVariable(named: "\(name).contentHeight"))
            }
        }
        facts.reserveCapacity(scene.views.count)
        var labels: [LabelText: ContentSize] = [:]
        for view in scene.views where facts[view.id] == nil {
            if let made = makeFacts(view, labels: &labels) { facts[view.id] = made }
        }
        pinRoot()
        for (position, constraint) in scene.constraints.enumerated() { addDocumentConstraint(constraint, at: position) }
        for view in scene.views where view.kind == .stackView {
            makeGuides(of: view)
        }
        // Each stack appends to the one array, moved out of the builder first: an expansion
        // holds a copy of this builder, so appending to `constraints` itself while one is alive
        // copied the whole array once per stack (8 s at 10,000 views), and gathering the
        // stacks' constraints apart copied each constraint twice more.
        var made: [LayoutConstraint] = []
        swap(&made, &constraints)
        for stack in scene.views where stack.kind == .stackView {
            var expansion = StackExpansion(stack: stack, builder: self, appendingTo: consume made)
            made = expansion.constraints()
        }
        swap(&made, &constraints)
        for view in scene.views { addIntrinsicConstraints(view) }
        var system = LayoutSystem(scene: scene, views: order.compactMap { id in variables[id].map { (id, $0) } },
                                  scrollContent: order.compactMap { scrollContent[$0] }, constraints: constraints, blank: solver,
                                  canvasConstants: canvasConstants, rootConstants: rootConstants)
        system.translationGroups = translationGroups()
        return system
    }

    /// Per axis, for every view below the root with subviews: its position, its stack guides'
    /// starts along the axis, and the same of every view inside it, the view's own first. A
    /// stack of rows places each row by one equation from the row above (`UISV-spacing`) while
    /// everything inside the row is placed relative to the row; direct resolution takes such
    /// equations out when a group's move changes nothing else (Documentation/Solver.md,
    /// "Translations"), so positions never become sums over every row above them. Subtrees are
    /// laminar with their root in no group inside, as `DirectResolution` requires. The groups
    /// are proposals only (each is checked exactly); their total size is bounded by a multiple
    /// of the variable count, innermost first, so a deep hierarchy cannot make them quadratic.
    private func translationGroups() -> [[Variable]] {
        guard let root = scene.root else { return [] }
        // Only subviews of the root that have subviews of their own start a group; most
        // scenes have none, and then nothing below is walked.
        let all = scene.views
        let tops = root.subviewIDs.filter { id in scene.index(of: id).map { !all[$0].subviewIDs.isEmpty } ?? false }
        guard !tops.isEmpty else { return [] }
        var budget = 4 * solver.variableCount
        var groups: [[Variable]] = []
        for axis in [Axis.horizontal, .vertical] {
            // Post-order without recursion: a view's members are gathered after its subviews'.
            // Views are read in place by position (`ResolvedScene.index(of:)`), never copied.
            var members: [String: [Variable]] = [:]
            var dropped: Set<String> = []
            var pending: [(id: String, ready: Bool)] = tops.reversed().map { ($0, false) }
            while let (id, ready) = pending.popLast() {
                guard let position = scene.index(of: id), let frame = variables[id] else { continue }
                if !ready {
                    pending.append((id, true))
                    for subview in all[position].subviewIDs.reversed() { pending.append((subview, false)) }
                    continue
                }
                var own = [frame.variable(axis, size: false)]
                if all[position].kind == .stackView {
                    let view = all[position]
                    let visible = view.subviewIDs.filter { views.isVisibleInStack($0) }.count
                    for guide in StackExpansion.guides(of: view, visibleCount: visible) where guide.axis == axis {
                        if let start = guides[guide.name]?.start { own.append(start) }
                    }
                }
                var isComplete = true
                for subview in all[position].subviewIDs {
                    if !dropped.isEmpty && dropped.contains(subview) { isComplete = false }
                    if let inner = members.removeValue(forKey: subview) { own += inner }
                }
                guard isComplete, own.count <= budget else {
                    dropped.insert(id)
                    continue
                }
                if own.count > 1 {
                    budget -= own.count
                    groups.append(own)
                }
                members[id] = own
            }
        }
        return groups
    }

    /// Every variable made so far, for the next class's build to reuse (incremental layout).
    var pool: VariablePool {
        VariablePool(solver: solver, views: variables, scrollContent: scrollContent, guides: guides)
    }

    /// Variables for the private guides a stack needs, made once and reused by later classes.
    private mutating func makeGuides(of stack: ResolvedView) {
        let visible = stack.subviewIDs.filter { views.isVisibleInStack($0) }.count
        for guide in StackExpansion.guides(of: stack, visibleCount: visible) where guides[guide.name] == nil {
            guides[guide.name] = GuideVariables(start: solver.makeVariable(named: "\(guide.name).start"),
                                                length: solver.makeVariable(named: "\(guide.name).length"), axis: guide.axis)
        }
    }

    // MARK: Root

    private mutating func pinRoot() {
        guard let root = scene.root, let frame = variables[root.id] else { return }
        for (pin, constraint) in Self.rootPins(root, frame: frame, canvas: canvas).enumerated() {
            canvasConstants.append(CanvasConstant(index: constraints.count, source: .rootPin(pin)))
            constraints.append(constraint)
        }
    }

    /// The root's frame fixed to the canvas: x, y, width, height, in that order.
    static func rootPins(_ root: ResolvedView, frame: ViewVariables, canvas: CanvasSize) -> [LayoutConstraint] {
        let name = root.displayName
        let pins: [(Variable, Double, String)] = [
            (frame.x, 0, "X"), (frame.y, 0, "Y"), (frame.width, canvas.width, "Width"), (frame.height, canvas.height, "Height"),
        ]
        return pins.map { variable, value, label in
            LayoutConstraint(
                constraint: Constraint(Expression(variable) - value, .equal), origin: .rootFrame(root.id),
                notation: "\(name).\(label) = \(NumberFormatting.format(value)) (canvas)", location: nil)
        }
    }

    // MARK: Document constraints

    private mutating func addDocumentConstraint(_ constraint: ResolvedConstraint, at position: Int) {
        guard let made = documentConstraint(constraint) else { return }
        if constraint.firstItem.readsCanvas || constraint.secondItem?.readsCanvas == true {
            canvasConstants.append(CanvasConstant(index: constraints.count, source: .document(position)))
        } else if let rootID, constraint.firstItem.names(rootID) || constraint.secondItem?.names(rootID) == true {
            rootConstants.append(CanvasConstant(index: constraints.count, source: .document(position)))
        }
        constraints.append(made)
    }

    /// The solver constraint of a document constraint; nil when an item names no view or guide.
    func documentConstraint(_ constraint: ResolvedConstraint) -> LayoutConstraint? {
        guard let first = frame(of: constraint.firstItem, attribute: constraint.firstAttribute, other: constraint.secondItem)
        else { return nil }
        var expression = first.expression(constraint.firstAttribute)
        if let secondItem = constraint.secondItem, let secondAttribute = constraint.secondAttribute,
           let second = frame(of: secondItem, attribute: secondAttribute, other: constraint.firstItem) {
            expression = expression - constraint.multiplier.value * second.expression(secondAttribute)
        }
        expression = expression - constantValue(constraint)
        let relation: NinefoldSolver.Relation = switch constraint.relation {
        case .equal: .equal
        case .lessThanOrEqual: .lessThanOrEqual
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
        let notation = notation
        return LayoutConstraint(
            constraint: Constraint(expression, relation, priority: Priority(Double(constraint.priority.value.value))),
            origin: .document(id: constraint.id), notation: notation.describe(constraint), location: constraint.location)
    }

    /// `standard` is 8, or 20 when the other item is the superview itself and its attribute is an edge.
    private func constantValue(_ constraint: ResolvedConstraint) -> Double {
        switch constraint.constant.value {
        case .value(let value): return value
        case .standard:
            guard let firstID = constraint.firstItem.viewID, case .view = constraint.firstItem,
                  let secondItem = constraint.secondItem, case .view(let secondID) = secondItem,
                  let secondAttribute = constraint.secondAttribute else { return 8 }
            if views.parentID(of: firstID) == secondID && secondAttribute.isEdge { return 20 }
            if views.parentID(of: secondID) == firstID && constraint.firstAttribute.isEdge { return 20 }
            return 8
        }
    }

    // MARK: Items and their attributes

    /// The rectangle an attribute of `item` is measured on, given the other item of the constraint.
    func frame(of item: ItemReference, attribute: LayoutAttribute, other: ItemReference?) -> AttributeFrame? {
        switch item {
        case .view(let id):
            guard let view = views[id] else { return nil }
            if view.kind == .scrollView, attribute.followsScrollContent,
               let otherID = other?.viewID, isDescendant(otherID, of: id) {
                return contentFrame(of: id)
            }
            return viewFrame(id, attribute: attribute)
        case .topLayoutGuide:
            return .constant(x: 0, y: safeArea.top, width: canvas.width, height: 0)
        case .bottomLayoutGuide:
            return .constant(x: 0, y: canvas.height - safeArea.bottom, width: canvas.width, height: 0)
        case .safeArea:
            return .constant(x: safeArea.left, y: safeArea.top, width: canvas.width - safeArea.left - safeArea.right,
                             height: canvas.height - safeArea.top - safeArea.bottom)
        case .contentLayoutGuide(let id):
            return contentFrame(of: id)
        case .frameLayoutGuide(let id):
            return variables[id].map(AttributeFrame.view)
        }
    }

    /// The view's facts: made in `build`, or made now on a builder that has not built.
    func viewFacts(_ id: String) -> ViewFacts? {
        if let known = facts[id] { return known }
        var labels: [LabelText: ContentSize] = [:]
        return views[id].flatMap { makeFacts($0, labels: &labels) }
    }

    /// `labels`: one-line measurements already made in this build, by text and font. Labels
    /// repeat their texts (a table's rows, a stack's items: nested stacks have ten texts for
    /// a thousand labels), and measuring a text was most of making a label's facts.
    private func makeFacts(_ view: ResolvedView, labels: inout [LabelText: ContentSize]) -> ViewFacts? {
        guard let variables = variables[view.id] else { return nil }
        var frame = AttributeFrame.view(variables)
        frame.margins = Margins.of(view, rootKind: scene.rootKind, canvas: canvas, safeArea: safeArea)
        let content = measuredContentSize(of: view, labels: &labels)
        return ViewFacts(name: view.displayName, isStack: view.kind == .stackView, frame: frame, content: content,
                         baseline: baselineOffsets(view, content: content))
    }

    func viewFrame(_ id: String, attribute: LayoutAttribute? = nil) -> AttributeFrame? {
        viewFacts(id).map { viewFrame(id, attribute: attribute, facts: $0) }
    }

    /// `viewFrame(_:attribute:)` of a view whose facts the caller has already looked up.
    func viewFrame(_ id: String, attribute: LayoutAttribute?, facts: ViewFacts) -> AttributeFrame {
        var frame = facts.frame
        if attribute?.isBaseline == true {
            if facts.isStack, let view = views[id], let baseline = stackBaseline(view, attribute: attribute ?? .firstBaseline) {
                return baseline
            }
            let offsets = facts.baseline
            frame.firstBaselineOffset = offsets.first
            frame.lastBaselineOffset = offsets.last
            if offsets.fromBottom {
                frame.firstBaselineOffset = 0
                frame.y = frame.y + frame.height   // firstBaseline = bottom for views without text
                frame.height = Expression()
            }
        }
        return frame
    }

    /// A stack view's baselines are those of its first (last) visible arranged view.
    private func stackBaseline(_ stack: ResolvedView, attribute: LayoutAttribute) -> AttributeFrame? {
        let arranged = stack.subviewIDs.filter { views.isVisibleInStack($0) }
        let chosen = attribute == .firstBaseline ? arranged.first : arranged.last
        return chosen.flatMap { viewFrame($0, attribute: attribute) }
    }

    private func contentFrame(of scrollViewID: String) -> AttributeFrame? {
        guard let scroll = variables[scrollViewID], let content = scrollContent[scrollViewID],
              let view = views[scrollViewID] else { return nil }
        var frame = AttributeFrame(x: Expression(scroll.x), y: Expression(scroll.y),
                                   width: Expression(content.width), height: Expression(content.height))
        frame.margins = Margins.of(view, rootKind: scene.rootKind, canvas: canvas, safeArea: safeArea)
        return frame
    }

    func isDescendant(_ id: String, of ancestor: String) -> Bool {
        var current = views.parentID(of: id)
        while let parent = current {
            if parent == ancestor { return true }
            current = views.parentID(of: parent)
        }
        return false
    }

    // MARK: Intrinsic content size

    /// The view's content size: explicit values win, then a later pass's measurement, then
    /// the control's own measurement.
    func contentSize(of view: ResolvedView) -> ContentSize {
        if let known = facts[view.id] { return known.content }
        var labels: [LabelText: ContentSize] = [:]
        return measuredContentSize(of: view, labels: &labels)
    }

    private func measuredContentSize(of view: ResolvedView, labels: inout [LabelText: ContentSize]) -> ContentSize {
        var size: ContentSize
        if let override = contentOverrides[view.id] {
            size = override
        } else if view.kind == .label {
            // `measuredContent` of a label reads its text, font and line count only.
            let key = LabelText(text: view.text.value ?? "", font: Font(size: view.fontSize.value, weight: view.fontWeight.value),
                                numberOfLines: view.numberOfLines ?? 1)
            if let known = labels[key] {
                size = known
            } else {
                size = measuredContent(view)
                labels[key] = size
            }
        } else {
            size = measuredContent(view)
        }
        switch view.intrinsicWidth.value {
        case .value(let width)?: size.width = width
        case .none?: size.width = nil
        case nil: break
        }
        switch view.intrinsicHeight.value {
        case .value(let height)?: size.height = height
        case .none?: size.height = nil
        case nil: break
        }
        return size
    }

    func measuredContent(_ view: ResolvedView) -> ContentSize {
        let font = Font(size: view.fontSize.value, weight: view.fontWeight.value)
        switch view.kind {
        case .label:
            return ContentMeasurement.label(text: view.text.value ?? "", font: font, numberOfLines: view.numberOfLines ?? 1,
                                            wrappingWidth: nil, scale: scene.scale)
        case .button:
            guard let insets = view.contentInsets else {
                return ContentMeasurement.button(title: view.title.value ?? "", font: font)
            }
            return ContentMeasurement.configuredButton(title: view.title.value ?? "", font: font, insets: insets,
                                                       titleHeightRounding: view.titleHeightRounding, scale: scene.scale)
        case .textField:
            return ContentMeasurement.textField(text: view.text.value, placeholder: view.placeholder.value, font: font,
                                                scale: scene.scale)
        case .switch:
            return ContentMeasurement.switchControl
        case .imageView:
            return ContentMeasurement.imageView(width: view.imageWidth, height: view.imageHeight)
        case .view, .textView, .stackView, .scrollView:
            return .none
        }
    }

    /// Whether the view has baselines of its own (text, or offsets the document gives) rather
    /// than UIKit's fallback to its edges. A stack view has none of its own.
    func hasBaseline(_ id: String) -> Bool {
        guard let facts = viewFacts(id) else { return false }
        return !facts.isStack && !facts.baseline.fromBottom
    }

    /// Offsets from the document, else from the font (`content`, the view's content size);
    /// views without text sit on their bottom.
    private func baselineOffsets(_ view: ResolvedView, content: ContentSize) -> ViewFacts.Baseline {
        // Only controls the font model measures have font baselines; a text view has no
        // intrinsic size, so like any other view its baselines sit at its bottom.
        let measuresText = switch view.kind {
        case .label, .button, .textField: true
        case .view, .textView, .imageView, .switch, .stackView, .scrollView: false
        }
        let measured = measuresText ? content : nil
        let first = view.firstBaselineOffset.value ?? measured?.firstBaselineOffset
        let last = view.lastBaselineOffset.value ?? measured?.lastBaselineOffset
        if first == nil && last == nil { return (0, 0, true) }
        return (first ?? 0, last ?? 0, false)
    }

    private mutating func addIntrinsicConstraints(_ view: ResolvedView) {
        guard let frame = variables[view.id], view.parentID != nil else { return }
        let size = contentSize(of: view)
        let axes: [(Axis, Double?, Variable, LayoutPriority, LayoutPriority, String)] = [
            (.horizontal, size.width, frame.width, view.horizontalHuggingPriority.value,
             view.horizontalCompressionResistancePriority.value, "Width"),
            (.vertical, size.height, frame.height, view.verticalHuggingPriority.value,
             view.verticalCompressionResistancePriority.value, "Height"),
        ]
        for (axis, value, variable, hugging, resistance, label) in axes {
            guard let value else { continue }
            let name = view.displayName
            constraints.append(LayoutConstraint(
                constraint: Constraint(Expression(variable) - value, .lessThanOrEqual, priority: Priority(Double(hugging.value))),
                origin: .intrinsic(view: view.id, axis: axis, kind: .hugging),
                notation: Notation.generated("\(name).\(label)", .lessThanOrEqual, NumberFormatting.format(value),
                                             priority: Double(hugging.value), identifier: "content hugging"),
                location: view.location))
            constraints.append(LayoutConstraint(
                constraint: Constraint(Expression(variable) - value, .greaterThanOrEqual,
                                       priority: Priority(Double(resistance.value))),
                origin: .intrinsic(view: view.id, axis: axis, kind: .compressionResistance),
                notation: Notation.generated("\(name).\(label)", .greaterThanOrEqual, NumberFormatting.format(value),
                                             priority: Double(resistance.value), identifier: "compression resistance"),
                location: view.location))
        }
    }
}

/// The scene's views by id (`SystemBuilder.views`), with the fields building asks for most read
/// in place rather than through a copy of the whole view.
struct ViewLookup {
    let scene: ResolvedScene

    subscript(id: String) -> ResolvedView? { scene.view(id) }

    /// Nil for an unknown view, as for the root.
    func parentID(of id: String) -> String? {
        scene.index(of: id).flatMap { scene.views[$0].parentID }
    }

    /// Whether the view exists and is not a hidden arranged subview (`isCollapsedInStack`).
    func isVisibleInStack(_ id: String) -> Bool {
        scene.index(of: id).map { !scene.views[$0].isCollapsedInStack } ?? false
    }
}

/// What a label's one-line measurement depends on besides the scene's scale
/// (`SystemBuilder.measuredContent`).
struct LabelText: Hashable {
    var text: String
    var font: Font
    var numberOfLines: Int
}

/// What the builder reads of one view while building (`SystemBuilder.facts`).
struct ViewFacts: Sendable {
    typealias Baseline = (first: Double, last: Double, fromBottom: Bool)

    /// `ResolvedView.displayName`, for notations.
    var name: String
    var isStack: Bool
    /// The view's frame variables with its margins, no baseline offsets.
    var frame: AttributeFrame
    /// `SystemBuilder.contentSize(of:)`: measured once.
    var content: ContentSize
    /// Offsets from the document or the font; `fromBottom` when the view has no baselines of
    /// its own and UIKit falls back to its bottom edge.
    var baseline: Baseline
}

/// A constraint whose constant reads the canvas or the safe area, and what made it.
struct CanvasConstant: Sendable {
    enum Source: Sendable {
        /// The root's pin number k (`SystemBuilder.rootPins`).
        case rootPin(Int)
        /// The document constraint at this position in `ResolvedScene.constraints`.
        case document(Int)
    }

    /// Its index in `LayoutSystem.constraints`.
    var index: Int
    var source: Source
}

extension ItemReference {
    /// Whether the item's frame is made from the canvas and the safe area (`SystemBuilder.frame(of:)`):
    /// the root's guides. A view's frame reads the canvas only through its margins.
    var readsCanvas: Bool {
        switch self {
        case .topLayoutGuide, .bottomLayoutGuide, .safeArea: true
        case .view, .contentLayoutGuide, .frameLayoutGuide: false
        }
    }

    /// Whether the item is the view `id`, or one of its scroll guides.
    func names(_ id: String) -> Bool {
        switch self {
        case .view(let view), .contentLayoutGuide(let view), .frameLayoutGuide(let view): view == id
        case .topLayoutGuide, .bottomLayoutGuide, .safeArea: false
        }
    }
}
