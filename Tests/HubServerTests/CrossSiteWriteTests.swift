import Foundation
import HubCore
import Testing
@testable import HubServer

/// Against CSRF, a write (POST and every other unsafe method) needs a JSON body, declared with
/// `Content-Type: application/json` (415 otherwise), and, when it has an `Origin`, the server's
/// own (403 otherwise), so that a page of another site cannot delete a song: sent over raw
/// sockets with the exact headers a browser sends for such a page's form or `no-cors` fetch
/// (CrossSiteBrowserTests sends them from a real browser).
@Suite struct CrossSiteWriteTests {
    /// A form field whose name and value a `text/plain` form sends as `name=value`: this JSON,
    /// which deletes the first song, were it taken.
    static let formBody = #"{"path":[0,0],"custom":{"a":"="}}"#

    /// `POST /views/songs:list/actions` of `body` sent to `127.0.0.1:{port}`, as a browser sends
    /// it, with `headers`.
    private func write(_ server: RunningServer, _ headers: [String: String], body: String = formBody, path: String = "/views/songs:list/actions") async throws -> WireResponse {
        var head = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\nContent-Length: \(body.utf8.count)\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        return try await server.exchange(head, body: body)
    }

    private func songs(_ server: RunningServer) async throws -> [String] {
        let view = try await server.get("/views/songs:list")
        return try JSONParser.parse(bytes: view.body).objectValue?["body"]?.arrayValue?.compactMap { $0.objectValue?["id"]?.stringValue } ?? []
    }

    @Test func aWriteFromAnotherOriginIsForbiddenAndChangesNothing() async throws {
        try await withServer([ServerPaths.examples], configure: { $0.workers = 1 }) { server in
            let port = server.port
            let origins = [
                "http://evil.example": "a page of 'http://evil.example' may not send this server writes: only its own pages may",
                "null": "a page without an origin may not send this server writes: only its own pages may",
                "http://127.0.0.1:\(port + 1)": "a page of 'http://127.0.0.1:\(port + 1)' may not send this server writes: only its own pages may",
                "https://127.0.0.1:\(port)": "a page of 'https://127.0.0.1:\(port)' may not send this server writes: only its own pages may",
                "http://localhost:\(port)": "a page of 'http://localhost:\(port)' may not send this server writes: only its own pages may",
            ]
            for (origin, detail) in origins {
                // A form's text/plain, and JSON as a script would send it: the origin decides either way.
                for contentType in ["text/plain", "application/json"] {
                    let response = try await write(server, ["Origin": origin, "Content-Type": contentType])
                    expectProblem(response, status: 403, title: "Forbidden", detail: detail, instance: "/views/songs:list/actions")
                }
            }
            #expect(try await songs(server) == ["song-1", "song-2", "song-3"])
            let metrics = try await server.get("/metrics")
            #expect(metrics.metricLines.contains(#"hub_rejected_requests_total{reason="origin"} 10"#), "\(metrics.text)")

            // The server's own page: the same origin as the Host it was sent to.
            let own = try await write(server, ["Origin": "http://127.0.0.1:\(port)", "Content-Type": "application/json"])
            #expect(own.status == 200)
            #expect(own.headers["content-type"] == "application/json")
            #expect(try await songs(server) == ["song-2", "song-3"])
        }
    }

    @Test func aWriteMustDeclareAJSONBody() async throws {
        try await withServer([ServerPaths.examples], configure: { $0.workers = 1 }) { server in
            let port = server.port
            let sent = [
                "text/plain": "Content-Type 'text/plain'", "application/x-www-form-urlencoded": "Content-Type 'application/x-www-form-urlencoded'",
                "multipart/form-data; boundary=x": "Content-Type 'multipart/form-data; boundary=x'", "application/jsonp": "Content-Type 'application/jsonp'",
            ]
            for (contentType, named) in sent {
                // Without Origin (curl, a script) and with the server's own (its page): the body decides.
                for headers in [["Content-Type": contentType], ["Content-Type": contentType, "Origin": "http://127.0.0.1:\(port)"]] {
                    expectProblem(
                        try await write(server, headers), status: 415, title: "Unsupported media type",
                        detail: "a POST takes a JSON body, sent with Content-Type: application/json (this one came with \(named))",
                        instance: "/views/songs:list/actions")
                }
            }
            expectProblem(
                try await write(server, [:]), status: 415, title: "Unsupported media type",
                detail: "a POST takes a JSON body, sent with Content-Type: application/json (this one came with no Content-Type)",
                instance: "/views/songs:list/actions")
            // Every write is checked, whatever its route or method.
            #expect(try await write(server, ["Content-Type": "text/plain"], body: "{}", path: "/sessions/0-none/back").status == 415)
            let put = try await server.exchange("PUT /views/songs:list HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: 0\r\n")
            #expect(put.status == 415)
            #expect(try await songs(server) == ["song-1", "song-2", "song-3"])

            for contentType in ["application/json", "Application/JSON", "application/json; charset=utf-8", " application/json ;charset=UTF-8"] {
                // Selecting a song navigates to it, and changes nothing.
                let selected = try await write(server, ["Content-Type": contentType], body: #"{"component": "song-3"}"#)
                #expect(selected.status == 303, "\(contentType)")
                #expect(selected.headers["location"] == "/views/songs:song:3")
            }
            let metrics = try await server.get("/metrics")
            #expect(metrics.metricLines.contains(#"hub_rejected_requests_total{reason="content_type"} 11"#), "\(metrics.text)")
        }
    }

    @Test func anAllowedHostsPagesMayWriteThroughAProxyThatServesThemOverHTTPS() async throws {
        try await withServer([ServerPaths.examples], configure: { $0.workers = 1; $0.allowedHosts = ["hub.example.com"] }) { server in
            let head = "POST /views/songs:list/actions HTTP/1.1\r\nHost: hub.example.com\r\nConnection: close\r\nContent-Type: application/json\r\n"
            let body = #"{"path": [0, 0]}"#
            let proxied = try await server.exchange(head + "Origin: https://hub.example.com\r\nContent-Length: \(body.utf8.count)\r\n", body: body)
            #expect(proxied.status == 200)
            #expect(try await songs(server) == ["song-2", "song-3"])
            let other = try await server.exchange(head + "Origin: https://evil.example\r\nContent-Length: \(body.utf8.count)\r\n", body: body)
            #expect(other.status == 403)
            #expect(try await songs(server) == ["song-2", "song-3"])
        }
    }
}
