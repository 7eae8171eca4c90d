import Foundation

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
