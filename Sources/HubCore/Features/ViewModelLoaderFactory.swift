/// Creates view model loaders: finds the feature, builds the chain (prepended, feature, appended).
public final class ViewModelLoaderFactory {
    private let featureRegistry: FeatureRegistry
    private let prependedFactories: [any ContentOperationFactory]
    private let appendedFactories: [any ContentOperationFactory]
    private let defaultReloadPolicy: (any ContentReloadPolicy)?
    private let makeConnectivityResolver: () -> any ConnectivityStateResolver
    private let configuration: BuilderConfiguration
    private let schemaRegistry: JSONSchemaRegistry?
    private let loop: HubEventLoop?
    private let limits: ContentOperationLimits

    /// A factory for the features of `featureRegistry`. Each loader reads JSON with its feature's
    /// custom schema from `schemaRegistry` (the default schema when there is none), and times
    /// runs out on `loop` (none without one) with `limits` where operations have none.
    public init(
        featureRegistry: FeatureRegistry, prependedFactories: [any ContentOperationFactory] = [],
        appendedFactories: [any ContentOperationFactory] = [], defaultReloadPolicy: (any ContentReloadPolicy)? = nil,
        connectivityResolver: @escaping () -> any ConnectivityStateResolver = { ManualConnectivityStateResolver() },
        configuration: BuilderConfiguration = BuilderConfiguration(), schemaRegistry: JSONSchemaRegistry? = nil,
        loop: HubEventLoop? = nil, limits: ContentOperationLimits = .standard
    ) {
        self.loop = loop
        self.limits = limits
        self.featureRegistry = featureRegistry
        self.prependedFactories = prependedFactories
        self.appendedFactories = appendedFactories
        self.defaultReloadPolicy = defaultReloadPolicy
        self.makeConnectivityResolver = connectivityResolver
        self.configuration = configuration
        self.schemaRegistry = schemaRegistry
    }

    /// Whether some feature handles `viewURI`.
    public func canCreateLoader(forViewURI viewURI: String) -> Bool {
        featureRegistry.registration(forViewURI: viewURI) != nil
    }

    /// A loader for `viewURI`; nil when no feature matches. Throws when the chain would be empty.
    public func createLoader(
        forViewURI viewURI: String, initialViewModel: ViewModel? = nil
    ) throws(RegistrationError) -> ViewModelLoader? {
        guard let feature = featureRegistry.registration(forViewURI: viewURI) else { return nil }
        return try createLoader(for: feature, viewURI: viewURI, initialViewModel: initialViewModel)
    }

    /// A loader for the view `viewURI` of `feature`, whose connectivity comes from
    /// `connectivityResolver` (default: a new one of the factory's). Throws when the chain would
    /// be empty.
    public func createLoader(
        for feature: FeatureRegistration, viewURI: String, initialViewModel: ViewModel? = nil,
        connectivityResolver: (any ConnectivityStateResolver)? = nil
    ) throws(RegistrationError) -> ViewModelLoader {
        let factories = prependedFactories + feature.contentOperationFactories + appendedFactories
        let operations = factories.flatMap { $0.createContentOperations(forViewURI: viewURI) }
        guard !operations.isEmpty else {
            throw RegistrationError("feature '\(feature.identifier)' has no content operations for '\(viewURI)'")
        }
        return ViewModelLoader(
            viewURI: viewURI, featureInfo: feature.featureInfo, operations: operations,
            connectivityResolver: connectivityResolver ?? makeConnectivityResolver(),
            reloadPolicy: feature.contentReloadPolicy ?? defaultReloadPolicy,
            initialViewModel: initialViewModel, configuration: configuration,
            schema: schemaRegistry?.schema(for: feature.customJSONSchemaIdentifier) ?? .default, loop: loop, limits: limits)
    }
}
