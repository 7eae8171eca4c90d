/// A group of views (matched by view URI) sharing a title and a content loading chain.
public struct FeatureRegistration {
    /// The feature's identifier, unique in its registry.
    public var identifier: String
    /// Which view URIs belong to the feature.
    public var viewURIPredicate: ViewURIPredicate
    /// The default navigation title when no operation sets one and there is no header.
    public var title: String
    /// In chain order: each factory's operations follow the previous factory's.
    public var contentOperationFactories: [any ContentOperationFactory]
    /// nil: the manager's default policy.
    public var contentReloadPolicy: (any ContentReloadPolicy)?
    /// nil, or an unknown identifier: the default JSON schema.
    public var customJSONSchemaIdentifier: String?
    /// Sees the feature's actions first and may handle them itself; nil: the manager's default
    /// handler.
    public var actionHandler: (any ActionHandler)?
    /// The folder the feature's local images (`images.main.local`, `file:` URIs) resolve in;
    /// nil: none.
    public var resourceFolder: String?
    /// What the feature's operations and actions may fetch over HTTP: no host by default.
    public var network = HTTPPolicy()
    /// What the feature may keep in the store: its own namespace by default.
    public var store = StorePolicy()

    /// A registration; by default with the manager's reload policy and action handler, the
    /// default JSON schema and no resource folder.
    public init(
        identifier: String, viewURIPredicate: ViewURIPredicate, title: String,
        contentOperationFactories: [any ContentOperationFactory], contentReloadPolicy: (any ContentReloadPolicy)? = nil,
        customJSONSchemaIdentifier: String? = nil, actionHandler: (any ActionHandler)? = nil, resourceFolder: String? = nil
    ) {
        self.actionHandler = actionHandler
        self.identifier = identifier
        self.viewURIPredicate = viewURIPredicate
        self.title = title
        self.contentOperationFactories = contentOperationFactories
        self.contentReloadPolicy = contentReloadPolicy
        self.customJSONSchemaIdentifier = customJSONSchemaIdentifier
        self.resourceFolder = resourceFolder
    }

    /// The feature's identity as operations see it.
    public var featureInfo: FeatureInfo {
        FeatureInfo(identifier: identifier, title: title)
    }
}
