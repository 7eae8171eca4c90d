import Foundation
import HubCore
import Testing
@testable import HubServer

/// The headers every answer carries: `X-Content-Type-Options: nosniff` and `X-Request-Id` on all
/// of them; `Cache-Control` by kind (views their reload policy's, else `no-cache`, as the rest
/// under `/views/`; metrics `no-store`; streams `no-cache`);
/// and the preview page's `Content-Security-Policy`, whose script and style sheet are files of
/// their own.
@Suite struct ResponseHeaderTests {
    @Test func everyAnswerIsNosniffWithARequestIdAndItsCachePolicy() async throws {
        try await withServer([ServerPaths.fixture("Live"), ServerPaths.examples]) { server in
            let view = try await server.get("/views/cities:overview")
            let tag = try #require(view.headers["etag"])
            let answers: [(String, WireResponse, status: Int, cacheControl: String)] = [
                ("view", view, 200, "no-cache"),
                // A view its feature's reload policy keeps a minute: the route's own Cache-Control stays.
                ("kept view", try await server.get("/views/kept:a"), 200, "max-age=60"),
                ("not modified", try await server.get("/views/cities:overview", headers: ["If-None-Match": tag]), 304, "no-cache"),
                ("action", try await server.post("/views/songs:list/actions", #"{"component": "song-3"}"#), 303, "no-cache"),
                ("failed view", try await server.get("/views/broken:view"), 500, "no-cache"),
                ("unknown view", try await server.get("/views/nowhere:view"), 404, "no-cache"),
                ("refused write", try await server.post("/views/songs:list/actions", "{}", headers: ["Content-Type": "text/plain"]), 415, "no-cache"),
                ("metrics", try await server.get("/metrics"), 200, "no-store"),
                ("preview", try await server.get("/preview/cities:overview"), 200, "no-cache"),
                ("preview script", try await server.get("/preview.js"), 200, "no-cache"),
                ("preview style sheet", try await server.get("/preview.css"), 200, "no-cache"),
                ("no route", try await server.get("/nowhere"), 404, "no-cache"),
            ]
            var ids: Set<String> = []
            for (name, response, status, cacheControl) in answers {
                #expect(response.status == status, "\(name)")
                #expect(response.headers["x-content-type-options"] == "nosniff", "\(name)")
                #expect(response.headers["cache-control"] == cacheControl, "\(name)")
                if let id = response.headers["x-request-id"] { ids.insert(id) }
            }
            #expect(ids.count == answers.count)

            // An update stream keeps its own no-cache, and is nosniff too.
            let port = server.port
            let (status, headers) = try await offThePool {
                let connection = try LoopbackConnection(port: port)
                connection.send("GET /views/cities:overview/updates HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                return try connection.readHead()
            }
            #expect(status == 200)
            #expect(headers["content-type"] == "text/event-stream")
            #expect(headers["cache-control"] == "no-cache")
            #expect(headers["x-content-type-options"] == "nosniff")
        }
    }

    @Test func thePreviewRunsOnlyItsOwnFilesAndNoPageFramesIt() async throws {
        try await withServer([ServerPaths.examples]) { server in
            let page = try await server.get("/preview/cities:overview")
            #expect(page.headers["content-type"] == "text/html; charset=utf-8")
            #expect(page.headers["content-security-policy"]
                == "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
            #expect(page.text == PreviewPage.html)
            // Nothing inline for the policy to allow: the script and the style sheet are files.
            #expect(!page.text.contains("<style") && page.text.components(separatedBy: "<script").count == 2)
            #expect(page.text.contains(#"<script src="/preview.js"></script>"#))
            #expect(page.text.contains(#"<link rel="stylesheet" href="/preview.css">"#))

            let script = try await server.get("/preview.js")
            #expect(script.headers["content-type"] == "text/javascript; charset=utf-8")
            #expect(script.text == PreviewPage.scriptText)
            #expect(script.text.contains(#"headers: { "Content-Type": "application/json" }"#))
            let style = try await server.get("/preview.css")
            #expect(style.headers["content-type"] == "text/css; charset=utf-8")
            #expect(style.text == PreviewPage.styleText)
        }
    }
}
