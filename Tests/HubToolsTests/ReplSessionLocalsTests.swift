import HubTestFeatures
import Testing
@testable import HubLua
@testable import HubTools

/// The prompt keeps a `local` declared on one line for the next, as Node's and Luau's do.
@Suite struct ReplSessionLocalsTests {
    @Test(arguments: [
        ("local x = 1", "x = 1"),
        ("  local a, b = 1, 2", "  a, b = 1, 2"),
        ("local function f() return 1 end", "function f() return 1 end"),
        ("local s", "s = nil"),
        ("local a, b; print(a)", "a, b = nil; print(a)"),
        ("local c <const> = 1", "local c <const> = 1"),
        ("x = 1", "x = 1"),
        ("for i = 1, 2 do local y = i end", "for i = 1, 2 do local y = i end"),
    ])
    func aLeadingLocalBecomesAGlobalOfThePrompt(source: String, rewritten: String) {
        #expect(ReplSession.keepingLocals(source) == rewritten)
    }

    @Test func aLocalDeclaredOnOneLineIsSeenOnTheNextAndHelpListsWhatThePromptOffers() throws {
        let runtime = try makeRuntime(TestPaths.examples + "/Cities")
        let session = try ReplSession(runtime: runtime, folder: TestPaths.examples + "/Cities")
        #expect(session.evaluate("local answer = 41") == .printed(""))
        #expect(session.evaluate("local function bump(n) return n + 1 end") == .printed(""))
        #expect(session.evaluate("bump(answer)") == .printed("42"))
        guard case .printed(let help) = session.evaluate("help") else { Issue.record("help printed nothing"); return }
        #expect(help.contains("s.failures") && help.contains("local x = 1") && help.contains("hub.reload()"))
    }
}
