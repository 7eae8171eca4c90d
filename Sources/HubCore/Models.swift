import Foundation

/// A navigation bar's content: Hub Framework's navigation item, reduced to what text shows.
public struct NavigationItem: Equatable, Sendable {
    /// The title shown in the navigation bar.
    public var title: String?

    /// A navigation item with `title`.
    public init(title: String?) {
        self.title = title
    }
}

/// An icon by identifier; how it looks is up to the icon resolver.
public struct Icon: Equatable, Sendable {
    /// The icon's identifier, e.g. `play`.
    public var identifier: String
    /// Whether this icon stands in for an image that is not loaded yet.
    public var isPlaceholder: Bool

    /// An icon with `identifier`, marked as a placeholder or not.
    public init(identifier: String, isPlaceholder: Bool) {
        self.identifier = identifier
        self.isPlaceholder = isPlaceholder
    }
}

/// Which image slot of a component model an image belongs to.
public enum ComponentImageType: String, Sendable {
    /// The main image.
    case main
    /// The background image.
    case background
    /// One of the custom images, by key.
    case custom
}

/// An image of a component model: where to load it from and what to show until then.
public struct ComponentImageData: Equatable, Sendable {
    /// nil for the main and background images; the custom image's key otherwise.
    public var identifier: String?
    /// The image slot the image belongs to.
    public var type: ComponentImageType
    /// A remote image's URI.
    public var url: String?
    /// The icon shown until the image is loaded (only when an icon resolver exists).
    public var placeholderIcon: Icon?
    /// The name of a local image, resolved in the feature folder.
    public var localImage: String?
    /// Free-form data for the image.
    public var customData: JSONDictionary?
}

/// Where selecting a component leads: a URI, actions to perform, and an initial view model.
public struct ComponentTarget: Equatable, Sendable {
    /// The URI opened when the component is selected.
    public var uri: String?
    /// Actions performed on selection, in order; nil when there are none.
    public var actionIdentifiers: [Identifier]?
    /// Free-form data for the target.
    public var customData: JSONDictionary?
    private var initialViewModelBox: Box<ViewModel>?

    /// The view model shown by the target view before its content has loaded.
    public var initialViewModel: ViewModel? {
        initialViewModelBox?.value
    }

    init(uri: String?, actionIdentifiers: [Identifier]?, customData: JSONDictionary?, initialViewModel: ViewModel?) {
        self.uri = uri
        self.actionIdentifiers = actionIdentifiers
        self.customData = customData
        self.initialViewModelBox = initialViewModel.map(Box.init)
    }
}

/// An immutable reference to a value, to let value types nest recursively.
final class Box<Value: Sendable & Equatable>: Sendable, Equatable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }

    static func == (lhs: Box, rhs: Box) -> Bool {
        lhs === rhs || lhs.value == rhs.value
    }
}

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

/// An immutable view model: everything one view shows.
///
/// Two view models are equal when everything but `buildDate` is equal.
public struct ViewModel: Equatable, Sendable {
    /// The view's identifier, if any.
    public var identifier: String?
    /// nil unless a content operation touched the navigation item (e.g. set a title).
    public var navigationItem: NavigationItem?
    /// The header component model, if any.
    public var header: ComponentModel?
    /// The body component models, in order.
    public var body: [ComponentModel]
    /// The overlay component models, in order (later ones on top).
    public var overlays: [ComponentModel]
    /// Free-form data for the view.
    public var customData: JSONDictionary?
    /// When the model was built.
    public var buildDate: Date

    /// The navigation bar title, if any.
    public var title: String? { navigationItem?.title }

    /// An empty view model.
    public static let empty = ViewModel(
        identifier: nil, navigationItem: nil, header: nil, body: [], overlays: [], customData: nil,
        buildDate: Date(timeIntervalSince1970: 0))

    /// A view model from all of its parts.
    public init(
        identifier: String?, navigationItem: NavigationItem?, header: ComponentModel?, body: [ComponentModel],
        overlays: [ComponentModel], customData: JSONDictionary?, buildDate: Date
    ) {
        self.identifier = identifier
        self.navigationItem = navigationItem
        self.header = header
        self.body = body
        self.overlays = overlays
        self.customData = customData
        self.buildDate = buildDate
    }

    public static func == (lhs: ViewModel, rhs: ViewModel) -> Bool {
        lhs.identifier == rhs.identifier && lhs.navigationItem == rhs.navigationItem && lhs.header == rhs.header
            && lhs.body == rhs.body && lhs.overlays == rhs.overlays && lhs.customData == rhs.customData
    }
}
