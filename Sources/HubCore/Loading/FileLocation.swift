/// A place in a source file: a file, a line in it and, when known, a column.
///
/// Errors and problems carry one so that an embedder need not parse `file:line` out of text.
/// The file is named as the error named it: the path as given to Hub (relative to where Hub
/// runs), or its end after `...` when Lua cut a long file name.
public struct FileLocation: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The file, as the error named it.
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, when known (a JSON file's mistake); nil for a script's (Lua reports
    /// lines only).
    public var column: Int?

    /// A location in `file` at `line` and, optionally, `column`.
    public init(file: String, line: Int, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// The location `text` says, `file:line` or `file:line:column`; nil when it says none.
    public init?(parsing text: String) {
        guard let (head, last) = Self.splitNumber(text) else { return nil }
        if let (file, line) = Self.splitNumber(head) {
            self.init(file: file, line: line, column: last)
        } else {
            self.init(file: head, line: last)
        }
    }

    /// `file:line`, or `file:line:column`.
    public var description: String {
        column.map { "\(file):\(line):\($0)" } ?? "\(file):\(line)"
    }

    /// `text` split at its last `:` when what follows is a number and what precedes is not empty.
    private static func splitNumber(_ text: String) -> (String, Int)? {
        guard let colon = text.lastIndex(of: ":"), colon > text.startIndex,
            let number = Int(text[text.index(after: colon)...]), number >= 0
        else { return nil }
        return (String(text[..<colon]), number)
    }
}
