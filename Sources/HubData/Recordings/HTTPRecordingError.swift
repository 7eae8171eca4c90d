/// Why the text of an ``HTTPRecording`` could not be read: where, and what is wrong there.
public struct HTTPRecordingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file the text came from.
    public var file: String
    /// The line (from 1) where the problem is.
    public var line: Int
    /// What is wrong.
    public var message: String

    /// The error `message` at `line` of `file`.
    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `file:line: message`.
    public var description: String { "\(file):\(line): \(message)" }
}
