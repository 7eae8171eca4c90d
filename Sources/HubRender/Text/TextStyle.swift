/// How text looks in a terminal: attributes and a foreground colour. Shown only when colour
/// output is on; plain text otherwise.
public struct TextStyle: Hashable, Sendable {
    /// Bold (or bright) text.
    public var bold = false
    /// Dim (faint) text.
    public var dim = false
    /// Italic text.
    public var italic = false
    /// Underlined text.
    public var underline = false
    /// Foreground and background colours swapped.
    public var inverse = false
    /// One of the eight ANSI colour names (`black`, `red`, ..., `white`), or nil.
    public var color: String?

    /// A style with the given attributes and colour; plain by default.
    public init(bold: Bool = false, dim: Bool = false, italic: Bool = false, underline: Bool = false, inverse: Bool = false, color: String? = nil) {
        self.bold = bold
        self.dim = dim
        self.italic = italic
        self.underline = underline
        self.inverse = inverse
        self.color = color
    }

    /// No attributes and no colour.
    public static let plain = TextStyle()

    /// The colour names a style accepts.
    public static let colorNames = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// A style from space-separated names such as `"bold red"`; nil names an unknown word.
    public init?(names: String) {
        for word in names.split(separator: " ") {
            switch word {
            case "plain": break
            case "bold": bold = true
            case "dim": dim = true
            case "italic": italic = true
            case "underline": underline = true
            case "inverse": inverse = true
            default:
                guard TextStyle.colorNames.contains(String(word)) else { return nil }
                color = String(word)
            }
        }
    }

    /// The ANSI SGR sequence that switches to this style from plain.
    var ansi: String {
        var codes: [String] = []
        if bold { codes.append("1") }
        if dim { codes.append("2") }
        if italic { codes.append("3") }
        if underline { codes.append("4") }
        if inverse { codes.append("7") }
        if let color, let index = TextStyle.colorNames.firstIndex(of: color) { codes.append(String(30 + index)) }
        return codes.isEmpty ? "" : "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}

/// The characters used to draw lines and boxes.
public struct BoxCharacters: Sendable {
    /// A horizontal line segment.
    public var horizontal: Character
    /// A vertical line segment.
    public var vertical: Character
    /// A box's top left corner.
    public var topLeft: Character
    /// A box's top right corner.
    public var topRight: Character
    /// A box's bottom left corner.
    public var bottomLeft: Character
    /// A box's bottom right corner.
    public var bottomRight: Character

    /// Unicode box drawing.
    public static let unicode = BoxCharacters(
        horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘")
    /// Whether every line and box character is ASCII: a surface drawing with these draws every
    /// other character as an ASCII stand-in too, so that its text is all ASCII.
    public var isASCII: Bool {
        [horizontal, vertical, topLeft, topRight, bottomLeft, bottomRight].allSatisfy(\.isASCII)
    }

    /// Plain ASCII.
    public static let ascii = BoxCharacters(
        horizontal: "-", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+")
}
