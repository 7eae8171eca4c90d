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
