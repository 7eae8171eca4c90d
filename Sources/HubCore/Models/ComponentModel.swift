/// An immutable component model: what one component renders.
///
/// Its plain fields (`title`, `subtitle`, `customData`, ...) are those of ``ComponentFields``,
/// read as `model.title`. Two models are equal when every property except `index` and
/// `indexPath` is equal.
@dynamicMemberLookup
public struct ComponentModel: Equatable, Sendable {
    /// The model's identifier, unique among its siblings.
    public var identifier: String
    /// The layer the model belongs to: header, body or overlay.
    public var type: ComponentType
    /// The position in the parent's children, or in the view's body or overlays.
    public var index: Int
    /// Indices from the root list to this model, e.g. `[0, 1, 0]` for a grandchild.
    public var indexPath: [Int]
    /// The component that renders this model (`namespace:name`).
    public var componentIdentifier: Identifier
    /// The category used to pick a fallback component when the component is unknown.
    public var componentCategory: String
    /// The texts and free-form data.
    public var fields: ComponentFields
    /// The main image, if any.
    public var mainImageData: ComponentImageData?
    /// The background image, if any.
    public var backgroundImageData: ComponentImageData?
    /// Custom images by key; never nil, possibly empty.
    public var customImageData: [String: ComponentImageData]
    /// The model's icon (only when an icon resolver exists).
    public var icon: Icon?
    /// Where selecting the component leads; nil when it leads nowhere.
    public var target: ComponentTarget?
    /// Child models in their resolved order; nil when there are none.
    public var children: [ComponentModel]?

    /// A plain field, e.g. `model.title` (see ``ComponentFields``).
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<ComponentFields, Value>) -> Value {
        get { fields[keyPath: keyPath] }
        set { fields[keyPath: keyPath] = newValue }
    }

    /// The child at `index`, or nil when out of range.
    public func child(at index: Int) -> ComponentModel? {
        guard let children, children.indices.contains(index) else { return nil }
        return children[index]
    }

    /// The child with `identifier`, or nil.
    public func child(withIdentifier identifier: String) -> ComponentModel? {
        children?.first { $0.identifier == identifier }
    }

    /// The children in group `group`, in order; nil when there are none.
    public func children(inGroup group: String) -> [ComponentModel]? {
        let members = children?.filter { $0.fields.groupIdentifier == group } ?? []
        return members.isEmpty ? nil : members
    }

    public static func == (lhs: ComponentModel, rhs: ComponentModel) -> Bool {
        lhs.identifier == rhs.identifier && lhs.type == rhs.type && lhs.componentIdentifier == rhs.componentIdentifier
            && lhs.componentCategory == rhs.componentCategory && lhs.fields == rhs.fields
            && lhs.mainImageData == rhs.mainImageData && lhs.backgroundImageData == rhs.backgroundImageData
            && lhs.customImageData == rhs.customImageData && lhs.icon == rhs.icon && lhs.target == rhs.target
            && lhs.children == rhs.children
    }
}
