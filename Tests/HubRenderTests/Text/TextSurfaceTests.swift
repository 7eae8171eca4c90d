import HubCore
import Testing

@testable import HubRender

// The compact pieces the surface is made of: four-byte cells, numbered styles, the one row
// each line's drawing is replayed into, and the text written straight from them.

struct TextCellTests {
    @Test func oneScalarCharacterIsStoredInline() {
        let cell = TextCell(scalar: 0x41)

        #expect(cell.wide(true).isWide)
        #expect(!cell.isWide)
        #expect(!cell.isContinuation)
        guard case .scalar(let scalar) = cell.wide(true).content else { Issue.record("not a scalar"); return }
        #expect(scalar == "A")
    }

    @Test func onlyASCIICharactersAreOneByte() {
        #expect(TextCell(scalar: 0x41).asciiByte == 0x41)
        #expect(TextCell(scalar: 0xE9).asciiByte == nil)
        #expect(TextCell.blank.asciiByte == nil)
        #expect(TextCell.continuation.asciiByte == nil)
        #expect(TextCell(cluster: 3).asciiByte == nil)
    }

    @Test func clusterCellNamesItsIndex() {
        guard case .cluster(let index) = TextCell(cluster: 7).wide(true).content else { Issue.record("not a cluster"); return }
        #expect(index == 7)
    }

    @Test func blankAndOneColumnSpaceAreBlank() {
        #expect(TextCell.blank.isBlank)
        #expect(TextCell.space.isBlank)
        #expect(!TextCell(scalar: 0x2E).isBlank)
        #expect(!TextCell.continuation.isBlank)
        #expect(TextCell.continuation.isContinuation)
        #expect(!TextCell.continuation.isWide)
    }
}

struct TextStyleTableTests {
    @Test func plainIsZeroAndEachStyleKeepsItsNumber() {
        var table = TextStyleTable()
        let bold = table.number(of: TextStyle(bold: true))
        let red = table.number(of: TextStyle(color: "red"))
        let boldRed = table.number(of: TextStyle(bold: true, color: "red"))

        #expect(table.number(of: .plain) == TextStyleTable.plain)
        #expect([bold, red, boldRed] == [1, 2, 3])
        #expect(table.number(of: TextStyle(bold: true)) == bold)
        #expect(table.number(of: TextStyle(bold: true, color: "red")) == boldRed)
        #expect(table.ansi.map { String(decoding: $0, as: UTF8.self) } == ["", "\u{1B}[1m", "\u{1B}[31m", "\u{1B}[1;31m"])
    }

    @Test func everyFlagTellsStylesApart() {
        var table = TextStyleTable()
        let styles = [
            TextStyle(bold: true), TextStyle(dim: true), TextStyle(italic: true), TextStyle(underline: true),
            TextStyle(inverse: true), TextStyle(bold: true, inverse: true),
        ]

        #expect(styles.map { table.number(of: $0) } == [1, 2, 3, 4, 5, 6])
    }
}

struct TextRowTests {
    @Test func laterDrawingOverwritesEarlierInOrder() {
        var row = TextRow(width: 6)
        row.text("abcd", ascii: true, x: 0, style: 0, clip: 0..<6)
        row.text("東", ascii: false, x: 1, style: 0, clip: 0..<6)
        row.fill("-", columns: 1, count: 2, x: 4, style: 0, clip: 0..<5)
        var bytes: [UInt8] = []

        row.write(ansi: nil, to: &bytes)

        #expect(String(decoding: bytes, as: UTF8.self) == "a東d-")
    }

    @Test func clearStartsABlankRow() {
        var row = TextRow(width: 4)
        row.text("xy", ascii: true, x: 0, style: 0, clip: 0..<4)
        row.clear()
        row.text("z", ascii: true, x: 1, style: 0, clip: 0..<4)
        var bytes: [UInt8] = []

        row.write(ansi: nil, to: &bytes)

        #expect(String(decoding: bytes, as: UTF8.self) == " z")
    }
}

extension TextRowTests {
    /// The row as text, trailing blanks removed.
    private func text(of row: TextRow) -> String {
        var bytes: [UInt8] = []
        row.write(ansi: nil, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func asciiOverTheHalvesOfWideCharactersBlanksTheirOtherHalves() {
        var row = TextRow(width: 8)
        row.text("東京東", ascii: false, x: 1, style: 0, clip: 0..<8)
        // Starts on the right half of 東 (columns 1–2) and ends on the left half of 東 (5–6).
        row.text("abcd", ascii: true, x: 2, style: 0, clip: 0..<8)

        #expect(text(of: row) == "  abcd")
    }

    @Test func asciiIsCutToItsClipOnBothSides() {
        var row = TextRow(width: 10)
        row.text("0123456789", ascii: true, x: -2, style: 0, clip: 1..<5)

        #expect(text(of: row) == " 3456")
    }

    @Test func asciiWithControlCharactersSkipsThemAndStillClips() {
        var row = TextRow(width: 6)
        row.text("a\tb\u{7F}cdefg", ascii: true, x: 0, style: 0, clip: 0..<4)

        #expect(text(of: row) == "abcd")
    }

    @Test func clearingBlanksEverythingDrawnIncludingWideCharacters() {
        var row = TextRow(width: 6)
        row.text("ab東", ascii: false, x: 0, style: 0, clip: 0..<6)
        row.clear()
        row.text("z", ascii: true, x: 5, style: 0, clip: 0..<6)

        #expect(text(of: row) == "     z")
    }

    @Test func plainRowsWriteBlanksAndWideCharactersBetweenASCIIRuns() {
        var row = TextRow(width: 9)
        row.text("ab", ascii: true, x: 0, style: 0, clip: 0..<9)
        row.text("東", ascii: false, x: 3, style: 0, clip: 0..<9)
        row.text("é", ascii: false, x: 6, style: 0, clip: 0..<9)
        row.text("z", ascii: true, x: 8, style: 0, clip: 0..<9)

        #expect(text(of: row) == "ab 東 é z")
    }
}

struct TextDrawingsTests {
    private func drawing(_ text: Substring, x: Int) -> TextDrawings.Drawing {
        TextDrawings.Drawing(content: .text(text, ascii: true), x: x, clip: 0..<10, style: 0)
    }

    @Test func eachRowKeepsItsDrawingsInOrder() {
        var drawings = TextDrawings(height: 3)
        drawings.append(drawing("a", x: 0), row: 2)
        drawings.append(drawing("b", x: 1), row: 0)
        drawings.append(drawing("c", x: 2), row: 2)
        var rows: [[Int]] = []

        for row in 0..<3 {
            var xs: [Int] = []
            drawings.forEach(inRow: row) { xs.append($0.x) }
            rows.append(xs)
        }

        #expect(rows == [[1], [], [0, 2]])
        #expect([0, 1, 2].map(drawings.isDrawn) == [true, false, true])
        #expect(drawings.count == 3)
    }
}

struct TextSurfaceTests {
    @Test func textIsTheLinesEachEndedByANewline() {
        let surface = TextSurface(width: 8, height: 4)
        surface.canvas.text(1, 1, "ab")
        surface.canvas.text(0, 3, "東京")

        #expect(surface.text(color: false) == "\n ab\n\n東京\n")
        #expect(surface.lines(color: false) == ["", " ab", "", "東京"])
    }

    @Test func colouredTextResetsAfterEachStyledRun() {
        let surface = TextSurface(width: 8, height: 1)
        surface.canvas.text(0, 0, "ab", style: TextStyle(bold: true))
        surface.canvas.text(3, 0, "c", style: TextStyle(color: "red"))

        #expect(surface.text(color: true) == "\u{1B}[1mab\u{1B}[0m \u{1B}[31mc\u{1B}[0m\n")
    }

    @Test func asciiControlsTakeNoColumnsAndCarriageReturnLineFeedIsNoLineBreak() {
        let surface = TextSurface(width: 8, height: 2)

        surface.canvas.text(0, 0, "a\r\nb\tc\u{7F}d\ne")

        #expect(surface.lines(color: false) == ["abcd", "e"])
    }

    @Test func nonASCIITextBreaksLinesAsASCIITextDoes() {
        let surface = TextSurface(width: 8, height: 2)

        surface.canvas.text(0, 0, "é\r\nb\tc\nx東")

        #expect(surface.lines(color: false) == ["ébc", "x東"])
    }

    @Test func charactersOfSeveralScalarsAreKept() {
        let surface = TextSurface(width: 8, height: 1)

        surface.canvas.text(0, 0, "e\u{301}❤️x")

        #expect(surface.lines(color: false) == ["e\u{301}❤️x"])
    }

    @Test func drawingRightOfTheClipRecordsNothing() {
        let surface = TextSurface(width: 4, height: 1)

        surface.canvas.canvas(for: Rect(x: 0, y: 0, width: 2, height: 1)).text(2, 0, "far")

        #expect(surface.text(color: false) == "\n")
    }

    @Test func surfaceWithoutRowsIsOneNewline() {
        #expect(TextSurface(width: 4, height: 0).text(color: false) == "\n")
    }
}

struct DisplayWidthASCIITests {
    @Test func asciiWidthCountsPrintableCharactersOnly() {
        #expect(DisplayWidth.of("hello") == 5)
        #expect(DisplayWidth.of("a\r\nb\t\u{7F}") == 2)
        #expect(DisplayWidth.of("hello"[...]) == 5)
    }

    @Test func asciiPrefixFitsOrIsCut() {
        #expect(DisplayWidth.prefix(of: "hello", fitting: 5) == "hello")
        #expect(DisplayWidth.prefix(of: "hello", fitting: 3) == "hel")
        #expect(DisplayWidth.prefix(of: "a\tb", fitting: 1) == "a\t")
    }
}
