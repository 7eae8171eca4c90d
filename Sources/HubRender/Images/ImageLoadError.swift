/// Why an image did not load.
public struct ImageLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The kind of failure.
    public enum Code: Int, Sendable {
        /// Any failure without a more specific code, e.g. no data for the URI.
        case unknown = 0
        /// The data is not a valid image.
        case invalidData = 1
    }

    /// The kind of failure.
    public var code: Code
    /// What went wrong, e.g. the URI that could not be loaded.
    public var message: String

    /// An error of kind `code` with `message`.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
