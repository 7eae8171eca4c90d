import HubCore
import HubHTTP
import HubTestBackend
import Testing

/// The AsyncHTTPClient transport against a server that misbehaves on purpose: each case ends
/// in the failure it should, in time, and the transport serves the next request as usual.
@Suite struct HostileBackendTests {
    /// A mebibyte of body, 300 ms to answer.
    let tight = HTTPExchangeLimits(maxBodyBytes: 1 << 20, timeout: 300)
    /// A mebibyte of body, time enough.
    let mebibyte = HTTPExchangeLimits(maxBodyBytes: 1 << 20, timeout: 5_000)

    /// By address (connected to directly) and by name (resolved, then connected to).
    @Test(arguments: ["127.0.0.1", "localhost"])
    func aRefusedConnectionIsATransportFailure(host: String) throws {
        let port = try TestBackend.closedPort()
        let transport = AsyncHTTPTransport()

        let exchanged = exchange(transport, HTTPRequest(url: "http://\(host):\(port)/data"))

        let failure = exchanged.failure()
        #expect(failure?.kind == .transport)
        #expect(failure?.message == "GET http://\(host):\(port)/data: connection refused (\(host):\(port))")
        // Told at once, not after trying again until the request's timeout (5 s).
        #expect(exchanged.elapsed < 4_000)
        let backend = try TestBackend.start()
        defer { backend.stop() }
        expectStillWorks(transport, backend)
    }

    @Test func aServerThatNeverAnswersTimesOut() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/never", .neverAnswer)
        let transport = AsyncHTTPTransport()

        let exchanged = exchange(transport, HTTPRequest(url: backend.url("/never")), limits: tight)

        let failure = exchanged.failure()
        #expect(failure?.kind == .timeout)
        #expect(failure?.message == "GET \(backend.url("/never")): no response within 300 ms")
        #expect(exchanged.elapsed >= 300)
        #expect(exchanged.elapsed < 5_000)
        #expect(backend.requestCount("/never") == 1)
        expectStillWorks(transport, backend)
    }

    @Test func aBodyThatDripsTimesOut() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/drip", .drip(interval: 20))
        let transport = AsyncHTTPTransport()

        let exchanged = exchange(transport, HTTPRequest(url: backend.url("/drip")), limits: tight)

        let failure = exchanged.failure()
        #expect(failure?.kind == .timeout)
        #expect(failure?.message == "GET \(backend.url("/drip")): no response within 300 ms")
        #expect(exchanged.elapsed >= 300)
        #expect(exchanged.elapsed < 5_000)
        expectStillWorks(transport, backend)
    }

    @Test(arguments: [true, false])
    func aHugeBodyIsTooLarge(chunked: Bool) throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/huge", .huge(bytes: 50_000_000, chunked: chunked))
        let transport = AsyncHTTPTransport()

        let failure = exchange(transport, HTTPRequest(url: backend.url("/huge")), limits: mebibyte).failure()

        #expect(failure?.kind == .tooLarge)
        #expect(failure?.message == "GET \(backend.url("/huge")): the response is larger than 1048576 bytes (max_response)")
        expectStillWorks(transport, backend)
    }

    @Test(arguments: [true, false])
    func aBodyAtTheLimitIsNotTooLarge(chunked: Bool) throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/exact", .huge(bytes: 1 << 20, chunked: chunked))

        let response = exchange(AsyncHTTPTransport(), HTTPRequest(url: backend.url("/exact")), limits: mebibyte).response()

        #expect(response?.status == 200)
        #expect(response?.body.count == 1 << 20)
    }

    @Test func malformedChunkingIsATransportFailure() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/bad", .malformedChunking)
        let transport = AsyncHTTPTransport()

        let failure = exchange(transport, HTTPRequest(url: backend.url("/bad"))).failure()

        #expect(failure?.kind == .transport)
        #expect(failure?.message == "GET \(backend.url("/bad")): malformed response (invalid character in chunk size header)")
        expectStillWorks(transport, backend)
    }

    @Test func aConnectionClosedMidBodyIsATransportFailure() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/cut", .closeMidBody)
        let transport = AsyncHTTPTransport()

        let failure = exchange(transport, HTTPRequest(url: backend.url("/cut"))).failure()

        #expect(failure?.kind == .transport)
        #expect(failure?.message == "GET \(backend.url("/cut")): the server closed the connection before the response ended")
        expectStillWorks(transport, backend)
    }

    @Test func aConnectionClosedAtOnceIsATransportFailure() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/slam", .closeAtOnce)
        let transport = AsyncHTTPTransport()

        let failure = exchange(transport, HTTPRequest(url: backend.url("/slam"))).failure()

        #expect(failure?.kind == .transport)
        #expect(failure?.message == "GET \(backend.url("/slam")): the server closed the connection before the response ended")
        expectStillWorks(transport, backend)
    }
}
