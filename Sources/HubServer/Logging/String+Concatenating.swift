extension String {
    /// `parts` one after another, made at their total length at once: appending them one by one
    /// to a log line grew its storage again and again, a few hundred instructions a part.
    init(concatenating parts: String...) {
        let count = parts.reduce(0) { $0 + $1.utf8.count }
        self.init(unsafeUninitializedCapacity: count) { buffer in
            var end = 0
            for var part in parts {
                part.withUTF8 { bytes in
                    end += UnsafeMutableBufferPointer(rebasing: buffer[end...]).initialize(fromContentsOf: bytes)
                }
            }
            return end
        }
    }
}
