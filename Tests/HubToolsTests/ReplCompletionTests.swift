import HubTestFeatures
import Testing
@testable import HubLua
@testable import HubTools

/// Tab completion at the prompt: globals, fields of tables, a Hub object's members after `.`,
/// and its methods only after `:`.
@Suite struct ReplCompletionTests {
    @Test func afterAColonOnlyMethodsAreOffered() throws {
        let runtime = try makeRuntime(TestPaths.examples + "/Cities")
        let session = try ReplSession(runtime: runtime, folder: TestPaths.examples + "/Cities")
        #expect(session.evaluate(#"s = hub.open("cities:overview")"#) == .printed(""))
        #expect(session.evaluate("t = { name = 'x', greet = function() end }") == .printed(""))
        let methods = session.completions(of: "s:")
        #expect(methods.contains("s:render") && methods.contains("s:select") && methods.contains("s:back"))
        #expect(!methods.contains("s:model") && !methods.contains("s:chain") && !methods.contains("s:failures"))
        #expect(session.completions(of: "s.mo") == ["s.model"])
        #expect(session.completions(of: "s.fa") == ["s.failures"])
        #expect(session.completions(of: "t:") == ["t:greet"])
        #expect(session.completions(of: "x = t.") == ["x = t.greet", "x = t.name"])
    }

    @Test func aPathGoesThroughAHubObjectsProperties() throws {
        let runtime = try makeRuntime(TestPaths.examples + "/Cities")
        let session = try ReplSession(runtime: runtime, folder: TestPaths.examples + "/Cities")
        #expect(session.evaluate(#"s = hub.open("cities:overview")"#) == .printed(""))
        #expect(session.completions(of: "s.model.bo") == ["s.model.body"])
        #expect(session.completions(of: "= s.model.t") == ["= s.model.title"])
        #expect(session.completions(of: "s.model.body.") == [])
        // A method is not read as a property, and an unknown name completes nothing.
        #expect(session.completions(of: "s.render.") == [])
        #expect(session.completions(of: "s.nope.") == [])
        #expect(session.evaluate("= #s.model.body") == .printed("8"))
    }
}
