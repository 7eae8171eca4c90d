import HubCore
import HubRender
import Testing
@testable import HubLua

/// A value JSON cannot hold is refused, and saying where costs little however the script built
/// it: a string that is not UTF-8 at the bottom of 150 levels of 100 KB keys is refused with an
/// error of a line, not a path of 15 MB made outside the script's memory limit.
@Suite struct JSONValueHostileTests {
    @Test func aBadStringUnderLongKeysIsRefusedWithAShortPath() throws {
        let runtime = try makeHostileRuntime(
            """
            hub.feature { id = "deep", uri = "deep:view", operations = { function(ctx)
              local key = string.rep("k", 100000)
              local value = "\\255"
              for _ = 1, 150 do value = { [key] = value } end
              local ok, e = pcall(hub.store.set, "deep", value)
              ctx.view:body("refused").title = tostring(ok) .. " " .. e.code
              ctx.view:body("size").title = tostring(#e.message)
              ctx.view:body("path").title = e.message:sub(1, 150)
            end } }
            """, chunk: "deep.lua")
        let titles = try runtime.open("deep:view").viewModel.body.map { $0.title ?? "" }
        #expect(titles.count == 3)
        #expect(titles.first == "false 10")
        let size = try #require(Int(titles[1]))
        #expect(size < 10_000, "the message is \(size) bytes")
        let shown = String(repeating: "k", count: 40) + "…"
        let path = "hub.store.set: deep/deep: the value cannot be stored as JSON: field '\(shown).\(shown).\(shown)"
        #expect(titles.last == String(decoding: Array(path.utf8.prefix(150)), as: UTF8.self), "the first 150 bytes, as Lua's sub cuts")
        #expect(try othersStillWork(runtime))
    }
}
