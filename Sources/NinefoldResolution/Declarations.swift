import NinefoldScene

/// Every declaration of one element: its own attributes (qualifier any-any) and its variations.
///
/// Resolution is the same for every property of every element, so it is written once here:
/// among the declarations that apply to the target and set the property, the most specific
/// wins; between `(w, any)` and `(any, h)` the width-qualified one wins, and disagreeing
/// values make a resolution tie.
struct Declarations<Attributes: Sendable>: Sendable {
    struct Entry: Sendable {
        var qualifier: SizeClass
        var location: SourceLocation
        var attributes: Attributes
    }

    var entries: [Entry]

    /// The winning value of one property for a target class, if any declaration sets it.
    ///
    /// The property is read through a function rather than a key path, and the entries are
    /// scanned in place: resolution runs once per property, view and class (22 properties ×
    /// 10,000 views × 9 classes on the largest document), where key-path projection and the
    /// candidate arrays cost about two thirds of resolving.
    func resolve<Value: Hashable & Sendable>(_ property: (Attributes) -> Value?,
                                             for target: SizeClass) -> Outcome<Value>? {
        // A lone declaration (no variations, most elements) wins wherever it applies and sets
        // the property, with no tie: what the scan below finds for one entry, reading the
        // property once instead of three or four times (each a copy of the attributes).
        if entries.count == 1 {
            guard entries[0].qualifier.applies(to: target), let value = property(entries[0].attributes) else { return nil }
            return Outcome(value: value, provenance: Provenance(qualifier: entries[0].qualifier, location: entries[0].location))
        }
        func sets(_ index: Int) -> Bool {
            entries[index].qualifier.applies(to: target) && property(entries[index].attributes) != nil
        }
        var best = -1
        for index in entries.indices where sets(index) {
            best = max(best, entries[index].qualifier.specificity)
        }
        func isTop(_ index: Int) -> Bool { entries[index].qualifier.specificity == best && sets(index) }
        // At most two can tie: (w, any) and (any, h). Duplicate variations are refused by the reader.
        guard let winner = entries.indices.first(where: { isTop($0) && entries[$0].qualifier.width != .any })
                ?? entries.indices.first(where: isTop),
              let value = property(entries[winner].attributes) else { return nil }
        let qualifier = entries[winner].qualifier
        var outcome = Outcome(value: value, provenance: Provenance(qualifier: qualifier, location: entries[winner].location))
        if let loser = entries.indices.first(where: {
               isTop($0) && entries[$0].qualifier.width == .any && entries[$0].qualifier != qualifier
           }), property(entries[loser].attributes) != value {
            outcome.tie = Provenance(qualifier: entries[loser].qualifier, location: entries[loser].location)
        }
        return outcome
    }

    /// For a declaration that sets `property`, the more specific declarations that override it in
    /// each final class it applies to — or nil if it wins in at least one final class.
    func shadowing<Value>(_ entry: Entry, _ property: KeyPath<Attributes, Value?>) -> [Entry]? {
        let finals = SizeClass.all.filter { $0.specificity == 2 && entry.qualifier.applies(to: $0) }
        var shadows: [Entry] = []
        for target in finals {
            let winner = entries.filter { candidate in
                candidate.qualifier.applies(to: target) && candidate.attributes[keyPath: property] != nil
                    && outranks(candidate.qualifier, entry.qualifier)
            }.max { $0.qualifier.specificity < $1.qualifier.specificity }
            guard let winner else { return nil }
            if !shadows.contains(where: { $0.location == winner.location }) { shadows.append(winner) }
        }
        return finals.isEmpty ? nil : shadows
    }

    /// Whether a declaration qualified `lhs` beats one qualified `rhs` wherever both apply.
    private func outranks(_ lhs: SizeClass, _ rhs: SizeClass) -> Bool {
        if lhs.specificity != rhs.specificity { return lhs.specificity > rhs.specificity }
        return lhs.width != .any && rhs.width == .any && lhs != rhs
    }
}

/// A resolved value, its source, and the losing side of a resolution tie if there was one.
struct Outcome<Value: Hashable & Sendable> {
    var value: Value
    var provenance: Provenance
    var tie: Provenance?

    var resolved: Resolved<Value> { Resolved(value, from: provenance) }
}

extension Declarations where Attributes == ViewAttributes {
    init(_ view: View) {
        entries = [Entry(qualifier: .anyAny, location: view.location, attributes: view.attributes)]
        if !view.variations.isEmpty {
            entries += view.variations.map { Entry(qualifier: $0.sizeClass, location: $0.location, attributes: $0.attributes) }
        }
    }
}

extension Declarations where Attributes == ConstraintAttributes {
    init(_ constraint: Constraint) {
        entries = [Entry(qualifier: .anyAny, location: constraint.location, attributes: constraint.attributes)]
        if !constraint.variations.isEmpty {
            entries += constraint.variations.map { Entry(qualifier: $0.sizeClass, location: $0.location, attributes: $0.attributes) }
        }
    }
}
