/// A Lua string whose bytes are not UTF-8 text: where the first byte that is not lies.
package struct NotUTF8: Error, Equatable, CustomStringConvertible {
    /// The 1-based position of the first byte that does not start or continue a well-formed
    /// UTF-8 sequence (an overlong form, a surrogate or a code point past U+10FFFF included).
    package let position: Int
    /// That byte.
    package let byte: UInt8

    /// `byte 3 is 0xFF`.
    package var description: String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte \(position) is 0x\(hex.count == 1 ? "0" + hex : hex)"
    }

    /// Where `bytes` stop being UTF-8; nil when all of them are.
    package static func firstInvalid(in bytes: UnsafeRawBufferPointer) -> NotUTF8? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return NotUTF8(position: offset + 1, byte: bytes[offset])
            }
        }
    }
}
