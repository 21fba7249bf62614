import NinefoldResolution
import NinefoldScene
import NinefoldSolver

/// The constraints a stack view generates, as UIKit does (named after UIKit's identifiers).
/// Documentation/StackViews.md lists each with its priority and why it exists.
struct StackExpansion {
    let stack: ResolvedView
    let builder: SystemBuilder
    private var output: [LayoutConstraint] = []

    init(stack: ResolvedView, builder: SystemBuilder) {
        self.stack = stack
        self.builder = builder
    }

    private var axis: Axis { stack.axis.value == .horizontal ? .horizontal : .vertical }
    private var across: Axis { axis == .horizontal ? .vertical : .horizontal }

    /// Attributes along and across the stack's axis.
    private func leading(_ axis: Axis) -> LayoutAttribute { axis == .horizontal ? .leading : .top }
    private func trailing(_ axis: Axis) -> LayoutAttribute { axis == .horizontal ? .trailing : .bottom }
    private func size(_ axis: Axis) -> LayoutAttribute { axis == .horizontal ? .width : .height }
    private func center(_ axis: Axis) -> LayoutAttribute { axis == .horizontal ? .centerX : .centerY }

    mutating func constraints() -> [LayoutConstraint] {
        let arranged = stack.subviewIDs.compactMap { builder.views[$0] }
        let visible = arranged.filter { !$0.isCollapsedInStack }
        for hidden in arranged where hidden.isCollapsedInStack { hide(hidden) }
        guard let first = visible.first, let last = visible.last else {
            // An empty stack collapses to nothing along its axis, like UIKit's.
            add(.stackSelf(size(axis)), .equal, .constant(0), identifier: "UISV-canvas-connection")
            return output
        }
        add(.view(first.id, leading(axis)), .equal, .stackSelf(leading(axis)), identifier: "UISV-canvas-connection")
        add(.view(last.id, trailing(axis)), .equal, .stackSelf(trailing(axis)), identifier: "UISV-canvas-connection")
        distribute(visible)
        for view in visible { align(view, first: first, last: last) }
        if alignsWithinSpan { spanningFit() }
        return output
    }

    /// Whether arranged views sit within the stack's span across the axis rather than fill it
    /// (vertical stacks treat baseline alignments as fill).
    private var alignsWithinSpan: Bool {
        switch stack.alignment.value {
        case .fill: false
        case .firstBaseline, .lastBaseline: axis == .horizontal
        case .leading, .top, .center, .trailing, .bottom: true
        }
    }

    // MARK: Along the axis

    private mutating func distribute(_ visible: [ResolvedView]) {
        let spacing = stack.spacing.value
        let distribution = stack.distribution.value
        for (previous, next) in zip(visible, visible.dropFirst()) {
            let relation: NinefoldScene.Relation = distribution == .equalSpacing || distribution == .equalCentering
                ? .greaterThanOrEqual : .equal
            add(.view(next.id, leading(axis)), relation, .view(previous.id, trailing(axis), plus: spacing),
                identifier: "UISV-spacing")
        }
        switch distribution {
        case .fill:
            tieBreak(visible)
        case .fillEqually:
            for view in visible.dropFirst() {
                add(.view(view.id, size(axis)), .equal, .view(visible[0].id, size(axis)), identifier: "UISV-fill-equally")
            }
        case .fillProportionally:
            fillProportionally(visible, spacing: spacing)
        case .equalSpacing:
            let gaps = zip(visible, visible.dropFirst()).map { ($0.id, $1.id) }
            fitSpacing(gaps, spacing: spacing)
            for gap in gaps.dropFirst() {
                addGapEquality(gap, gaps[0], identifier: "UISV-distributing-edge")
            }
        case .equalCentering:
            let pairs = zip(visible, visible.dropFirst()).map { ($0.id, $1.id) }
            fitSpacing(pairs, spacing: spacing)
            for pair in pairs.dropFirst() {
                addCentreDistanceEquality(pair, pairs[0])
            }
        }
    }

    /// With flexible gaps, a stack whose length nothing else fixes keeps its gaps at the spacing
    /// (UIKit's low-priority spacing fit); otherwise the gaps grow, equally.
    private mutating func fitSpacing(_ gaps: [(String, String)], spacing: Double) {
        for (previous, next) in gaps {
            add(.view(next, leading(axis)), .equal, .view(previous, trailing(axis), plus: spacing),
                priority: 49, identifier: "UISV-spacing-fit")
        }
    }

    /// UIKit settles equal hugging (or compression) priorities in `fill` by index: the first
    /// arranged view stretches or shrinks first. Each later view gets a hair more priority.
    private mutating func tieBreak(_ visible: [ResolvedView]) {
        for (index, view) in visible.enumerated() where index > 0 {
            guard let intrinsic = (axis == .horizontal ? builder.contentSize(of: view).width
                                   : builder.contentSize(of: view).height) else { continue }
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

    private mutating func fillProportionally(_ visible: [ResolvedView], spacing: Double) {
        let intrinsic = visible.map { view -> Double in
            (axis == .horizontal ? builder.contentSize(of: view).width : builder.contentSize(of: view).height) ?? 0
        }
        let total = intrinsic.reduce(0, +)
        guard total > 0 else { return }
        let spacingTotal = spacing * Double(visible.count - 1)
        for (view, share) in zip(visible, intrinsic) {
            let fraction = share / total
            add(.view(view.id, size(axis)), .equal, .stackFraction(size(axis), fraction, minus: spacingTotal * fraction),
                priority: 999, identifier: "UISV-fill-proportionally")
        }
    }

    // MARK: Across the axis

    private mutating func align(_ view: ResolvedView, first: ResolvedView, last: ResolvedView) {
        let top = leading(across)
        let bottom = trailing(across)
        switch stack.alignment.value {
        case .fill:
            add(.view(view.id, top), .equal, .stackSelf(top), identifier: "UISV-alignment")
            add(.view(view.id, bottom), .equal, .stackSelf(bottom), identifier: "UISV-alignment")
        case .leading, .top:
            add(.view(view.id, top), .equal, .stackSelf(top), identifier: "UISV-alignment")
            add(.view(view.id, bottom), .lessThanOrEqual, .stackSelf(bottom), identifier: "UISV-spanning-boundary")
            suppressAmbiguity(view)
        case .trailing, .bottom:
            add(.view(view.id, bottom), .equal, .stackSelf(bottom), identifier: "UISV-alignment")
            add(.view(view.id, top), .greaterThanOrEqual, .stackSelf(top), identifier: "UISV-spanning-boundary")
            suppressAmbiguity(view)
        case .center:
            add(.view(view.id, center(across)), .equal, .stackSelf(center(across)), identifier: "UISV-alignment")
            add(.view(view.id, top), .greaterThanOrEqual, .stackSelf(top), identifier: "UISV-spanning-boundary")
            add(.view(view.id, bottom), .lessThanOrEqual, .stackSelf(bottom), identifier: "UISV-spanning-boundary")
            suppressAmbiguity(view)
        case .firstBaseline, .lastBaseline:
            let baseline: LayoutAttribute = stack.alignment.value == .firstBaseline ? .firstBaseline : .lastBaseline
            if axis == .horizontal {
                if view.id != first.id {
                    add(.view(view.id, baseline), .equal, .view(first.id, baseline), identifier: "UISV-alignment")
                }
                add(.view(view.id, top), .greaterThanOrEqual, .stackSelf(top), identifier: "UISV-spanning-boundary")
                add(.view(view.id, bottom), .lessThanOrEqual, .stackSelf(bottom), identifier: "UISV-spanning-boundary")
                if view.id == first.id {
                    // Settles where the aligned row sits: as high as the tallest view allows.
                    add(.view(view.id, top), .equal, .stackSelf(top), priority: 48, identifier: "UISV-ambiguity-suppression")
                }
                suppressAmbiguity(view)
            } else {
                // Vertical stacks treat baseline alignments as fill, as UIKit does.
                add(.view(view.id, top), .equal, .stackSelf(top), identifier: "UISV-alignment")
                add(.view(view.id, bottom), .equal, .stackSelf(bottom), identifier: "UISV-alignment")
            }
        }
    }

    /// UIKit collapses an arranged view that has no size of its own across the axis rather than
    /// leave it ambiguous (priority 25, below anything a document would write).
    private mutating func suppressAmbiguity(_ view: ResolvedView) {
        add(.view(view.id, size(across)), .equal, .constant(0), priority: 25, identifier: "UISV-ambiguity-suppression")
    }

    /// A non-filling stack is as small across its axis as its spanning boundaries allow: it hugs
    /// its tallest (widest) arranged view. One constraint, so views without a size of their own
    /// are not pulled to the stack's size.
    private mutating func spanningFit() {
        add(.stackSelf(size(across)), .equal, .constant(0), priority: 49, identifier: "UISV-spanning-fit")
    }

    /// A hidden arranged view takes no space: zero size along the axis, at the stack's leading edge.
    private mutating func hide(_ view: ResolvedView) {
        add(.view(view.id, size(axis)), .equal, .constant(0), identifier: "UISV-hiding")
        add(.view(view.id, leading(axis)), .equal, .stackSelf(leading(axis)), identifier: "UISV-hiding")
        add(.view(view.id, leading(across)), .equal, .stackSelf(leading(across)), identifier: "UISV-hiding")
        add(.view(view.id, size(across)), .equal, .stackSelf(size(across)), identifier: "UISV-hiding")
    }

    // MARK: Building constraints

    /// One side of a generated constraint.
    enum Side {
        case view(String, LayoutAttribute, plus: Double = 0)
        case stackSelf(LayoutAttribute)
        case stackFraction(LayoutAttribute, Double, minus: Double)
        case constant(Double)
    }

    private func expression(_ side: Side) -> (Expression, String) {
        switch side {
        case .view(let id, let attribute, let plus):
            let frame = builder.viewFrame(id, attribute: attribute)
            let name = builder.views[id]?.displayName ?? id
            let suffix = plus == 0 ? "" : " + \(NumberFormatting.format(plus))"
            return ((frame?.expression(attribute) ?? Expression()) + plus, "\(name).\(attribute.displayName)\(suffix)")
        case .stackSelf(let attribute):
            let frame = builder.viewFrame(stack.id, attribute: attribute)
            return (frame?.expression(attribute) ?? Expression(), "\(stack.displayName).\(attribute.displayName)")
        case .stackFraction(let attribute, let fraction, let minus):
            let frame = builder.viewFrame(stack.id, attribute: attribute)
            let value = fraction * (frame?.expression(attribute) ?? Expression()) - minus
            return (value, "\(NumberFormatting.format(fraction)) × \(stack.displayName).\(attribute.displayName) - "
                + NumberFormatting.format(minus))
        case .constant(let value):
            return (Expression(constant: value), NumberFormatting.format(value))
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
            notation: Notation.generated(leftText, relation, rightText, priority: priority, identifier: identifier),
            location: stack.location))
    }

    /// gap(a) = gap(b): `next.leading − previous.trailing` equal for both pairs.
    private mutating func addGapEquality(_ gap: (String, String), _ reference: (String, String), identifier: String) {
        let (a1, _) = expression(.view(gap.1, leading(axis)))
        let (a0, _) = expression(.view(gap.0, trailing(axis)))
        let (b1, _) = expression(.view(reference.1, leading(axis)))
        let (b0, _) = expression(.view(reference.0, trailing(axis)))
        let names = [gap.0, gap.1, reference.0, reference.1].map { builder.views[$0]?.displayName ?? $0 }
        output.append(LayoutConstraint(
            constraint: Constraint((a1 - a0) - (b1 - b0), .equal), origin: .stack(view: stack.id, identifier: identifier),
            notation: "gap(\(names[0]), \(names[1])) = gap(\(names[2]), \(names[3])) (\(identifier))",
            location: stack.location))
    }

    private mutating func addCentreDistanceEquality(_ pair: (String, String), _ reference: (String, String)) {
        let (a1, _) = expression(.view(pair.1, center(axis)))
        let (a0, _) = expression(.view(pair.0, center(axis)))
        let (b1, _) = expression(.view(reference.1, center(axis)))
        let (b0, _) = expression(.view(reference.0, center(axis)))
        let names = [pair.0, pair.1, reference.0, reference.1].map { builder.views[$0]?.displayName ?? $0 }
        output.append(LayoutConstraint(
            constraint: Constraint((a1 - a0) - (b1 - b0), .equal),
            origin: .stack(view: stack.id, identifier: "UISV-distributing-center"),
            notation: "centres(\(names[0]), \(names[1])) = centres(\(names[2]), \(names[3])) (UISV-distributing-center)",
            location: stack.location))
    }
}
