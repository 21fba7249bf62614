import NinefoldResolution
import NinefoldScene
import NinefoldSolver

/// The constraints a stack view generates, re-derived constraint by constraint from UIKit's own
/// (named after UIKit's identifiers, with UIKit's priorities and private layout guides).
/// Documentation/StackViews.md lists each with the public constraint log it comes from.
struct StackExpansion {
    let stack: ResolvedView
    let builder: SystemBuilder
    private var output: [LayoutConstraint] = []

    /// `output`: constraints made before, which the stack's are appended to (moved in, so that
    /// appending never copies them).
    init(stack: ResolvedView, builder: SystemBuilder, appendingTo output: consuming [LayoutConstraint] = []) {
        self.stack = stack
        self.builder = builder
        self.output = output
    }

    private var axis: Axis { stack.axis.value == .horizontal ? .horizontal : .vertical }
    private var across: Axis { axis == .horizontal ? .vertical : .horizontal }

    /// Attributes along and across the stack's axis.
    private func leading(_ axis: Axis) -> LayoutAttribute { axis == .horizontal ? .leading : .top }
    private func trailing(_ axis: Axis) -> LayoutAttribute { axis == .horizontal ? .trailing : .bottom }
    private func size(_ axis: Axis) -> LayoutAttribute { axis == .horizontal ? .width : .height }
    private func center(_ axis: Axis) -> LayoutAttribute { axis == .horizontal ? .centerX : .centerY }

    // MARK: Private layout guides

    /// The private guides UIKit adds to this stack: `UISV-alignment-spanner` (a `_UILayoutSpacer`)
    /// across the axis unless the alignment is `fill`, and one `UISV-distributing` gap guide
    /// (`_UIOLAGapGuide`) between consecutive visible views of an equal-spacing or
    /// equal-centering stack. The builder makes their variables before expanding.
    static func guides(of stack: ResolvedView, visibleCount: Int) -> [StackGuide] {
        let stackAxis: Axis = stack.axis.value == .horizontal ? .horizontal : .vertical
        let acrossAxis: Axis = stackAxis == .horizontal ? .vertical : .horizontal
        var guides: [StackGuide] = []
        if stack.alignment.value != .fill && visibleCount > 0 {
            guides.append(StackGuide(name: StackGuide.spannerName(stack.id), axis: acrossAxis))
        }
        let distribution = stack.distribution.value
        if (distribution == .equalSpacing || distribution == .equalCentering) && visibleCount > 1 {
            for index in 1..<visibleCount {
                guides.append(StackGuide(name: StackGuide.gapName(stack.id, index), axis: stackAxis))
            }
        }
        return guides
    }

    /// The constraints given at `init`, then the stack's. The expansion keeps none of them.
    mutating func constraints() -> [LayoutConstraint] {
        expand()
        var made: [LayoutConstraint] = []
        swap(&made, &output)
        return made
    }

    private mutating func expand() {
        let arranged = stack.subviewIDs.compactMap { builder.views[$0] }
        let visible = arranged.filter { !$0.isCollapsedInStack }
        for hidden in arranged where hidden.isCollapsedInStack { hide(hidden) }
        guard let first = visible.first, let last = visible.last else {
            // An empty stack collapses to nothing along its axis, like UIKit's.
            add(.stackSelf(size(axis)), .equal, .constant(0), identifier: "UISV-canvas-connection")
            return
        }
        add(.stackSelf(leading(axis)), .equal, .view(first.id, leading(axis)), identifier: "UISV-canvas-connection")
        add(.view(last.id, trailing(axis)), .equal, .stackSelf(trailing(axis)), identifier: "UISV-canvas-connection")
        distribute(visible)
        align(visible, first: first)
    }

    // MARK: Along the axis

    private mutating func distribute(_ visible: [ResolvedView]) {
        let spacing = stack.spacing.value
        let distribution = stack.distribution.value
        let spreading = distribution == .equalSpacing || distribution == .equalCentering
        for (previous, next) in zip(visible, visible.dropFirst()) {
            add(.view(next.id, leading(axis)), spreading ? .greaterThanOrEqual : .equal,
                .view(previous.id, trailing(axis), plus: spacing), identifier: "UISV-spacing")
        }
        switch distribution {
        case .fill:
            tieBreak(visible)
            disambiguateTextWidths(visible, spacing: spacing)
        case .fillEqually:
            tieBreak(visible)
            for view in visible.dropFirst() {
                add(.view(view.id, size(axis)), .equal, .view(visible[0].id, size(axis)), identifier: "UISV-fill-equally")
            }
        case .fillProportionally:
            fillProportionally(visible, spacing: spacing)
        case .equalSpacing:
            tieBreak(visible)
            distributeGaps(visible, centring: false)
        case .equalCentering:
            distributeGaps(visible, centring: true)
        }
    }

    /// UIKit settles equal hugging (or compression) priorities by index: the first arranged view
    /// stretches or shrinks first. Each later view gets a hair more priority. Not for
    /// `fillProportionally` and `equalCentering`, whose own constraints decide the lengths.
    private mutating func tieBreak(_ visible: [ResolvedView]) {
        for (index, view) in visible.enumerated() where index > 0 {
            guard let intrinsic = intrinsicLength(of: view, along: axis) else { continue }
            let hugging = axis == .horizontal ? view.horizontalHuggingPriority.value : view.verticalHuggingPriority.value
            let resistance = axis == .horizontal ? view.horizontalCompressionResistancePriority.value
                : view.verticalCompressionResistancePriority.value
            let nudge = Double(index) * 1e-3
            if !hugging.isRequired {
                add(.view(view.id, size(axis)), .lessThanOrEqual, .constant(intrinsic),
                    priority: Double(hugging.value) + nudge, identifier: "UISV-fill-order")
            }
            if !resistance.isRequired {
                add(.view(view.id, size(axis)), .greaterThanOrEqual, .constant(intrinsic),
                    priority: Double(resistance.value) + nudge, identifier: "UISV-fill-order")
            }
        }
    }

    /// A horizontal `fill` stack holding a multi-line label asks every visible view for an equal
    /// share of its width at 760 (UIKit's `UISV-text-width-disambiguation`): otherwise a label
    /// that can wrap could be read at any width. The share is `(W − spacing × (n − 1)) / n`.
    private mutating func disambiguateTextWidths(_ visible: [ResolvedView], spacing: Double) {
        guard axis == .horizontal, visible.count > 1,
              visible.contains(where: { $0.kind == .label && ($0.numberOfLines ?? 1) != 1 }) else { return }
        let count = Double(visible.count)
        let fraction = 1 / count
        for view in visible {
            add(.view(view.id, .width), .equal, .stackFraction(.width, fraction, minus: spacing * (count - 1) / count),
                priority: 760, identifier: "UISV-text-width-disambiguation")
        }
    }

    /// `view.size = (iᵥ / (Σi + spacing × (n − 1))) × stack.size`, at 999 for the first arranged
    /// view and one less for each later one (UIKit's log shows 999, 998, 997); a visible view
    /// without an intrinsic length is held at 0. With a single proportional view it is required.
    private mutating func fillProportionally(_ visible: [ResolvedView], spacing: Double) {
        let lengths = visible.map { intrinsicLength(of: $0, along: axis) ?? 0 }
        let proportional = lengths.filter { $0 > 0 }.count
        let total = lengths.filter { $0 > 0 }.reduce(spacing * Double(visible.count - 1), +)
        let positions = arrangedPositions
        for (view, length) in zip(visible, lengths) {
            guard length > 0, total > 0 else {
                add(.view(view.id, size(axis)), .equal, .constant(0), identifier: "UISV-fill-proportionally")
                continue
            }
            let index = positions[view.id] ?? 0
            let priority = proportional == 1 ? 1000 : 999 - Double(index)
            add(.view(view.id, size(axis)), .equal, .stackFraction(size(axis), length / total, minus: 0),
                priority: priority, identifier: "UISV-fill-proportionally")
        }
    }

    /// Equal spacing and equal centering put a gap guide between consecutive views (from one
    /// view's trailing edge, or centre, to the next one's leading edge, or centre) and make every
    /// gap as long as the first: required for equal spacing, at 150 − (index of the gap's
    /// leading view) for equal centering. `UISV-canvas-fit` at 49 keeps a stack whose length
    /// nothing fixes as short as the spacing allows.
    private mutating func distributeGaps(_ visible: [ResolvedView], centring: Bool) {
        let positions = arrangedPositions
        for (index, pair) in zip(visible, visible.dropFirst()).enumerated() {
            let gap = StackGuide.gapName(stack.id, index + 1)
            let (from, to): (LayoutAttribute, LayoutAttribute) = centring ? (center(axis), center(axis)) : (trailing(axis), leading(axis))
            add(.guide(gap, .start), .equal, .view(pair.0.id, from), identifier: "UISV-distributing-edge")
            add(.guide(gap, .end), .equal, .view(pair.1.id, to), identifier: "UISV-distributing-edge")
            if index > 0 {
                let arrangedIndex = positions[pair.0.id] ?? index
                add(.guide(gap, .length), .equal, .guide(StackGuide.gapName(stack.id, 1), .length),
                    priority: centring ? 150 - Double(arrangedIndex) : 1000, identifier: "UISV-fill-equally")
            }
        }
        add(.stackSelf(size(axis)), .equal, .constant(0), priority: 49, identifier: "UISV-canvas-fit")
    }

    // MARK: Across the axis

    /// UIKit aligns every later view to the first (`UISV-alignment`), connects the stack to the
    /// first view or to the alignment spanner (`UISV-canvas-connection`), keeps every view inside
    /// the spanner (`UISV-spanning-boundary`), shrinks the spanner at 51 (`UISV-spanning-fit`) and
    /// collapses views with no size of their own at 25 (`UISV-ambiguity-suppression`).
    private mutating func align(_ visible: [ResolvedView], first: ResolvedView) {
        let top = leading(across), bottom = trailing(across)
        let alignment = stack.alignment.value
        let baselineIgnored = (alignment == .firstBaseline || alignment == .lastBaseline) && axis == .vertical
        if !baselineIgnored {
            for view in visible.dropFirst() { alignToFirst(view, first: first) }
        }
        if alignment == .fill {
            add(.stackSelf(top), .equal, .view(first.id, top), identifier: "UISV-canvas-connection")
            add(.view(first.id, bottom), .equal, .stackSelf(bottom), identifier: "UISV-canvas-connection")
            return
        }
        let spanner = StackGuide.spannerName(stack.id)
        switch alignment {
        case _ where baselineIgnored:
            add(.stackSelf(top), .equal, .guide(spanner, .start), identifier: "UISV-canvas-connection")
            add(.guide(spanner, .end), .equal, .stackSelf(bottom), identifier: "UISV-canvas-connection")
        case .leading, .top:
            add(.stackSelf(top), .equal, .view(first.id, top), identifier: "UISV-canvas-connection")
            add(.guide(spanner, .end), .equal, .stackSelf(bottom), identifier: "UISV-canvas-connection")
        case .trailing, .bottom:
            add(.stackSelf(top), .equal, .guide(spanner, .start), identifier: "UISV-canvas-connection")
            add(.view(first.id, bottom), .equal, .stackSelf(bottom), identifier: "UISV-canvas-connection")
        case .center:
            add(.stackSelf(top), .equal, .guide(spanner, .start), identifier: "UISV-canvas-connection")
            add(.guide(spanner, .end), .equal, .stackSelf(bottom), identifier: "UISV-canvas-connection")
            add(.stackSelf(center(across)), .equal, .view(first.id, center(across)), identifier: "UISV-canvas-connection")
        case .firstBaseline:
            // Only the first view's top bounds the stack's top: a later, taller view may stick
            // out above it (the baseline bug useyourloaf and rdar://32291130 describe).
            add(.stackSelf(top), .lessThanOrEqual, .view(first.id, top), identifier: "UISV-canvas-connection")
            add(.guide(spanner, .end), .equal, .stackSelf(bottom), identifier: "UISV-canvas-connection")
            add(.stackSelf(size(across)), .equal, .constant(0), priority: 49, identifier: "UISV-canvas-fit")
        case .lastBaseline:
            add(.stackSelf(top), .equal, .guide(spanner, .start), identifier: "UISV-canvas-connection")
            add(.stackSelf(bottom), .greaterThanOrEqual, .view(first.id, bottom), identifier: "UISV-canvas-connection")
            add(.stackSelf(size(across)), .equal, .constant(0), priority: 49, identifier: "UISV-canvas-fit")
        case .fill:
            break
        }
        let topPinned = alignment == .leading || alignment == .top
        let bottomPinned = alignment == .trailing || alignment == .bottom
        for view in visible {
            if topPinned {
                add(.guide(spanner, .start), .equal, .view(view.id, top), priority: 999.5, identifier: "UISV-spanning-boundary")
            } else {
                add(.guide(spanner, .start), .lessThanOrEqual, .view(view.id, top), identifier: "UISV-spanning-boundary")
            }
            if bottomPinned {
                add(.guide(spanner, .end), .equal, .view(view.id, bottom), priority: 999.5, identifier: "UISV-spanning-boundary")
            } else {
                add(.guide(spanner, .end), .greaterThanOrEqual, .view(view.id, bottom), identifier: "UISV-spanning-boundary")
            }
        }
        add(.guide(spanner, .length), .equal, .constant(0), priority: 51, identifier: "UISV-spanning-fit")
        for view in visible {
            add(.view(view.id, size(across)), .equal, .constant(0), priority: 25, identifier: "UISV-ambiguity-suppression")
        }
    }

    /// `first.attribute = view.attribute` for the alignment's attribute. Baseline alignment
    /// relates baselines only when both views have one; otherwise tops (first baseline) or
    /// bottoms (last baseline), as UIKit substitutes for a view without a baseline.
    private mutating func alignToFirst(_ view: ResolvedView, first: ResolvedView) {
        let top = leading(across), bottom = trailing(across)
        switch stack.alignment.value {
        case .fill:
            add(.view(first.id, top), .equal, .view(view.id, top), identifier: "UISV-alignment")
            add(.view(first.id, bottom), .equal, .view(view.id, bottom), identifier: "UISV-alignment")
        case .leading, .top:
            add(.view(first.id, top), .equal, .view(view.id, top), identifier: "UISV-alignment")
        case .trailing, .bottom:
            add(.view(first.id, bottom), .equal, .view(view.id, bottom), identifier: "UISV-alignment")
        case .center:
            add(.view(first.id, center(across)), .equal, .view(view.id, center(across)), identifier: "UISV-alignment")
        case .firstBaseline, .lastBaseline:
            let isFirst = stack.alignment.value == .firstBaseline
            let both = builder.hasBaseline(first.id) && builder.hasBaseline(view.id)
            let attribute: LayoutAttribute = both ? (isFirst ? .firstBaseline : .lastBaseline) : (isFirst ? .top : .bottom)
            add(.view(first.id, attribute), .equal, .view(view.id, attribute), identifier: "UISV-alignment")
        }
    }

    /// A hidden arranged view takes no space: zero size along the axis, at the stack's leading edge.
    private mutating func hide(_ view: ResolvedView) {
        add(.view(view.id, size(axis)), .equal, .constant(0), identifier: "UISV-hiding")
        add(.view(view.id, leading(axis)), .equal, .stackSelf(leading(axis)), identifier: "UISV-hiding")
        add(.view(view.id, leading(across)), .equal, .stackSelf(leading(across)), identifier: "UISV-hiding")
        add(.view(view.id, size(across)), .equal, .stackSelf(size(across)), identifier: "UISV-hiding")
    }

    /// Each arranged view's first position among the stack's arranged views, found once per
    /// stack rather than searched for each view (quadratic in a long stack).
    private var arrangedPositions: [String: Int] {
        var positions: [String: Int] = [:]
        for (index, id) in stack.subviewIDs.enumerated() where positions[id] == nil { positions[id] = index }
        return positions
    }

    private func intrinsicLength(of view: ResolvedView, along axis: Axis) -> Double? {
        let content = builder.contentSize(of: view)
        return axis == .horizontal ? content.width : content.height
    }

    // MARK: Building constraints

    /// One side of a generated constraint.
    enum Side {
        case view(String, LayoutAttribute, plus: Double = 0)
        case stackSelf(LayoutAttribute)
        case stackFraction(LayoutAttribute, Double, minus: Double)
        case guide(String, StackGuide.Edge)
        case constant(Double)
    }

    /// A side's expression, and what its notation needs, without writing the notation: only
    /// constraints a finding or report cites are ever printed, and formatting every generated
    /// constraint's text was a sixth of building nested stacks (issue 13: "notation strings
    /// built only when a finding is reported"; Documentation/Performance.md, "Branch stacks2").
    private func expression(_ side: Side) -> (Expression, SideText) {
        switch side {
        case .view(let id, let attribute, let plus):
            guard let facts = builder.viewFacts(id) else {
                return (Expression() + plus, .item(builder.views[id]?.displayName ?? id, attribute, plus: plus))
            }
            let frame = builder.viewFrame(id, attribute: attribute, facts: facts)
            return (frame.expression(attribute) + plus, .item(facts.name, attribute, plus: plus))
        case .stackSelf(let attribute):
            let frame = builder.viewFrame(stack.id, attribute: attribute)
            return (frame?.expression(attribute) ?? Expression(), .item(stack.displayName, attribute, plus: 0))
        case .stackFraction(let attribute, let fraction, let minus):
            let frame = builder.viewFrame(stack.id, attribute: attribute)
            let value = fraction * (frame?.expression(attribute) ?? Expression()) - minus
            return (value, .fraction(fraction, stack.displayName, attribute, minus: minus))
        case .guide(let name, let edge):
            let variables = builder.guides[name]
            let expression: Expression = switch edge {
            case .start: variables.map { Expression($0.start) } ?? Expression()
            case .end: variables.map { Expression($0.start) + Expression($0.length) } ?? Expression()
            case .length: variables.map { Expression($0.length) } ?? Expression()
            }
            return (expression, .guide(stack.displayName, name, edge, axis: variables?.axis ?? across))
        case .constant(let value):
            return (Expression(constant: value), .constant(value))
        }
    }

    private mutating func add(_ lhs: Side, _ relation: NinefoldScene.Relation, _ rhs: Side, priority: Double = 1000,
                              identifier: String) {
        let (left, leftText) = expression(lhs)
        let (right, rightText) = expression(rhs)
        let solverRelation: NinefoldSolver.Relation = switch relation {
        case .equal: .equal
        case .lessThanOrEqual: .lessThanOrEqual
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
        output.append(LayoutConstraint(
            constraint: Constraint(left - right, solverRelation, priority: Priority(priority)),
            origin: .stack(view: stack.id, identifier: identifier),
            notation: Notation.generated(leftText.text, relation, rightText.text, priority: priority, identifier: identifier),
            location: stack.location))
    }

    /// One side of a generated constraint's notation, kept unformatted until it is printed.
    enum SideText: Sendable {
        /// `Name.Attribute`, ` + plus` when plus is not 0.
        case item(String, LayoutAttribute, plus: Double)
        /// `fraction × Stack.Attribute`, ` - minus` when minus is not 0.
        case fraction(Double, String, LayoutAttribute, minus: Double)
        /// `Stack.UISV-alignment-spanner.Top`.
        case guide(String, String, StackGuide.Edge, axis: Axis)
        case constant(Double)

        var text: String {
            switch self {
            case .item(let name, let attribute, let plus):
                let suffix = plus == 0 ? "" : " + \(NumberFormatting.format(plus))"
                return "\(name).\(attribute.displayName)\(suffix)"
            case .fraction(let fraction, let stack, let attribute, let minus):
                let text = "\(NumberFormatting.format(fraction)) × \(stack).\(attribute.displayName)"
                return minus == 0 ? text : text + " - " + NumberFormatting.format(minus)
            case .guide(let stack, let name, let edge, let axis):
                return "\(stack).\(StackGuide.displayName(name)).\(edge.displayName(guideAxis: axis))"
            case .constant(let value):
                return NumberFormatting.format(value)
            }
        }
    }
}

/// One of UIKit's private stack-view layout guides: an interval along one axis. Its two
/// variables are solved like a frame's but are never reported; findings name only real views.
struct StackGuide: Sendable {
    var name: String
    var axis: Axis

    enum Edge {
        case start, end, length

        func displayName(guideAxis: Axis) -> String {
            switch (self, guideAxis) {
            case (.start, .horizontal): "Leading"
            case (.start, .vertical): "Top"
            case (.end, .horizontal): "Trailing"
            case (.end, .vertical): "Bottom"
            case (.length, .horizontal): "Width"
            case (.length, .vertical): "Height"
            }
        }
    }

    static func spannerName(_ stackID: String) -> String { "\(stackID)#UISV-alignment-spanner" }
    static func gapName(_ stackID: String, _ index: Int) -> String { "\(stackID)#UISV-distributing-\(index)" }

    /// `Stack View.UISV-alignment-spanner` style names for notations.
    static func displayName(_ name: String) -> String {
        guard let hash = name.firstIndex(of: "#") else { return name }
        return String(name[name.index(after: hash)...])
    }
}

/// The variables of one private guide: where it starts and how long it is along its axis.
struct GuideVariables: Sendable {
    var start: Variable
    var length: Variable
    var axis: Axis
}
