import HubCore
import Testing

@testable import HubData

/// What RFC 9111 (and RFC 5861) ask of a private cache, one test per requirement, each naming
/// its section. Times are milliseconds since the epoch, from `start` (2026-01-01T00:00:00Z).
struct HTTPCacheConformanceTests {
    private let partition = "feature a"
    private let url = "https://example.test/a"
    private let start = 1_767_225_600_000

    private func get(_ url: String = "https://example.test/a", _ headers: HubHTTPHeaders = [:]) -> HubHTTPRequest {
        HubHTTPRequest(url: url, headers: headers)
    }

    private func response(_ headers: HubHTTPHeaders, status: Int = 200, body: String = "body") -> HubHTTPResponse {
        HubHTTPResponse(status: status, headers: headers, body: Array(body.utf8))
    }

    /// The HTTP-date `seconds` after `start`.
    private func date(_ seconds: Int) -> String {
        HTTPDate.string(start / 1000 + seconds)
    }

    /// The response a lookup answered with; nil when it answered none.
    private func answered(_ lookup: HTTPCacheLookup) -> HubHTTPResponse? {
        switch lookup {
        case .fresh(let response), .staleWhileRevalidate(let response, _): response
        case .stale, .unavailable, .miss: nil
        }
    }

    private func lookup(_ cache: HTTPCache, _ request: HubHTTPRequest? = nil, at seconds: Int, mode: HTTPCacheMode = .default) -> HTTPCacheLookup {
        cache.lookup(request ?? get(), partition: partition, now: start + seconds * 1000, mode: mode)
    }

    // MARK: 1. The MUSTs

    /// §5.1, §4.2.3: a response served from the cache carries its current age: the corrected
    /// initial age (the larger of now − Date and Age plus the request's round trip) plus the time
    /// it has been stored.
    @Test func aServedResponseCarriesItsCurrentAge() {
        let cache = HTTPCache()
        // Sent at 0, received at 2 s: Age 30 + 2 s of round trip beats Date's 10 s apparent age.
        cache.store(
            response(["cache-control": "max-age=600", "date": date(-8), "age": "30"]), for: get(), partition: partition,
            requestTime: start, now: start + 2_000)
        #expect(answered(lookup(cache, at: 5))?.headers["age"] == "35")
        // Date's apparent age wins when it is the larger.
        cache.store(response(["cache-control": "max-age=600", "date": date(-100)]), for: get(), partition: partition, now: start)
        #expect(answered(lookup(cache, at: 3))?.headers["age"] == "103")
        // A fresh response straight from the origin, without Age, is 0 s old when served at once.
        cache.store(response(["cache-control": "max-age=600", "date": date(0)]), for: get(), partition: partition, now: start)
        #expect(answered(lookup(cache, at: 0))?.headers["age"] == "0")
    }

    /// §4.2.3, §4.2: the origin's Age counts against max-age, and the age grows while stored.
    @Test func anOriginsAgeGrowsWhileStoredAndCountsAgainstItsLifetime() {
        let cache = HTTPCache()
        cache.store(response(["cache-control": "max-age=60", "age": "30", "etag": "\"v\""]), for: get(), partition: partition, now: start)
        #expect(answered(lookup(cache, at: 3))?.headers["age"] == "33")
        #expect(answered(lookup(cache, at: 29)) != nil)
        #expect(answered(lookup(cache, at: 30)) == nil)
    }

    /// §5.3, §4.2.1: without max-age, Expires − Date is the freshness lifetime.
    @Test func expiresMinusDateIsTheLifetime() {
        let cache = HTTPCache()
        cache.store(response(["date": date(0), "expires": date(60)]), for: get(), partition: partition, now: start)
        #expect(answered(lookup(cache, at: 59))?.headers["age"] == "59")
        #expect(lookup(cache, at: 60) == .miss)
        // Dated 100 s ago, it is 100 s old: past its lifetime of 60 s, and not stored without a validator.
        cache.store(response(["date": date(-100), "expires": date(-40)]), for: get(), partition: partition, now: start)
        #expect(cache.count == 0)
    }

    /// §5.3: an invalid Expires ("0", or a date in another format) means already expired.
    @Test func anInvalidExpiresMeansAlreadyExpired() {
        let cache = HTTPCache()
        for value in ["0", "-1", "tomorrow", "2026-01-02T00:00:00Z"] {
            cache.store(response(["expires": value, "date": date(0)]), for: get(), partition: partition, now: start)
            #expect(cache.count == 0, "\(value)")
            cache.store(response(["expires": value, "etag": "\"v\""]), for: get(), partition: partition, now: start)
            #expect(lookup(cache, at: 0).isValidation, "\(value)")
        }
    }

    /// §5.3: max-age wins over Expires.
    @Test func maxAgeWinsOverExpires() {
        let cache = HTTPCache()
        cache.store(
            response(["cache-control": "max-age=10", "date": date(0), "expires": date(600)]), for: get(), partition: partition, now: start)
        #expect(answered(lookup(cache, at: 9)) != nil)
        #expect(lookup(cache, at: 10) == .miss)
    }

    /// RFC 9110 §5.6.7: the obsolete RFC 850 and asctime formats are read too.
    @Test func expiresInTheObsoleteDateFormatsIsRead() {
        let cache = HTTPCache()
        cache.store(response(["date": "Thursday, 01-Jan-26 00:00:00 GMT", "expires": "Thu Jan  1 00:01:00 2026"]), for: get(), partition: partition, now: start)
        #expect(answered(lookup(cache, at: 59)) != nil)
        #expect(lookup(cache, at: 60) == .miss)
    }

    /// RFC 9110 §7.6.1 (RFC 9111 §3.1): Connection and the fields it names are about one
    /// connection: never stored, never replayed; so are the other hop-by-hop fields.
    @Test func fieldsNamedInConnectionAreNeitherStoredNorReplayed() {
        let cache = HTTPCache()
        cache.store(
            response([
                "cache-control": "max-age=60", "date": date(0), "connection": "X-Hop, close", "x-hop": "1", "keep-alive": "timeout=5",
                "x-end": "2",
            ]), for: get(), partition: partition, now: start)
        let served = answered(lookup(cache, at: 1))
        #expect(served?.headers.map(\.name) == ["cache-control", "date", "x-end", "age"])
    }

    /// RFC 9110 §6.6.1: a response stored without a Date gets one, of when it was received.
    @Test func aResponseStoredWithoutDateGetsOne() {
        let cache = HTTPCache()
        cache.store(response(["cache-control": "max-age=60"]), for: get(), partition: partition, now: start + 1_500)
        #expect(answered(lookup(cache, at: 3))?.headers["date"] == "Thu, 01 Jan 2026 00:00:01 GMT")
    }

    /// §4.3.4: a 304 whose strong ETag is not the stored one's does not update it; the stored
    /// response stays as it was.
    @Test func a304ForAnotherVersionLeavesTheStoredResponse() {
        let cache = HTTPCache()
        let stored = response(["cache-control": "max-age=0", "etag": "\"v1\"", "date": date(0)])
        cache.store(stored, for: get(), partition: partition, now: start)
        let notModified = HubHTTPResponse(status: 304, headers: ["etag": "\"v2\"", "cache-control": "max-age=600"])
        #expect(cache.revalidated(get(), partition: partition, with: notModified, now: start + 1_000) == nil)
        #expect(lookup(cache, at: 1).isValidation)
    }

    /// §4.3.4: a response dropped while it was revalidated is freshened from the copy the lookup
    /// gave, and stored again: no second request is needed.
    @Test func aResponseDroppedDuringItsRevalidationIsFreshenedFromTheLookupsCopy() {
        let cache = HTTPCache()
        cache.store(response(["etag": "\"v1\"", "date": date(0)]), for: get(), partition: partition, now: start)
        guard case .stale(let validation) = lookup(cache, at: 1) else {
            Issue.record("not stale")
            return
        }
        cache.removeAll()
        let notModified = HubHTTPResponse(status: 304, headers: ["etag": "\"v1\"", "cache-control": "max-age=60", "date": date(1)])
        let freshened = cache.revalidated(get(), partition: partition, with: notModified, stored: validation.stored, now: start + 1_000)
        #expect(freshened?.body == Array("body".utf8))
        #expect(freshened?.headers["age"] == "0")
        #expect(answered(lookup(cache, at: 30))?.headers["age"] == "29")
    }

    // MARK: 2. Freshness and storage

    /// §4.2.2: without explicit freshness, a 200 with Last-Modified is fresh for a tenth of its
    /// age at Date.
    @Test func heuristicFreshnessIsATenthOfTheLastModifiedAge() {
        let cache = HTTPCache()
        cache.store(response(["date": date(0), "last-modified": date(-1_000)]), for: get(), partition: partition, now: start)
        #expect(answered(lookup(cache, at: 99)) != nil)
        #expect(lookup(cache, at: 100).isValidation)
    }

    /// §4.2.2: heuristic freshness is bounded: at most a day.
    @Test func heuristicFreshnessIsAtMostADay() {
        let cache = HTTPCache()
        cache.store(response(["date": date(0), "last-modified": date(-365 * 86_400)]), for: get(), partition: partition, now: start)
        #expect(answered(lookup(cache, at: 86_399)) != nil)
        #expect(lookup(cache, at: 86_400).isValidation)
    }

    /// §4.2.2: only a heuristically cacheable status (RFC 9110 §15.1) gets heuristic freshness.
    @Test func heuristicFreshnessOnlyForHeuristicallyCacheableStatuses() {
        let cache = HTTPCache()
        for status in [200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501] {
            let request = get("https://example.test/\(status)")
            cache.store(response(["date": date(0), "last-modified": date(-1_000)], status: status), for: request, partition: partition, now: start)
            #expect(answered(lookup(cache, request, at: 1))?.status == status)
        }
        for status in [201, 302, 307, 400, 403, 500, 503] {
            let request = get("https://example.test/\(status)")
            cache.store(response(["date": date(0), "last-modified": date(-1_000)], status: status), for: request, partition: partition, now: start)
            #expect(lookup(cache, request, at: 1) == .miss, "\(status)")
        }
    }

    /// §3: any final status is stored when it has explicit freshness (max-age or Expires).
    @Test func anyFinalStatusWithExplicitFreshnessIsStored() {
        let cache = HTTPCache()
        for status in [201, 299, 302, 400, 499, 500, 502, 503, 504, 599] {
            let request = get("https://example.test/\(status)")
            cache.store(response(["cache-control": "max-age=60"], status: status), for: request, partition: partition, now: start)
            #expect(answered(lookup(cache, request, at: 1))?.status == status)
        }
        cache.store(response(["date": date(0), "expires": date(60)], status: 500), for: get(), partition: partition, now: start)
        #expect(answered(lookup(cache, at: 1))?.status == 500)
        // Not a 206 (ranges are not combined) nor a 304.
        for status in [206, 304] {
            let request = get("https://example.test/\(status)")
            cache.store(response(["cache-control": "max-age=60"], status: status), for: request, partition: partition, now: start)
            #expect(lookup(cache, request, at: 1) == .miss)
        }
    }

    /// §5.2.2.10: s-maxage is for shared caches: a private one neither stores nor freshens by it.
    @Test func sMaxageIsIgnoredByAPrivateCache() {
        let cache = HTTPCache()
        cache.store(response(["cache-control": "s-maxage=600, max-age=10"]), for: get(), partition: partition, now: start)
        #expect(lookup(cache, at: 10) == .miss)
        cache.store(response(["cache-control": "s-maxage=600"], status: 500), for: get(), partition: partition, now: start)
        #expect(lookup(cache, at: 0) == .miss)
    }

    /// §5.2.2.7: `private` is stored by a private cache; with field names, without those fields.
    @Test func privateIsStoredWithoutTheFieldsItNames() {
        let cache = HTTPCache()
        cache.store(
            response(["cache-control": "private=\"X-Secret, set-cookie\", max-age=60", "x-secret": "s", "set-cookie": "a=b", "date": date(0)]),
            for: get(), partition: partition, now: start)
        #expect(answered(lookup(cache, at: 1))?.headers.map(\.name) == ["cache-control", "date", "age"])
    }

    /// §5.2.2.4: `no-cache` with field names: the rest of the response is reused without
    /// validation, the fields it names are not (they are not stored).
    @Test func noCacheWithFieldNamesReusesTheRestWithoutThem() {
        let cache = HTTPCache()
        cache.store(
            response(["cache-control": "no-cache=\"x-volatile\", max-age=60", "x-volatile": "1", "x-kept": "2", "date": date(0)]),
            for: get(), partition: partition, now: start)
        #expect(answered(lookup(cache, at: 1))?.headers.map(\.name) == ["cache-control", "x-kept", "date", "age"])
    }

    // MARK: 3. Request directives

    /// §5.2.1.2: `max-stale` accepts a stale response, stale by at most its value (any without one).
    @Test func requestMaxStaleAcceptsStaleResponses() {
        let cache = HTTPCache()
        cache.store(response(["cache-control": "max-age=10", "date": date(0)]), for: get(), partition: partition, now: start)
        let served = answered(lookup(cache, get(url, ["cache-control": "max-stale=5"]), at: 15))
        #expect(served?.stale == .maxStale)
        #expect(served?.headers["age"] == "15")
        #expect(answered(lookup(cache, get(url, ["cache-control": "max-stale"]), at: 10_000))?.stale == .maxStale)
        // A fresh response is not stale.
        #expect(answered(lookup(cache, get(url, ["cache-control": "max-stale"]), at: 1))?.stale == nil)
        #expect(lookup(cache, get(url, ["cache-control": "max-stale=5"]), at: 16) == .miss)
    }

    /// §5.2.1.3: `min-fresh` asks for a response fresh for at least that much longer.
    @Test func requestMinFreshAsksForLongerFreshness() {
        let cache = HTTPCache()
        cache.store(response(["cache-control": "max-age=60", "etag": "\"v\"", "date": date(0)]), for: get(), partition: partition, now: start)
        #expect(answered(lookup(cache, get(url, ["cache-control": "min-fresh=30"]), at: 30)) != nil)
        #expect(lookup(cache, get(url, ["cache-control": "min-fresh=30"]), at: 31).isValidation)
    }

    /// §5.2.1.7: `only-if-cached` without a stored response that may answer: 504 from the cache.
    @Test func requestOnlyIfCachedWithoutAUsableResponseIsUnavailable() {
        let cache = HTTPCache()
        let onlyIfCached = get(url, ["cache-control": "only-if-cached"])
        #expect(lookup(cache, onlyIfCached, at: 0) == .unavailable)
        cache.store(response(["cache-control": "max-age=10", "etag": "\"v\"", "date": date(0)]), for: get(), partition: partition, now: start)
        #expect(answered(lookup(cache, onlyIfCached, at: 9)) != nil)
        #expect(lookup(cache, onlyIfCached, at: 10) == .unavailable)
        #expect(answered(lookup(cache, get(url, ["cache-control": "only-if-cached, max-stale=5"]), at: 12))?.stale == .maxStale)
    }

    /// §5.2.2.2: a response with `must-revalidate` is never served stale, whatever the request accepts.
    @Test func mustRevalidateIsNeverServedStale() {
        let cache = HTTPCache()
        cache.store(
            response(["cache-control": "max-age=10, must-revalidate, stale-if-error=60", "etag": "\"v\"", "date": date(0)]),
            for: get(), partition: partition, now: start)
        guard case .stale(let validation) = lookup(cache, get(url, ["cache-control": "max-stale"]), at: 11) else {
            Issue.record("not validated")
            return
        }
        #expect(validation.ifError == nil)
    }

    // MARK: 4. Invalidation and HEAD

    /// §4.4: a non-error response to an unsafe method invalidates its URL and those of its
    /// Location and Content-Location, when they have the same origin.
    @Test func anUnsafeMethodInvalidatesLocationAndContentLocationOfTheSameOrigin() {
        let cache = HTTPCache()
        for path in ["a", "b", "c", "d"] {
            cache.store(response(["cache-control": "max-age=60"]), for: get("https://example.test/\(path)"), partition: partition, now: start)
        }
        cache.store(response(["cache-control": "max-age=60"]), for: get("https://other.test/e"), partition: partition, now: start)
        let post = HubHTTPRequest(method: "POST", url: "https://example.test/a")
        cache.store(response(["location": "/b", "content-location": "https://example.test/c"], status: 201), for: post, partition: partition, now: start)
        cache.store(response(["location": "https://other.test/e"], status: 303), for: post, partition: partition, now: start)
        let held = ["a", "b", "c", "d"].map { answered(lookup(cache, get("https://example.test/\($0)"), at: 1)) != nil }
        #expect(held == [false, false, false, true])
        #expect(answered(lookup(cache, get("https://other.test/e"), at: 1)) != nil)
        // An error response invalidates nothing.
        cache.store(response(["location": "/d"], status: 500), for: post, partition: partition, now: start)
        #expect(answered(lookup(cache, get("https://example.test/d"), at: 1)) != nil)
    }

    /// §4.3.5: a 200 to a HEAD freshens the stored GET response when their validators agree.
    @Test func aHeadResponseFreshensTheStoredGet() {
        let cache = HTTPCache()
        cache.store(response(["cache-control": "max-age=10", "etag": "\"v\"", "date": date(0)]), for: get(), partition: partition, now: start)
        let head = HubHTTPRequest(method: "HEAD", url: url)
        cache.store(
            response(["cache-control": "max-age=100", "etag": "\"v\"", "date": date(50), "x-new": "1"], body: ""), for: head,
            partition: partition, now: start + 50_000)
        let served = answered(lookup(cache, at: 60))
        #expect(served?.body == Array("body".utf8))
        #expect(served?.headers["x-new"] == "1")
        #expect(served?.headers["age"] == "10")
    }

    /// §4.3.5: a HEAD response that disagrees (another ETag) invalidates the stored GET response.
    @Test func aHeadResponseThatDisagreesInvalidatesTheStoredGet() {
        let cache = HTTPCache()
        cache.store(response(["cache-control": "max-age=600", "etag": "\"v\""]), for: get(), partition: partition, now: start)
        cache.store(response(["etag": "\"w\""], body: ""), for: HubHTTPRequest(method: "HEAD", url: url), partition: partition, now: start)
        #expect(lookup(cache, at: 1) == .miss)
    }

    // MARK: 5. RFC 5861

    /// RFC 5861 §3: within stale-while-revalidate, the stale response answers at once, and the
    /// lookup says how to revalidate it.
    @Test func withinStaleWhileRevalidateTheStaleResponseAnswersAtOnce() {
        let cache = HTTPCache()
        cache.store(
            response(["cache-control": "max-age=10, stale-while-revalidate=20", "etag": "\"v\"", "date": date(0)]),
            for: get(), partition: partition, now: start)
        guard case .staleWhileRevalidate(let served, let validation) = lookup(cache, at: 29) else {
            Issue.record("not served while revalidated")
            return
        }
        #expect(served.stale == .whileRevalidate)
        #expect(validation.conditions == ["if-none-match": "\"v\""])
        #expect(lookup(cache, at: 30).isValidation)
    }

    /// RFC 5861 §4: within stale-if-error, the stale response is what answers a failure.
    @Test func withinStaleIfErrorTheStaleResponseAnswersAFailure() {
        let cache = HTTPCache()
        cache.store(response(["cache-control": "max-age=10, stale-if-error=20", "date": date(0)]), for: get(), partition: partition, now: start)
        guard case .stale(let validation) = lookup(cache, at: 29) else {
            Issue.record("not validated")
            return
        }
        #expect(validation.ifError?.stale == .ifError)
        #expect(validation.ifError?.headers["age"] == "29")
        #expect(lookup(cache, at: 30) == .miss)
    }

    // MARK: 6. Cache modes

    /// Fetch's cache modes: what each does with a fresh, a stale and no stored response.
    @Test func cacheModesAsFetchDefinesThem() {
        let cache = HTTPCache()
        cache.store(response(["cache-control": "max-age=10", "etag": "\"v\"", "date": date(0)]), for: get(), partition: partition, now: start)
        let missing = get("https://example.test/missing")
        func kinds(_ mode: HTTPCacheMode) -> [String] {
            [lookup(cache, at: 1, mode: mode), lookup(cache, at: 20, mode: mode), lookup(cache, missing, at: 1, mode: mode)].map {
                switch $0 {
                case .fresh(let response): response.stale.map { "stale \($0.rawValue)" } ?? "fresh"
                case .stale: "validate"
                case .staleWhileRevalidate: "while-revalidate"
                case .unavailable: "504"
                case .miss: "send"
                }
            }
        }
        #expect(kinds(.default) == ["fresh", "validate", "send"])
        #expect(kinds(.noStore) == ["send", "send", "send"])
        #expect(kinds(.reload) == ["send", "send", "send"])
        #expect(kinds(.noCache) == ["validate", "validate", "send"])
        #expect(kinds(.forceCache) == ["fresh", "stale max-stale", "send"])
        #expect(kinds(.onlyIfCached) == ["fresh", "stale only-if-cached", "504"])
        // no-store stores nothing; reload stores.
        cache.store(response(["cache-control": "max-age=10"]), for: missing, partition: partition, now: start, mode: .noStore)
        #expect(lookup(cache, missing, at: 1) == .miss)
        cache.store(response(["cache-control": "max-age=10"]), for: missing, partition: partition, now: start, mode: .reload)
        #expect(answered(lookup(cache, missing, at: 1)) != nil)
    }
}

extension HTTPCacheLookup {
    /// Whether the lookup asks for the request to be sent with conditions.
    fileprivate var isValidation: Bool {
        if case .stale = self { return true }
        return false
    }
}
