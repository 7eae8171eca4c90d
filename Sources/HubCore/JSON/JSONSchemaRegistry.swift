/// The JSON schemas of a runtime: the default one, and custom ones that features pick by
/// identifier (``FeatureRegistration/customJSONSchemaIdentifier``).
public final class JSONSchemaRegistry {
    /// The schema of features that name no custom schema, or an unknown one.
    public let defaultSchema: JSONSchema
    private var customSchemas: [String: JSONSchema] = [:]

    /// A registry with no custom schemas.
    public init(defaultSchema: JSONSchema = .default) {
        self.defaultSchema = defaultSchema
    }

    /// A copy of the default schema, to customise and register.
    public func createNewSchema() -> JSONSchema {
        defaultSchema
    }

    /// A copy of the custom schema `identifier`, or nil if none is registered.
    public func copySchema(_ identifier: String) -> JSONSchema? {
        customSchemas[identifier]
    }

    /// The identifiers of the custom schemas, sorted.
    public var customIdentifiers: [String] { customSchemas.keys.sorted() }

    /// Registers `schema` as `identifier`, which must not be registered already.
    public func register(_ schema: JSONSchema, identifier: String) throws(RegistrationError) {
        guard customSchemas[identifier] == nil else {
            throw RegistrationError("a JSON schema with identifier '\(identifier)' is already registered")
        }
        customSchemas[identifier] = schema
    }

    /// Removes the custom schema `identifier` (nothing happens if it is unknown).
    public func unregister(_ identifier: String) {
        customSchemas[identifier] = nil
    }

    /// The custom schema `identifier`; the default schema when `identifier` is nil or unknown.
    public func schema(for identifier: String?) -> JSONSchema {
        identifier.flatMap { customSchemas[$0] } ?? defaultSchema
    }
}
