import HubCore
import Testing

@testable import HubRender

// The text surface components draw into: clipping, wide characters, boxes, display widths.

struct TextCanvasTests {
    // MARK: Clipping

    @Test func textPastCanvasEdgeIsCut() {
        let surface = TextSurface(width: 10, height: 3)
        let canvas = surface.canvas.canvas(for: Rect(x: 2, y: 1, width: 4, height: 1))

        canvas.text(0, 0, "abcdefgh")

        #expect(surface.lines(color: false) == ["", "  abcd", ""])
    }

    @Test func nothingIsDrawnOutsideTheFrame() {
        let surface = TextSurface(width: 10, height: 3)
        let canvas = surface.canvas.canvas(for: Rect(x: 2, y: 1, width: 4, height: 1))

        canvas.text(-1, 0, "xyz")
        canvas.text(0, -1, "above")
        canvas.text(0, 1, "below")
        canvas.text(4, 0, "right")
        canvas.text(0, 0, "a\nb")

        #expect(surface.lines(color: false) == ["", "  az", ""])
    }

    @Test func fillIsClippedToTheFrame() {
        let surface = TextSurface(width: 10, height: 4)
        let canvas = surface.canvas.canvas(for: Rect(x: 2, y: 1, width: 4, height: 2))

        canvas.fill(-5, -5, 20, 20, character: "#")

        #expect(surface.lines(color: false) == ["", "  ####", "  ####", ""])
    }

    @Test func nestedCanvasIsClippedToItsParent() {
        let surface = TextSurface(width: 10, height: 2)
        let parent = surface.canvas.canvas(for: Rect(x: 2, y: 0, width: 4, height: 1))
        let child = parent.canvas(for: Rect(x: 2, y: 0, width: 10, height: 2))

        child.text(0, 0, "abcdef\nghijkl")

        #expect(child.width == 10)
        #expect(child.height == 2)
        #expect(surface.lines(color: false) == ["    ab", ""])
    }

    // MARK: Wide characters

    @Test func wideCharacterFittingBeforeTheClipEdgeIsDrawn() {
        let surface = TextSurface(width: 10, height: 1)
        let canvas = surface.canvas.canvas(for: Rect(x: 0, y: 0, width: 5, height: 1))

        canvas.text(0, 0, "abc東")

        #expect(surface.lines(color: false) == ["abc東"])
    }

    @Test func wideCharacterIsOmittedWhenOnlyItsLeftHalfFits() {
        let surface = TextSurface(width: 10, height: 1)
        let canvas = surface.canvas.canvas(for: Rect(x: 0, y: 0, width: 5, height: 1))

        canvas.text(0, 0, "abcd東x")

        #expect(surface.lines(color: false) == ["abcd"])
    }

    @Test func wideCharacterIsOmittedWhenOnlyItsRightHalfFits() {
        let surface = TextSurface(width: 10, height: 1)
        let canvas = surface.canvas.canvas(for: Rect(x: 1, y: 0, width: 5, height: 1))

        canvas.text(-1, 0, "😀x")

        #expect(surface.lines(color: false) == ["  x"])
    }

    @Test func wideCharacterIsOmittedAtTheSurfaceEdge() {
        let surface = TextSurface(width: 3, height: 1)

        surface.canvas.text(0, 0, "a東京")

        #expect(surface.lines(color: false) == ["a東"])
    }

    @Test func overwritingRightHalfOfWideCharacterBlanksItsLeftHalf() {
        let surface = TextSurface(width: 6, height: 1)
        surface.canvas.text(0, 0, "東京")

        surface.canvas.text(1, 0, "a")

        #expect(surface.lines(color: false) == [" a京"])
    }

    @Test func overwritingLeftHalfOfWideCharacterBlanksItsRightHalf() {
        let surface = TextSurface(width: 6, height: 1)
        surface.canvas.text(0, 0, "東京x")

        surface.canvas.text(2, 0, "b")

        #expect(surface.lines(color: false) == ["東b x"])
    }

    @Test func wideCharacterStraddlingTwoWideCharactersBlanksBothOuterHalves() {
        let surface = TextSurface(width: 6, height: 1)
        surface.canvas.text(0, 0, "東京x")

        surface.canvas.text(1, 0, "日")

        #expect(surface.lines(color: false) == [" 日 x"])
    }

    // MARK: Boxes

    @Test func unicodeBox() {
        let surface = TextSurface(width: 7, height: 4)

        surface.canvas.box(1, 0, 5, 3)

        #expect(surface.lines(color: false) == [" ┌───┐", " │   │", " └───┘", ""])
    }

    @Test func asciiBox() {
        let surface = TextSurface(width: 7, height: 4, boxCharacters: .ascii)

        surface.canvas.box(1, 0, 5, 3)

        #expect(surface.lines(color: false) == [" +---+", " |   |", " +---+", ""])
    }

    @Test func boxClippedByItsCanvas() {
        let surface = TextSurface(width: 6, height: 3)
        let canvas = surface.canvas.canvas(for: Rect(x: 0, y: 0, width: 3, height: 2))

        canvas.box(0, 0, 5, 3)

        #expect(surface.lines(color: false) == ["┌──", "│", ""])
    }

    @Test func linesAndDegenerateBoxes() {
        let surface = TextSurface(width: 4, height: 4, boxCharacters: .ascii)

        surface.canvas.hline(0, 0, 3)
        surface.canvas.vline(3, 1, 2)
        surface.canvas.box(0, 3, 2, 1)

        #expect(surface.lines(color: false) == ["---", "   |", "   |", "--"])
    }

    // MARK: Display width

    @Test func displayWidthOfASCII() {
        #expect(DisplayWidth.of(Character("a")) == 1)
        #expect(DisplayWidth.of(Character(" ")) == 1)
        #expect(DisplayWidth.of("Hello, world") == 12)
        #expect(DisplayWidth.of("") == 0)
    }

    @Test func displayWidthOfCJK() {
        #expect(DisplayWidth.of(Character("東")) == 2)
        #expect(DisplayWidth.of(Character("한")) == 2)
        #expect(DisplayWidth.of(Character("Ａ")) == 2)
        #expect(DisplayWidth.of("東京abc") == 7)
    }

    @Test func displayWidthOfEmoji() {
        #expect(DisplayWidth.of(Character("😀")) == 2)
        #expect(DisplayWidth.of(Character("👍🏽")) == 2)
        #expect(DisplayWidth.of(Character("❤️")) == 2)
        #expect(DisplayWidth.of(Character("❤")) == 1)
        #expect(DisplayWidth.of("a😀b") == 4)
    }

    @Test func displayWidthOfCombiningMarks() {
        #expect(DisplayWidth.of(Character("e\u{301}")) == 1)
        #expect(DisplayWidth.of("Cafe\u{301}") == 4)
        #expect(DisplayWidth.of(Character("\u{301}")) == 0)
        let combiningAcute: Unicode.Scalar = "\u{301}"
        let zeroWidthSpace: Unicode.Scalar = "\u{200B}"
        #expect(DisplayWidth.of(combiningAcute) == 0)
        #expect(DisplayWidth.of(zeroWidthSpace) == 0)
    }

    @Test func prefixNeverSplitsAWideCharacter() {
        #expect(DisplayWidth.prefix(of: "ab東京", fitting: 3) == "ab")
        #expect(DisplayWidth.prefix(of: "ab東京", fitting: 4) == "ab東")
        #expect(DisplayWidth.prefix(of: "ab東京", fitting: 10) == "ab東京")
        #expect(DisplayWidth.prefix(of: "Cafe\u{301}!", fitting: 4) == "Cafe\u{301}")
        #expect(DisplayWidth.prefix(of: "abc", fitting: 0) == "")
    }

    // MARK: Lines

    @Test func linesTrimTrailingBlanks() {
        let surface = TextSurface(width: 8, height: 3)

        surface.canvas.text(0, 0, "a")
        surface.canvas.text(3, 0, "b")
        surface.canvas.text(2, 2, "c")

        #expect(surface.lines(color: false) == ["a  b", "", "  c"])
    }

    @Test func wideCharacterTakesOneCharacterInTheLine() {
        let surface = TextSurface(width: 8, height: 1)

        surface.canvas.text(0, 0, "東")
        surface.canvas.text(3, 0, "x")

        #expect(surface.lines(color: false) == ["東 x"])
    }
}
