import Foundation
import HubCore
import HubLua
import HubTools
import HubRender
import Testing
@testable import HubServer

/// Requests whose chains wait (`hub.sleep`) do not hold their workers: the worker answers
/// others meanwhile, a client that goes away takes its screen (and what its operations still
/// run) with it, a request past its deadline answers 504, and past a worker's bound 503; a
/// server shut down answers the requests still waiting (503) before it stops.
@Suite struct WaitingRequestTests {
    private static let live = ServerPaths.fixture("Live")

    /// A connection that has sent `GET path` and has not read the answer (which comes once the
    /// test opens what holds it, or on a failure at the 60 s deadlines here).
    private static func sent(_ path: String, port: Int) throws -> LoopbackConnection {
        let connection = try LoopbackConnection(port: port, timeoutSeconds: 90)
        connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        return connection
    }

    /// The status and body of the answer `connection` gets.
    private static func answer(_ connection: LoopbackConnection) throws -> (status: Int, body: String) {
        let (status, headers) = try connection.readHead()
        let body = headers["content-length"].flatMap(Int.init).map(connection.read(count:)) ?? connection.readToEnd()
        return (status, String(decoding: body, as: UTF8.self))
    }

    /// How many sleeps of the `sleepy` feature ended, as its `sleepy:count` view says.
    private static func sleepsEnded(_ server: RunningServer) async throws -> String {
        let view = try await server.get("/views/sleepy:count")
        return view.text.firstMatch(of: /slept \d+ time\(s\)/).map { String($0.output) } ?? view.text
    }

    /// Lets the held chains (`sleepy:view?held`) of every worker of `server` end their sleeps.
    private static func openHeldChains(_ server: RunningServer) async throws {
        for worker in server.server.pool.workers {
            try await worker.perform { _ = try $0.runtime.evaluate("opened = true", inFolder: "Live") }
        }
    }

    /// Whether the loops of `server`'s workers come to have no timer left (within 30 s: a
    /// stopped chain's last sleep may still fire once), as none has while no chain sleeps.
    private static func noChainSleeps(_ server: RunningServer) async throws -> Bool {
        try await eventually(within: 30) {
            for worker in server.server.pool.workers {
                if try await worker.perform({ $0.runtime.loop.nextDue != nil }) { return false }
            }
            return true
        }
    }

    @Test func waitingAndAbandonedChainsLeaveTheirWorkersFreeAndAbandonedOnesStop() async throws {
        // As the issue has it: ten requests abandoned by their clients and ten waiting, then a
        // normal GET. Their chains sleep until the test opens them (a deadline and an operation
        // timeout of a minute end them only on a failure): however loaded the machine, the
        // departures and the normal GET come while all of them sleep. (How fast the normal GET is
        // answered is `serve_blocked_get_ms`'s to measure: about half a millisecond.)
        try await withServer([Self.live], configure: {
            $0.requestTimeout = 60_000
            $0.prepareRuntime = { $0.manager.operationLimits.timeout = 60_000 }
        }) { server in
            let port = server.port
            let (waiting, abandoned) = try await offThePool {
                (try (1...10).map { SendableBox(try Self.sent("/views/sleepy:view?held&n=\($0)", port: port)) },
                 try (11...20).map { SendableBox(try Self.sent("/views/sleepy:view?held&n=\($0)", port: port)) })
            }
            #expect(try await server.waitUntilWaiting(20), "the twenty requests wait for their chains")
            // Their clients gone, the abandoned requests stop waiting: their screens go, and with
            // them their sleeping operations.
            for connection in abandoned { connection.value.close() }
            #expect(try await server.waitUntilWaiting(10), "the abandoned ten no longer wait")
            // The workers answer a normal GET while the ten left sleep, before any of them.
            let normal = try await server.get("/views/echo:now")
            #expect(normal.status == 200 && normal.text.contains("echo:now"))
            #expect(!waiting.contains { $0.value.hasSomethingToRead }, "a sleeping request was answered before the normal GET")
            try await Self.openHeldChains(server)
            let answers = try await offThePool { try waiting.map { try Self.answer($0.value) } }
            #expect(answers.allSatisfy { $0.status == 200 && $0.body.contains("slept until opened") }, "\(answers)")
            // Only the waiting requests' sleeps ended: the abandoned ones' operations were
            // cancelled (one that was not would still be sleeping, or would have ended too).
            #expect(try await Self.noChainSleeps(server), "a chain still sleeps")
            #expect(try await Self.sleepsEnded(server) == "slept 10 time(s)")
        }
    }

    @Test func aRequestPastItsDeadlineAnswers504AndItsChainStops() async throws {
        // In development, where the detail names the operation still running. The chain sleeps
        // until opened, which it never is: only the deadline can end the request.
        try await withServer([Self.live], configure: { $0.requestTimeout = 300; $0.isDevelopment = true }) { server in
            let response = try await server.get("/views/sleepy:view?held&n=1")
            #expect(response.status == 504)
            #expect(response.headers["content-type"] == "application/problem+json")
            #expect(response.text.contains(#""title":"The view took too long""#), "\(response.text)")
            #expect(response.text.contains("'sleepy:view?held&n=1' was still loading when the request's time was up (operation 'sleep' still running)"),
                "\(response.text)")
            // The chain stopped with the answer: no worker has its sleep on its loop any more,
            // and it never ended.
            #expect(try await Self.noChainSleeps(server), "the chain still sleeps")
            #expect(try await Self.sleepsEnded(server) == "slept 0 time(s)")
        }
    }

    @Test func outsideDevelopmentA504SaysOnlyWhereTheLogHasTheCause() async throws {
        let log = CapturedLog()
        try await withServer([Self.live], configure: { $0.requestTimeout = 300; $0.logger = log.logger() }) { server in
            let response = try await server.get("/views/sleepy:view?held&n=1")
            let id = try #require(response.headers["x-request-id"])
            #expect(response.status == 504)
            #expect(response.text.contains(#""title":"The view took too long""#), "\(response.text)")
            #expect(response.text.contains("The server's log has the cause, under request id \(id)."), "\(response.text)")
            #expect(!response.text.contains("'sleep'") && !response.text.contains("still running"), "no operation named to a client: \(response.text)")
            let lines = log.lines(containing: "GET /views/sleepy:view?held&n=1 504 ")
            #expect(lines.map(\.requestID) == [id])
            #expect(lines.first?.message.contains("operation 'sleep' still running") == true, "\(lines)")
        }
    }

    @Test func pastItsBoundAWorkerRefusesAtOnceWith503() async throws {
        try await withServer([Self.live], configure: {
            $0.workers = 1
            $0.maxRequestsPerWorker = 2
            $0.requestTimeout = 60_000
            $0.prepareRuntime = { $0.manager.operationLimits.timeout = 60_000 }
        }) { server in
            let port = server.port
            let held = try await offThePool {
                // Held until the test opens them (a deadline and an operation timeout of a minute
                // end them only on a failure): the refused request comes while both wait, however
                // loaded the machine. (Sleeps of 9 s, then 20 s, once let one end first.)
                try (1...2).map { SendableBox(try Self.sent("/views/sleepy:view?held&n=\($0)", port: port)) }
            }
            #expect(try await server.waitUntilWaiting(2))
            let refused = try await server.get("/views/echo:refused")
            #expect(refused.status == 503)
            #expect(refused.headers["retry-after"] == "1")
            #expect(refused.text.contains("the server is busy (2 requests waiting on each worker); try again shortly"), "\(refused.text)")
            try await Self.openHeldChains(server)
            let answers = try await offThePool { try held.map { try Self.answer($0.value) } }
            #expect(answers.map(\.status) == [200, 200])
            #expect(try await server.get("/views/echo:after").status == 200)
        }
    }

    @Test func aServerShutDownAnswersTheRequestsStillWaitingWith503ThenStops() async throws {
        // A chain held until opened, which it never is (a deadline and an operation timeout of
        // a minute end it only on a failure): only the shutdown can answer it. (Sleeps of 20 s,
        // then 50 s, once let it end, and its view answer 200, before the shutdown came.)
        let server = try await RunningServer.start([Self.live]) {
            $0.requestTimeout = 60_000
            $0.prepareRuntime = { $0.manager.operationLimits.timeout = 60_000 }
        }
        let port = server.port
        let waiting = try await offThePool { SendableBox(try Self.sent("/views/sleepy:view?held&n=1", port: port)) }
        #expect(try await server.waitUntilWaiting(1))
        await server.server.shutDown()
        // As on SIGTERM: a chain still waiting is not waited for.
        let answer = try await offThePool { try Self.answer(waiting.value) }
        #expect(answer.status == 503 && answer.body.contains(#""detail":"the server is stopping""#), "\(answer)")
        // Then it stops listening (the streams end first): a new connection soon finds no server.
        let refused = try await eventually(within: 30) { try await offThePool { (try? LoopbackConnection(port: port)) == nil } }
        #expect(refused, "the server still takes connections 30 s after it was shut down")
        await server.stop()
    }
}

/// A value handed between threads by the tests (a connection used by one thread at a time).
struct SendableBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
