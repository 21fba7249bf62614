import NinefoldResolution
import NinefoldScene

/// The Auto Layout Cookbook's way of writing a constraint:
/// `Name Text Field.Leading = Name Label.Trailing + Standard`, `(Priority 249)` when optional.
struct Notation {
    let scene: ResolvedScene

    func itemName(_ item: ItemReference, relativeTo other: ItemReference?) -> String {
        switch item {
        case .view(let id):
            if let otherID = other?.viewID, scene.view(otherID)?.parentID == id { return "Superview" }
            return scene.view(id)?.displayName ?? id
        case .topLayoutGuide: return "Top Layout Guide"
        case .bottomLayoutGuide: return "Bottom Layout Guide"
        case .safeArea: return "Safe Area"
        case .contentLayoutGuide(let id): return "\(scene.view(id)?.displayName ?? id).Content Layout Guide"
        case .frameLayoutGuide(let id): return "\(scene.view(id)?.displayName ?? id).Frame Layout Guide"
        }
    }

    func describe(_ constraint: ResolvedConstraint) -> String {
        var text = "\(itemName(constraint.firstItem, relativeTo: constraint.secondItem)).\(constraint.firstAttribute.displayName)"
        text += " \(constraint.relation.symbol) "
        var rightHandSide: [String] = []
        if let second = constraint.secondItem, let attribute = constraint.secondAttribute {
            let multiplier = constraint.multiplier == .one ? "" : "\(constraint.multiplier) × "
            rightHandSide.append("\(multiplier)\(itemName(second, relativeTo: constraint.firstItem)).\(attribute.displayName)")
        }
        switch constraint.constant.value {
        case .standard:
            rightHandSide.append("Standard")
        case .value(let value):
            if rightHandSide.isEmpty {
                rightHandSide.append(NumberFormatting.format(value))
            } else if value != 0 {
                rightHandSide[0] += value < 0 ? " - \(NumberFormatting.format(-value))" : " + \(NumberFormatting.format(value))"
            }
        }
        text += rightHandSide.joined(separator: " + ")
        let priority = constraint.priority.value
        return priority.isRequired ? text : text + " (Priority \(priority.value))"
    }

    /// A generated constraint: `Name Label.Width <= 47 (Priority 251, content hugging)`.
    static func generated(_ subject: String, _ relation: Relation, _ object: String, priority: Double,
                          identifier: String) -> String {
        let level = priority >= 1000 ? "" : "Priority \(NumberFormatting.format(priority)), "
        return "\(subject) \(relation.symbol) \(object) (\(level)\(identifier))"
    }
}
