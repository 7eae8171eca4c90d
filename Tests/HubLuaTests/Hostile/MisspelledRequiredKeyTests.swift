import HubCore
import HubTestFeatures
import Testing
@testable import HubLua
import HubTools

/// A required key spelt wrong is said as a typo of the key, as an unknown optional key is,
/// rather than only as a key that is missing.
@Suite struct MisspelledRequiredKeyTests {
    private func messages(_ registrations: String) throws -> [String] {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        let result = try runtime.evaluate(
            """
            local messages = {}
            for _, register in ipairs({
            \(registrations)
            }) do
              messages[#messages + 1] = select(2, pcall(register))
            end
            return messages
            """, inFolder: "Fixtures/Sandbox", chunkName: "@typos.lua")
        return (result.arrayValue ?? []).map { $0.stringValue ?? "?" }
    }

    @Test func aMisspeltPerformOrIdGetsADidYouMean() throws {
        let keys = "action_handler, budget, hosts, id, max_reschedules, max_response, operations, reload_policy, schema, store, "
            + "timeout, title, uri, uri_exclude, uri_match, uri_prefix"
        #expect(try messages(
            """
              function() hub.operation { name = "rows", perfrom = function() end } end,
              function() hub.feature { idd = "typo", uri = "typo:view", operations = { function() end } } end,
              function() hub.feature { id = "typo", uri = "typo:view", oprations = { function() end } } end,
              function() hub.operation { name = "rows" } end,
            """) == [
                "typos.lua:3: hub.operation: an operation needs a 'perform' function; unknown key 'perfrom'; did you mean 'perform'?",
                "typos.lua:4: hub.feature: a feature needs a string 'id'; unknown key 'idd'; did you mean 'id'?",
                "typos.lua:5: feature 'typo': unknown key 'oprations'; did you mean 'operations'? (known: \(keys))",
                "typos.lua:6: hub.operation: an operation needs a 'perform' function",
            ])
    }
}
