/// Why a store call failed: each is a located error with domain `store` in the script that
/// made the call.
public struct StoreFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure, and its code within the `store` domain.
    public enum Kind: Int, Sendable {
        /// The backend cannot be reached (a database that is down or restarting).
        case unavailable = 1
        /// The backend is locked by someone else past the wait allowed.
        case busy = 2
        /// The backend may be read but not written (a read-only file or database).
        case readOnly = 3
        /// The backend's data is damaged (a file that is not a database).
        case corrupt = 4
        /// The disk (or the database's quota) is full.
        case full = 5
        /// The write would add a key past the feature's `max_keys`.
        case tooManyKeys = 6
        /// The value's JSON is larger than the feature's `max_value`.
        case tooLarge = 7
        /// The key is empty, too long or not text.
        case invalidKey = 8
        /// The feature may not use the namespace: it is neither its own nor one it shares.
        case notAllowed = 9
        /// The value cannot be stored as JSON (a function, userdata, a cycle...).
        case invalidValue = 10
        /// `update` kept conflicting with other writers.
        case conflicts = 11
        /// Any other failure of the backend.
        case backend = 12
    }

    public var kind: Kind
    /// What happened, naming the key.
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The error domain scripts see.
    public static let domain = "store"

    /// The code within the domain.
    public var code: Int { kind.rawValue }

    /// Whether a failure of `kind` says the backend cannot take calls now, though it may later
    /// (away, busy, read-only, full): nothing about the call was wrong, and a server answers 503.
    public static func isUnavailable(_ kind: Kind) -> Bool {
        [.unavailable, .busy, .readOnly, .full].contains(kind)
    }

    /// The kind of store failure `error` is (domain `store`); nil for any other error.
    public static func kind(of error: ContentError) -> Kind? {
        error.domain == domain ? Kind(rawValue: error.code) : nil
    }

    public var description: String { "store: \(message)" }
}
