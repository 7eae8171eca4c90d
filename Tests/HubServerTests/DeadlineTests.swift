import Foundation
import HubCore
import HubLua
import HubRender
import HubSQLite
import Synchronization
import Testing
@testable import HubServer

/// Deadlines count from a request's arrival: no request is answered 504 before the request
/// timeout has passed, however busy the views it waits for are made by other requests' writes.
@Suite struct DeadlineTests {
    /// A ticket for request `number` whose deadline is 10 s away.
    private static func ticket(_ number: Int) -> RequestTicket {
        RequestTicket(number: number, deadline: MonotonicTime.adding(milliseconds: 10_000, to: MonotonicTime.now), watch: nil)
    }

    @Test func aWaitThatSettledIsAnsweredSettledThoughAnsweringAnotherMadeItsScreenBusyAgain() throws {
        let runtime = try HubRuntime(clock: .virtual)
        try runtime.loadFeatures(at: ServerPaths.fixture("Live"))
        let first = try runtime.open("echo:first")
        let second = try runtime.open("echo:second")
        // Both busy until the loop's next turn, as after a change of what they read.
        first.loader.rescheduleOperationOnNextTurn(at: 0)
        second.loader.rescheduleOperationOnNextTurn(at: 0)
        let waiting = WaitingRequests(loop: runtime.loop) { _ in }
        var outcomes: [String] = []
        waiting.wait(for: first, ticket: Self.ticket(1)) { outcome in
            outcomes.append("first \(outcome)")
            // Answering the first writes what the second reads (an action's write).
            second.loader.rescheduleOperationOnNextTurn(at: 0)
        }
        waiting.wait(for: second, ticket: Self.ticket(2)) { outcomes.append("second \($0)") }
        runtime.loop.advance(by: 0)
        waiting.endSettledWaits()
        #expect(outcomes == ["first settled", "second settled"])
    }

    @Test func writesAndReadsOfOneKeyTogetherAreAllAnsweredWithinTheirTime() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-deadline-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SQLiteStore(path: folder.appendingPathComponent("store.sqlite").path)
        // A minute: any 504 in the few seconds this takes came early.
        try await withServer([ServerPaths.fixture("Live")], configure: { $0.store = store; $0.workers = 2; $0.requestTimeout = 60_000 }) {
            server in
            let port = server.port
            let statuses = Mutex<[Int: Int]>([:])
            try await offThePool {
                let group = DispatchGroup()
                for client in 0..<8 {
                    group.enter()
                    Thread {
                        defer { group.leave() }
                        guard let connection = try? LoopbackConnection(port: port, timeoutSeconds: 90) else { return }
                        for request in 0..<60 {
                            let body = Array(#"{"component": "note", "id": "writer:note", "custom": {"note": "\#(client)-\#(request)"}}"#.utf8)
                            let response = client < 4
                                ? try? connection.exchange("POST", "/views/writer:view/actions", headers: ["Content-Type": "application/json"], body: body)
                                : try? connection.exchange("GET", "/views/writer:view")
                            statuses.withLock { $0[response?.status ?? 0, default: 0] += 1 }
                        }
                    }.start()
                }
                group.wait()
            }
            #expect(statuses.withLock { $0 } == [200: 480])
        }
    }
}
