/// Turns icon identifiers into short text: a glyph, or a bracketed label for unknown icons.
public protocol IconResolver {
    /// The text shown for the icon `identifier`.
    func glyph(for identifier: String) -> String
}

/// Hub's icons: common symbols as single glyphs; other identifiers as `[name]`.
public struct DefaultIconResolver: IconResolver {
    /// The glyph of each known icon identifier.
    public static let glyphs: [String: String] = [
        "play": "▶", "pause": "⏸", "stop": "■", "heart": "♥", "star": "★", "search": "⌕", "check": "✓",
        "cross": "✗", "plus": "+", "minus": "−", "arrow": "→", "back": "←", "more": "…", "music": "♪",
        "album": "◉", "artist": "☺", "playlist": "☰", "home": "⌂", "settings": "⚙", "warning": "⚠",
        "info": "ⓘ", "food": "◍", "quickfood": "◍", "image": "▦",
    ]

    /// A resolver with the built-in glyphs.
    public init() {}

    public func glyph(for identifier: String) -> String {
        DefaultIconResolver.glyphs[identifier] ?? "[\(identifier)]"
    }
}
