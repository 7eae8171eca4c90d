import Foundation

/// What a render asked for in plain ASCII (`--ascii`, `s:render { ascii = true }`) draws in
/// place of each character that is not ASCII: the library's glyphs (icons, image placeholders,
/// the ellipsis of cut text, shades, arrows), box drawing, and whatever text content holds. A
/// stand-in takes as many columns as the character would have, so the layout is the same as in
/// a Unicode render.
enum ASCIIFallback {
    /// The ASCII bytes drawn for `character`, `columns` (1 or 2) of them: its stand-in from
    /// ``table``, the letter it decomposes to (`é` → `e`), or `?`; a wide character's stand-in
    /// fills both its columns.
    static func bytes(for character: Character, columns: Int) -> [UInt8] {
        Array(repeating: byte(for: character), count: max(1, columns))
    }

    /// One ASCII byte standing for `character`.
    static func byte(for character: Character) -> UInt8 {
        if let ascii = character.asciiValue { return ascii }
        if let mapped = table[character] { return mapped }
        guard let scalar = character.unicodeScalars.first else { return question }
        if let ranged = byte(inRangeOf: scalar) { return ranged }
        // A letter with marks (precomposed or not) stands for its base letter.
        if let base = String(character).decomposedStringWithCanonicalMapping.unicodeScalars.first, base.isASCII,
            base.properties.isAlphabetic
        {
            return UInt8(truncatingIfNeeded: base.value)
        }
        return question
    }

    private static let question = UInt8(ascii: "?")

    /// Stand-ins for whole blocks: box drawing, block elements (shades) and geometric shapes.
    private static func byte(inRangeOf scalar: Unicode.Scalar) -> UInt8? {
        switch scalar.value {
        case 0x2500...0x257F: return UInt8(ascii: "+")   // box drawing not in the table: corners, crossings
        case 0x2580...0x259F: return UInt8(ascii: "#")   // block elements not in the table
        case 0x25A0...0x25FF: return UInt8(ascii: "*")   // geometric shapes not in the table
        default: return nil
        }
    }

    /// Characters with a stand-in of their own.
    private static let table: [Character: UInt8] = {
        var table: [Character: UInt8] = [:]
        let groups: [(String, Character)] = [
            // Lines.
            ("─━┄┅┈┉╌╍═╴╶╸╺╼╾‐‑‒–—―−", "-"), ("│┃┆┇┊┋╎╏║╵╷╹╻╽╿¦", "|"),
            // Shades and blocks: an image placeholder's fill.
            ("░", "."), ("▒", ":"), ("▓█▀▄▌▐", "#"),
            // Marks the library draws: cut text, more, arrows, bullets.
            ("…", "."), ("·•∙◦‧", "."), ("›»→⇒▶►▸▹⟩", ">"), ("‹«←⇐◀◄◂◃⟨", "<"), ("↑▲△▴⇧", "^"), ("↓▼▽▾⇩", "v"),
            // Image placeholders, icons.
            ("■□▢▣▤▥▦▧▨▩▪▫", "#"), ("○◌◍◎●◉◯⊙", "o"), ("✓✔☑", "v"), ("✗✘✕✖☒", "x"), ("★☆✦✧✱✲♥♡❤", "*"),
            ("⌕", "/"), ("☰≡⏸", "="), ("⌂", "^"), ("⚠❗", "!"), ("ⓘℹ", "i"), ("♪♫♩♬", "d"), ("☺☻", "@"), ("⚙", "*"),
            // Punctuation and signs.
            ("‘’‚‛′`´", "'"), ("“”„‟″", "\""), ("×✕", "x"), ("÷", "/"), ("°º", "o"), ("ª", "a"), ("±", "+"),
            ("¡", "!"), ("¿", "?"), ("©", "c"), ("®", "r"), ("™", "t"), ("€", "E"), ("£", "L"), ("¥", "Y"),
            ("§", "S"), ("¶", "P"), ("µ", "u"), ("\u{A0}\u{2002}\u{2003}\u{2009}\u{202F}", " "),
            // Letters that do not decompose.
            ("ß", "s"), ("æ", "a"), ("Æ", "A"), ("ø", "o"), ("Ø", "O"), ("œ", "o"), ("Œ", "O"), ("đ", "d"),
            ("Đ", "D"), ("ł", "l"), ("Ł", "L"), ("þ", "p"), ("Þ", "P"), ("ð", "d"), ("ı", "i"),
        ]
        for (characters, standIn) in groups {
            guard let byte = standIn.asciiValue else { continue }
            for character in characters where table[character] == nil { table[character] = byte }
        }
        return table
    }()
}
