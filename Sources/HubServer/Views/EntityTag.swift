import Foundation

/// Entity tags of view models: a hash of their JSON bytes, so that a client holding the same
/// bytes is answered 304 Not Modified.
enum EntityTag {
    /// The strong tag of `bytes`: `"` + 16 hexadecimal digits of their FNV-1a hash + `"`.
    static func of(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - digits.count) + digits + "\""
    }

    /// Whether the `If-None-Match` value `header` (tags separated by commas, or `*`) has `tag`.
    static func matches(_ header: String, _ tag: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            let candidate = candidate.trimmingCharacters(in: .whitespaces)
            return candidate == "*" || candidate == tag || candidate == "W/" + tag
        }
    }
}
