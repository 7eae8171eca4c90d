import Foundation

/// Entity tags of view models: a hash of their JSON bytes, so that a client holding the same
/// bytes is answered 304 Not Modified. The same bytes get the same tag in every process.
enum EntityTag {
    /// The strong tag of `bytes`: `"` + 16 hexadecimal digits of their ``hash(_:)`` + `"`.
    static func of(_ bytes: [UInt8]) -> String {
        let digits = String(bytes.withUnsafeBytes(hash), radix: 16)
        return "\"" + String(repeating: "0", count: 16 - digits.count) + digits + "\""
    }

    /// A 64-bit hash of `bytes`, eight at a time (little-endian words): each word is mixed into
    /// the hash by multiplying it, full width, by an odd constant and folding the 128-bit product
    /// (wyhash's mix), about a sixth of the time of a byte-at-a-time FNV-1a. Not a defence against
    /// collisions made on purpose, which a view's tag does not need.
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = mix(hash ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)), 0x9E37_79B9_7F4A_7C15)
            offset += 8
        }
        var tail: UInt64 = 0
        for (shift, byte) in bytes[offset...].enumerated() {
            tail |= UInt64(byte) << (8 * shift)
        }
        return mix(hash ^ tail, 0xA076_1D64_78BD_642F)
    }

    /// The high and low halves of `a × b`, xored.
    private static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (high, low) = a.multipliedFullWidth(by: b)
        return high ^ low
    }

    /// Whether the `If-None-Match` value `header` (tags separated by commas, or `*`) has `tag`.
    static func matches(_ header: String, _ tag: String) -> Bool {
        // A client sends back the one tag it was given, most of the time.
        if header == tag { return true }
        return header.split(separator: ",").contains { candidate in
            let candidate = candidate.trimmingCharacters(in: .whitespaces)
            return candidate == "*" || candidate == tag || candidate == "W/" + tag
        }
    }
}
