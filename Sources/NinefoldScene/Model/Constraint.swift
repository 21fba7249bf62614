/// `firstItem.firstAttribute relation multiplier × secondItem.secondAttribute + constant`.
public struct Constraint: Hashable, Sendable {
    public var id: String
    public var firstItem: ItemReference
    public var firstAttribute: LayoutAttribute
    public var relation: Relation
    /// Both nil for a constant constraint such as `width = 240`.
    public var secondItem: ItemReference?
    public var secondAttribute: LayoutAttribute?
    public var multiplier: Multiplier
    public var userLabel: String?
    /// The element's own (any-any) overridable values; nil = the format's default.
    public var attributes: ConstraintAttributes
    public var variations: [ConstraintVariation]
    public var location: SourceLocation

    public init(id: String, firstItem: ItemReference, firstAttribute: LayoutAttribute,
                relation: Relation = .equal, secondItem: ItemReference? = nil,
                secondAttribute: LayoutAttribute? = nil, multiplier: Multiplier = .one,
                userLabel: String? = nil, attributes: ConstraintAttributes = ConstraintAttributes(),
                variations: [ConstraintVariation] = [], location: SourceLocation = .unknown) {
        self.id = id
        self.firstItem = firstItem
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.secondItem = secondItem
        self.secondAttribute = secondAttribute
        self.multiplier = multiplier
        self.userLabel = userLabel
        self.attributes = attributes
        self.variations = variations
        self.location = location
    }

    /// Items this constraint names, first then second.
    public var items: [ItemReference] {
        [firstItem] + (secondItem.map { [$0] } ?? [])
    }
}

/// The overridable attributes of a constraint; nil = not declared at this level.
public struct ConstraintAttributes: Hashable, Sendable {
    public var installed: Bool?
    public var constant: ConstraintConstant?
    public var priority: LayoutPriority?

    public init(installed: Bool? = nil, constant: ConstraintConstant? = nil, priority: LayoutPriority? = nil) {
        self.installed = installed
        self.constant = constant
        self.priority = priority
    }
}

/// `<variation sizeClass="…">` on a constraint.
public struct ConstraintVariation: Hashable, Sendable {
    public var sizeClass: SizeClass
    public var attributes: ConstraintAttributes
    public var location: SourceLocation

    public init(sizeClass: SizeClass, attributes: ConstraintAttributes, location: SourceLocation = .unknown) {
        self.sizeClass = sizeClass
        self.attributes = attributes
        self.location = location
    }
}
