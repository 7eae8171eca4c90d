import Foundation
import HubCore
import HubRender
import HubTestBackend
import HubTools
import Testing
@testable import HubLua

/// RFC 9111's requirements of a private cache, as a script sees them against a real server on
/// loopback.
@Suite struct HTTPCacheRFCTests {
    /// A feature allowed to reach the backend, so that the folder's own code may too.
    private let feature = """
        hub.feature { id = "news", uri = "news:view", hosts = { "$HOST" }, operations = { function(ctx) end } }
        """

    /// What `source` (with `$BACKEND`) returns, run by the folder's own code.
    private func evaluated(_ runtime: HubRuntime, _ backend: TestBackend, _ source: String) throws -> String {
        guard case .string(let text) = try runtime.evaluate(backend.substituted(source), inFolder: "Fixtures/Sandbox") else {
            return "not a string"
        }
        return text
    }

    /// §5.1: a response from the cache carries its current age, the origin's Age included.
    @Test func aCachedResponseCarriesItsAge() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/aged", .respond(headers: [("Cache-Control", "max-age=600"), ("Age", "30")], body: Array("aged".utf8)))
        let runtime = try makeHTTPRuntime(feature, backend: backend)
        let source = #"local r = hub.http.get("$BACKEND/aged") return tostring(r.from_cache) .. " " .. r.headers.age"#
        var answers: [String] = []
        let elapsed = try milliseconds {
            answers.append(try evaluated(runtime, backend, source))
            answers.append(try evaluated(runtime, backend, source))
        }
        #expect(answers.first == "false 30", "the origin's response as it came")
        // 30 s, plus the whole seconds the exchange and the stay in the cache took.
        let age = answers.last.flatMap { $0.hasPrefix("true ") ? Int($0.dropFirst(5)) : nil }
        #expect(age.map { (30...30 + elapsed / 1000).contains($0) } == true, "\(answers)")
        #expect(backend.requestCount("/aged") == 1)
    }

    /// §4.3.4: a 304 naming another ETag than the stored one is the answer as it came: one call,
    /// one request, and the stored response stays for the next call to validate.
    @Test func a304ForAnotherETagIsTheAnswerOfOneRequest() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/feed", .handler { request in
            request.header("if-none-match") == nil
                ? .init(headers: [("Cache-Control", "max-age=0"), ("ETag", "\"v1\"")], text: "feed v1")
                : .init(status: 304, headers: [("ETag", "\"v2\"")])
        })
        let runtime = try makeHTTPRuntime(feature, backend: backend)
        let source = #"local r = hub.http.get("$BACKEND/feed") return r.status .. " " .. tostring(r.from_cache) .. " " .. r.body"#
        #expect(try evaluated(runtime, backend, source) == "200 false feed v1")
        #expect(try evaluated(runtime, backend, source) == "304 false ")
        #expect(backend.requestCount("/feed") == 2)
        #expect(backend.requests.map { $0.header("if-none-match") ?? "-" } == ["-", "\"v1\""])
        #expect(try evaluated(runtime, backend, source) == "304 false ")
        #expect(backend.requests.last?.header("if-none-match") == "\"v1\"", "the stored response stays")
    }

    /// §5.2.1.7: `only-if-cached` in the request's Cache-Control, with nothing stored: a 504 from
    /// the cache, nothing sent.
    @Test func onlyIfCachedWithNothingStoredIsA504() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/x", .text("x"))
        let runtime = try makeHTTPRuntime(feature, backend: backend)
        let source = #"return tostring(hub.http.get("$BACKEND/x", { headers = { ["Cache-Control"] = "only-if-cached" } }).status)"#
        #expect(try evaluated(runtime, backend, source) == "504")
        #expect(backend.requests.isEmpty)
    }
}
