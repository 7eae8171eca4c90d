import Synchronization

/// The ids of the requests the server answers itself, without Hummingbird (the views
/// ``ViewAnswering`` answers), and of any whose context lacks one: a log line has it under
/// ``metadataKey``, as Hummingbird's have theirs. Made as Hummingbird's
/// `RequestID` makes them, a random half for the process and a counter from a random start, but
/// always 32 lowercase hexadecimal digits, written at once into the string (Hummingbird's
/// `String(radix:)` and padding took 3,100 instructions of a kept view's answer).
enum RequestIdentifier {
    /// The log metadata key of a request's id: Hummingbird's.
    static let metadataKey = "hb.request.id"

    private static let process = UInt64.random(in: .min ... .max)
    private static let counter = Atomic<UInt64>(.random(in: .min ... .max))

    /// A new id.
    static func next() -> String {
        let number = counter.add(1, ordering: .relaxed).oldValue
        return String(unsafeUninitializedCapacity: 32) { digits in
            write(process, into: digits, at: 0)
            write(number, into: digits, at: 16)
            return 32
        }
    }

    /// Writes `value` as 16 hexadecimal digits into `digits` from `start`.
    private static func write(_ value: UInt64, into digits: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        for position in 0..<16 {
            let nibble = UInt8(truncatingIfNeeded: value >> (60 - 4 * UInt64(position))) & 0xF
            digits[start + position] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
        }
    }
}
