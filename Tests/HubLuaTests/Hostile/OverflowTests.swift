import HubCore
import Testing
@testable import HubLua
import HubTools
@testable import HubRender

/// Integers at the ends of Lua's range (`math.mininteger`, `math.maxinteger`, `2^40`) as
/// positions, coordinates, sizes and memory: none traps, and none makes work proportional to
/// the number; each is stored safely, clipped, or a located error.
@Suite struct OverflowTests {
    /// The screen of a body component `o:probe` whose `render` runs `body`, with children
    /// `leaf` (a Lua component drawing its title) and `library` (a section header), drawn 12
    /// columns wide; with how many drawings the render recorded (one per call per row it drew
    /// on: what drawing cost).
    private func renderProbe(_ body: String) throws -> (runtime: HubRuntime, output: String, drawings: Int) {
        let runtime = try makeHostileRuntime(
            """
            hub.component { id = "o:probe", size = function(self, model, container) return container.width, 3 end,
              render = function(self, model, canvas)
                \(body)
              end }
            hub.component { id = "o:leaf", size = function() return 4, 1 end,
              render = function(self, model, canvas) canvas:text(0, 0, model.title) end }
            hub.feature { id = "probe", uri = "probe:view", operations = { function(ctx)
              local probe = ctx.view:body { id = "probe", component = "o:probe" }
              probe:child { id = "leaf", component = "o:leaf", title = "leaf" }
              probe:child { id = "library", component = "default:sectionHeader", title = "library" }
            end } }
            """, chunk: "probe.lua")
        let screen = try runtime.open("probe:view", options: ScreenOptions(width: 12))
        let output = try runtime.render(screen)
        return (runtime, output, screen.renderer.lastDrawingCount)
    }

    // MARK: 1. Integer properties

    @Test func aComponentIndexAtEitherEndOfTheIntegerRangeIsKeptAndPutsTheComponentLast() throws {
        let runtime = try makeHostileRuntime(
            """
            hub.feature { id = "ends", uri = "ends:view", operations = { function(ctx)
              ctx.view:body("low").index = math.mininteger
              ctx.view:body { id = "high", index = math.maxinteger }
              ctx.view:body("plain"):set { index = math.mininteger + 1 }
              ctx.view:body("read").title = ctx.view:body("low").index .. " " .. ctx.view:body("high").index
            end } }
            """, chunk: "ends.lua")
        let screen = try runtime.open("ends:view")
        #expect(screen.lastError == nil)
        #expect(screen.viewModel.body.map(\.identifier) == ["read", "low", "plain", "high"])
        // No 0-based position lies below the lowest index: it reads back as the next one up.
        #expect(screen.viewModel.body.first?.title == "-9223372036854775807 9223372036854775807")
        #expect(try othersStillWork(runtime))
    }

    // MARK: 2. Coordinates at the ends of the range

    @Test func textAtTheEndsOfTheIntegerRangeIsClippedAway() throws {
        let (runtime, output, drawings) = try renderProbe(
            """
            canvas:text(math.maxinteger, 0, "x")
            canvas:text(math.mininteger, 0, "x")
            canvas:text(0, math.maxinteger, "x\\ny")
            canvas:text(math.maxinteger - 1, math.mininteger, "wide東東\\n東")
            canvas:text(1, 1, "ok")
            """)
        #expect(output == probeFrame("", " ok"))
        #expect(runtime.problems.map(\.description) == [])
        // The navigation bar's two, one for "ok" and one for the text left of the frame on its
        // first row: none for the rows and columns far away.
        #expect(drawings == 4)
        #expect(try othersStillWork(runtime))
    }

    @Test func subCanvasesAndChildrenAtTheEndsOfTheIntegerRangeAreClippedAway() throws {
        let (runtime, output, drawings) = try renderProbe(
            """
            canvas:sub(math.maxinteger, 0, 1, 1):text(0, 0, "x")
            canvas:sub(0, math.maxinteger, math.maxinteger, math.maxinteger):fill(0, 0, math.maxinteger, math.maxinteger, "x")
            local far = canvas:sub(math.mininteger, math.mininteger, math.maxinteger, math.maxinteger)
            far:text(math.maxinteger, math.maxinteger, "x")
            far:sub(math.mininteger, math.mininteger, 1, 1):box(0, 0, 2, 2)
            self:render_child(1, canvas, math.maxinteger, 0, 10, 1)
            self:render_child(1, canvas, math.mininteger, math.mininteger, math.maxinteger, math.maxinteger)
            self:render_child(1, far, 0, 0, math.mininteger, math.mininteger)
            self:render_child(2, canvas, 0, 0, math.mininteger, math.mininteger)
            self:render_child(2, canvas, 0, 3, math.maxinteger, math.maxinteger)
            self:child_size(2, math.mininteger, math.maxinteger)
            local width, height = self:child_size(1, math.maxinteger, math.mininteger)
            self:render_child(1, canvas, 1, 1, width, height)
            """)
        #expect(output == probeFrame("", " leaf"))
        #expect(runtime.problems.map(\.description) == [])
        // The navigation bar's two and the leaf's title: none for the canvases and children far away.
        #expect(drawings == 3)
        #expect(try othersStillWork(runtime))
    }

    @Test func aSubCanvasReachingBackFromFarAwayDrawsExactlyWhatFalls() throws {
        let (runtime, output, _) = try renderProbe(
            """
            local back = canvas:sub(-2^40, 0, 2^41, 3):sub(2^40 + 1, 1, 4, 1)
            back:text(0, 0, "in")
            canvas:fill(-2^40, 2, 2^40 + 3, 2^40, "#")
            """)
        #expect(output == probeFrame("", " in", "###"))
        #expect(runtime.problems.map(\.description) == [])
    }

    // MARK: 3. Drawing huge areas

    @Test func drawingAHugeAreaClipsItToTheCanvasAndEndsQuickly() throws {
        let (runtime, output, drawings) = try renderProbe(
            """
            canvas:fill(0, 0, 2^40, 2^40, "#")
            canvas:box(1, 0, 2^40, 2)
            canvas:hline(-2^40, 2, 2^41)
            canvas:vline(0, math.mininteger, math.maxinteger)
            canvas:fill(math.mininteger, math.mininteger, math.maxinteger, math.maxinteger, "x")
            canvas:box(math.mininteger, math.mininteger, math.maxinteger, math.maxinteger)
            canvas:box(math.maxinteger, math.maxinteger, math.maxinteger, math.maxinteger)
            """)
        #expect(output == probeFrame("#┌────────", "#└────────", "──────────"))
        #expect(runtime.problems.map(\.description) == [])
        // The navigation bar's two and eight on the frame's three rows: none for the rows and
        // columns beyond, however many were asked for.
        #expect(drawings == 10)
        #expect(try othersStillWork(runtime))
    }

    // MARK: 4. Memory charges

    @Test func renderingAtTheLargestWidthIsNotEnoughMemory() throws {
        let runtime = try makeHostileRuntime(
            """
            hub.feature { id = "wide", uri = "wide:view", operations = { function(ctx) ctx.view:body("a").title = "a" end } }
            """, chunk: "wide.lua")
        // Refused from the size alone, before anything is drawn: drawing first would not
        // come back from 2^40 columns.
        let result = try runtime.evaluate(
            """
            local s = hub.open("wide:view")
            local huge = hub.open("wide:view", { width = 2^40, height = 2^40 })
            return {
              select(2, pcall(function() return s:render { width = math.maxinteger, height = 100000 } end)),
              select(2, pcall(function() return huge:render() end)),
            }
            """, inFolder: "Fixtures/Sandbox", chunkName: "@wide.lua")
        #expect(result == .array([
            .string("wide.lua:4: not enough memory (the limit is 256 MiB)"),
            .string("wide.lua:5: not enough memory (the limit is 256 MiB)"),
        ]))
        #expect(try othersStillWork(runtime))
    }

    /// The probe's screen: the navigation bar, a margin, the three rows of the probe's frame
    /// (from column 1) and a margin.
    private func probeFrame(_ rows: String...) -> String {
        let frame = (0..<3).map { $0 < rows.count && !rows[$0].isEmpty ? " " + rows[$0] : "" }
        return (["   probe", String(repeating: "─", count: 12), ""] + frame + [""]).map { $0 + "\n" }.joined()
    }
}
