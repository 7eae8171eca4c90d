import Testing

@testable import HubRender

// Coordinates and sizes anywhere in Int's range, as scripts may pass them: geometry saturates
// instead of trapping, and drawing clips to the canvas first, drawing exactly what fits at a
// cost bounded by the canvas.

struct HugeCoordinateTests {
    private let far = 1 << 40

    // MARK: Geometry

    @Test func edgesPastIntsEndsSaturate() {
        #expect(Rect(x: .max, y: .max, width: 1, height: 1).maxX == .max)
        #expect(Rect(x: .max, y: .max, width: 1, height: 1).maxY == .max)
        #expect(Rect(x: .min, y: .min, width: -1, height: -1).maxX == .min)
        #expect(Rect(x: .min, y: .min, width: -1, height: -1).maxY == .min)
        #expect(Rect(x: .min, y: .min, width: .max, height: .max).maxX == -1)
    }

    @Test func intersectionsOfRectanglesAtBothEndsAreExactOrEmpty() {
        let huge = Rect(x: .min, y: .min, width: .max, height: .max)
        #expect(huge.intersection(Rect(x: -5, y: -5, width: 10, height: 10)) == Rect(x: -5, y: -5, width: 4, height: 4))
        let beyondRight = Rect(x: .max, y: .max, width: 1, height: 1)
        let beyondLeft = Rect(x: .min, y: .min, width: 0, height: 0)
        #expect(beyondRight.intersection(beyondLeft) == Rect(x: .max, y: .max, width: 0, height: 0))
        #expect(beyondLeft.intersection(beyondRight) == Rect(x: .max, y: .max, width: 0, height: 0))
    }

    @Test func sizesForComponentsAreClampedEitherWay() {
        let limit = Size.componentLimit
        #expect(Size(width: .max, height: .min).clampedForComponents == Size(width: limit, height: -limit))
        #expect(Size(width: -3, height: 7).clampedForComponents == Size(width: -3, height: 7))
    }

    // MARK: Text

    @Test func textAtTheEndsOfTheRangeDrawsNothing() {
        let surface = TextSurface(width: 4, height: 2)
        let canvas = surface.canvas

        canvas.text(.max, 0, "x")
        canvas.text(.max - 1, .max, "ab東\n東")
        canvas.text(.min, 0, "abc")
        canvas.text(0, .min, "a\nb")
        canvas.text(1, 1, "ok")

        #expect(surface.lines(color: false) == ["", " ok"])
    }

    // MARK: Fills and lines

    @Test func aHugeFillDrawsTheCanvasAndNoMore() {
        let surface = TextSurface(width: 8, height: 4)
        let canvas = surface.canvas.canvas(for: Rect(x: 2, y: 1, width: 4, height: 2))

        canvas.fill(0, 0, .max, .max, character: "#")

        #expect(surface.lines(color: false) == ["", "  ####", "  ####", ""])
        #expect(surface.drawingCount == 2, "one drawing for each row of the canvas, not for each row asked")
    }

    @Test func fillsFromFarAwayDrawExactlyWhatReachesTheCanvas() {
        let surface = TextSurface(width: 4, height: 3)

        surface.canvas.fill(-far, -far, far + 2, far + 1, character: "#")
        surface.canvas.fill(.min, 1, .max, 1, character: "x")
        surface.canvas.fill(.min, .min, .max, .max, character: "x")
        surface.canvas.fill(.max, .max, .max, .max, character: "x")

        #expect(surface.lines(color: false) == ["##", "", ""])
    }

    @Test func wideCharactersFilledFromFarAwayKeepTheirColumns() {
        let near = TextSurface(width: 6, height: 1)
        let distant = TextSurface(width: 6, height: 1)

        near.canvas.fill(-1, 0, 100, 1, character: "東")
        distant.canvas.fill(-far - 1, 0, .max, 1, character: "東")

        #expect(near.lines(color: false) == [" 東東"])
        #expect(distant.lines(color: false) == [" 東東"])
    }

    @Test func linesAcrossTheWholeRangeDrawTheCanvasAndNoMore() {
        let surface = TextSurface(width: 4, height: 3, boxCharacters: .ascii)

        surface.canvas.hline(-far, 0, 2 * far)
        surface.canvas.hline(.min, 1, .max)
        surface.canvas.vline(3, .min, .max)
        surface.canvas.vline(0, 1, .max)

        #expect(surface.lines(color: false) == ["----", "|", "|"])
    }

    // MARK: Boxes

    @Test func hugeBoxesDrawOnlyTheEdgesThatReachTheCanvas() {
        let surface = TextSurface(width: 4, height: 3, boxCharacters: .ascii)

        surface.canvas.box(0, 0, .max, .max)
        surface.canvas.box(.min, .min, .max, .max)
        surface.canvas.box(.max, .max, .max, .max)
        surface.canvas.box(.max - 1, 0, 2, 2)

        #expect(surface.lines(color: false) == ["+---", "|", "|"])
    }

    @Test func aBoxEndingJustInsideFromFarAwayDrawsItsRightEdge() {
        let surface = TextSurface(width: 4, height: 3, boxCharacters: .ascii)

        surface.canvas.box(-far, -far, far + 3, far + 2)

        #expect(surface.lines(color: false) == ["  |", "--+", ""])
    }

    // MARK: Canvases

    @Test func aCanvasAtTheEndsOfTheRangeDrawsNothing() {
        let surface = TextSurface(width: 4, height: 2)

        surface.canvas.canvas(for: Rect(x: .max, y: 0, width: 1, height: 1)).text(0, 0, "x")
        surface.canvas.canvas(for: Rect(x: 0, y: .max, width: .max, height: .max)).fill(0, 0, .max, .max, character: "x")
        // Offsets that saturate and then come back leave nothing to draw into.
        let beyond = surface.canvas.canvas(for: Rect(x: .min, y: 0, width: 10, height: 1))
            .canvas(for: Rect(x: .min, y: 0, width: 10, height: 1))
            .canvas(for: Rect(x: .max, y: 0, width: 4, height: 1))
        beyond.text(0, 0, "back")

        #expect(surface.lines(color: false) == ["", ""])
    }

    @Test func aCanvasReachingBackFromFarAwayDrawsWhereItLands() {
        let surface = TextSurface(width: 4, height: 2)
        let wide = surface.canvas.canvas(for: Rect(x: -far, y: 0, width: 2 * far, height: 2))

        wide.canvas(for: Rect(x: far + 1, y: 1, width: 2, height: 1)).text(0, 0, "abc")

        #expect(wide.width == 2 * far)
        #expect(surface.lines(color: false) == ["", " ab"])
    }
}
