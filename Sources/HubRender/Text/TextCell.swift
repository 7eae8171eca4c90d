/// One cell of a text surface in four bytes (a `Character` enum case took 17): blank, a
/// character that starts there, or the right half of a wide character. A character of one
/// scalar is stored inline; a character of several scalars (an emoji with a variation
/// selector, a letter with combining marks) as an index into its surface's cluster table.
struct TextCell: Equatable {
    private var bits: UInt32

    private static let continuationFlag: UInt32 = 1 << 31
    private static let wideFlag: UInt32 = 1 << 30
    private static let clusterFlag: UInt32 = 1 << 29
    private static let payloadMask: UInt32 = clusterFlag - 1

    // Computed rather than stored constants, so that using one costs no lazy initialisation check.
    /// An empty cell, drawn as a space (scalar U+0000 is never stored: it takes no columns).
    static var blank: TextCell { TextCell(bits: 0) }
    /// The right half of a wide character.
    static var continuation: TextCell { TextCell(bits: continuationFlag) }
    /// A space one column wide, which counts as blank at the end of a line.
    static var space: TextCell { TextCell(scalar: 0x20) }

    private init(bits: UInt32) {
        self.bits = bits
    }

    /// The one-scalar character `scalar`, not wide.
    init(scalar: UInt32) {
        bits = scalar
    }

    /// The multi-scalar character at `index` in the surface's cluster table, not wide.
    init(cluster index: Int) {
        bits = Self.clusterFlag | UInt32(truncatingIfNeeded: index) & Self.payloadMask
    }

    /// This character marked as starting a wide (two-column) character, or not.
    func wide(_ isWide: Bool) -> TextCell {
        TextCell(bits: isWide ? bits | Self.wideFlag : bits & ~Self.wideFlag)
    }

    var isContinuation: Bool { bits == Self.continuationFlag }
    /// Whether a wide character starts here.
    var isWide: Bool { bits & Self.wideFlag != 0 }
    /// Whether the line ends may drop this cell: blank, or a one-column space.
    var isBlank: Bool { bits == 0 || bits == 0x20 }

    /// The character as its one UTF-8 byte when it is ASCII (blank is not).
    var asciiByte: UInt8? {
        bits > 0 && bits < 0x80 ? UInt8(truncatingIfNeeded: bits) : nil
    }

    /// The one UTF-8 byte the cell is written as when it is ASCII or blank (a space).
    var plainByte: UInt8? {
        bits == 0 ? 0x20 : bits < 0x80 ? UInt8(truncatingIfNeeded: bits) : nil
    }

    /// What the cell holds, for writing it out.
    enum Content {
        case blank, continuation, scalar(Unicode.Scalar), cluster(Int)
    }

    var content: Content {
        if bits == 0 { return .blank }
        if isContinuation { return .continuation }
        let payload = bits & Self.payloadMask
        if bits & Self.clusterFlag != 0 { return .cluster(Int(payload)) }
        return Unicode.Scalar(payload).map(Content.scalar) ?? .blank
    }
}
