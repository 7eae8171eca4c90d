/// One row of cells that a surface's drawing on that row is replayed into, then written out as
/// a line. A surface needs only one, however tall it is.
struct TextRow {
    let width: Int
    /// Whether every character drawn is written as ASCII (``ASCIIFallback``).
    let asciiOnly: Bool
    private var cells: [TextCell]
    private var styles: [UInt16]
    /// The characters of several scalars drawn on the row, which cells refer to by index.
    private var clusters: [Character] = []
    /// One past the rightmost cell drawn since the row was cleared: the blank cells after it
    /// need no look when trailing blanks are removed.
    private var drawnEnd = 0

    /// A blank row `width` columns wide; with `asciiOnly`, characters that are not ASCII are
    /// drawn as their ASCII stand-ins.
    init(width: Int, asciiOnly: Bool = false) {
        self.width = width
        self.asciiOnly = asciiOnly
        cells = Array(repeating: .blank, count: width)
        styles = Array(repeating: TextStyleTable.plain, count: width)
    }

    /// Blanks the row for the next one: only its cells up to ``drawnEnd``, as the ones after it
    /// were not drawn since it was last blank.
    mutating func clear() {
        let drawn = drawnEnd
        cells.withUnsafeMutableBufferPointer { UnsafeMutableBufferPointer(rebasing: $0[..<drawn]).update(repeating: .blank) }
        styles.withUnsafeMutableBufferPointer { UnsafeMutableBufferPointer(rebasing: $0[..<drawn]).update(repeating: TextStyleTable.plain) }
        clusters.removeAll(keepingCapacity: true)
        drawnEnd = 0
    }

    /// Draws `segment` (text without line breaks) from column `x`, within columns `clip`.
    mutating func text(_ segment: Substring, ascii: Bool, x: Int, style: UInt16, clip: Range<Int>) {
        var column = x
        if ascii {
            drawASCII(segment, x: x, style: style, clip: clip)
            return
        }
        for character in segment {
            let columns = DisplayWidth.of(character)
            guard columns > 0 else { continue }
            if asciiOnly, !character.isASCII {
                putStandIn(for: character, columns: columns, x: column, style: style, clip: clip)
            } else {
                put(cell(for: character), columns: columns, x: column, style: style, clip: clip)
            }
            column = column.saturatingAdding(columns)
        }
    }

    /// Draws the ASCII `segment` from column `x`, within columns `clip`, straight into the cells
    /// without breaking it into grapheme clusters or looking up widths: control characters
    /// (and CR LF, one character) take no columns, every other character one. Without control
    /// characters (nearly always) the shown part is copied as one run: only the characters at
    /// its two ends can be halves of wide characters drawn before, and those are repaired.
    private mutating func drawASCII(_ segment: Substring, x: Int, style: UInt16, clip: Range<Int>) {
        let clip = max(0, clip.lowerBound)..<min(width, clip.upperBound)
        var segment = segment
        segment.withUTF8 { bytes in
            cells.withUnsafeMutableBufferPointer { cells in
                styles.withUnsafeMutableBufferPointer { styles in
                    if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
                        let start = max(x, clip.lowerBound)
                        let end = min(x.saturatingAdding(bytes.count), clip.upperBound)
                        guard start < end else { return }
                        Self.clearWide(at: start, in: cells)
                        Self.clearWide(at: end - 1, in: cells)
                        for column in start..<end {
                            cells[column] = TextCell(scalar: UInt32(bytes[column - x]))
                        }
                        UnsafeMutableBufferPointer(rebasing: styles[start..<end]).update(repeating: style)
                        drawnEnd = max(drawnEnd, end)
                        return
                    }
                    var column = x
                    for byte in bytes where byte >= 0x20 && byte < 0x7F {
                        if clip.contains(column) {
                            Self.clearWide(at: column, in: cells)
                            cells[column] = TextCell(scalar: UInt32(byte))
                            styles[column] = style
                            drawnEnd = max(drawnEnd, column + 1)
                        }
                        column = column.saturatingAdding(1)
                    }
                }
            }
        }
    }

    /// Draws `character`, `columns` wide, `count` times from column `x`, within columns `clip`.
    mutating func fill(_ character: Character, columns: Int, count: Int, x: Int, style: UInt16, clip: Range<Int>) {
        if asciiOnly, !character.isASCII {
            for index in 0..<count {
                putStandIn(for: character, columns: columns, x: x + index * columns, style: style, clip: clip)
            }
            return
        }
        let cell = cell(for: character)
        for index in 0..<count {
            put(cell, columns: columns, x: x + index * columns, style: style, clip: clip)
        }
    }

    /// Puts the ASCII stand-in of `character` (``ASCIIFallback``), one byte per column of its
    /// `columns`, from column `x`.
    private mutating func putStandIn(for character: Character, columns: Int, x: Int, style: UInt16, clip: Range<Int>) {
        for (offset, byte) in ASCIIFallback.bytes(for: character, columns: columns).enumerated() {
            put(TextCell(scalar: UInt32(byte)), columns: 1, x: x.saturatingAdding(offset), style: style, clip: clip)
        }
    }

    /// The cell that shows `character` (not yet marked wide).
    private mutating func cell(for character: Character) -> TextCell {
        let scalars = character.unicodeScalars
        if let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex {
            return TextCell(scalar: first.value)
        }
        clusters.append(character)
        return TextCell(cluster: clusters.count - 1)
    }

    /// Puts `cell`, a character `columns` wide, at column `x` unless it would cross `clip`;
    /// repairs wide characters it overwrites.
    private mutating func put(_ cell: TextCell, columns: Int, x: Int, style: UInt16, clip: Range<Int>) {
        guard columns > 0, x >= clip.lowerBound, x < clip.upperBound, columns <= clip.upperBound - x else { return }
        cells.withUnsafeMutableBufferPointer { cells in
            Self.clearWide(at: x, in: cells)
            if columns == 2 {
                Self.clearWide(at: x + 1, in: cells)
                cells[x] = cell.wide(true)
                cells[x + 1] = .continuation
            } else {
                cells[x] = cell.wide(false)
            }
        }
        if columns == 2 { styles[x + 1] = style }
        styles[x] = style
        drawnEnd = max(drawnEnd, x + columns)
    }

    /// Blanks the cell at `x` and the other half of a wide character there.
    private static func clearWide(at x: Int, in cells: UnsafeMutableBufferPointer<TextCell>) {
        precondition(cells.indices.contains(x), "a cell outside the row")
        if cells[x].isContinuation {
            if x - 1 >= 0 { cells[x - 1] = .blank }
        } else if cells[x].isWide {
            if x + 1 < cells.count { cells[x + 1] = .blank }
        }
        cells[x] = .blank
    }

    /// Writes the row as UTF-8, trailing blanks (and, with `ansi`, plain ones) removed; with
    /// `ansi` (each style number's sequence), styles as ANSI sequences.
    func write(ansi: [[UInt8]]?, to bytes: inout [UInt8]) {
        var end = drawnEnd
        while end > 0, cells[end - 1].isBlank, ansi == nil || styles[end - 1] == TextStyleTable.plain { end -= 1 }
        guard let ansi else { return writePlain(upTo: end, to: &bytes) }
        var current = TextStyleTable.plain
        for index in 0..<end {
            if styles[index] != current {
                if current != TextStyleTable.plain { bytes.append(contentsOf: Self.reset) }
                current = styles[index]
                bytes.append(contentsOf: ansi[Int(current)])
            }
            // ASCII (nearly every cell) is one byte, without decoding the cell.
            if let byte = cells[index].asciiByte {
                bytes.append(byte)
            } else {
                write(cells[index], to: &bytes)
            }
        }
        if current != TextStyleTable.plain { bytes.append(contentsOf: Self.reset) }
    }

    /// Writes the cells before `end` without styles: runs of ASCII and blank cells (nearly the
    /// whole row) are appended at once.
    private func writePlain(upTo end: Int, to bytes: inout [UInt8]) {
        cells.withUnsafeBufferPointer { cells in
            var index = 0
            while index < end {
                var run = index
                while run < end, cells[run].plainByte != nil { run += 1 }
                if run > index {
                    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: run - index) { buffer in
                        for offset in 0..<(run - index) { buffer[offset] = cells[index + offset].plainByte ?? 0x20 }
                        bytes.append(contentsOf: buffer)
                    }
                    index = run
                    continue
                }
                write(cells[index], to: &bytes)
                index += 1
            }
        }
    }

    /// Writes the character of `cell` (one that is not ASCII, most often).
    private func write(_ cell: TextCell, to bytes: inout [UInt8]) {
        switch cell.content {
        case .blank: bytes.append(UInt8(ascii: " "))
        case .continuation: break
        case .scalar(let scalar) where scalar.isASCII: bytes.append(UInt8(truncatingIfNeeded: scalar.value))
        case .scalar(let scalar): UTF8.encode(scalar) { bytes.append($0) }
        case .cluster(let number): bytes.append(contentsOf: clusters[number].utf8)
        }
    }

    private static let reset = Array("\u{1B}[0m".utf8)
}
