import HubCore
import HubHTTP
import HubTestBackend
import Testing

/// The test backend itself, seen through the transport: what it records, and that stopping
/// it ends its listener and its connections.
@Suite struct TestBackendTests {
    @Test func recordsEveryRequestInOrderAndAnswersUnroutedPaths404() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/a", .text("a"))
        let transport = AsyncHTTPTransport()

        let first = exchange(transport, HubHTTPRequest(url: backend.url("/a?x=1"))).response()
        let second = exchange(transport, HubHTTPRequest(method: "DELETE", url: backend.url("/b"))).response()

        #expect(first?.body == Array("a".utf8))
        #expect(second?.status == 404)
        #expect(second?.body == Array("no route for /b".utf8))
        #expect(backend.requests.map { "\($0.method) \($0.uri)" } == ["GET /a?x=1", "DELETE /b"])
        #expect(backend.requests.first?.path == "/a")
        #expect(backend.requests.first?.query == "x=1")
        #expect(backend.requestCount("/a") == 1)
        #expect(backend.requestCount("/b") == 1)
        #expect(backend.requestCount("/c") == 0)
    }

    @Test func answersAfterTheDelayAsked() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/late", .json("{}", after: 200))

        let exchanged = exchange(AsyncHTTPTransport(), HubHTTPRequest(url: backend.url("/late")))

        #expect(exchanged.response()?.status == 200)
        #expect(exchanged.elapsed >= 200)
    }

    @Test func stopClosesTheConnectionsUnderWayAndTheListener() throws {
        let backend = try TestBackend.start()
        backend.route("/never", .neverAnswer)
        let transport = AsyncHTTPTransport()
        let loop = HubEventLoop(clock: .real)
        var result: Result<HubHTTPResponse, HTTPFailure>?
        // Only the backend's stop can end the exchange.
        _ = transport.send(HubHTTPRequest(url: backend.url("/never")), limits: unhurriedLimits, on: loop) { result = $0 }
        // The request is under way once the backend has read it (the loop only wakes for its own work).
        var waited = 0
        while backend.requestCount("/never") == 0, waited < 60_000 {
            loop.advance(by: 10)
            waited += 10
        }
        #expect(backend.requestCount("/never") == 1)

        backend.stop()
        backend.stop()
        loop.run(until: { result != nil }, timeout: 60_000)

        // The connection was closed, not left to time out.
        guard case let .failure(failure)? = result else {
            Issue.record("expected a failure, got \(String(describing: result))")
            return
        }
        #expect(failure.kind == .transport)
        #expect(failure.message == "GET \(backend.url("/never")): the server closed the connection before the response ended")
        let refused = exchange(transport, HubHTTPRequest(url: backend.url("/never"))).failure()
        #expect(refused?.kind == .transport)
        #expect(refused?.message == "GET \(backend.url("/never")): connection refused (127.0.0.1:\(backend.port))")
    }
}
