/// An immutable component model: what one component renders.
///
/// Two models are equal when every property except `index` and `indexPath` is equal.
public struct ComponentModel: Equatable, Sendable {
    /// The model's identifier, unique among its siblings.
    public var identifier: String
    /// The layer the model belongs to: header, body or overlay.
    public var type: ComponentType
    /// The position in the parent's children, or in the view's body or overlays.
    public var index: Int
    /// Indices from the root list to this model, e.g. `[0, 1, 0]` for a grandchild.
    public var indexPath: [Int]
    /// The group the model belongs to among its siblings.
    public var groupIdentifier: String?
    /// The component that renders this model (`namespace:name`).
    public var componentIdentifier: Identifier
    /// The category used to pick a fallback component when the component is unknown.
    public var componentCategory: String
    /// The primary text.
    public var title: String?
    /// The secondary text.
    public var subtitle: String?
    /// A short text shown as an accessory, e.g. at a row's right end.
    public var accessoryTitle: String?
    /// A longer text that describes the content.
    public var descriptionText: String?
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
    /// Free-form metadata associated with the model, e.g. external identifiers.
    public var metadata: JSONDictionary?
    /// Data to log alongside impressions of and interactions with the component.
    public var loggingData: JSONDictionary?
    /// Free-form data for the component that renders the model.
    public var customData: JSONDictionary?
    /// Child models in their resolved order; nil when there are none.
    public var children: [ComponentModel]?

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
        let members = children?.filter { $0.groupIdentifier == group } ?? []
        return members.isEmpty ? nil : members
    }

    public static func == (lhs: ComponentModel, rhs: ComponentModel) -> Bool {
        lhs.identifier == rhs.identifier && lhs.type == rhs.type && lhs.groupIdentifier == rhs.groupIdentifier
            && lhs.componentIdentifier == rhs.componentIdentifier && lhs.componentCategory == rhs.componentCategory
            && lhs.title == rhs.title && lhs.subtitle == rhs.subtitle && lhs.accessoryTitle == rhs.accessoryTitle
            && lhs.descriptionText == rhs.descriptionText && lhs.mainImageData == rhs.mainImageData
            && lhs.backgroundImageData == rhs.backgroundImageData && lhs.customImageData == rhs.customImageData
            && lhs.icon == rhs.icon && lhs.target == rhs.target && lhs.metadata == rhs.metadata
            && lhs.loggingData == rhs.loggingData && lhs.customData == rhs.customData && lhs.children == rhs.children
    }
}
