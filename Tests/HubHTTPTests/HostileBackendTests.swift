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

        // With an hour to answer, a transport that tried again until its timeout would leave
        // the exchange without a result: told at once, the refusal is the result.
        let exchanged = exchange(transport, HubHTTPRequest(url: "http://\(host):\(port)/data"), limits: unhurriedLimits)

        let failure = exchanged.failure()
        #expect(failure?.kind == .transport)
        #expect(failure?.message == "GET http://\(host):\(port)/data: connection refused (\(host):\(port))")
        let backend = try TestBackend.start()
        defer { backend.stop() }
        expectStillWorks(transport, backend)
    }

    /// A server that never answers, and one that drips its body a byte at a time.
    static let slowServers: [(name: String, behaviour: TestBackend.Behaviour)] = [
        ("never answers", .neverAnswer), ("drips", .drip(interval: 20)),
    ]

    @Test(arguments: slowServers.indices)
    func aSlowServerTimesOut(case index: Int) throws {
        let (name, behaviour) = Self.slowServers[index]
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/slow", behaviour)
        let transport = AsyncHTTPTransport()

        let exchanged = exchange(transport, HubHTTPRequest(url: backend.url("/slow")), limits: tight)

        let failure = exchanged.failure()
        #expect(failure?.kind == .timeout, "\(name)")
        #expect(failure?.message == "GET \(backend.url("/slow")): no response within 300 ms", "\(name)")
        // The server would wait for ever: only the 300 ms limit, which the message names, ended it.
        #expect(exchanged.elapsed >= 300, "\(name)")
        #expect(backend.requestCount("/slow") == 1, "\(name)")
        expectStillWorks(transport, backend)
    }

    @Test(arguments: [true, false])
    func aHugeBodyIsTooLarge(chunked: Bool) throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/huge", .huge(bytes: 50_000_000, chunked: chunked))
        let transport = AsyncHTTPTransport()

        let failure = exchange(transport, HubHTTPRequest(url: backend.url("/huge")), limits: mebibyte).failure()

        #expect(failure?.kind == .tooLarge)
        #expect(failure?.message == "GET \(backend.url("/huge")): the response is larger than 1048576 bytes (max_response)")
        expectStillWorks(transport, backend)
    }

    @Test(arguments: [true, false])
    func aBodyAtTheLimitIsNotTooLarge(chunked: Bool) throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/exact", .huge(bytes: 1 << 20, chunked: chunked))

        let response = exchange(AsyncHTTPTransport(), HubHTTPRequest(url: backend.url("/exact")), limits: mebibyte).response()

        #expect(response?.status == 200)
        #expect(response?.body.count == 1 << 20)
    }

    @Test func aHeadRequestForALargeResourceIsNotTooLarge() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/large", .respond(headers: [("content-length", "50000000")]))

        let response = exchange(AsyncHTTPTransport(), HubHTTPRequest(method: "HEAD", url: backend.url("/large")), limits: mebibyte).response()

        #expect(response?.status == 200)
        #expect(response?.headers["content-length"] == "50000000")
        #expect(response?.body == [])
    }

    /// A response that breaks off or makes no sense, and what the failure says after the request line.
    static let brokenResponses: [(name: String, behaviour: TestBackend.Behaviour, message: String)] = [
        ("malformed chunking", .malformedChunking, "malformed response (invalid character in chunk size header)"),
        ("closed mid-body", .closeMidBody, "the server closed the connection before the response ended"),
        ("closed at once", .closeAtOnce, "the server closed the connection before the response ended"),
    ]

    @Test(arguments: brokenResponses.indices)
    func aBrokenResponseIsATransportFailure(case index: Int) throws {
        let (name, behaviour, message) = Self.brokenResponses[index]
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/broken", behaviour)
        let transport = AsyncHTTPTransport()

        let failure = exchange(transport, HubHTTPRequest(url: backend.url("/broken"))).failure()

        #expect(failure?.kind == .transport, "\(name)")
        #expect(failure?.message == "GET \(backend.url("/broken")): \(message)", "\(name)")
        expectStillWorks(transport, backend)
    }

    /// AsyncHTTPClient closes a connection on bytes that come when no response is awaited
    /// (NIOHTTPDecoderError.unsolicitedResponse, read with the answer before it): an answer
    /// nobody asked for is never read as the answer to the next request. (A request the pool
    /// hands that connection just before it closes fails, `I/O on closed channel`: the test
    /// waits for the close.)
    @Test func aResponseNobodyAskedForIsNeverTakenForTheNextOne() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/first", .answerTwice("first", then: "POISON"))
        backend.route("/next", .text("next"))
        let transport = AsyncHTTPTransport()

        #expect(exchange(transport, HubHTTPRequest(url: backend.url("/first"))).response()?.body == Array("first".utf8))
        // The client closes the connection; the backend, keeping it alive, does not.
        #expect(backend.waitForOpenConnectionsToClose(timeout: 60_000))
        // The backend may see the close before the client's pool has let the connection go: a
        // request handed to it then fails as `I/O on closed channel` without being sent, once.
        // What never happens is the unsolicited answer taken for the next one.
        let first = exchange(transport, HubHTTPRequest(url: backend.url("/next")))
        var answered = 0
        if case .failure(let failure) = first.result {
            #expect(failure.message.hasSuffix("I/O on closed channel"), "\(failure.message)")
        } else {
            #expect(first.response()?.body == Array("next".utf8))
            answered += 1
        }
        while answered < 3 {
            #expect(exchange(transport, HubHTTPRequest(url: backend.url("/next"))).response()?.body == Array("next".utf8))
            answered += 1
        }
        #expect(backend.requests.map(\.uri) == ["/first", "/next", "/next", "/next"])
    }
}
