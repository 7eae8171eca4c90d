import Foundation
import HubCore
import Testing

@testable import HubData

/// Feature folders under the temporary directory holding `tests/http/` recordings, removed
/// with it.
private final class RecordingFolders {
    private let root = FileManager.default.temporaryDirectory.appendingPathComponent("hub-fetcher-\(UUID().uuidString)").path

    /// The feature folder `name`, with `files` (name and text) as its recordings.
    func folder(_ name: String, _ files: [(String, String)]) throws -> String {
        let path = root + "/" + name
        let directory = HTTPRecording.directory(ofFeature: path)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for (file, text) in files {
            try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/" + file))
        }
        return path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }
}

/// What one fetch completed with, and when (the loop's time).
private final class Outcome {
    var results: [Result<HubHTTPResponse, HTTPFailure>] = []
    var times: [Int] = []

    var calls: Int { results.count }
    var result: Result<HubHTTPResponse, HTTPFailure>? { results.first }
    var time: Int? { times.first }
    /// Why the first completion failed; nil when it did not.
    var failure: HTTPFailure? {
        guard case .failure(let failure) = result else { return nil }
        return failure
    }
}

/// A fetcher on a virtual loop, answered by a ``RecordedHTTPTransport`` from recording folders,
/// with a real cache.
private final class Fetching {
    let loop = HubEventLoop(clock: .virtual)
    let folders = RecordingFolders()
    let transport = RecordedHTTPTransport()
    let cache = HTTPCache()
    let fetcher: HTTPFetcher

    /// With `files` as the recordings.
    init(_ files: [(String, String)] = []) throws {
        fetcher = HTTPFetcher(transport: transport, cache: cache, loop: loop)
        transport.folder = try folders.folder("initial", files)
    }

    /// Answers from the recordings `files` from now on (in a folder `name`).
    func answer(from name: String, _ files: [(String, String)]) throws {
        transport.folder = try folders.folder(name, files)
    }

    /// Starts fetching `request` in cache partition `partition`, without running the loop.
    func start(
        _ request: HubHTTPRequest, policy: HTTPPolicy, partition: String = "feature a", offline: Bool = false, timeout: Int? = nil,
        cacheMode: HTTPCacheMode = .default
    ) -> (Outcome, HTTPCancellation) {
        let outcome = Outcome()
        let cancellation = fetcher.fetch(
            request, policy: policy, partition: partition, offline: offline, timeout: timeout, cacheMode: cacheMode
        ) { [loop] result in
            outcome.results.append(result)
            outcome.times.append(loop.now)
        }
        return (outcome, cancellation)
    }

    /// Fetches `request` and runs the loop until it completes.
    func fetch(_ request: HubHTTPRequest, policy: HTTPPolicy, offline: Bool = false, timeout: Int? = nil) -> Outcome {
        let (outcome, _) = start(request, policy: policy, offline: offline, timeout: timeout)
        loop.run(until: { outcome.calls > 0 })
        return outcome
    }
}

/// Who watches background revalidations in a test: its identity is the watch's asker.
private final class Asker {}

/// What watches of background revalidations were told, in order.
private final class Told {
    private(set) var lines: [String] = []

    /// A watch of `asker` that notes what it is told under `name`.
    func watch(_ name: String, asker: Asker) -> HTTPRevalidationWatch {
        HTTPRevalidationWatch(
            asker: ObjectIdentifier(asker), replaced: { [self] in lines.append("\(name): replaced") },
            failed: { [self] in lines.append("\(name): \($0)") })
    }
}

/// Sends through `transport`, counting the requests.
private final class SendCounting: HTTPTransport {
    let transport: any HTTPTransport
    private(set) var sent = 0

    init(_ transport: any HTTPTransport) {
        self.transport = transport
    }

    func send(
        _ request: HubHTTPRequest, limits: HTTPExchangeLimits, on loop: HubEventLoop,
        completion: @escaping (Result<HubHTTPResponse, HTTPFailure>) -> Void
    ) -> HTTPCancellation {
        sent += 1
        return transport.send(request, limits: limits, on: loop, completion: completion)
    }
}

/// The body `text` as bytes.
private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// The policy allowing `hosts`, with the default limits.
private func allowing(_ hosts: String...) -> HTTPPolicy {
    var policy = HTTPPolicy()
    policy.hosts = hosts.compactMap(HostPattern.init)
    return policy
}

/// The fetcher: the policy and connectivity checks before anything is sent, redirects checked
/// hop by hop, the timeout, the cache, cancellation; and the queue of a run's requests.
@Suite struct HTTPFetcherTests {
    private let api = allowing("api.example.com")
    private let food = (
        "get-api.example.com-food.http",
        "GET http://api.example.com/food\n\nHTTP 200 after 300 ms\ncontent-type: text/plain\n\nfood"
    )
    private let foodResponse = HubHTTPResponse(status: 200, headers: HubHTTPHeaders([("content-type", "text/plain")]), body: bytes("food"))

    // MARK: Completion

    @Test func theResponseComesOnALaterTurnOfTheLoop() throws {
        let fetching = try Fetching([food])
        let (outcome, _) = fetching.start(HubHTTPRequest(url: "http://api.example.com/food"), policy: api)
        #expect(outcome.calls == 0, "not from inside fetch")
        fetching.loop.advance(by: 299)
        #expect(outcome.calls == 0)
        #expect(fetching.loop.run(until: { outcome.calls > 0 }))
        #expect(outcome.result == .success(foodResponse))
        #expect(outcome.time == 300)
        fetching.loop.advance(by: 20_000)
        #expect(outcome.calls == 1)
        #expect(fetching.loop.nextDue == nil, "the timeout is gone with the exchange")
        #expect(fetching.transport.problems == [])
    }

    @Test func failuresAlsoComeOnALaterTurn() throws {
        let fetching = try Fetching([food])
        let (offline, _) = fetching.start(HubHTTPRequest(url: "http://api.example.com/food"), policy: api, offline: true)
        let (refused, _) = fetching.start(HubHTTPRequest(url: "http://other.example.com/food"), policy: api)
        let (invalid, _) = fetching.start(HubHTTPRequest(url: "file:///food"), policy: api)
        #expect([offline.calls, refused.calls, invalid.calls] as [Int] == [0, 0, 0])
        fetching.loop.run(until: { offline.calls + refused.calls + invalid.calls == 3 })
        #expect([offline.time, refused.time, invalid.time] as [Int?] == [0, 0, 0])
        #expect([offline.calls, refused.calls, invalid.calls] as [Int] == [1, 1, 1])
    }

    // MARK: Refused before anything is sent

    @Test func aHostNotAllowedFailsWithoutAskingTheTransport() throws {
        let fetching = try Fetching([food])
        let other = fetching.fetch(HubHTTPRequest(url: "http://other.example.com/food"), policy: api)
        #expect(other.result == .failure(HTTPFailure(
            .hostNotAllowed,
            "GET http://other.example.com/food: host 'other.example.com' is not allowed (the feature's hosts are \"api.example.com\"); "
                + "add it to hosts = { \"other.example.com\" } in hub.feature")))
        #expect(other.time == 0)

        let port = fetching.fetch(HubHTTPRequest(method: "post", url: "http://api.example.com:8080/food"), policy: allowing("api.example.com", "*.cdn.net:*"))
        #expect(port.result == .failure(HTTPFailure(
            .hostNotAllowed,
            "POST http://api.example.com:8080/food: host 'api.example.com:8080' is not allowed "
                + "(the feature's hosts are \"api.example.com\", \"*.cdn.net:*\"); add it to hosts = { \"api.example.com:8080\" } in hub.feature")))

        let none = fetching.fetch(HubHTTPRequest(url: "https://api.example.com/food"), policy: HTTPPolicy())
        #expect(none.result == .failure(HTTPFailure(
            .hostNotAllowed,
            "GET https://api.example.com/food: host 'api.example.com' is not allowed (the feature lists no hosts); "
                + "add it to hosts = { \"api.example.com\" } in hub.feature")))

        #expect(fetching.transport.problems == [], "nothing was asked of the transport")
        #expect(fetching.cache.count == 0)
    }

    @Test func theSchemesDefaultPortSpelledOutIsTheDefault() throws {
        let fetching = try Fetching([
            ("a.http", "GET http://api.example.com:80/food\n\nHTTP 200\n\nhttp"),
            ("b.http", "GET https://API.example.com:443/food\n\nHTTP 200\n\nhttps"),
        ])
        let http = fetching.fetch(HubHTTPRequest(url: "http://api.example.com:80/food"), policy: api)
        #expect(http.result == .success(HubHTTPResponse(status: 200, body: bytes("http"))))
        let https = fetching.fetch(HubHTTPRequest(url: "https://API.example.com:443/food"), policy: api)
        #expect(https.result == .success(HubHTTPResponse(status: 200, body: bytes("https"))))
        let crossed = fetching.fetch(HubHTTPRequest(url: "https://api.example.com:80/food"), policy: api)
        #expect(crossed.failure?.kind == .hostNotAllowed)
        #expect(fetching.transport.problems == [])
    }

    @Test func anIPv6HostListedInBracketsIsAllowed() throws {
        let fetching = try Fetching([("v6.http", "GET http://[::1]:8080/food\n\nHTTP 200\n\nv6")])
        let allowed = fetching.fetch(HubHTTPRequest(url: "http://[::1]:8080/food"), policy: allowing("[::1]:8080"))
        #expect(allowed.result == .success(HubHTTPResponse(status: 200, body: bytes("v6"))))

        let refused = fetching.fetch(HubHTTPRequest(url: "http://[::1]:8081/food"), policy: allowing("[::1]:8080"))
        #expect(refused.result == .failure(HTTPFailure(
            .hostNotAllowed,
            "GET http://[::1]:8081/food: host '[::1]:8081' is not allowed (the feature's hosts are \"[::1]:8080\"); "
                + "add it to hosts = { \"[::1]:8081\" } in hub.feature")))
        #expect(fetching.transport.problems == [])
    }

    @Test func offlineFailsAtOnceWithoutAskingTheTransport() throws {
        let fetching = try Fetching([food])
        let offline = fetching.fetch(HubHTTPRequest(url: "http://api.example.com/food"), policy: api, offline: true)
        #expect(offline.result == .failure(HTTPFailure(
            .offline, "GET http://api.example.com/food was not sent: the screen is offline (its connectivity is \"offline\")")))
        #expect(offline.time == 0)
        #expect(offline.failure?.domain == "connectivity")

        let notAllowedEither = fetching.fetch(HubHTTPRequest(url: "http://other.example.com/x"), policy: api, offline: true)
        #expect(notAllowedEither.failure?.kind == .offline)
        #expect(fetching.transport.problems == [])
    }

    @Test(arguments: ["file:///x", "/food", "ftp://api.example.com/food", "http:///food", "mailto:someone@api.example.com"])
    func onlyAbsoluteHTTPURLsAreFetched(url: String) throws {
        let fetching = try Fetching([food])
        let invalid = fetching.fetch(HubHTTPRequest(url: url), policy: api)
        #expect(invalid.result == .failure(HTTPFailure(.invalidURL, "GET \(url): only absolute http: and https: URLs can be fetched")))
        #expect(fetching.transport.problems == [])
    }

    // MARK: Redirects

    @Test func aRelativeRedirectIsFollowed() throws {
        let fetching = try Fetching([
            ("old.http", "GET http://api.example.com/menu/old\n\nHTTP 301 after 10 ms\nlocation: /menu/new\n"),
            ("new.http", "GET http://api.example.com/menu/new\n\nHTTP 200 after 20 ms\n\nnew menu"),
            ("next.http", "GET http://api.example.com/menu/next\n\nHTTP 302\nlocation: new\n"),
        ])
        let absolute = fetching.fetch(HubHTTPRequest(url: "http://api.example.com/menu/old"), policy: api)
        #expect(absolute.result == .success(HubHTTPResponse(status: 200, body: bytes("new menu"))))
        #expect(absolute.time == 30)

        let relative = fetching.fetch(HubHTTPRequest(url: "http://api.example.com/menu/next"), policy: api)
        #expect(relative.result == .success(HubHTTPResponse(status: 200, body: bytes("new menu"))))
        #expect(fetching.transport.problems == [])
    }

    @Test func a303AfterAPostGoesOnAsAGetWithoutTheBody() throws {
        let fetching = try Fetching([
            ("order.http", "POST http://api.example.com/orders\ncontent-type: application/json\n\n{\"dish\":1}\nHTTP 303\nlocation: /orders/1\n"),
            ("order-1.http", "GET http://api.example.com/orders/1\n\nHTTP 200\n\norder 1"),
        ])
        let request = HubHTTPRequest(method: "POST", url: "http://api.example.com/orders", headers: ["content-type": "application/json"], body: bytes("{\"dish\":1}"))
        let outcome = fetching.fetch(request, policy: api)
        #expect(outcome.result == .success(HubHTTPResponse(status: 200, body: bytes("order 1"))))
        #expect(fetching.transport.problems == [], "the redirect was a GET without a body")
    }

    @Test func a307AfterAPostStaysAPostWithTheBody() throws {
        let fetching = try Fetching([
            ("a.http", "POST http://api.example.com/orders\n\n{\"dish\":1}\nHTTP 307\nlocation: /v2/orders\n"),
            ("b.http", "POST http://api.example.com/v2/orders\n\n{\"dish\":1}\nHTTP 201\n\ncreated"),
        ])
        let request = HubHTTPRequest(method: "POST", url: "http://api.example.com/orders", body: bytes("{\"dish\":1}"))
        let outcome = fetching.fetch(request, policy: api)
        #expect(outcome.result == .success(HubHTTPResponse(status: 201, body: bytes("created"))))
        #expect(fetching.transport.problems == [])
    }

    @Test func aRedirectToAHostNotAllowedFails() throws {
        let fetching = try Fetching([
            ("away.http", "GET http://api.example.com/away\n\nHTTP 302 after 10 ms\nlocation: https://evil.example.net/steal\n")
        ])
        let outcome = fetching.fetch(HubHTTPRequest(url: "http://api.example.com/away"), policy: api)
        #expect(outcome.result == .failure(HTTPFailure(
            .hostNotAllowed,
            "a redirect to https://evil.example.net/steal: host 'evil.example.net' is not allowed "
                + "(the feature's hosts are \"api.example.com\"); add it to hosts = { \"evil.example.net\" } in hub.feature")))
        #expect(outcome.time == 10)
        #expect(fetching.transport.problems == [], "the redirect was not sent")
    }

    @Test func aRedirectToAnInvalidURLFails() throws {
        let fetching = try Fetching([("away.http", "GET http://api.example.com/away\n\nHTTP 308\nlocation: file:///etc/passwd\n")])
        let outcome = fetching.fetch(HubHTTPRequest(url: "http://api.example.com/away"), policy: api)
        #expect(outcome.result == .failure(HTTPFailure(
            .invalidURL, "a redirect to file:///etc/passwd: only absolute http: and https: URLs can be fetched")))
        #expect(fetching.transport.problems == [])
    }

    @Test func aRedirectLoopStopsAfterFiveRedirects() throws {
        let fetching = try Fetching([("loop.http", "GET http://api.example.com/loop\n\nHTTP 302 after 10 ms\nlocation: /loop\n")])
        let outcome = fetching.fetch(HubHTTPRequest(url: "http://api.example.com/loop"), policy: api)
        #expect(outcome.result == .failure(HTTPFailure(.tooManyRedirects, "GET http://api.example.com/loop: stopped after 5 redirects")))
        #expect(outcome.time == 60, "the request and its 5 redirects were sent, 10 ms each")
        #expect(fetching.transport.problems == [])

        var strict = api
        strict.maxRedirects = 0
        let start = fetching.loop.now
        let none = fetching.fetch(HubHTTPRequest(url: "http://api.example.com/loop"), policy: strict)
        #expect(none.result == .failure(HTTPFailure(.tooManyRedirects, "GET http://api.example.com/loop: stopped after 0 redirects")))
        #expect(none.time == start + 10)
    }

    // MARK: Timeouts

    @Test func noResponseWithinThePolicysTimeoutTimesOut() throws {
        let fetching = try Fetching([("slow.http", "GET http://api.example.com/slow\n\nHTTP 200 after 5000 ms\n\nslow")])
        var policy = api
        policy.timeout = 1_000
        let outcome = fetching.fetch(HubHTTPRequest(url: "http://api.example.com/slow"), policy: policy)
        #expect(outcome.result == .failure(HTTPFailure(.timeout, "GET http://api.example.com/slow: no response within 1000 ms")))
        #expect(outcome.time == 1_000)
        #expect(fetching.loop.now == 1_000)
        fetching.loop.advance(by: 10_000)
        #expect(outcome.calls == 1)
        #expect(fetching.loop.nextDue == nil)
        #expect(fetching.transport.problems == [])
    }

    @Test func aSmallerTimeoutArgumentWinsALargerOneDoesNot() throws {
        let fetching = try Fetching([("slow.http", "GET http://api.example.com/slow\n\nHTTP 200 after 5000 ms\n\nslow")])
        var policy = api
        policy.timeout = 1_000
        let smaller = fetching.fetch(HubHTTPRequest(url: "http://api.example.com/slow"), policy: policy, timeout: 400)
        #expect(smaller.result == .failure(HTTPFailure(.timeout, "GET http://api.example.com/slow: no response within 400 ms")))
        #expect(smaller.time == 400)

        let larger = fetching.fetch(HubHTTPRequest(url: "http://api.example.com/slow"), policy: policy, timeout: 3_000)
        #expect(larger.result == .failure(HTTPFailure(.timeout, "GET http://api.example.com/slow: no response within 1000 ms")))
        #expect(larger.time == 400 + 1_000)

        policy.timeout = 6_000
        let start = fetching.loop.now
        let inTime = fetching.fetch(HubHTTPRequest(url: "http://api.example.com/slow"), policy: policy)
        #expect(inTime.result == .success(HubHTTPResponse(status: 200, body: bytes("slow"))))
        #expect(inTime.time == start + 5_000)
        #expect(fetching.loop.nextDue == nil, "the timeout was cancelled")
    }

    @Test func redirectsCountTowardsTheTimeout() throws {
        let fetching = try Fetching([
            ("a.http", "GET http://api.example.com/first\n\nHTTP 302 after 600 ms\nlocation: /second\n"),
            ("b.http", "GET http://api.example.com/second\n\nHTTP 200 after 600 ms\n\nsecond"),
        ])
        var policy = api
        policy.timeout = 1_000
        let outcome = fetching.fetch(HubHTTPRequest(url: "http://api.example.com/first"), policy: policy)
        #expect(outcome.result == .failure(HTTPFailure(.timeout, "GET http://api.example.com/first: no response within 1000 ms")))
        #expect(outcome.time == 1_000)
        #expect(fetching.transport.problems == [])
    }

    // MARK: The cache

    @Test func aFreshResponseIsAnsweredFromTheCacheWithoutTheTransport() throws {
        let menu = ("menu.http", "GET http://api.example.com/menu\n\nHTTP 200 after 100 ms\ncache-control: max-age=60\n\nmenu")
        let fetching = try Fetching([menu])
        let response = HubHTTPResponse(status: 200, headers: HubHTTPHeaders([("cache-control", "max-age=60")]), body: bytes("menu"))

        let first = fetching.fetch(HubHTTPRequest(url: "http://api.example.com/menu"), policy: api)
        #expect(first.result == .success(response))
        #expect(first.time == 100)
        #expect(fetching.cache.count == 1)

        // No recording any more: a request reaching the transport would fail and be a problem.
        try fetching.answer(from: "empty", [])
        let (second, _) = fetching.start(HubHTTPRequest(url: "http://api.example.com/menu"), policy: api)
        #expect(second.calls == 0, "not from inside fetch, even from the cache")
        fetching.loop.run(until: { second.calls > 0 })
        var cached = response
        cached.fromCache = true
        // Stored with the Date of when it came (the virtual clock's day starts at 00:00:00), 0 s old.
        cached.headers.add("date", "Thu, 01 Jan 2026 00:00:00 GMT")
        cached.headers.add("age", "0")
        #expect(second.result == .success(cached))
        #expect(second.time == 100)
        #expect(fetching.transport.problems == [])

        // Once stale (no validator), it is asked for again.
        fetching.loop.advance(by: 60_000)
        try fetching.answer(from: "again", [menu])
        let third = fetching.fetch(HubHTTPRequest(url: "http://api.example.com/menu"), policy: api)
        #expect(third.result == .success(response))
        #expect(third.time == 60_200)
        #expect(fetching.transport.problems == [])
    }

    @Test func aStaleResponseWithAnETagIsRevalidated() throws {
        let fetching = try Fetching([
            ("feed.http", "GET http://api.example.com/feed\n\nHTTP 200 after 100 ms\ncache-control: max-age=0\netag: \"v1\"\n\nfeed v1")
        ])
        let first = fetching.fetch(HubHTTPRequest(url: "http://api.example.com/feed"), policy: api)
        #expect(first.result == .success(HubHTTPResponse(
            status: 200, headers: HubHTTPHeaders([("cache-control", "max-age=0"), ("etag", "\"v1\"")]), body: bytes("feed v1"))))

        // The recording answering the conditional request (the transport does not match headers).
        try fetching.answer(from: "not-modified", [
            ("feed.http", "GET http://api.example.com/feed\n\nHTTP 304 after 50 ms\netag: \"v1\"\nx-served-by: cache-check\n\n")
        ])
        let second = fetching.fetch(HubHTTPRequest(url: "http://api.example.com/feed"), policy: api)
        let response = try #require(try second.result?.get())
        #expect(response.status == 200)
        #expect(response.fromCache)
        #expect(response.body == bytes("feed v1"))
        #expect(response.headers["etag"] == "\"v1\"")
        #expect(response.headers["x-served-by"] == "cache-check", "the 304's headers update the stored ones")
        #expect(second.time == 100 + 50)
        #expect(fetching.transport.problems == [])
    }

    // MARK: Cancellation

    @Test func aCancelledFetchNeverCompletes() throws {
        let fetching = try Fetching([food])
        let (outcome, cancellation) = fetching.start(HubHTTPRequest(url: "http://api.example.com/food"), policy: api)
        fetching.loop.advance(by: 100)
        cancellation.cancel()
        #expect(fetching.loop.nextDue == nil, "neither the transport's timer nor the timeout is left")
        #expect(fetching.loop.run(until: { outcome.calls > 0 }) == false)
        fetching.loop.advance(by: 20_000)
        #expect(outcome.calls == 0)
        cancellation.cancel()
        #expect(fetching.cache.count == 0)
    }

    @Test func aFetchCancelledBeforeItsCompletionsTurnNeverCompletes() throws {
        let fetching = try Fetching([food])
        let (offline, offlineCancellation) = fetching.start(HubHTTPRequest(url: "http://api.example.com/food"), policy: api, offline: true)
        let (refused, refusedCancellation) = fetching.start(HubHTTPRequest(url: "http://other.example.com/"), policy: api)
        offlineCancellation.cancel()
        refusedCancellation.cancel()
        fetching.loop.advance(by: 1_000)
        #expect(offline.calls == 0)
        #expect(refused.calls == 0)
    }

    @Test func aFetchCancelledOnTheTurnItsResponseArrivesNeverCompletes() throws {
        let fetching = try Fetching([food])
        let (outcome, cancellation) = fetching.start(HubHTTPRequest(url: "http://api.example.com/food"), policy: api)
        // Due when the response arrives, made after the transport's timer: it runs between the
        // response and the completion's turn.
        fetching.loop.schedule(after: 300) { cancellation.cancel() }
        fetching.loop.advance(by: 1_000)
        #expect(outcome.calls == 0)
    }

    // MARK: The queue of a run's requests

    /// Five recordings answering `/items/1` to `/items/5` after 100 ms each.
    private let items = (1...5).map { number in
        ("item-\(number).http", "GET http://api.example.com/items/\(number)\n\nHTTP 200 after 100 ms\n\nitem \(number)")
    }

    @Test func theQueueKeepsAtMostItsLimitInFlight() throws {
        let fetching = try Fetching(items)
        let queue = HTTPRequestQueue(fetcher: fetching.fetcher, limit: 2)
        var completed: [String] = []
        for number in 1...5 {
            _ = queue.fetch(HubHTTPRequest(url: "http://api.example.com/items/\(number)"), policy: api, partition: "feature a", offline: false) { [loop = fetching.loop] result in
                let body = (try? result.get()).map { String(decoding: $0.body, as: UTF8.self) } ?? "failed"
                completed.append("\(body) at \(loop.now)")
            }
        }
        #expect(queue.counts == (2, 3))
        fetching.loop.advance(by: 150)
        #expect(completed == ["item 1 at 100", "item 2 at 100"])
        #expect(queue.counts == (2, 1))
        fetching.loop.advance(by: 100)
        #expect(queue.counts == (1, 0))
        #expect(fetching.loop.run(until: { completed.count == 5 }))
        #expect(completed == ["item 1 at 100", "item 2 at 100", "item 3 at 200", "item 4 at 200", "item 5 at 300"])
        #expect(fetching.loop.now == 300, "three waves of 100 ms")
        #expect(queue.counts == (0, 0))
        #expect(fetching.transport.problems == [])
    }

    @Test func aWaitingRequestsTimeoutCountsFromItsStart() throws {
        let fetching = try Fetching(items)
        let queue = HTTPRequestQueue(fetcher: fetching.fetcher, limit: 0)
        var policy = api
        policy.timeout = 150
        var completed: [Result<HubHTTPResponse, HTTPFailure>] = []
        for number in 1...2 {
            _ = queue.fetch(HubHTTPRequest(url: "http://api.example.com/items/\(number)"), policy: policy, partition: "feature a", offline: false) { completed.append($0) }
        }
        #expect(queue.counts == (1, 1), "a limit below 1 is 1")
        #expect(fetching.loop.run(until: { completed.count == 2 }))
        #expect(completed == [.success(HubHTTPResponse(status: 200, body: bytes("item 1"))), .success(HubHTTPResponse(status: 200, body: bytes("item 2")))])
        #expect(fetching.loop.now == 200)
    }

    @Test func cancellingAllStopsTheRequestsInFlightAndTheWaitingOnes() throws {
        let fetching = try Fetching(items)
        let queue = HTTPRequestQueue(fetcher: fetching.fetcher, limit: 2)
        var completed = 0
        for number in 1...5 {
            _ = queue.fetch(HubHTTPRequest(url: "http://api.example.com/items/\(number)"), policy: api, partition: "feature a", offline: false) { _ in completed += 1 }
        }
        fetching.loop.advance(by: 50)
        queue.cancelAll()
        #expect(queue.counts == (0, 0))
        #expect(fetching.loop.nextDue == nil)
        fetching.loop.advance(by: 10_000)
        #expect(completed == 0)
    }

    @Test func cancellingOneRequestLetsTheNextStartAtOnce() throws {
        let fetching = try Fetching(items)
        let queue = HTTPRequestQueue(fetcher: fetching.fetcher, limit: 2)
        var completed: [String] = []
        var cancellations: [HTTPCancellation] = []
        for number in 1...5 {
            cancellations.append(queue.fetch(HubHTTPRequest(url: "http://api.example.com/items/\(number)"), policy: api, partition: "feature a", offline: false) {
                [loop = fetching.loop] result in
                let body = (try? result.get()).map { String(decoding: $0.body, as: UTF8.self) } ?? "failed"
                completed.append("\(body) at \(loop.now)")
            })
        }
        cancellations[3].cancel()
        #expect(queue.counts == (2, 2), "a waiting request is dropped")
        fetching.loop.advance(by: 50)
        cancellations[0].cancel()
        #expect(queue.counts == (2, 1), "request 3 took the place of request 1")
        #expect(fetching.loop.run(until: { completed.count == 3 }))
        #expect(completed == ["item 2 at 100", "item 3 at 150", "item 5 at 200"])
        #expect(queue.counts == (0, 0))
    }
}

// MARK: RFC 9111 and RFC 5861 through the fetcher

extension HTTPFetcherTests {
    private static let feedV1 = (
        "feed.http", "GET http://api.example.com/feed\n\nHTTP 200 after 100 ms\ncache-control: max-age=1, stale-while-revalidate=60, stale-if-error=600\netag: \"v1\"\n\nfeed v1"
    )

    /// A fetching whose cache holds feed v1, two seconds old (stale, within its
    /// stale-while-revalidate), whose server answers feed v2 from now on (after 100 ms); and the
    /// request for the feed.
    private static func feedV1StaleWithV2Next() throws -> (Fetching, HubHTTPRequest) {
        let fetching = try Fetching([Self.feedV1])
        let request = HubHTTPRequest(url: "http://api.example.com/feed")
        _ = fetching.fetch(request, policy: allowing("api.example.com"))
        fetching.loop.advance(by: 2_000)
        try fetching.answer(from: "v2", [
            ("feed.http", "GET http://api.example.com/feed\n\nHTTP 200 after 100 ms\ncache-control: max-age=60\netag: \"v2\"\n\nfeed v2")
        ])
        return (fetching, request)
    }

    /// RFC 9111 §4.3.4: a 304 naming another version than the stored one does not update it,
    /// and is the answer as it is: one call, one request.
    @Test func a304ForAnotherVersionIsTheAnswerOfTheOneRequest() throws {
        let fetching = try Fetching([
            ("feed.http", "GET http://api.example.com/feed\n\nHTTP 200 after 100 ms\ncache-control: max-age=0\netag: \"v1\"\n\nfeed v1")
        ])
        _ = fetching.fetch(HubHTTPRequest(url: "http://api.example.com/feed"), policy: allowing("api.example.com"))
        try fetching.answer(from: "other-version", [
            ("feed.http", "GET http://api.example.com/feed\n\nHTTP 304 after 50 ms\netag: \"v2\"\n\n")
        ])
        let second = fetching.fetch(HubHTTPRequest(url: "http://api.example.com/feed"), policy: allowing("api.example.com"))
        let response = try #require(try second.result?.get())
        #expect(response.status == 304)
        #expect(!response.fromCache)
        #expect(second.time == 100 + 50, "one request, not a second one after the 304")
        #expect(fetching.cache.lookup(HubHTTPRequest(url: "http://api.example.com/feed"), partition: "feature a", now: fetching.loop.wallClock)
            != .miss, "the stored response stays")
    }

    /// RFC 5861 §3: within stale-while-revalidate the stale response answers at once, and the
    /// revalidation that goes meanwhile updates the cache.
    @Test func withinStaleWhileRevalidateTheStaleResponseAnswersAtOnceAndIsRevalidated() throws {
        let (fetching, request) = try Self.feedV1StaleWithV2Next()
        let stale = fetching.fetch(request, policy: allowing("api.example.com"))
        let served = try #require(try stale.result?.get())
        #expect(served.body == bytes("feed v1"))
        #expect(served.stale == .whileRevalidate)
        #expect(served.headers["age"] == "2")
        #expect(stale.time == 2_100, "at once, not after the revalidation")

        fetching.loop.advance(by: 100)
        let revalidated = fetching.fetch(request, policy: allowing("api.example.com"))
        let fresh = try #require(try revalidated.result?.get())
        #expect(fresh.body == bytes("feed v2"))
        #expect(fresh.fromCache)
        #expect(fresh.stale == nil)
        #expect(revalidated.time == 2_200)
        #expect(fetching.transport.problems == [])
    }

    /// Stale hits while a revalidation of their response is under way wait for it instead of
    /// sending their own, and each asker is told once when it brings another body.
    @Test func staleHitsDuringARevalidationShareItAndEachIsToldOfTheNewResponse() throws {
        let (fetching, request) = try Self.feedV1StaleWithV2Next()
        let counting = SendCounting(fetching.transport)
        let fetcher = HTTPFetcher(transport: counting, cache: fetching.cache, loop: fetching.loop)
        let told = Told()
        let (first, second) = (Asker(), Asker())
        for (name, asker) in [("first", first), ("second", second), ("first", first)] {
            _ = fetcher.fetch(
                request, policy: allowing("api.example.com"), partition: "feature a", offline: false,
                watch: told.watch(name, asker: asker)
            ) { _ in }
        }
        #expect(counting.sent == 1, "one revalidation for all")
        fetching.loop.advance(by: 100)
        #expect(told.lines == ["first: replaced", "second: replaced"], "once each")
        #expect(counting.sent == 1)
    }

    /// A background revalidation that fails (a server error, a redirect it does not follow)
    /// changes nothing, and whoever was answered stale is told why.
    @Test(arguments: [
        ("HTTP 503 after 10 ms\n\ndown", "the server answered 503"),
        ("HTTP 301 after 10 ms\nlocation: /elsewhere\ncache-control: max-age=600\n\n",
         "the server answered 301, a redirect, which is followed only in the foreground"),
    ])
    func aFailedBackgroundRevalidationIsToldAndTheStaleResponseStays(answer: String, why: String) throws {
        let fetching = try Fetching([Self.feedV1])
        let request = HubHTTPRequest(url: "http://api.example.com/feed")
        _ = fetching.fetch(request, policy: allowing("api.example.com"))
        fetching.loop.advance(by: 2_000)
        try fetching.answer(from: "failing", [("feed.http", "GET http://api.example.com/feed\n\n" + answer)])
        let told = Told()
        let asker = Asker()
        _ = fetching.fetcher.fetch(
            request, policy: allowing("api.example.com"), partition: "feature a", offline: false, watch: told.watch("a", asker: asker)
        ) { _ in }
        fetching.loop.advance(by: 10)
        #expect(told.lines == ["a: revalidating GET http://api.example.com/feed in the background: \(why)"])
        let again = fetching.fetch(request, policy: allowing("api.example.com"))
        let served = try #require(try again.result?.get())
        #expect(served.body == bytes("feed v1") && served.stale == .whileRevalidate, "the stale response still answers")
    }

    /// Background revalidations are bounded as a run's requests are: past the policy's
    /// `maxInFlight`, a stale hit answers without starting one.
    @Test func backgroundRevalidationsAreBoundedByThePolicysRequestsInFlight() throws {
        let recording = { (name: String) in
            (
                "\(name).http",
                "GET http://api.example.com/\(name)\n\nHTTP 200 after 10 ms\ncache-control: max-age=1, stale-while-revalidate=60\n\n\(name)"
            )
        }
        let fetching = try Fetching([recording("a"), recording("b")])
        var policy = allowing("api.example.com")
        policy.maxInFlight = 1
        let requests = ["a", "b"].map { HubHTTPRequest(url: "http://api.example.com/\($0)") }
        for request in requests { _ = fetching.fetch(request, policy: policy) }
        fetching.loop.advance(by: 2_000)
        let counting = SendCounting(fetching.transport)
        let fetcher = HTTPFetcher(transport: counting, cache: fetching.cache, loop: fetching.loop)
        var served: [HTTPStaleReason?] = []
        for request in requests {
            _ = fetcher.fetch(request, policy: policy, partition: "feature a", offline: false) { served.append(try? $0.get().stale) }
        }
        fetching.loop.advance(by: 0)
        #expect(served == [.whileRevalidate, .whileRevalidate])
        #expect(counting.sent == 1, "the second waits for a later hit")
        fetching.loop.advance(by: 10)
        _ = fetcher.fetch(requests[1], policy: policy, partition: "feature a", offline: false) { _ in }
        #expect(counting.sent == 2)
    }

    /// The bound is each partition's: one feature's revalidations in flight leave another's be.
    @Test func backgroundRevalidationsAreBoundedForEachPartition() throws {
        let fetching = try Fetching([(
            "a.http", "GET http://api.example.com/a\n\nHTTP 200 after 10 ms\ncache-control: max-age=1, stale-while-revalidate=60\n\na"
        )])
        var policy = allowing("api.example.com")
        policy.maxInFlight = 1
        let request = HubHTTPRequest(url: "http://api.example.com/a")
        for partition in ["feature a", "feature b"] { _ = fetching.start(request, policy: policy, partition: partition) }
        fetching.loop.advance(by: 2_000)
        let counting = SendCounting(fetching.transport)
        let fetcher = HTTPFetcher(transport: counting, cache: fetching.cache, loop: fetching.loop)
        for partition in ["feature a", "feature b"] {
            _ = fetcher.fetch(request, policy: policy, partition: partition, offline: false) { _ in }
        }
        #expect(counting.sent == 2, "one revalidation in each partition")
    }

    /// RFC 5861 §4: within stale-if-error, a server error or a transport failure gets the stale response.
    @Test func withinStaleIfErrorAFailureGetsTheStaleResponse() throws {
        let fetching = try Fetching([Self.feedV1])
        let request = HubHTTPRequest(url: "http://api.example.com/feed")
        _ = fetching.fetch(request, policy: allowing("api.example.com"))
        fetching.loop.advance(by: 100_000)
        for (name, answer) in [("503", "HTTP 503 after 10 ms\n\ndown"), ("refused", "FAIL connection refused after 10 ms")] {
            try fetching.answer(from: name, [("feed.http", "GET http://api.example.com/feed\n\n" + answer)])
            let outcome = fetching.fetch(request, policy: allowing("api.example.com"))
            let served = try #require(try outcome.result?.get())
            #expect(served.body == bytes("feed v1"), "\(name)")
            #expect(served.stale == .ifError, "\(name)")
        }
    }

    /// Whoever is answered stale within stale-if-error is told what the revalidation met.
    @Test func aStaleResponseAnsweredForAnErrorTellsWhy() throws {
        let fetching = try Fetching([Self.feedV1])
        let request = HubHTTPRequest(url: "http://api.example.com/feed")
        _ = fetching.fetch(request, policy: allowing("api.example.com"))
        fetching.loop.advance(by: 100_000)
        let told = Told()
        let asker = Asker()
        for (name, answer) in [("503", "HTTP 503 after 10 ms\n\ndown"), ("refused", "FAIL connection refused after 10 ms")] {
            try fetching.answer(from: name, [("feed.http", "GET http://api.example.com/feed\n\n" + answer)])
            _ = fetching.fetcher.fetch(
                request, policy: allowing("api.example.com"), partition: "feature a", offline: false, watch: told.watch(name, asker: asker)
            ) { _ in }
            fetching.loop.advance(by: 10)
        }
        #expect(told.lines == [
            "503: revalidating GET http://api.example.com/feed: the server answered 503; its stale response answered (stale-if-error)",
            "refused: revalidating GET http://api.example.com/feed: connection refused; its stale response answered (stale-if-error)",
        ])
    }

    /// RFC 5861 §4: a request's stale-if-error accepts a stale response when the server fails,
    /// though the response said nothing of it; the response's must-revalidate still wins.
    @Test func aRequestsStaleIfErrorAcceptsTheStaleResponseWhenTheServerFails() throws {
        for (cacheControl, served) in [("max-age=1", "plain v1"), ("max-age=1, must-revalidate", "down")] {
            let fetching = try Fetching([
                ("plain.http", "GET http://api.example.com/plain\n\nHTTP 200 after 10 ms\ncache-control: \(cacheControl)\netag: \"v1\"\n\nplain v1")
            ])
            let plain = HubHTTPRequest(url: "http://api.example.com/plain")
            _ = fetching.fetch(plain, policy: allowing("api.example.com"))
            fetching.loop.advance(by: 100_000)
            try fetching.answer(from: "down", [("plain.http", "GET http://api.example.com/plain\n\nHTTP 503 after 10 ms\n\ndown")])
            #expect(try fetching.fetch(plain, policy: allowing("api.example.com")).result?.get().body == bytes("down"), "\(cacheControl)")
            var accepting = plain
            accepting.headers.add("cache-control", "stale-if-error=600")
            let outcome = try #require(try fetching.fetch(accepting, policy: allowing("api.example.com")).result?.get())
            #expect(outcome.body == bytes(served), "\(cacheControl)")
            #expect(outcome.stale == (served == "down" ? nil : .ifError), "\(cacheControl)")
        }
    }

    /// RFC 5861 §4: the server not answering in time is an error too: the stale response
    /// answers when the fetch's time is up.
    @Test func withinStaleIfErrorNoAnswerInTimeGetsTheStaleResponseAtTheTimeout() throws {
        let fetching = try Fetching([Self.feedV1])
        let request = HubHTTPRequest(url: "http://api.example.com/feed")
        _ = fetching.fetch(request, policy: allowing("api.example.com"))
        fetching.loop.advance(by: 100_000)
        try fetching.answer(from: "slow", [("feed.http", "GET http://api.example.com/feed\n\nHTTP 200 after 60000 ms\n\nlate")])
        let outcome = fetching.fetch(request, policy: allowing("api.example.com"), timeout: 500)
        let served = try #require(try outcome.result?.get())
        #expect(served.body == bytes("feed v1"))
        #expect(served.stale == .ifError)
        #expect(outcome.time == 100_100 + 500)
    }

    /// RFC 9111 §5.2.1.7 (and Fetch's `only-if-cached`): with nothing stored, a 504 answers and
    /// nothing is sent.
    @Test func onlyIfCachedWithNothingStoredIsA504WithoutSending() throws {
        let fetching = try Fetching([])
        let request = HubHTTPRequest(url: "http://api.example.com/feed")
        let (outcome, _) = fetching.start(request, policy: allowing("api.example.com"), cacheMode: .onlyIfCached)
        fetching.loop.run(until: { outcome.calls > 0 })
        #expect(outcome.result == .success(HubHTTPResponse(status: 504)))
        #expect(fetching.transport.problems == [], "nothing reached the transport")
    }

    /// A replayed recording's Date, Expires and Last-Modified move together to the replay's
    /// time: the cache finds it as fresh as it was when it was recorded.
    @Test func aReplayedRecordingsDatesMoveToTheReplayTime() throws {
        let recorded = (
            "menu.http",
            "GET http://api.example.com/menu\n\nHTTP 200 after 1000 ms\ndate: Mon, 01 Jan 2024 00:00:00 GMT\n"
                + "expires: Mon, 01 Jan 2024 00:01:00 GMT\nlast-modified: Sun, 31 Dec 2023 00:00:00 GMT\n\nmenu"
        )
        let fetching = try Fetching([recorded])
        let request = HubHTTPRequest(url: "http://api.example.com/menu")
        let first = try #require(try fetching.fetch(request, policy: allowing("api.example.com")).result?.get())
        #expect(first.headers["date"] == "Thu, 01 Jan 2026 00:00:01 GMT")
        #expect(first.headers["expires"] == "Thu, 01 Jan 2026 00:01:01 GMT")
        #expect(first.headers["last-modified"] == "Wed, 31 Dec 2025 00:00:01 GMT")
        // RFC 9111 §4.2.3: its age counts the second it took to come; 58 s later it is 59 s old.
        fetching.loop.advance(by: 58_000)
        let second = try #require(try fetching.fetch(request, policy: allowing("api.example.com")).result?.get())
        #expect(second.fromCache)
        #expect(second.headers["age"] == "59")
    }
}
