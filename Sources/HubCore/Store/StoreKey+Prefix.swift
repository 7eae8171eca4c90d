extension StoreKey {
    /// The first text after every text that starts with `prefix`, in byte order of UTF-8 (the
    /// order of code points): `prefix` with its last code point increased (past the surrogates),
    /// dropping code points that have no next one; nil when there is none (an empty prefix, or
    /// one of U+10FFFF only). The names a prefix lists are those from `prefix` up to this: a
    /// range a database's index answers, exact whatever characters the prefix holds.
    public static func end(ofPrefix prefix: String) -> String? {
        var scalars = Array(prefix.unicodeScalars)
        while let last = scalars.popLast() {
            let next = last.value + 1 == 0xD800 ? 0xE000 : last.value + 1
            if let scalar = Unicode.Scalar(next) {
                scalars.append(scalar)
                var end = String.UnicodeScalarView()
                end.append(contentsOf: scalars)
                return String(end)
            }
        }
        return nil
    }
}
