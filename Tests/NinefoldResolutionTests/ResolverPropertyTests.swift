import NinefoldResolution
import NinefoldScene
import Testing
import SeededRandom

/// Random declaration sets resolved by the resolver agree with a brute-force reference written
/// differently: enumerate all declarations, keep those that apply, sort by (specificity, width
/// qualified first, document order) and take the first.
@Suite struct ResolverPropertyTests {
    /// The reference: (constant, qualifier) of the declaration that should win, or nil.
    static func reference(_ declarations: [(SizeClass, Double?)], target: SizeClass) -> (Double, SizeClass)? {
        let applicable = declarations.enumerated().filter { _, declaration in
            let (qualifier, value) = declaration
            let widthOK = qualifier.width == .any || qualifier.width == target.width
            let heightOK = qualifier.height == .any || qualifier.height == target.height
            return value != nil && widthOK && heightOK
        }
        let ranked = applicable.sorted { lhs, rhs in
            let left = lhs.element.0, right = rhs.element.0
            let leftScore = [left.width, left.height].filter { $0 != .any }.count
            let rightScore = [right.width, right.height].filter { $0 != .any }.count
            if leftScore != rightScore { return leftScore > rightScore }
            let leftWidth = left.width != .any, rightWidth = right.width != .any
            if leftWidth != rightWidth { return leftWidth }
            return lhs.offset < rhs.offset
        }
        return ranked.first.flatMap { entry in entry.element.1.map { ($0, entry.element.0) } }
    }

    @Test func randomDeclarationSetsMatchTheReference() {
        var random = SplitMix64(state: 2026)
        let variationClasses = SizeClass.all.filter { $0 != .anyAny }
        for trial in 0..<2000 {
            let base: Double? = random.below(3) == 0 ? nil : Double(random.below(50))
            let chosen = variationClasses.filter { _ in random.below(3) == 0 }
            let variations = chosen.enumerated().map { index, sizeClass -> ConstraintVariation in
                let value: Double? = random.below(4) == 0 ? nil : Double(random.below(50))
                let priority: LayoutPriority? = random.below(2) == 0 ? LayoutPriority(1 + random.below(999)) : nil
                return ConstraintVariation(sizeClass: sizeClass,
                                           attributes: ConstraintAttributes(constant: value.map(ConstraintConstant.value),
                                                                            priority: priority),
                                           location: NinefoldScene.SourceLocation(line: 10 + index, column: 1))
            }
            let constraint = Constraint(
                id: "c", firstItem: .view("v"), firstAttribute: .width,
                attributes: ConstraintAttributes(constant: base.map(ConstraintConstant.value)),
                variations: variations, location: NinefoldScene.SourceLocation(line: 5, column: 1))
            let scene = Scene(root: View(id: "root", kind: .view,
                                         subviews: [View(id: "v", kind: .view)], constraints: [constraint]))
            let declarations: [(SizeClass, Double?)] = [(.anyAny, base)] + variations.map { variation in
                let value: Double? = if case .value(let number)? = variation.attributes.constant { number } else { nil }
                return (variation.sizeClass, value)
            }
            for target in SizeClass.all {
                let resolved = Resolver(scene: scene).resolve(target)
                guard let got = resolved.constraints.first else {
                    Issue.record("trial \(trial): constraint missing in \(target)")
                    continue
                }
                let expected = Self.reference(declarations, target: target)
                #expect(got.constant.value == .value(expected?.0 ?? 0), "trial \(trial) \(target)")
                #expect(got.constant.provenance.qualifier == expected?.1, "trial \(trial) \(target)")
            }
        }
    }
}
