import Foundation
import HubCore
import Testing
@testable import HubServer

/// `GET /views/{uri}/updates`: a live screen on a worker sends the view model each time it
/// changes — when an asynchronous operation comes back, when a watched file is edited.
@Suite struct UpdateStreamTests {
    /// The titles of the body components of the view model JSON `data`.
    private func titles(_ data: String) throws -> [String] {
        try JSONParser.parse(data).objectValue?["body"]?.arrayValue?.compactMap {
            $0.objectValue?["text"]?.objectValue?["title"]?.stringValue
        } ?? []
    }

    @Test func anAsynchronousOperationsUpdateIsPushed() async throws {
        try await withServer([ServerPaths.fixture("Live")]) { server in
            let stream = try await server.events("/views/slow:view/updates")
            #expect(stream.status == 200)
            let first = try #require(try await stream.next())
            #expect(first.event == "model")
            #expect(try titles(first.data) == ["waiting"])
            // The operation sleeps 200 ms, then reschedules itself: the stream sends the result.
            let second = try #require(try await stream.next())
            #expect(try titles(second.data) == ["done"])
            // A plain GET answers once the chain settles: the operation finished early, so with
            // what it showed then (a fresh view, its own ctx.state).
            let settled = try await server.get("/views/slow:view")
            #expect(try titles(settled.text) == ["waiting"])
        }
    }

    @Test func theFirstEventIsWhatTheChainMadeNotTheEmptyViewBeforeIt() async throws {
        try await withServer([ServerPaths.fixture("Live")]) { server in
            // The operation sleeps before it adds anything: nothing is sent meanwhile.
            let stream = try await server.events("/views/sleepy:view%3Fms=300/updates")
            let first = try #require(try await stream.next())
            #expect(first.event == "model")
            #expect(try titles(first.data) == ["slept 300 ms"])
        }
    }

    @Test func aFileEditedWhileWatchingIsPushedToTheStream() async throws {
        try await withWatchedCitiesCopy { server, rows in
            let stream = try await server.events("/views/cities:overview/updates")
            let first = try #require(try await stream.next())
            #expect(try titles(first.data).prefix(2) == ["Madrid", "Rome"])
            let source = try String(contentsOf: rows, encoding: .utf8)
            try source.replacingOccurrences(of: #"{ "Madrid", "Spain" }"#, with: #"{ "Madrid (edited)", "Spain" }"#)
                .write(to: rows, atomically: true, encoding: .utf8)
            let edited = try #require(try await stream.next { $0.contains("Madrid (edited)") })
            #expect(try titles(edited.data).prefix(2) == ["Madrid (edited)", "Rome"])
            // Requests after the edit get the edited operation too.
            #expect(try await server.get("/views/cities:overview").text.contains("Madrid (edited)"))
        }
    }

    @Test func aWorkerKeepsAtMostItsStreamsAndRefusesMoreWith503UntilOneEnds() async throws {
        try await withServer([ServerPaths.examples], configure: {
            $0.workers = 1
            $0.maxStreamsPerWorker = 2
            $0.pingInterval = 1
        }) { server in
            var first: EventReader? = try await server.events("/views/cities:overview/updates")
            let second = try await server.events("/preview/cities:overview/updates")
            #expect(first?.status == 200 && second.status == 200)
            let refused = try await server.get("/views/cities:overview/updates")
            #expect(refused.status == 503)
            #expect(try JSONParser.parse(refused.text).objectValue?["detail"]?.stringValue
                == "too many update streams are open (2 a worker); try again later")
            #expect(try await server.get("/views/cities:overview").status == 200, "plain requests are still answered")
            first = nil  // the client goes away: the next ping finds out, and ends its session
            // Asked every 50 ms until a stream opens, for up to a minute (reached only on a failure).
            var reopened: EventReader?
            for _ in 0..<1_200 where reopened == nil {
                let attempt = try await server.events("/views/cities:overview/updates")
                if attempt.status == 200 { reopened = attempt } else { try await Task.sleep(for: .milliseconds(50)) }
            }
            #expect(reopened != nil && first == nil)
        }
    }

    @Test func aPreviewStreamSendsTheTextWhereEachComponentWasDrawnAndTheChain() async throws {
        try await withServer([ServerPaths.examples]) { server in
            let page = try await server.get("/preview/songs:list")
            #expect(page.status == 200)
            #expect(page.headers["content-type"] == "text/html; charset=utf-8")
            #expect(page.text.contains(#"<script src="/preview.js"></script>"#))
            #expect(try await server.get("/preview.js").text.contains("new EventSource(\"/preview/\""))
            let stream = try await server.events("/preview/songs:list/updates")
            let first = try #require(try await stream.next())
            #expect(first.event == "state")
            let state = try #require(try JSONParser.parse(first.data).objectValue)
            let session = try #require(state["session"]?.stringValue)
            #expect(state["stack"] == .array([.string("songs:list")]))
            #expect(state["text"]?.stringValue?.contains("Dancing Queen") == true)
            #expect(state["chain"]?.arrayValue?.first?.objectValue?["name"] == .string("songs"))
            let components = try #require(state["components"]?.arrayValue?.compactMap { $0.objectValue })
            // The rows below the title bar, and each row's delete button drawn inside its row.
            let row = try #require(components.first { $0["id"] == .string("song-1") })
            #expect(row["y"] == .int(2) && row["path"] == .array([.int(0)]))
            let button = try #require(components.first { $0["path"] == .array([.int(0), .int(0)]) })
            #expect(button["id"] == .string("delete") && button["y"] == .int(2))

            // A click on a row selects it: its target opens on top of the session's stack.
            let opened = try await server.post("/sessions/\(session)/select", #"{"path": [2]}"#)
            #expect(opened.status == 200)
            #expect(try JSONParser.parse(bytes: opened.body).objectValue?["stack"] == .array([.string("songs:list"), .string("songs:song:3")]))
            let pushed = try #require(try await stream.next { $0.contains("songs:song:3") })
            #expect(pushed.data.contains("Wonderwall"))
            let back = try await server.post("/sessions/\(session)/back", "{}")
            #expect(try JSONParser.parse(bytes: back.body).objectValue?["stack"] == .array([.string("songs:list")]))
            #expect(try await server.post("/sessions/0-none/back", "{}").status == 404)

            // The page's pane resized: the session's view is drawn that wide, and sent again.
            let resized = try await server.post("/sessions/\(session)/resize", #"{"width": 40}"#)
            #expect(resized.status == 200)
            let narrow = try #require(try JSONParser.parse(bytes: resized.body).objectValue?["text"]?.stringValue)
            #expect(narrow.split(separator: "\n").map(\.count).max() == 40, "\(narrow)")
            let widest: @Sendable (String) -> Int? = { data in
                (try? JSONParser.parse(data).objectValue?["text"]?.stringValue)??.split(separator: "\n").map(\.count).max()
            }
            #expect(try await stream.next { widest($0) == 40 } != nil, "the stream sends the narrower view")
            for bad in [#"{"width": 9}"#, #"{"width": 1001}"#, #"{"width": "wide"}"#, #"{"width": 40, "height": 9}"#] {
                let refused = try await server.post("/sessions/\(session)/resize", bad)
                #expect(refused.status == 400, "\(bad)")
                #expect(refused.text.contains(#"the body must be {\"width\": N}, N columns from 10 to 1000"#), "\(refused.text)")
            }
            let array = try await server.post("/sessions/\(session)/resize", "[]")
            #expect(array.status == 400 && array.text.contains("the body must be a JSON object"), "\(array.text)")
            #expect(try await server.post("/sessions/0-none/resize", #"{"width": 40}"#).status == 404)
        }
    }
}
