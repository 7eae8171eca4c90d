import Foundation
import HubCore
import HubRender
import HubTestBackend
import Testing
@testable import HubLua

/// `hub.http` sends only well-formed requests: a method or a header field that could make one
/// request read as two, or reach another host, is an argument error before anything is sent.
@Suite struct HTTPWellFormedRequestTests {
    /// What `hub.http` says to each of `calls` (Lua calls of `hub.http` functions, without their
    /// `hub.http.` prefix, each caught with `pcall`) in an operation, and the requests a backend
    /// whose `/honest` answers `honest` received; the operation ends with `honest`, a request
    /// that goes through.
    private func refusals(_ calls: [String], honest: String) throws -> (errors: [String], backend: TestBackend) {
        let backend = try TestBackend.start()
        backend.route("/honest", .text("honest"))
        let lines = calls.enumerated().map { index, call in
            "ctx.view:body(\"e\(index)\").title = tostring(select(2, pcall(hub.http.\(call))))"
        }
        let runtime = try makeHTTPRuntime(
            """
            hub.feature { id = "smuggler", uri = "smuggler:view", hosts = { "$HOST" }, operations = { function(ctx)
              \(lines.joined(separator: "\n  "))
              ctx.view:body("honest").title = \(honest).body
            end } }
            """, backend: backend)
        let screen = try runtime.open("smuggler:view")
        #expect(screen.lastError == nil)
        #expect(titles(screen).last == "honest")
        return (Array(titles(screen).dropLast()), backend)
    }

    private let methods = "use GET, HEAD, POST, PUT, PATCH, DELETE or OPTIONS"

    @Test func aMethodOutsideTheSevenIsRefusedBeforeAnythingIsSent() throws {
        let (errors, backend) = try refusals([
            #"request, { method = "GET /x-first HTTP/1.1\r\nHost: evil\r\n\r\nGET /POISON", url = "$BACKEND/x-first" }"#,
            #"request, { method = "/../../../../outside/pwned", url = "$BACKEND/x" }"#,
            #"request, { method = "TRACE", url = "$BACKEND/x" }"#,
            #"request, { method = "CONNECT", url = "$BACKEND/x" }"#,
            #"request, { method = "", url = "$BACKEND/x" }"#,
            #"request, { method = "G\0ET", url = "$BACKEND/x" }"#,
            #"all, { "$BACKEND/x", { method = "PROPFIND", url = "$BACKEND/x" } }"#,
        ], honest: #"hub.http.request { method = "patch", url = "$BACKEND/honest" }"#)
        defer { backend.stop() }
        #expect(errors == [
            #"bad argument #1 to 'hub.http.request' (method 'GET /x-first HTTP/1.1\r\nHost: evil\r\n\r\nGET…' is not allowed: \#(methods))"#,
            "bad argument #1 to 'hub.http.request' (method '/../../../../outside/pwned' is not allowed: \(methods))",
            "bad argument #1 to 'hub.http.request' (method 'TRACE' is not allowed: \(methods))",
            "bad argument #1 to 'hub.http.request' (method 'CONNECT' is not allowed: \(methods))",
            "bad argument #1 to 'hub.http.request' (method '' is not allowed: \(methods))",
            #"bad argument #1 to 'hub.http.request' (method 'G\000ET' is not allowed: \#(methods))"#,
            "bad argument #1 to 'hub.http.all' (field '[2]': method 'PROPFIND' is not allowed: \(methods))",
        ])
        #expect(backend.requests.map { "\($0.method) \($0.uri)" } == ["PATCH /honest"])
    }

    @Test func headersHubSetsItselfAreRefusedBeforeAnythingIsSent() throws {
        let (errors, backend) = try refusals([
            #"request, { url = "$BACKEND/x", headers = { Host = "evil.example" } }"#,
            #"get, "$BACKEND/x", { headers = { ["content-length"] = "0" } }"#,
            #"post, "$BACKEND/x", "body", { headers = { ["Transfer-Encoding"] = "chunked" } }"#,
            #"get, "$BACKEND/x", { headers = { CONNECTION = "close" } }"#,
            #"get, "$BACKEND/x", { headers = { ["Keep-Alive"] = "timeout=5" } }"#,
            #"get, "$BACKEND/x", { headers = { Upgrade = "h2c" } }"#,
            #"get, "$BACKEND/x", { headers = { TE = "trailers" } }"#,
            #"get, "$BACKEND/x", { headers = { Trailer = "x" } }"#,
            #"get, "$BACKEND/x", { headers = { ["Proxy-Authorization"] = "Basic x" } }"#,
        ], honest: #"hub.http.get("$BACKEND/honest", { headers = { ["X-Token"] = "t1", Authorization = "Bearer b" } })"#)
        defer { backend.stop() }
        let reserved = "a script may not set Host, Content-Length, Transfer-Encoding, Connection, Keep-Alive, Upgrade, TE, Trailer or Proxy-*"
        #expect(errors == [
            "bad argument #1 to 'hub.http.request' (field 'headers': header 'Host' is set by Hub itself: \(reserved))",
            "bad argument #2 to 'hub.http.get' (field 'headers': header 'content-length' is set by Hub itself: \(reserved))",
            "bad argument #3 to 'hub.http.post' (field 'headers': header 'Transfer-Encoding' is set by Hub itself: \(reserved))",
            "bad argument #2 to 'hub.http.get' (field 'headers': header 'CONNECTION' is set by Hub itself: \(reserved))",
            "bad argument #2 to 'hub.http.get' (field 'headers': header 'Keep-Alive' is set by Hub itself: \(reserved))",
            "bad argument #2 to 'hub.http.get' (field 'headers': header 'Upgrade' is set by Hub itself: \(reserved))",
            "bad argument #2 to 'hub.http.get' (field 'headers': header 'TE' is set by Hub itself: \(reserved))",
            "bad argument #2 to 'hub.http.get' (field 'headers': header 'Trailer' is set by Hub itself: \(reserved))",
            "bad argument #2 to 'hub.http.get' (field 'headers': header 'Proxy-Authorization' is set by Hub itself: \(reserved))",
        ])
        #expect(backend.requests.map(\.uri) == ["/honest"])
        let honest = backend.requests.first
        #expect(honest?.header("host") == "127.0.0.1:\(backend.port)")
        #expect(honest?.header("x-token") == "t1")
        #expect(honest?.header("authorization") == "Bearer b")
    }

    @Test func headerFieldsThatCouldEndTheRequestAreRefusedBeforeAnythingIsSent() throws {
        let (errors, backend) = try refusals([
            #"get, "$BACKEND/x", { headers = { ["X-A"] = "1\r\nX-Injected: 2" } }"#,
            #"get, "$BACKEND/x", { headers = { ["X-A"] = "1\nX-Injected: 2" } }"#,
            #"get, "$BACKEND/x", { headers = { ["X-A"] = "1\r" } }"#,
            #"get, "$BACKEND/x", { headers = { ["X-A"] = "1\0" } }"#,
            #"get, "$BACKEND/x", { headers = { ["X-A\r\nX-B"] = "1" } }"#,
            #"get, "$BACKEND/x", { headers = { ["bad name"] = "x" } }"#,
        ], honest: #"hub.http.get("$BACKEND/honest", { headers = { ["X-A"] = "a\tb" } })"#)
        defer { backend.stop() }
        let value = "has a value with a line break or a NUL byte, which cannot be sent"
        #expect(errors == [
            "bad argument #2 to 'hub.http.get' (field 'headers': header 'X-A' \(value))",
            "bad argument #2 to 'hub.http.get' (field 'headers': header 'X-A' \(value))",
            "bad argument #2 to 'hub.http.get' (field 'headers': header 'X-A' \(value))",
            "bad argument #2 to 'hub.http.get' (field 'headers': header 'X-A' \(value))",
            #"bad argument #2 to 'hub.http.get' (field 'headers': header 'X-A\r\nX-B' is not a valid header field)"#,
            "bad argument #2 to 'hub.http.get' (field 'headers': header 'bad name' is not a valid header field)",
        ])
        #expect(backend.requests.map(\.uri) == ["/honest"])
        #expect(backend.requests.first?.header("x-a") == "a\tb")
    }

    @Test func aRefusedMethodIsAnErrorAtTheCallersLine() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        let runtime = try makeHTTPRuntime(
            """
            hub.feature { id = "direct", uri = "direct:view", hosts = { "$HOST" }, operations = { function(ctx)
              hub.http.request { method = "TRACE", url = "$BACKEND/x" }
            end } }
            """, backend: backend)
        #expect(try runtime.open("direct:view").lastError?.description
            == "bad argument #1 to 'hub.http.request' (method 'TRACE' is not allowed: \(methods)) — feature 'direct', operation 'http', http.lua:2")
        #expect(backend.requests.isEmpty)
    }
}
