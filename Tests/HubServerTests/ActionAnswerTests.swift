import Foundation
import HubCore
import HubSQLite
import Testing
@testable import HubServer

/// An answer says what happened: an action that raised, or whose write the store refused or
/// could not take, is never answered 2xx, but with the status that says why, the problem
/// details and request id of any failure, and the located error in the log under that id (and
/// in the body in development); a click on the preview is answered the same way.
@Suite struct ActionAnswerTests {
    static let script = ProblemDetailTests.script

    /// `POST /views/writer:view/actions` performing `action` for the note, with `custom`.
    private static func perform(_ action: String, custom: String = "{}", on server: RunningServer) async throws -> WireResponse {
        try await server.post("/views/writer:view/actions", #"{"component": "note", "id": "\#(action)", "custom": \#(custom)}"#)
    }

    @Test func anActionThatRaisesIsAnswered500AndTheLogLineWithItsIdLocatesIt() async throws {
        let log = CapturedLog()
        try await withServer([ServerPaths.fixture("Live")], configure: { $0.logger = log.logger() }) { server in
            let failed = try await Self.perform("writer:boom", on: server)
            let id = try #require(failed.headers["x-request-id"])
            expectProblem(
                failed, status: 500, title: "The action failed", detail: "The server's log has the cause, under request id \(id).",
                instance: "/views/writer:view/actions")
            let lines = log.lines(containing: "POST /views/writer:view/actions 500 ")
            #expect(lines.map(\.requestID) == [id])
            #expect(lines.first?.message.hasSuffix(" ms: the action broke — feature 'writer', action 'writer:boom', \(Self.script):135") == true,
                "\(lines)")
            // Told once, under the request: not also as a problem without an id.
            #expect(log.lines(containing: "the action broke").count == 1, "\(log.lines.map(\.message))")
        }
        try await withServer([ServerPaths.fixture("Live")], configure: { $0.isDevelopment = true }) { server in
            expectProblem(
                try await Self.perform("writer:boom", on: server), status: 500, title: "The action failed",
                detail: "the action broke — feature 'writer', action 'writer:boom', \(Self.script):135", instance: "/views/writer:view/actions")
        }
    }

    @Test func aValueTheStoreRefusesIs413Or422AndTheViewShowsNothingOfIt() async throws {
        try await withServer([ServerPaths.fixture("Live")]) { server in
            let note = String(repeating: "n", count: 100)
            expectProblem(
                try await Self.perform("writer:note", custom: #"{"note": "\#(note)"}"#, on: server), status: 413, title: "Content too large",
                detail: "hub.store.set: writer/note: the value takes 102 bytes of JSON, more than max_value (64)",
                instance: "/views/writer:view/actions")
            expectProblem(
                try await Self.perform("writer:nan", on: server), status: 422, title: "Unprocessable request",
                detail: "hub.store.set: writer/note: the value cannot be stored as JSON: JSON cannot hold NaN",
                instance: "/views/writer:view/actions")
            // Two keys are written before the third is refused: the answer does not say yes.
            expectProblem(
                try await Self.perform("writer:keys", on: server), status: 422, title: "Unprocessable request",
                detail: "hub.store.set: writer/key-3: the namespace holds 2 keys, its most", instance: "/views/writer:view/actions")
            let view = try await server.get("/views/writer:view")
            #expect(view.status == 200 && view.text.contains(#""title":"none""#), "\(view.text)")
        }
    }

    @Test func aStoreWhoseFileWasDeletedIsAnswered503WithRetryAfterAndTheLogSaysWhy() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-deleted-store-\(UUID().uuidString)")
        let path = folder.appendingPathComponent("store.sqlite").path
        let log = CapturedLog()
        let store = try SQLiteStore(path: path)
        try await withServer([ServerPaths.fixture("Live")], configure: { $0.store = store; $0.logger = log.logger() }) { server in
            #expect(try await Self.perform("writer:note", custom: #"{"note": "kept"}"#, on: server).status == 200)
            try FileManager.default.removeItem(at: folder)
            let failed = try await Self.perform("writer:note", custom: #"{"note": "lost"}"#, on: server)
            let id = try #require(failed.headers["x-request-id"])
            expectProblem(
                failed, status: 503, title: "Service unavailable", detail: "The server's log has the cause, under request id \(id).",
                instance: "/views/writer:view/actions")
            #expect(failed.headers["retry-after"] == "1")
            let line = try #require(log.lines(containing: "POST /views/writer:view/actions 503 ").first)
            #expect(line.requestID == id)
            // The view's read of the note (hub.store.get) may meet the deleted file first, or the
            // action's write (hub.store.set): SQLite's readers may still read the deleted file.
            #expect(line.message.contains(": writer/note: \(path) is gone (deleted, or its folder was) since the store opened it: "
                + "writes would be lost; restart Hub"), "\(line.message)")
            #expect(line.message.contains("hub.store.set: ") || line.message.contains("hub.store.get: "), "\(line.message)")
            // A view whose operation writes answers 503 too: the store, not the view, is at fault.
            let view = try await server.get("/views/kept:write")
            #expect(view.status == 503 && view.headers["retry-after"] == "1", "\(view.status) \(view.text)")
        }
    }

    @Test func aClickOnThePreviewWhoseActionFailsIsAnsweredWithItsStatus() async throws {
        try await withServer([ServerPaths.fixture("Live")], configure: { $0.isDevelopment = true }) { server in
            let stream = try await server.events("/preview/writer:view/updates")
            let first = try #require(try await stream.next())
            let session = try #require(try JSONParser.parse(first.data).objectValue?["session"]?.stringValue)
            let click = try await server.post("/sessions/\(session)/select", #"{"component": "note", "id": "writer:boom"}"#)
            expectProblem(
                click, status: 500, title: "The action failed",
                detail: "the action broke — feature 'writer', action 'writer:boom', \(Self.script):135", instance: "/sessions/\(session)/select")
            let written = try await server.post("/sessions/\(session)/select", #"{"component": "note", "id": "writer:note", "custom": {"note": "hi"}}"#)
            #expect(written.status == 200)
        }
    }

    @Test func anActionStillRunningWhenTheRequestsTimeIsUpIs504NamingIt() async throws {
        try await withServer([ServerPaths.fixture("Live")], configure: { $0.isDevelopment = true; $0.requestTimeout = 300 }) { server in
            let detail = "'writer:view' was still loading when the request's time was up "
                + "(action 'writer:slow' still running: what it writes may still be stored)"
            expectProblem(
                try await Self.perform("writer:slow", on: server), status: 504, title: "The view took too long", detail: detail,
                instance: "/views/writer:view/actions")
            let stream = try await server.events("/preview/writer:view/updates")
            let first = try #require(try await stream.next())
            let session = try #require(try JSONParser.parse(first.data).objectValue?["session"]?.stringValue)
            expectProblem(
                try await server.post("/sessions/\(session)/select", #"{"component": "note", "id": "writer:slow"}"#), status: 504,
                title: "The view took too long", detail: detail, instance: "/sessions/\(session)/select")
        }
    }
}
