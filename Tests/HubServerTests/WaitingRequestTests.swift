import Foundation
import HubCore
import HubLua
import HubRender
import Testing
@testable import HubServer

/// Requests whose chains wait (`hub.sleep`) do not hold their workers: the worker answers
/// others meanwhile, a client that goes away takes its screen (and what its operations still
/// run) with it, a request past its deadline answers 504, and past a worker's bound 503; a
/// server shut down answers the requests still waiting (503) before it stops.
@Suite struct WaitingRequestTests {
    private static let live = ServerPaths.fixture("Live")

    /// A connection that has sent `GET path` and has not read the answer (which may take the
    /// longest sleep here, 50 s, and more on a loaded machine).
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

    @Test func waitingAndAbandonedChainsLeaveTheirWorkersFreeAndAbandonedOnesStop() async throws {
        // As the issue has it: ten requests abandoned by their clients and ten waiting, then a
        // normal GET. Sleeps of 20 s (and a deadline and an operation timeout past them): long
        // enough that, however loaded the machine, the departures and the normal GET come while
        // all of them sleep. (How fast the normal GET is answered is `serve_blocked_get_ms`'s
        // to measure: about half a millisecond.)
        try await withServer([Self.live], configure: {
            $0.requestTimeout = 60_000
            $0.prepareRuntime = { $0.manager.operationLimits.timeout = 60_000 }
        }) { server in
            let port = server.port
            let (waiting, abandoned) = try await offThePool {
                (try (1...10).map { SendableBox(try Self.sent("/views/sleepy:view?ms=20000&n=\($0)", port: port)) },
                 try (11...20).map { SendableBox(try Self.sent("/views/sleepy:view?ms=20000&n=\($0)", port: port)) })
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
            let answers = try await offThePool { try waiting.map { try Self.answer($0.value) } }
            #expect(answers.allSatisfy { $0.status == 200 && $0.body.contains("slept 20000 ms") }, "\(answers)")
            // Only the waiting requests' sleeps ended: the abandoned ones' operations were cancelled.
            #expect(try await Self.sleepsEnded(server) == "slept 10 time(s)")
        }
    }

    @Test func aRequestPastItsDeadlineAnswers504AndItsChainStops() async throws {
        // In development, where the detail names the operation still running.
        try await withServer([Self.live], configure: { $0.requestTimeout = 300; $0.isDevelopment = true }) { server in
            let response = try await server.get("/views/sleepy:view?ms=1000&n=1")
            #expect(response.status == 504)
            #expect(response.headers["content-type"] == "application/problem+json")
            #expect(response.text.contains(#""title":"The view took too long""#), "\(response.text)")
            #expect(response.text.contains("'sleepy:view?ms=1000&n=1' was still loading when the request's time was up (operation 'sleep' still running)"),
                "\(response.text)")
            try await Task.sleep(for: .milliseconds(1_000))
            #expect(try await Self.sleepsEnded(server) == "slept 0 time(s)")
        }
    }

    @Test func outsideDevelopmentA504SaysOnlyWhereTheLogHasTheCause() async throws {
        let log = CapturedLog()
        try await withServer([Self.live], configure: { $0.requestTimeout = 300; $0.logger = log.logger() }) { server in
            let response = try await server.get("/views/sleepy:view?ms=1000&n=1")
            let id = try #require(response.headers["x-request-id"])
            #expect(response.status == 504)
            #expect(response.text.contains(#""title":"The view took too long""#), "\(response.text)")
            #expect(response.text.contains("The server's log has the cause, under request id \(id)."), "\(response.text)")
            #expect(!response.text.contains("'sleep'") && !response.text.contains("still running"), "no operation named to a client: \(response.text)")
            let lines = log.lines(containing: "GET /views/sleepy:view?ms=1000&n=1 504 ")
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
                // 20 s (a deadline and an operation timeout past them): long enough that the
                // refused request comes while both sleep, however loaded the machine. With 9 s, a
                // clean clone's first, cold run saw both waiting, then the refused request
                // answered 200: one sleep had ended in between.
                try (1...2).map { SendableBox(try Self.sent("/views/sleepy:view?ms=20000&n=\($0)", port: port)) }
            }
            #expect(try await server.waitUntilWaiting(2))
            let refused = try await server.get("/views/echo:refused")
            #expect(refused.status == 503)
            #expect(refused.headers["retry-after"] == "1")
            #expect(refused.text.contains("the server is busy (2 requests waiting on each worker); try again shortly"), "\(refused.text)")
            let answers = try await offThePool { try held.map { try Self.answer($0.value) } }
            #expect(answers.map(\.status) == [200, 200])
            #expect(try await server.get("/views/echo:after").status == 200)
        }
    }

    @Test func aServerShutDownAnswersTheRequestsStillWaitingWith503ThenStops() async throws {
        // A sleep of 50 s (a deadline and an operation timeout past it): long enough that the
        // shutdown comes while it sleeps, however loaded the machine. With 20 s, a run of the
        // whole suite in parallel on two cores once saw the sleep end, and its view answered
        // 200, before the shutdown reached the worker; answered 503, the test takes no longer.
        let server = try await RunningServer.start([Self.live]) {
            $0.requestTimeout = 120_000
            $0.prepareRuntime = { $0.manager.operationLimits.timeout = 120_000 }
        }
        let port = server.port
        let waiting = try await offThePool { SendableBox(try Self.sent("/views/sleepy:view?ms=50000&n=1", port: port)) }
        #expect(try await server.waitUntilWaiting(1))
        await server.server.shutDown()
        // As on SIGTERM: a chain still waiting is not waited for.
        let answer = try await offThePool { try Self.answer(waiting.value) }
        #expect(answer.status == 503 && answer.body.contains(#""detail":"the server is stopping""#), "\(answer)")
        // Then it stops listening (the streams end first): a new connection soon finds no server.
        let refused = try await offThePool { () -> Bool in
            for _ in 0..<200 {
                guard (try? LoopbackConnection(port: port)) != nil else { return true }
                usleep(50_000)
            }
            return false
        }
        #expect(refused, "the server still takes connections 10 s after it was shut down")
        await server.stop()
    }
}

/// A value handed between threads by the tests (a connection used by one thread at a time).
struct SendableBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
