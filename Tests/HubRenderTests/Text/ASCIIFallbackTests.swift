import Testing
@testable import HubRender

/// A surface drawing in ASCII draws every character as ASCII, in the columns it would take.
@Suite struct ASCIIFallbackTests {
    @Test func theLibrarysGlyphsHaveStandIns() {
        let surface = TextSurface(width: 24, height: 1, boxCharacters: .ascii)
        surface.canvas.text(0, 0, "▦ ◍ ░ … › ✓ ★ ⌕ ◌ ─│┌")
        #expect(surface.lines(color: false) == ["# o . . > v * / o -|+"])
    }

    @Test func lettersStandForTheirBaseLetterAndWideCharactersFillTheirColumns() {
        let surface = TextSurface(width: 20, height: 2, boxCharacters: .ascii)
        surface.canvas.text(0, 0, "Crème brûlée Æ")
        surface.canvas.text(0, 1, "東京 e\u{301} 😀|")
        #expect(surface.lines(color: false) == ["Creme brulee A", "???? e ??|"])
    }

    @Test func fillsUseTheStandInToo() {
        let surface = TextSurface(width: 6, height: 2, boxCharacters: .ascii)
        surface.canvas.fill(0, 0, 3, 2, character: "░")
        #expect(surface.lines(color: false) == ["...", "..."])
    }

    @Test func aUnicodeSurfaceKeepsItsCharacters() {
        let surface = TextSurface(width: 20, height: 1)
        surface.canvas.text(0, 0, "▦ … Crème 東京")
        #expect(surface.lines(color: false) == ["▦ … Crème 東京"])
        #expect(!BoxCharacters.unicode.isASCII && BoxCharacters.ascii.isASCII)
    }
}
