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
