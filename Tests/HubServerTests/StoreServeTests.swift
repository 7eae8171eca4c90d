import Foundation
import HubCore
import HubRender
import HubSQLite
import Testing
@testable import HubServer

/// `hub serve` with the features' data in a SQLite file every worker shares: no worker answers
/// from a stale copy, and a change through one worker reaches the streams another holds.
@Suite struct StoreServeTests {
    /// A SQLite store in a new temporary folder.
    private static func sqliteStore() throws -> SQLiteStore {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-serve-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try SQLiteStore(path: folder.appendingPathComponent("store.sqlite").path)
    }

    private static func songs(_ json: String) -> [String] {
        json.matches(of: /"id":"(song-\d+)"/).map { String($0.1) }
    }

    @Test func afterADeleteNoneOfFortyConcurrentRequestsAcrossTwoWorkersShowsTheDeletedSong() async throws {
        let store = try Self.sqliteStore()
        try await withServer([ServerPaths.example("Songs")], configure: { $0.workers = 2; $0.store = store }) { server in
            // Both workers open the view once, so that each has run the module that reads the data.
            async let first = server.get("/views/songs:list")
            async let second = server.get("/views/songs:list")
            #expect(try await [first, second].map { Self.songs($0.text) } == [["song-1", "song-2", "song-3"], ["song-1", "song-2", "song-3"]])
            let deleted = try await server.post("/views/songs:list/actions", #"{"path": [0, 0]}"#)
            #expect(Self.songs(deleted.text) == ["song-2", "song-3"])
            let answers = try await withThrowingTaskGroup(of: [String].self) { group in
                for _ in 0..<40 { group.addTask { Self.songs(try await server.get("/views/songs:list").text) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.count == 40)
            #expect(answers.filter { $0 != ["song-2", "song-3"] }.count == 0)
        }
    }

    @Test func aStreamOnOneWorkerGetsTheListADeleteThroughTheOtherWorkerChanged() async throws {
        let store = try Self.sqliteStore()
        try await withServer([ServerPaths.example("Songs")], configure: { $0.workers = 2; $0.store = store }) { server in
            let stream = try await server.events("/views/songs:list/updates")
            // The first view is what the chain built before its first wait for the store.
            let opened = try #require(try await stream.next { $0.contains("song-3") })
            #expect(Self.songs(opened.data) == ["song-1", "song-2", "song-3"])
            #expect(try await Self.deleteTheThirdSongThroughTheWorkerWithoutSessions(of: server) == ["song-1", "song-2"])
            let pushed = try #require(try await stream.next { !$0.contains("song-3") })
            #expect(Self.songs(pushed.data) == ["song-1", "song-2"])
        }
    }

    @Test func aPreviewStreamOnOneWorkerShowsTheListADeleteThroughTheOtherWorkerChanged() async throws {
        let store = try Self.sqliteStore()
        try await withServer([ServerPaths.example("Songs")], configure: { $0.workers = 2; $0.store = store }) { server in
            let stream = try await server.events("/preview/songs:list/updates")
            let opened = try #require(try await stream.next { $0.contains("Wonderwall") })
            #expect(opened.event == "state")
            #expect(try Self.previewed(opened.data) == ["song-1", "song-2", "song-3"])
            #expect(try await Self.deleteTheThirdSongThroughTheWorkerWithoutSessions(of: server) == ["song-1", "song-2"])
            let pushed = try #require(try await stream.next { !$0.contains("Wonderwall") })
            #expect(pushed.event == "state")
            #expect(try Self.previewed(pushed.data) == ["song-1", "song-2"])
            #expect(pushed.data.contains("Dancing Queen"))
        }
    }

    /// The songs a preview state drew, by component id, in order.
    private static func previewed(_ state: String) throws -> [String] {
        let components = try JSONParser.parse(state).objectValue?["components"]?.arrayValue ?? []
        return components.compactMap { $0.objectValue?["id"]?.stringValue }.filter { $0.hasPrefix("song-") }
    }

    /// Deletes the third song of songs:list through the worker that holds no live session (the
    /// other holds the test's stream); the songs its answer lists.
    private static func deleteTheThirdSongThroughTheWorkerWithoutSessions(of server: RunningServer) async throws -> [String] {
        let holder = try await server.server.pool.workers.asyncFirstIndex { worker in
            try await worker.perform { $0.sessionCount > 0 }
        }
        let other = server.server.pool.workers[holder == 0 ? 1 : 0]
        let request = try ActionRequest(body: Array(#"{"path": [2, 0]}"#.utf8))
        let ticket = RequestTicket(number: 1, deadline: MonotonicTime.adding(milliseconds: 10_000, to: MonotonicTime.now), watch: nil)
        let outcome = try await other.answer(limit: 1) { state, reply in
            state.perform(request, on: "songs:list", options: ScreenOptions(width: 80), ticket: ticket, reply: reply)
        }
        guard case .updated(let json) = outcome.result else { throw WireError(description: "the delete navigated") }
        return songs(String(decoding: json, as: UTF8.self))
    }
}

extension Array {
    /// The index of the first element for which `matches` is true, asked in order.
    func asyncFirstIndex(where matches: (Element) async throws -> Bool) async rethrows -> Int? {
        for (index, element) in enumerated() where try await matches(element) { return index }
        return nil
    }
}
