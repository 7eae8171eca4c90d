import HubCore
import HubHTTP
import HubTestBackend
import Testing

/// Ordinary exchanges of the AsyncHTTPClient transport with a real server on loopback.
@Suite struct AsyncHTTPTransportTests {
    @Test func answersJSONWithItsHeadersLowerCased() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/data", .json(#"{"items":[1,2]}"#, maxAge: 60, etag: #""v1""#))

        let response = exchange(AsyncHTTPTransport(), HubHTTPRequest(url: backend.url("/data"))).response()

        #expect(response?.status == 200)
        #expect(response?.body == Array(#"{"items":[1,2]}"#.utf8))
        let fields = response?.headers.fields ?? []
        // The backend writes Content-Type, Cache-Control, ETag, Content-Length.
        #expect(fields.first { $0.name == "content-type" }?.value == "application/json")
        #expect(fields.first { $0.name == "cache-control" }?.value == "max-age=60")
        #expect(fields.first { $0.name == "etag" }?.value == #""v1""#)
        #expect(fields.first { $0.name == "content-length" }?.value == "15")
        #expect(response?.fromCache == false)
    }

    @Test func sendsIfNoneMatchAndGets304WithoutABody() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/data", .json(#"{"a":1}"#, etag: #""v7""#))

        let request = HubHTTPRequest(url: backend.url("/data"), headers: ["If-None-Match": #""v7""#])
        let response = exchange(AsyncHTTPTransport(), request).response()

        #expect(response?.status == 304)
        #expect(response?.body == [])
        #expect(response?.headers["etag"] == #""v7""#)
    }

    @Test func postsItsBodyAndHeaders() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/orders", .handler { request in
            TestBackend.Response(status: 201, headers: [("X-Seen", request.header("x-token") ?? "none")], text: "made \(request.body.count)")
        })
        let body = Array(#"{"dish":"soup"}"#.utf8)

        let request = HubHTTPRequest(
            method: "post", url: backend.url("/orders?table=4"),
            headers: ["Content-Type": "application/json", "X-Token": "abc"], body: body)
        let response = exchange(AsyncHTTPTransport(), request).response()

        #expect(response?.status == 201)
        #expect(response?.body == Array("made \(body.count)".utf8))
        #expect(response?.headers["x-seen"] == "abc")
        let requests = backend.requests
        #expect(requests.count == 1)
        #expect(requests.first?.method == "POST")
        #expect(requests.first?.uri == "/orders?table=4")
        #expect(requests.first?.header("content-type") == "application/json")
        #expect(requests.first?.header("x-token") == "abc")
        #expect(requests.first?.header("content-length") == "\(body.count)")
        #expect(requests.first?.body == body)
    }

    @Test func status404IsAResponseNotAFailure() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/gone", .text("not here", status: 404))

        let response = exchange(AsyncHTTPTransport(), HubHTTPRequest(url: backend.url("/gone"))).response()

        #expect(response?.status == 404)
        #expect(response?.body == Array("not here".utf8))
    }

    @Test func aRedirectIsReturnedNotFollowed() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/old", .redirect(to: "/new"))
        backend.route("/new", .text("new"))

        let response = exchange(AsyncHTTPTransport(), HubHTTPRequest(url: backend.url("/old"))).response()

        #expect(response?.status == 302)
        #expect(response?.headers["location"] == "/new")
        #expect(response?.body == [])
        #expect(backend.requestCount("/old") == 1)
        #expect(backend.requestCount("/new") == 0)
    }

    @Test func aURLThatIsNotHTTPIsNotSent() {
        let failure = exchange(AsyncHTTPTransport(), HubHTTPRequest(url: "ftp://127.0.0.1/file")).failure()

        #expect(failure?.kind == .invalidURL)
        #expect(failure?.message == "GET ftp://127.0.0.1/file: not an absolute http or https URL")
    }

    @Test func twoRequestsOnOneLoopWaitTogether() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/held", .neverAnswer)
        backend.route("/slow", .text("slow", after: 300))
        let transport = AsyncHTTPTransport()
        let loop = HubEventLoop(clock: .real)

        // One after the other, the second would wait for ever behind a first that is never
        // answered: it is answered while the first still waits.
        var held: Result<HubHTTPResponse, HTTPFailure>?
        var answered: Result<HubHTTPResponse, HTTPFailure>?
        let holding = transport.send(HubHTTPRequest(url: backend.url("/held")), limits: unhurriedLimits, on: loop) { held = $0 }
        _ = transport.send(HubHTTPRequest(url: backend.url("/slow?n=0")), limits: roomyLimits, on: loop) { answered = $0 }
        #expect(loop.run(until: { answered != nil && backend.requestCount("/held") == 1 }, timeout: 60_000))
        #expect((try? answered?.get())?.status == 200)
        #expect(held == nil)
        holding.cancel()
        #expect(loop.awaitedCount == 0)

        // Both answered, each once.
        var first: Result<HubHTTPResponse, HTTPFailure>?
        var second: Result<HubHTTPResponse, HTTPFailure>?
        _ = transport.send(HubHTTPRequest(url: backend.url("/slow?n=1")), limits: roomyLimits, on: loop) { first = $0 }
        _ = transport.send(HubHTTPRequest(url: backend.url("/slow?n=2")), limits: roomyLimits, on: loop) { second = $0 }
        #expect(loop.run(until: { first != nil && second != nil }, timeout: 60_000))
        #expect((try? first?.get())?.status == 200)
        #expect((try? second?.get())?.status == 200)
        #expect(backend.requestCount("/slow") == 3)
    }

    @Test func aCancelledExchangeNeverCompletes() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/slow", .text("slow", after: 200))
        let transport = AsyncHTTPTransport()
        let loop = HubEventLoop(clock: .real)
        var completions = 0

        let cancellation = transport.send(HubHTTPRequest(url: backend.url("/slow")), limits: roomyLimits, on: loop) { _ in
            completions += 1
        }
        cancellation.cancel()
        #expect(loop.awaitedCount == 0)
        loop.advance(by: 500)

        #expect(completions == 0)
        #expect(loop.awaitedCount == 0)
        expectStillWorks(transport, backend)
    }
}
