/// A mistake ``HubRuntime/check(strict:)`` found in feature folders: where it is and what it is.
public struct CheckProblem: CustomStringConvertible, Equatable, Sendable {
    /// `file:line` or `file:line:column`; empty when nothing places it in a file.
    public let location: String
    /// What is wrong.
    public let message: String

    /// A problem at `location` (`file:line`, or empty).
    public init(_ location: String, _ message: String) {
        self.location = location
        self.message = message
    }

    /// `file:line: message`, as compilers print it.
    public var description: String { location.isEmpty ? message : "\(location): \(message)" }
}
