import NinefoldLayout
import NinefoldScene
import NinefoldSolver

/// A required equality the others already imply. Harmless today, but editing either copy
/// later turns it into a conflict (the seed article's warning). Decided exactly by the solver.
///
/// The rule runs for classes with at most `limit` document constraints; larger classes skip this
/// note (Documentation/Validation.md), as they did when each check re-solved the class.
public enum RedundantConstraintRule: FindingRule {
    public static let identifier = "redundant-constraint"
    public static let severity = Severity.note
    public static let summary = "A required constraint is implied by the other constraints."
    static let limit = 400

    public static let examples = [
        RuleExample("""
              <view id="root">
                <view id="box"/>
                <constraints>
                  <constraint id="c1" firstItem="box" firstAttribute="leading" secondItem="root" secondAttribute="leading"/>
                  <constraint id="c2" firstItem="box" firstAttribute="width" constant="100"/>
                  <constraint id="c3" firstItem="box" firstAttribute="trailing" secondItem="root" secondAttribute="leading" constant="100"/>
                  <constraint id="c4" firstItem="box" firstAttribute="top" secondItem="root" secondAttribute="top"/>
                  <constraint id="c5" firstItem="box" firstAttribute="height" constant="100"/>
                </constraints>
              </view>
            """, triggers: true),
        RuleExample("""
              <view id="root">
                <view id="box"/>
                <constraints>
                  <constraint id="c1" firstItem="box" firstAttribute="leading" secondItem="root" secondAttribute="leading"/>
                  <constraint id="c2" firstItem="box" firstAttribute="width" constant="100"/>
                  <constraint id="c4" firstItem="box" firstAttribute="top" secondItem="root" secondAttribute="top"/>
                  <constraint id="c5" firstItem="box" firstAttribute="height" constant="100"/>
                </constraints>
              </view>
            """, triggers: false),
    ]

    /// Checked from the last constraint back, dropping each one found implied before checking
    /// the next, so a group of mutually implied constraints yields one note (the later one) rather
    /// than one per member. The solver answers for all candidates in one pass per component.
    public static func findings(in analysis: ClassAnalysis) -> [Finding] {
        let system = analysis.layout.system
        // Counted and scanned by index: filtering or enumerating copied every constraint (its
        // origin, notation and location), on nested stacks seven thousand generated ones.
        let constraints = system.constraints
        var documentCount = 0
        for index in constraints.indices where constraints[index].origin.documentID != nil { documentCount += 1 }
        guard !analysis.isConflicting, documentCount <= limit else { return [] }
        // Inequalities are limits: one that happens to be slack everywhere is not a duplicate.
        var candidates: [(index: Int, id: ConstraintID)] = []
        for index in constraints.indices where constraints[index].origin.documentID != nil
            && constraints[index].isRequired && constraints[index].constraint.relation == .equal {
            if let solverID = analysis.layout.solverIDs[index] { candidates.append((index, solverID)) }
        }
        let implied = Set(analysis.layout.solver.impliedConstraints(among: candidates.map(\.id)))
        return candidates.filter { implied.contains($0.id) }.compactMap { candidate in
            let item = system.constraints[candidate.index]
            guard let id = item.origin.documentID else { return nil }
            return Finding(
                kind: identifier, severity: severity,
                message: "'\(item.notation)' is implied by the other required constraints",
                views: [], constraints: [id], location: item.location,
                suggestion: "remove it, or lower its priority, so a later edit cannot turn it into a conflict")
        }
    }
}
