import NinefoldResolution
import NinefoldScene
import NinefoldSolver

/// A class's system made from an earlier class's on another canvas by recomputing only the
/// constants that read the canvas (Documentation/Solver.md, "Nine classes as edits").
///
/// The builder reads the canvas and the safe area in three places only: the root's pins, the
/// root guides' frames (`topLayoutGuide`, `bottomLayoutGuide`, `safeArea`), and views' margins
/// (`Margins.of`), of which only a view controller root's read the canvas. When the resolved
/// scene is the earlier one's but for the class and the canvas, on the same safe area and scale,
/// and every other view's margins are equal on the two canvases, every constraint the builder
/// makes is the same, term for term and constant for constant, except those that read the
/// canvas (`LayoutSystem.canvasConstants`) and, when the root's margins differ, the document
/// constraints naming the root (`rootConstants`); those are made again by the builder's own
/// functions. Building a class of 10,000 views cost as much as solving it; this
/// costs the scene comparison, the margins and the few constraints made again.
///
/// "The scene but for the class and the canvas" leaves out the resolver's findings and
/// omissions too: they name their class (a constraint left out of any-any), so a document
/// with an uninstalled reference would otherwise never share its building.
struct SystemEdit {
    /// The class's system, equal to what `SystemBuilder` builds for it without label overrides.
    var system: LayoutSystem
    /// Per constraint, whether its constant differs from the earlier system's.
    var changed: [Bool]

    /// Nil when the scenes differ in more than the canvas, when a view's margins differ on the
    /// two canvases, or when a constraint made again differs in anything but its constant (then
    /// the class is built afresh). `earlier` must have been built without label overrides, on
    /// the root safe area `safeArea`, as this class is to be.
    init?(from earlier: LayoutSystem, to scene: ResolvedScene, safeArea: SafeAreaInsets) {
        var same = earlier.scene
        guard same.scale == scene.scale, same.safeArea == scene.safeArea else { return nil }
        same.sizeClass = scene.sizeClass
        same.canvas = scene.canvas
        // The resolver's findings and omissions name the class they were made in, and the
        // builder reads neither: they stay the class's own in the edited system's scene.
        same.findings = scene.findings
        same.omissions = scene.omissions
        guard same == scene else { return nil }
        let old = earlier.scene.canvas.value, new = scene.canvas.value
        func marginsAgree(_ view: ResolvedView) -> Bool {
            Margins.of(view, rootKind: scene.rootKind, canvas: old, safeArea: safeArea)
                == Margins.of(view, rootKind: scene.rootKind, canvas: new, safeArea: safeArea)
        }
        let root = scene.root
        // `Margins.of` reads the canvas only for a view without a parent (a view controller's
        // root takes its side margins from the canvas width); every other view's margins are
        // its own or 8, on any canvas. Comparing those was most of an edit's time on a large
        // scene, so only parentless views are compared (`SystemEditTests` builds both ways
        // across the 400-point step).
        for view in scene.views where view.parentID == nil && view.id != root?.id {
            guard marginsAgree(view) else { return nil }
        }
        // The root's margins may differ (a view controller's root: 16 below 400 points, 20 from
        // there). Only document constraints naming the root read them, unless the root is a
        // stack view, whose expansion reads its own margins.
        var remade = earlier.canvasConstants
        if let root, !marginsAgree(root) {
            guard root.kind != .stackView else { return nil }
            remade += earlier.rootConstants
        }
        var constraints = earlier.constraints
        var changed = Array(filled: false, count: constraints.count)
        // The builder, with the earlier system's variables, only when a document constraint
        // names a guide: making one indexes every view, which pins alone do not need.
        var builder: SystemBuilder?
        for item in remade {
            let made: LayoutConstraint?
            switch item.source {
            case .rootPin(let pin):
                guard let root, let frame = earlier.variables(of: root.id) else { return nil }
                let pins = SystemBuilder.rootPins(root, frame: frame, canvas: new)
                made = pins.indices.contains(pin) ? pins[pin] : nil
            case .document(let position):
                guard scene.constraints.indices.contains(position) else { return nil }
                if builder == nil { builder = SystemBuilder(scene: scene, pool: earlier.pool, safeArea: safeArea) }
                made = builder?.documentConstraint(scene.constraints[position])
            }
            guard let made, constraints.indices.contains(item.index) else { return nil }
            let before = constraints[item.index].constraint, after = made.constraint
            guard after.relation == before.relation, after.priority == before.priority,
                  after.expression.terms == before.expression.terms else { return nil }
            changed[item.index] = after.expression.constant.bitPattern != before.expression.constant.bitPattern
            constraints[item.index] = made
        }
        system = LayoutSystem(scene: scene, views: earlier.views, scrollContent: earlier.scrollContent,
                              constraints: constraints, blank: earlier.blank, canvasConstants: earlier.canvasConstants,
                              rootConstants: earlier.rootConstants)
        // The groups name variables and views only, which an edit keeps.
        system.translationGroups = earlier.translationGroups
        self.changed = changed
    }
}

extension LayoutSystem {
    /// The variables of every view and scroll view, for a builder that makes constraints on them.
    /// Stack guides are left out: only stack expansion makes them, and an edit makes no stack
    /// constraint.
    var pool: VariablePool {
        var views: [String: ViewVariables] = [:]
        for (id, variables) in self.views where views[id] == nil { views[id] = variables }
        var content: [String: ScrollContent] = [:]
        for item in scrollContent where content[item.scrollViewID] == nil { content[item.scrollViewID] = item }
        return VariablePool(solver: blank, views: views, scrollContent: content)
    }
}
