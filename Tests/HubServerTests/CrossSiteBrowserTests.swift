import Foundation
import HubCore
import HubTestBackend
import Testing
@testable import HubServer

/// What another site's page can do to a `hub serve` on the same machine, in a real browser
/// (headless Chromium) whose DNS takes `evil.example` to 127.0.0.1 (`--host-resolver-rules`):
/// neither its forms and fetches (CSRF) nor a page whose name was rebound to the server (DNS
/// rebinding) delete a song or read a view.
@Suite struct CrossSiteBrowserTests {
    /// Chromium's DNS answer for the attacker's name: this machine.
    static let arguments = ["--host-resolver-rules=MAP evil.example 127.0.0.1"]

    private func songs(_ server: RunningServer) async throws -> [String] {
        let view = try await server.get("/views/songs:list")
        return try JSONParser.parse(bytes: view.body).objectValue?["body"]?.arrayValue?.compactMap { $0.objectValue?["id"]?.stringValue } ?? []
    }

    /// The attacker's page: a `text/plain` form whose one field makes the JSON that deletes the
    /// first song, posted into a frame, a `no-cors` fetch of that JSON, and a JSON fetch (which
    /// the browser must ask the server about first). What each came to is left in
    /// `window.results`.
    private static func attackingPage(actions: String) -> String {
        """
        <!doctype html>
        <html><body>
        <iframe name="sink"></iframe>
        <form id="form" method="POST" enctype="text/plain" target="sink" action="\(actions)">
        <input type="hidden" name='{"path":[0,0],"custom":{"a":"' value='"}}'>
        </form>
        <script>
        window.results = {};
        const frame = document.querySelector("iframe");
        frame.addEventListener("load", () => {
          try { if (frame.contentWindow.location.href === "about:blank") return; } catch (error) {}
          window.results.form = "answered";
        });
        document.getElementById("form").submit();
        fetch("\(actions)", { method: "POST", mode: "no-cors", headers: { "Content-Type": "text/plain" }, body: '{"path":[0,0]}' })
          .then((response) => { window.results.noCors = response.type; }, (error) => { window.results.noCors = "failed: " + error.name; });
        fetch("\(actions)", { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"path":[0,0]}' })
          .then((response) => { window.results.cors = "status " + response.status; }, (error) => { window.results.cors = "failed: " + error.name; });
        </script>
        </body></html>
        """
    }

    @Test func anotherSitesFormAndFetchesDeleteNothing() async throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        try await withServer([ServerPaths.examples], configure: { $0.workers = 1 }) { server in
            let page = Self.attackingPage(actions: "http://127.0.0.1:\(server.port)/views/songs:list/actions")
            backend.route("/attack.html", .respond(headers: [("Content-Type", "text/html; charset=utf-8")], body: Array(page.utf8)))
            let backendPort = backend.port
            try await offThePool {
                let browser = try HeadlessChromium(arguments: Self.arguments)
                try browser.navigate("http://evil.example:\(backendPort)/attack.html")
                #expect(try browser.wait(until: "window.results.form && window.results.noCors && window.results.cors"))
                #expect(try browser.evaluate("window.results.form") == .string("answered"))
                // The browser sends the no-cors fetch and hides its answer from the page.
                #expect(try browser.evaluate("window.results.noCors") == .string("opaque"))
                // The JSON fetch never leaves the browser: the server grants no other origin a write.
                #expect(try browser.evaluate("window.results.cors") == .string("failed: TypeError"))
            }
            #expect(try await songs(server) == ["song-1", "song-2", "song-3"])
            // The form and the no-cors fetch reached the server, which refused them for their origin.
            let metrics = try await server.get("/metrics")
            #expect(metrics.metricLines.contains(#"hub_rejected_requests_total{reason="origin"} 2"#), "\(metrics.text)")
            #expect(metrics.metricLines.contains(#"hub_http_requests_total{method="POST",status="403"} 2"#), "\(metrics.text)")
        }
    }

    @Test func anotherSitesPageCannotFrameThePreview() async throws {
        // The preview's clicks perform actions: framed under another site's page, they could be
        // clickjacked. Its `frame-ancestors 'none'` has the browser show nothing of it there.
        let backend = try TestBackend.start()
        defer { backend.stop() }
        try await withServer([ServerPaths.examples], configure: { $0.workers = 1 }) { server in
            let preview = "http://127.0.0.1:\(server.port)/preview/cities:overview"
            let page = """
                <!doctype html>
                <html><body><iframe src="\(preview)"></iframe>
                <script>document.querySelector("iframe").addEventListener("load", () => { window.loaded = true; });</script>
                </body></html>
                """
            backend.route("/frame.html", .respond(headers: [("Content-Type", "text/html; charset=utf-8")], body: Array(page.utf8)))
            let (backendPort, pool) = (backend.port, server.server.pool)
            try await offThePool {
                let browser = try HeadlessChromium(arguments: Self.arguments)
                try browser.navigate("http://evil.example:\(backendPort)/frame.html")
                #expect(try browser.wait(until: "window.loaded === true"), "the frame finished, shown or refused")
                // The browser fetched the preview page, and refused to show it in the frame: its
                // script never ran, so it opened no stream (a live session on the worker).
                #expect(pool.sessionCount == 0, "the framed preview opened a stream")
            }
            // Nor did the browser fetch the page's script (which alone opens the stream) or style:
            // the one GET is the page. The frame's load event comes only once a page shown has
            // fetched and run its script, so none is still coming.
            let metrics = try await server.get("/metrics")
            #expect(metrics.metricLines.contains(#"hub_http_requests_total{method="GET",status="200"} 1"#), "\(metrics.text)")

            // The same page opened as a page of its own runs, and opens its stream.
            try await offThePool {
                let browser = try HeadlessChromium()
                try browser.navigate(preview)
                #expect(try browser.wait(until: "document.getElementById('text').textContent.includes('Amsterdam')"))
            }
        }
    }

    @Test func aPageWhoseNameWasReboundToTheServerReadsAndWritesNothing() async throws {
        try await withServer([ServerPaths.examples], configure: { $0.workers = 1 }) { server in
            let port = server.port
            try await offThePool {
                let browser = try HeadlessChromium(arguments: Self.arguments)
                // The attacker's page, once its name leads to the server, is the server's origin
                // to the browser: whatever it fetches from there it may read.
                try browser.navigate("http://evil.example:\(port)/views/songs:list")
                #expect(try browser.wait(until: "document.body.innerText.includes('status')"))
                let problem = try JSONParser.parse(try #require(browser.evaluate("document.body.innerText").stringValue)).objectValue
                #expect(problem?["status"] == .int(421))
                #expect(problem?["detail"] == .string("this server does not answer to the name 'evil.example:\(port)' (hub serve --allowed-host evil.example lets it)"))
                _ = try browser.evaluate("""
                    window.results = {};
                    fetch("/views/songs:list").then((response) => { window.results.read = response.status; });
                    fetch("/views/songs:list/actions", { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"path":[0,0]}' })
                      .then((response) => { window.results.write = response.status; });
                    """)
                #expect(try browser.wait(until: "window.results.read && window.results.write"))
                #expect(try browser.evaluate("[window.results.read, window.results.write]") == .array([.int(421), .int(421)]))
            }
            #expect(try await songs(server) == ["song-1", "song-2", "song-3"])
        }
    }
}
