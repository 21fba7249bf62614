import NinefoldResolution
import NinefoldScene
import NinefoldSolver

/// Resolved class in, frames out.
public enum LayoutEngine {
    /// How many times multi-line labels are re-measured at their solved width (UIKit's
    /// preferredMaxLayoutWidth round trip). Two passes settle every layout whose label widths do
    /// not depend on their own heights; the third is a safety margin.
    static let maximumPasses = 3

    public static func build(_ scene: ResolvedScene) -> LayoutSystem {
        var builder = SystemBuilder(scene: scene)
        return builder.build()
    }

    public static func solve(_ scene: ResolvedScene) -> SolvedLayout {
        solve(scene, safeArea: scene.safeArea)
    }

    /// Solves on a canvas whose root view has this safe area (a real device's, for `--devices`)
    /// instead of the one the scene's canvas states:
    /// the top and bottom layout guides and the safe-area guide follow it.
    public static func solve(_ scene: ResolvedScene, safeArea: SafeAreaInsets) -> SolvedLayout {
        solveMeasuringLabels(scene, build: { build(scene, overrides: $0, safeArea: safeArea) }, solve: { solve($0) })
    }

    /// Solves, then re-measures every multi-line label at its solved width and solves again
    /// while any label's measurement changed, at most `maximumPasses` times in all.
    ///
    /// The re-measured size is the wrapped text's bounding box, as UIKit's label reports once
    /// its `preferredMaxLayoutWidth` is known: as tall as its lines and as wide as its widest
    /// line, not the one-line width (Documentation/Layout.md, "Multi-line labels").
    static func solveMeasuringLabels(_ scene: ResolvedScene, build: ([String: ContentSize]) -> LayoutSystem,
                                     solve: (LayoutSystem) -> SolvedLayout) -> SolvedLayout {
        var overrides: [String: ContentSize] = [:]
        var solved = solve(build(overrides))
        for _ in 1..<maximumPasses {
            var changed = false
            for view in scene.views where view.kind == .label && (view.numberOfLines ?? 1) != 1 {
                guard view.intrinsicHeight.value == nil, let frame = solved.frame(of: view.id) else { continue }
                let font = Font(size: view.fontSize.value, weight: view.fontWeight.value)
                let text = view.text.value ?? ""
                let measured = ContentMeasurement.label(text: text, font: font, numberOfLines: view.numberOfLines ?? 0,
                                                        wrappingWidth: max(frame.width, 1), scale: scene.scale)
                let unwrapped = ContentMeasurement.label(text: text, font: font, numberOfLines: 1, wrappingWidth: nil,
                                                         scale: scene.scale)
                if overrides[view.id] != measured && (overrides[view.id] != nil || measured != unwrapped) {
                    overrides[view.id] = measured
                    changed = true
                }
            }
            guard changed else { break }
            solved = solve(build(overrides))
        }
        return solved
    }

    static func build(_ scene: ResolvedScene, overrides: [String: ContentSize],
                      safeArea: SafeAreaInsets? = nil) -> LayoutSystem {
        var builder = SystemBuilder(scene: scene, contentOverrides: overrides, safeArea: safeArea)
        return builder.build()
    }

    /// Adds every constraint in order. A required one that conflicts is left out (UIKit
    /// "breaks" the constraint it was adding) and the minimal conflicting set is recorded.
    /// The objective is minimised once, after the last add.
    public static func solve(_ system: LayoutSystem) -> SolvedLayout {
        var solver = system.blank
        var ids: [ConstraintID?] = []
        var conflicts: [LayoutConflict] = []
        for (index, item) in system.constraints.enumerated() {
            do {
                ids.append(try solver.add(item.constraint))
            } catch {
                ids.append(nil)
                conflicts.append(LayoutConflict(constraints: error.constraints.map(\.index), broken: index))
            }
        }
        solver.optimize()
        return SolvedLayout(system: system, solver: solver, solverIDs: ids, conflicts: conflicts)
    }
}
