/// Why the test server could not start, stop or answer: what failed, with PostgreSQL's own
/// words (the command's output or the end of the server's log) when there are any.
public struct PostgresServerError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { "PostgreSQL test server: \(message)" }
}
