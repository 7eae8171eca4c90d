/// Decides which view URIs belong to a feature.
public struct ViewURIPredicate {
    private let evaluate: (String) -> Bool

    /// A predicate that calls `block`.
    public init(_ block: @escaping (String) -> Bool) {
        evaluate = block
    }

    /// Whether `viewURI` belongs to the feature.
    public func matches(_ viewURI: String) -> Bool {
        evaluate(viewURI)
    }

    /// Matches exactly `viewURI` (a `…:subview` URI does not match).
    public static func exact(_ viewURI: String) -> ViewURIPredicate {
        ViewURIPredicate { $0 == viewURI }
    }

    /// Matches every URI that starts with `root` as a plain string prefix, except `excluded` ones.
    public static func root(_ root: String, excluding excluded: Set<String> = []) -> ViewURIPredicate {
        ViewURIPredicate { !excluded.contains($0) && $0.hasPrefix(root) }
    }
}

/// Creates a view's content operations; called once per view, so operations are fresh per view.
public protocol ContentOperationFactory {
    /// The content operations for the view `viewURI`, in chain order.
    func createContentOperations(forViewURI viewURI: String) -> [any ContentOperation]
}

/// A content operation factory made of a closure.
public struct BlockContentOperationFactory: ContentOperationFactory {
    private let block: (String) -> [any ContentOperation]

    /// A factory that calls `block` with the view URI.
    public init(_ block: @escaping (String) -> [any ContentOperation]) {
        self.block = block
    }

    public func createContentOperations(forViewURI viewURI: String) -> [any ContentOperation] {
        block(viewURI)
    }
}

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

    /// A registration; by default with the manager's reload policy and the default JSON schema.
    public init(
        identifier: String, viewURIPredicate: ViewURIPredicate, title: String,
        contentOperationFactories: [any ContentOperationFactory], contentReloadPolicy: (any ContentReloadPolicy)? = nil,
        customJSONSchemaIdentifier: String? = nil
    ) {
        self.identifier = identifier
        self.viewURIPredicate = viewURIPredicate
        self.title = title
        self.contentOperationFactories = contentOperationFactories
        self.contentReloadPolicy = contentReloadPolicy
        self.customJSONSchemaIdentifier = customJSONSchemaIdentifier
    }

    /// The feature's identity as operations see it.
    public var featureInfo: FeatureInfo {
        FeatureInfo(identifier: identifier, title: title)
    }
}

/// A registration that cannot be made, e.g. a duplicate identifier.
public struct RegistrationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What could not be registered, and why.
    public var message: String

    /// An error with `message`.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// The features of a runtime, looked up by view URI in registration order.
public final class FeatureRegistry {
    private var registrations: [FeatureRegistration] = []

    /// An empty registry.
    public init() {}

    /// Registers a feature; its identifier must not be registered already.
    public func register(_ registration: FeatureRegistration) throws(RegistrationError) {
        guard !registrations.contains(where: { $0.identifier == registration.identifier }) else {
            throw RegistrationError("a feature with identifier '\(registration.identifier)' is already registered")
        }
        registrations.append(registration)
    }

    /// Removes the feature `identifier` (nothing happens if it is unknown).
    public func unregister(_ identifier: String) {
        registrations.removeAll { $0.identifier == identifier }
    }

    /// The earliest registered feature whose predicate matches `viewURI`.
    public func registration(forViewURI viewURI: String) -> FeatureRegistration? {
        registrations.first { $0.viewURIPredicate.matches(viewURI) }
    }

    /// Every registration, in registration order.
    public var all: [FeatureRegistration] { registrations }
}

/// Creates view model loaders: finds the feature, builds the chain (prepended, feature, appended).
public final class ViewModelLoaderFactory {
    private let featureRegistry: FeatureRegistry
    private let prependedFactories: [any ContentOperationFactory]
    private let appendedFactories: [any ContentOperationFactory]
    private let defaultReloadPolicy: (any ContentReloadPolicy)?
    private let makeConnectivityResolver: () -> any ConnectivityStateResolver
    private let configuration: BuilderConfiguration
    private let schemaRegistry: JSONSchemaRegistry?

    /// A factory for the features of `featureRegistry`. Each loader reads JSON with its feature's
    /// custom schema from `schemaRegistry` (the default schema when there is none).
    public init(
        featureRegistry: FeatureRegistry, prependedFactories: [any ContentOperationFactory] = [],
        appendedFactories: [any ContentOperationFactory] = [], defaultReloadPolicy: (any ContentReloadPolicy)? = nil,
        connectivityResolver: @escaping () -> any ConnectivityStateResolver = { ManualConnectivityStateResolver() },
        configuration: BuilderConfiguration = BuilderConfiguration(), schemaRegistry: JSONSchemaRegistry? = nil
    ) {
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
        let factories = prependedFactories + feature.contentOperationFactories + appendedFactories
        let operations = factories.flatMap { $0.createContentOperations(forViewURI: viewURI) }
        guard !operations.isEmpty else {
            throw RegistrationError("feature '\(feature.identifier)' has no content operations for '\(viewURI)'")
        }
        return ViewModelLoader(
            viewURI: viewURI, featureInfo: feature.featureInfo, operations: operations,
            connectivityResolver: makeConnectivityResolver(),
            reloadPolicy: feature.contentReloadPolicy ?? defaultReloadPolicy,
            initialViewModel: initialViewModel, configuration: configuration,
            schema: schemaRegistry?.schema(for: feature.customJSONSchemaIdentifier) ?? .default)
    }
}
