import Foundation
import Testing
@testable import HubServer

/// HEAD answers every GET route with GET's header fields and no body; OPTIONS answers every
/// route `204 No Content` with `Allow`: the methods that route takes.
@Suite struct MethodTests {
    /// `response`'s header fields but the date, which may differ from one second to the next,
    /// and the request id, which differs from one request to the next (there must be one).
    private func fields(_ response: WireResponse) -> [String: String] {
        #expect(response.headers["x-request-id"]?.isEmpty == false)
        return response.headers.filter { !["date", "x-request-id"].contains($0.key) }
    }

    @Test func headAnswersWithGETsHeaderFieldsAndNoBody() async throws {
        try await withServer([ServerPaths.examples]) { server in
            let port = server.port
            let exchanges = try await offThePool {
                // On one kept-alive connection: a body after a HEAD would be read as the next
                // response's status line.
                let connection = try LoopbackConnection(port: port)
                return try ["/views/cities:overview", "/preview/cities:overview", "/preview.js", "/preview.css", "/metrics"].map { path in
                    (path, try connection.exchange("GET", path), try connection.exchange("HEAD", path), try connection.exchange("GET", path))
                }
            }
            for (path, get, head, getAgain) in exchanges {
                #expect(head.status == 200 && get.status == 200 && getAgain.status == 200, "\(path)")
                #expect(head.body.isEmpty)
                if path == "/metrics" {
                    // The metrics change with every request: their length with them.
                    #expect(head.headers["content-type"] == "text/plain; version=0.0.4")
                    #expect(head.headers["content-length"].flatMap(Int.init) != nil)
                } else {
                    #expect(fields(head) == fields(get), "\(path)")
                    #expect(getAgain.body == get.body, "\(path)")
                }
            }
            let view = try #require(exchanges.first?.1)
            #expect(view.headers["etag"] != nil && view.headers["content-length"] == "\(view.body.count)")
        }
    }

    @Test func headOfAnUpdateStreamSendsItsHeaderFieldsAndEndsItsSession() async throws {
        try await withServer([ServerPaths.examples], configure: {
            $0.workers = 1
            $0.maxStreamsPerWorker = 1
        }) { server in
            let port = server.port
            let (heads, after) = try await offThePool {
                let connection = try LoopbackConnection(port: port)
                let heads = try (0..<3).map { _ in try connection.exchange("HEAD", "/views/cities:overview/updates") }
                return (heads, try connection.exchange("GET", "/views/cities:overview"))
            }
            for head in heads {
                #expect(head.status == 200)
                #expect(fields(head) == [
                    "content-type": "text/event-stream", "cache-control": "no-cache", "transfer-encoding": "chunked", "server": "hub",
                    "x-content-type-options": "nosniff",
                ])
            }
            #expect(after.status == 200, "no body came after the HEADs")
            // The sessions the HEADs opened have ended: the worker's one stream is free (asked
            // every 50 ms until it is, for up to a minute, reached only on a failure).
            var stream = try await server.events("/views/cities:overview/updates")
            for _ in 0..<1_200 where stream.status == 503 {
                try await Task.sleep(for: .milliseconds(50))
                stream = try await server.events("/views/cities:overview/updates")
            }
            #expect(stream.status == 200)
        }
    }

    @Test func optionsNamesTheMethodsOfEachRoute() async throws {
        try await withServer([ServerPaths.examples]) { server in
            let routes = [
                "/views/cities:overview": "GET, HEAD",
                "/views/search:results?q=abba": "GET, HEAD",
                "/views/cities:overview/updates": "GET, HEAD",
                "/views/songs:list/actions": "POST",
                "/preview/cities:overview": "GET, HEAD",
                "/preview/cities:overview/updates": "GET, HEAD",
                "/sessions/0-none/select": "POST",
                "/sessions/0-none/back": "POST",
                "/sessions/0-none/resize": "POST",
                "/metrics": "GET, HEAD",
                "/preview.js": "GET, HEAD",
                "/preview.css": "GET, HEAD",
            ]
            let port = server.port
            let (answers, nowhere, asterisk) = try await offThePool {
                let connection = try LoopbackConnection(port: port)
                let answers = try routes.keys.sorted().map { ($0, try connection.exchange("OPTIONS", $0)) }
                return (answers, try connection.exchange("OPTIONS", "/nowhere"), try connection.exchange("OPTIONS", "*"))
            }
            for (path, options) in answers {
                #expect(options.status == 204, "\(path)")
                #expect(fields(options) == [
                    "allow": routes[path] ?? "", "server": "hub", "x-content-type-options": "nosniff",
                    "cache-control": path == "/metrics" ? "no-store" : "no-cache",
                ], "\(path)")
                #expect(options.body.isEmpty)
            }
            #expect(answers.count == routes.count)
            #expect(nowhere.status == 404)
            // The server as a whole: every method some route takes.
            #expect(asterisk.status == 204 && asterisk.headers["allow"] == "GET, HEAD, POST, OPTIONS" && asterisk.body.isEmpty)
            let wrongMethod = try await server.post("/views/songs:list", "{}")
            #expect(wrongMethod.status == 405)
            #expect(wrongMethod.headers["allow"] == "GET, HEAD")
        }
    }
}
