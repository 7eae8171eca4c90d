/// The bytes of one fuzz input, read as a stream of choices: each read takes the next bytes
/// (zeros once they run out), so every input, however short, makes a whole decision tree.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    /// An input over `bytes`.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether every byte has been read.
    public var isExhausted: Bool { position >= bytes.count }

    /// The next byte, or 0 past the end.
    public mutating func byte() -> UInt8 {
        defer { position += 1 }
        return position < bytes.count ? bytes[position] : 0
    }

    /// A number in `0..<count` (0 when `count` is 0).
    public mutating func below(_ count: Int) -> Int {
        guard count > 1 else { return 0 }
        let value = Int(byte()) << 8 | Int(byte())
        return value % count
    }

    /// One of `choices`.
    public mutating func pick<Element>(_ choices: [Element]) -> Element {
        choices[below(choices.count)]
    }

    /// True with probability `percent` in 100.
    public mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }
}
