import Dispatch
import HubCore
import Testing

@testable import HubData

extension HTTPCacheLookup {
    /// The conditions a stale lookup sends the request with; nil for any other lookup.
    fileprivate var conditions: HubHTTPHeaders? {
        guard case .stale(let validation) = self else { return nil }
        return validation.conditions
    }
}

struct HTTPCacheTests {
    private let url = "https://example.test/a"
    /// The partition every request of these tests is in, unless it says another.
    private let partition = "feature a"

    private func get(_ url: String = "https://example.test/a", _ headers: HubHTTPHeaders = [:]) -> HubHTTPRequest {
        HubHTTPRequest(url: url, headers: headers)
    }

    private func response(_ headers: HubHTTPHeaders, status: Int = 200, body: String = "body") -> HubHTTPResponse {
        HubHTTPResponse(status: status, headers: headers, body: Array(body.utf8))
    }

    /// `response`, stored at `storedAt` seconds, as the cache hands it back when it is `age`
    /// seconds old: with a Date of when it was stored unless it had one, and with its Age.
    private func cached(_ response: HubHTTPResponse, age: Int, storedAt: Int = 0, stale: HTTPStaleReason? = nil) -> HubHTTPResponse {
        var response = response
        response.fromCache = true
        if !response.headers.contains("date") { response.headers.add("date", HTTPDate.string(storedAt)) }
        response.headers.set("age", String(age))
        response.stale = stale
        return response
    }

    /// The bytes an entry for `response` to a request for `url` counts for.
    /// (Stored with a Date when it has none: 4 + 29 + 4 bytes.)
    private func size(_ response: HubHTTPResponse, _ url: String = "https://example.test/a") -> Int {
        response.body.count + response.headers.byteCount + (response.headers.contains("date") ? 0 : dateSize) + url.utf8.count
    }

    /// The bytes of the Date field a response stored without one gets.
    private let dateSize = 4 + 29 + 4

    // MARK: Freshness

    @Test func freshWithinMaxAgeThenStale() {
        let cache = HTTPCache()
        let stored = response(["cache-control": "max-age=60", "etag": "\"v1\""])
        cache.store(stored, for: get(), partition: partition, now: 1_000)

        #expect(cache.count == 1)
        #expect(cache.byteCount == 4 + (13 + 10 + 4) + (4 + 4 + 4) + dateSize + 22)
        #expect(cache.lookup(get(), partition: partition, now: 1_000) == .fresh(cached(stored, age: 0, storedAt: 1)))
        #expect(cache.lookup(get(), partition: partition, now: 60_999) == .fresh(cached(stored, age: 59, storedAt: 1)))
        #expect(cache.lookup(get(), partition: partition, now: 61_000).conditions == ["if-none-match": "\"v1\""])
        #expect(cache.lookup(get("https://example.test/b"), partition: partition, now: 1_000) == .miss)
        #expect(cache.lookup(HubHTTPRequest(method: "POST", url: url), partition: partition, now: 1_000) == .miss)
    }

    @Test func ageHeaderCounts() {
        let cache = HTTPCache()
        let stored = response(["cache-control": "max-age=60", "age": "50", "etag": "\"v1\""])
        cache.store(stored, for: get(), partition: partition, now: 0)

        #expect(cache.lookup(get(), partition: partition, now: 9_999) == .fresh(cached(stored, age: 59)))
        #expect(cache.lookup(get(), partition: partition, now: 10_000).conditions == ["if-none-match": "\"v1\""])
    }

    @Test func staleWithoutValidatorIsMiss() {
        let cache = HTTPCache()
        let stored = response(["cache-control": "max-age=1"])
        cache.store(stored, for: get(), partition: partition, now: 0)

        #expect(cache.lookup(get(), partition: partition, now: 999) == .fresh(cached(stored, age: 0)))
        #expect(cache.lookup(get(), partition: partition, now: 1_000) == .miss)
        // It can never be used again: it is gone.
        #expect(cache.count == 0)
        #expect(cache.byteCount == 0)
    }

    @Test func responseWithoutFreshnessOrValidatorIsNotStored() {
        let cache = HTTPCache()
        cache.store(response([:]), for: get(), partition: partition, now: 0)
        cache.store(response(["cache-control": "max-age=0"]), for: get(), partition: partition, now: 0)
        cache.store(response(["cache-control": "max-age=10", "age": "10"]), for: get(), partition: partition, now: 0)
        cache.store(response(["expires": "Thu, 01 Jan 2099 00:00:00 GMT"]), for: get(), partition: partition, now: 0)
        cache.store(response(["cache-control": "s-maxage=60"]), for: get(), partition: partition, now: 0)

        #expect(cache.count == 0)
        #expect(cache.lookup(get(), partition: partition, now: 0) == .miss)
    }

    @Test func requestNoCacheOrMaxAgeAsksForValidation() {
        let cache = HTTPCache()
        let stored = response(["cache-control": "max-age=60, private", "etag": "W/\"v1\""])
        cache.store(stored, for: get(), partition: partition, now: 0)
        let conditions: HubHTTPHeaders = ["if-none-match": "W/\"v1\""]

        #expect(cache.lookup(get(url, ["cache-control": "no-cache"]), partition: partition, now: 1_000).conditions == conditions)
        #expect(cache.lookup(get(url, ["cache-control": "max-age=0"]), partition: partition, now: 1_000).conditions == conditions)
        #expect(cache.lookup(get(url, ["cache-control": "max-age=5"]), partition: partition, now: 4_999) == .fresh(cached(stored, age: 4)))
        #expect(cache.lookup(get(url, ["cache-control": "max-age=5"]), partition: partition, now: 5_000).conditions == conditions)
        #expect(cache.lookup(get(), partition: partition, now: 5_000) == .fresh(cached(stored, age: 5)))
    }

    @Test func requestNoCacheWithoutValidatorIsMissButKeepsEntry() {
        let cache = HTTPCache()
        let stored = response(["cache-control": "max-age=60"])
        cache.store(stored, for: get(), partition: partition, now: 0)

        #expect(cache.lookup(get(url, ["cache-control": "no-cache"]), partition: partition, now: 0) == .miss)
        #expect(cache.count == 1)
        #expect(cache.lookup(get(), partition: partition, now: 0) == .fresh(cached(stored, age: 0)))
    }

    // MARK: no-store, no-cache and validators

    @Test func requestNoStore() {
        let cache = HTTPCache()
        let stored = response(["cache-control": "max-age=60"])
        cache.store(stored, for: get(url, ["cache-control": "no-store"]), partition: partition, now: 0)
        #expect(cache.count == 0)

        cache.store(stored, for: get(), partition: partition, now: 0)
        #expect(cache.lookup(get(url, ["Cache-Control": "No-Store"]), partition: partition, now: 0) == .miss)
        #expect(cache.lookup(get(), partition: partition, now: 0) == .fresh(cached(stored, age: 0)))
        // A response to a no-store request leaves the stored one alone.
        let other = response(["cache-control": "max-age=60"], body: "other")
        cache.store(other, for: get(url, ["cache-control": "no-store"]), partition: partition, now: 0)
        #expect(cache.lookup(get(), partition: partition, now: 0) == .fresh(cached(stored, age: 0)))
    }

    @Test func responseNoStore() {
        let cache = HTTPCache()
        cache.store(response(["cache-control": "max-age=60, no-store", "etag": "\"v1\""]), for: get(), partition: partition, now: 0)
        #expect(cache.count == 0)
        #expect(cache.byteCount == 0)
        #expect(cache.lookup(get(), partition: partition, now: 0) == .miss)

        // A newer response that may not be stored removes the one it would have replaced.
        cache.store(response(["cache-control": "max-age=60"]), for: get(), partition: partition, now: 0)
        #expect(cache.count == 1)
        cache.store(response(["cache-control": "no-store"], body: "new"), for: get(), partition: partition, now: 1)
        #expect(cache.count == 0)
        #expect(cache.lookup(get(), partition: partition, now: 1) == .miss)
    }

    @Test func noCacheResponseIsStaleWithIfNoneMatch() {
        let cache = HTTPCache()
        let named = response(["cache-control": "no-cache=\"set-cookie, x-b\"", "etag": "\"def\""])
        cache.store(response(["cache-control": "no-cache, max-age=600", "etag": "\"abc\""]), for: get(), partition: partition, now: 0)
        cache.store(named, for: get("https://example.test/b"), partition: partition, now: 0)

        #expect(cache.count == 2)
        #expect(cache.lookup(get(), partition: partition, now: 0).conditions == ["if-none-match": "\"abc\""])
        #expect(cache.lookup(get("https://example.test/b"), partition: partition, now: 0).conditions == ["if-none-match": "\"def\""])
    }

    @Test func noCacheResponseWithoutValidatorIsNotStored() {
        let cache = HTTPCache()
        cache.store(response(["cache-control": "no-cache, max-age=600"]), for: get(), partition: partition, now: 0)
        #expect(cache.count == 0)
    }

    @Test func lastModifiedGivesIfModifiedSince() {
        let cache = HTTPCache()
        let date = "Tue, 15 Nov 1994 08:12:31 GMT"
        cache.store(response(["last-modified": date]), for: get(), partition: partition, now: 0)
        cache.store(response(["etag": "\"x\"", "last-modified": date]), for: get("https://example.test/b"), partition: partition, now: 0)

        #expect(cache.lookup(get(), partition: partition, now: 0).conditions == ["if-modified-since": date])
        #expect(
            cache.lookup(get("https://example.test/b"), partition: partition, now: 0).conditions
                == ["if-none-match": "\"x\"", "if-modified-since": date])
    }

    // MARK: Revalidation

    @Test func revalidationUpdatesHeadersAndFreshness() {
        let cache = HTTPCache()
        let stored = response([
            "cache-control": "max-age=10", "etag": "\"v1\"", "x-a": "old", "content-length": "4", "age": "3",
        ])
        cache.store(stored, for: get(), partition: partition, now: 0)
        #expect(cache.lookup(get(), partition: partition, now: 20_000).conditions == ["if-none-match": "\"v1\""])

        let notModified = HubHTTPResponse(
            status: 304,
            headers: [
                "cache-control": "max-age=100", "etag": "\"v1\"", "x-a": "new", "x-b": "1", "x-b": "2", "content-length": "0",
            ])
        // The 304 without a Date gets one, of when it came.
        let expected = HubHTTPResponse(
            status: 200,
            headers: [
                "content-length": "4", "cache-control": "max-age=100", "etag": "\"v1\"", "x-a": "new",
                "x-b": "1", "x-b": "2", "date": "Thu, 01 Jan 1970 00:00:20 GMT",
            ],
            body: Array("body".utf8), fromCache: true)

        #expect(cache.revalidated(get(), partition: partition, with: notModified, now: 20_000) == cached(expected, age: 0))
        #expect(cache.count == 1)
        #expect(cache.byteCount == size(expected))
        // Fresh again from the revalidation, for the new max-age; the old Age went.
        #expect(cache.lookup(get(), partition: partition, now: 119_999) == .fresh(cached(expected, age: 99)))
        #expect(cache.lookup(get(), partition: partition, now: 120_000).conditions == ["if-none-match": "\"v1\""])
    }

    @Test func revalidationAfterRemovalIsNil() {
        let cache = HTTPCache()
        let notModified = HubHTTPResponse(status: 304, headers: ["etag": "\"v1\""])
        cache.store(response(["etag": "\"v1\""]), for: get(), partition: partition, now: 0)
        cache.removeAll()
        #expect(cache.revalidated(get(), partition: partition, with: notModified, now: 0) == nil)
        #expect(cache.count == 0)
        #expect(cache.byteCount == 0)
    }

    @Test func revalidationAfterEvictionIsNil() {
        let first = response(["etag": "\"v1\""])
        let cache = HTTPCache(capacity: size(first))
        cache.store(first, for: get(), partition: partition, now: 0)
        cache.store(response(["etag": "\"v2\""]), for: get("https://example.test/b"), partition: partition, now: 0)

        #expect(cache.count == 1)
        #expect(cache.revalidated(get(), partition: partition, with: HubHTTPResponse(status: 304, headers: ["etag": "\"v1\""]), now: 0) == nil)
        #expect(cache.lookup(get("https://example.test/b"), partition: partition, now: 0).conditions == ["if-none-match": "\"v2\""])
    }

    @Test func revalidationForAnotherVersionIsNil() {
        let cache = HTTPCache()
        let date = "Tue, 15 Nov 1994 08:12:31 GMT"
        cache.store(response(["etag": "\"v2\""]), for: get(), partition: partition, now: 0)
        cache.store(response(["last-modified": date]), for: get("https://example.test/b"), partition: partition, now: 0)

        let otherTag = HubHTTPResponse(status: 304, headers: ["etag": "\"v1\""])
        let weakTag = HubHTTPResponse(status: 304, headers: ["etag": "W/\"v2\""])
        let otherDate = HubHTTPResponse(status: 304, headers: ["last-modified": "Wed, 16 Nov 1994 08:12:31 GMT"])
        #expect(cache.revalidated(get(), partition: partition, with: otherTag, now: 0) == nil)
        #expect(cache.revalidated(get(), partition: partition, with: weakTag, now: 0)?.body == Array("body".utf8))
        #expect(cache.revalidated(get("https://example.test/b"), partition: partition, with: otherDate, now: 0) == nil)
        #expect(cache.revalidated(get("https://example.test/b"), partition: partition, with: HubHTTPResponse(status: 304), now: 0)?.fromCache == true)
    }

    @Test func revalidationWithNoStoreRemovesButReturns() {
        let cache = HTTPCache()
        cache.store(response(["etag": "\"v1\""]), for: get(), partition: partition, now: 0)
        let notModified = HubHTTPResponse(status: 304, headers: ["cache-control": "no-store"])
        let returned = cache.revalidated(get(), partition: partition, with: notModified, now: 0)

        let headers: HubHTTPHeaders = ["etag": "\"v1\"", "cache-control": "no-store", "date": "Thu, 01 Jan 1970 00:00:00 GMT", "age": "0"]
        #expect(returned == HubHTTPResponse(status: 200, headers: headers, body: Array("body".utf8), fromCache: true))
        #expect(cache.count == 0)
        #expect(cache.byteCount == 0)
    }

    // MARK: Vary

    @Test func varyMatchMismatchAndAbsent() {
        let cache = HTTPCache()
        let stored = response(["cache-control": "max-age=60", "vary": "Accept-Language"])
        cache.store(stored, for: get(url, ["accept-language": "en"]), partition: partition, now: 0)

        #expect(cache.lookup(get(url, ["Accept-Language": "en"]), partition: partition, now: 0) == .fresh(cached(stored, age: 0)))
        #expect(cache.lookup(get(url, ["accept-language": "fr"]), partition: partition, now: 0) == .miss)
        #expect(cache.lookup(get(), partition: partition, now: 0) == .miss)

        // Absent when stored: matches only a request without it.
        let other = get("https://example.test/b")
        cache.store(stored, for: other, partition: partition, now: 0)
        #expect(cache.lookup(other, partition: partition, now: 0) == .fresh(cached(stored, age: 0)))
        #expect(cache.lookup(get("https://example.test/b", ["accept-language": "en"]), partition: partition, now: 0) == .miss)
    }

    @Test func varyStarIsNotStored() {
        let cache = HTTPCache()
        cache.store(response(["cache-control": "max-age=60", "vary": "accept, *"]), for: get(), partition: partition, now: 0)
        #expect(cache.count == 0)
        #expect(cache.lookup(get(), partition: partition, now: 0) == .miss)
    }

    @Test func twoVariantsKeptAndReplacedOneByOne() {
        let cache = HTTPCache()
        let english = response(["cache-control": "max-age=60", "vary": "accept-language, accept"], body: "hello")
        let french = response(["cache-control": "max-age=60", "vary": "accept-language, accept"], body: "bonjour")
        let en = get(url, ["accept-language": "en", "accept": "text/plain"])
        let fr = get(url, ["accept-language": "fr", "accept": "text/plain"])
        cache.store(english, for: en, partition: partition, now: 0)
        cache.store(french, for: fr, partition: partition, now: 0)

        #expect(cache.count == 2)
        #expect(cache.byteCount == size(english) + size(french))
        #expect(cache.lookup(en, partition: partition, now: 0) == .fresh(cached(english, age: 0)))
        #expect(cache.lookup(fr, partition: partition, now: 0) == .fresh(cached(french, age: 0)))
        #expect(cache.lookup(get(url, ["accept-language": "en", "accept": "text/html"]), partition: partition, now: 0) == .miss)

        let newEnglish = response(["cache-control": "max-age=60", "vary": "accept-language, accept"], body: "hi")
        cache.store(newEnglish, for: en, partition: partition, now: 1)
        #expect(cache.count == 2)
        #expect(cache.byteCount == size(newEnglish) + size(french))
        #expect(cache.lookup(en, partition: partition, now: 1) == .fresh(cached(newEnglish, age: 0)))
        #expect(cache.lookup(fr, partition: partition, now: 1) == .fresh(cached(french, age: 0)))
    }

    // MARK: What is stored

    @Test func unsafeMethodInvalidatesStoredResponses() {
        let cache = HTTPCache()
        let stored = response(["cache-control": "max-age=60"])
        let other = get("https://example.test/b")
        cache.store(stored, for: get(), partition: partition, now: 0)
        cache.store(stored, for: HubHTTPRequest(method: "HEAD", url: url), partition: partition, now: 0)
        cache.store(stored, for: other, partition: partition, now: 0)
        #expect(cache.count == 3)

        cache.store(response([:], status: 500), for: HubHTTPRequest(method: "POST", url: url), partition: partition, now: 0)
        #expect(cache.count == 3)
        cache.store(response([:], status: 201), for: HubHTTPRequest(method: "post", url: url), partition: partition, now: 0)
        #expect(cache.count == 1)
        #expect(cache.byteCount == size(stored, "https://example.test/b"))
        #expect(cache.lookup(get(), partition: partition, now: 0) == .miss)
        #expect(cache.lookup(HubHTTPRequest(method: "HEAD", url: url), partition: partition, now: 0) == .miss)
        #expect(cache.lookup(other, partition: partition, now: 0) == .fresh(cached(stored, age: 0)))

        cache.store(response([:], status: 204), for: HubHTTPRequest(method: "DELETE", url: "https://example.test/b"), partition: partition, now: 0)
        #expect(cache.count == 0)
    }

    @Test func uncacheableStatusIsNotStored() {
        let cache = HTTPCache()
        // Without explicit freshness, only heuristically cacheable statuses are stored (RFC 9111 §3);
        // a 206 or a 304 never is.
        for status in [500, 302, 201, 503] {
            cache.store(response(["etag": "\"v\""], status: status), for: get(), partition: partition, now: 0)
        }
        for status in [206, 304] {
            cache.store(response(["cache-control": "max-age=60", "etag": "\"v\""], status: status), for: get(), partition: partition, now: 0)
        }
        #expect(cache.count == 0)
        for status in [200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501] {
            let stored = response(["cache-control": "max-age=60"], status: status)
            cache.store(stored, for: get("https://example.test/\(status)"), partition: partition, now: 0)
        }
        #expect(cache.count == 11)
        let notFound = response(["cache-control": "max-age=60"], status: 404)
        #expect(cache.lookup(get("https://example.test/404"), partition: partition, now: 0) == .fresh(cached(notFound, age: 0)))
    }

    @Test func uncacheableStatusLeavesStoredResponse() {
        let cache = HTTPCache()
        let stored = response(["cache-control": "max-age=60"])
        cache.store(stored, for: get(), partition: partition, now: 0)
        cache.store(response([:], status: 503), for: get(), partition: partition, now: 0)
        #expect(cache.lookup(get(), partition: partition, now: 0) == .fresh(cached(stored, age: 0)))
    }

    @Test func headIsStoredApartFromGet() {
        let cache = HTTPCache()
        let head = HubHTTPRequest(method: "HEAD", url: url)
        let headResponse = HubHTTPResponse(status: 200, headers: ["cache-control": "max-age=60"])
        cache.store(headResponse, for: head, partition: partition, now: 0)
        #expect(cache.lookup(head, partition: partition, now: 0) == .fresh(cached(headResponse, age: 0)))
        #expect(cache.lookup(get(), partition: partition, now: 0) == .miss)
    }

    // MARK: Partitions and credentials

    @Test func aResponseIsServedOnlyToItsOwnPartition() {
        let cache = HTTPCache()
        let owners = response(["cache-control": "private, max-age=600"], body: "owner's")
        cache.store(owners, for: get(), partition: "feature owner", now: 0)
        #expect(cache.lookup(get(), partition: "feature owner", now: 0) == .fresh(cached(owners, age: 0)))
        #expect(cache.lookup(get(), partition: "feature leaky", now: 0) == .miss)
        #expect(cache.revalidated(get(), partition: "feature leaky", with: HubHTTPResponse(status: 304), now: 0) == nil)

        // Each partition holds its own response for the URL.
        let leakys = response(["cache-control": "max-age=600"], body: "leaky's")
        cache.store(leakys, for: get(), partition: "feature leaky", now: 0)
        #expect(cache.count == 2)
        #expect(cache.lookup(get(), partition: "feature owner", now: 0) == .fresh(cached(owners, age: 0)))
        #expect(cache.lookup(get(), partition: "feature leaky", now: 0) == .fresh(cached(leakys, age: 0)))

        // An unsafe method invalidates what its own partition holds only.
        cache.store(HubHTTPResponse(status: 204), for: HubHTTPRequest(method: "POST", url: url), partition: "feature leaky", now: 0)
        #expect(cache.lookup(get(), partition: "feature leaky", now: 0) == .miss)
        #expect(cache.lookup(get(), partition: "feature owner", now: 0) == .fresh(cached(owners, age: 0)))
        #expect(cache.count == 1)
    }

    @Test func aResponseToARequestWithAuthorizationIsNotStoredUnlessItSaysItMayBe() {
        let cache = HTTPCache()
        let authorized = get(url, ["authorization": "Bearer owner-secret"])
        for value in ["private, max-age=600", "max-age=600", "no-cache, max-age=600"] {
            cache.store(response(["cache-control": value, "etag": "\"v\""]), for: authorized, partition: partition, now: 0)
        }
        #expect(cache.count == 0)
        #expect(cache.lookup(authorized, partition: partition, now: 0) == .miss)
        #expect(cache.lookup(get(), partition: partition, now: 0) == .miss)

        // Not stored, it still removes what it would have replaced.
        let open = response(["cache-control": "max-age=600"])
        cache.store(open, for: get(), partition: partition, now: 0)
        #expect(cache.count == 1)
        cache.store(response(["cache-control": "private, max-age=600"]), for: authorized, partition: partition, now: 0)
        #expect(cache.count == 0)
    }

    @Test func aResponseToARequestWithAuthorizationSayingPublicIsStoredForItsPartitionOnly() {
        let cache = HTTPCache()
        let values = ["public, max-age=600", "must-revalidate, max-age=600", "s-maxage=60, max-age=600"]
        for (index, value) in values.enumerated() {
            let request = get("https://example.test/\(index)", ["authorization": "Bearer owner-secret"])
            let stored = response(["cache-control": value])
            cache.store(stored, for: request, partition: "feature owner", now: 0)
            #expect(cache.lookup(request, partition: "feature owner", now: 599_999) == .fresh(cached(stored, age: 599)))
            #expect(cache.lookup(request, partition: "feature leaky", now: 0) == .miss)
            #expect(cache.lookup(get("https://example.test/\(index)"), partition: "feature leaky", now: 0) == .miss)
        }
        #expect(cache.count == 3)
    }

    // MARK: Size

    @Test func leastRecentlyUsedIsEvicted() {
        let headers: HubHTTPHeaders = ["cache-control": "max-age=60"]
        let first = response(headers, body: String(repeating: "a", count: 100))
        let second = response(headers, body: String(repeating: "b", count: 100))
        let third = response(headers, body: String(repeating: "c", count: 100))
        let entrySize = 100 + 27 + dateSize + 22
        #expect(size(first, "https://example.test/1") == entrySize)
        let cache = HTTPCache(capacity: 2 * entrySize)

        cache.store(first, for: get("https://example.test/1"), partition: partition, now: 0)
        cache.store(second, for: get("https://example.test/2"), partition: partition, now: 0)
        #expect(cache.count == 2)
        #expect(cache.byteCount == 2 * entrySize)
        #expect(cache.lookup(get("https://example.test/1"), partition: partition, now: 0) == .fresh(cached(first, age: 0)))
        cache.store(third, for: get("https://example.test/3"), partition: partition, now: 0)

        #expect(cache.count == 2)
        #expect(cache.byteCount == 2 * entrySize)
        #expect(cache.lookup(get("https://example.test/2"), partition: partition, now: 0) == .miss)
        #expect(cache.lookup(get("https://example.test/1"), partition: partition, now: 0) == .fresh(cached(first, age: 0)))
        #expect(cache.lookup(get("https://example.test/3"), partition: partition, now: 0) == .fresh(cached(third, age: 0)))
    }

    @Test func staleLookupAndRevalidationCountAsUse() {
        let headers: HubHTTPHeaders = ["etag": "\"v\""]
        let entrySize = 4 + (4 + 3 + 4) + dateSize + 22
        #expect(size(response(headers), "https://example.test/1") == entrySize)
        let cache = HTTPCache(capacity: 2 * entrySize)
        cache.store(response(headers), for: get("https://example.test/1"), partition: partition, now: 0)
        cache.store(response(headers), for: get("https://example.test/2"), partition: partition, now: 0)

        #expect(cache.lookup(get("https://example.test/1"), partition: partition, now: 0).conditions == ["if-none-match": "\"v\""])
        cache.store(response(headers), for: get("https://example.test/3"), partition: partition, now: 0)
        #expect(cache.lookup(get("https://example.test/2"), partition: partition, now: 0) == .miss)

        let notModified = HubHTTPResponse(status: 304)
        #expect(cache.revalidated(get("https://example.test/1"), partition: partition, with: notModified, now: 0) != nil)
        cache.store(response(headers), for: get("https://example.test/4"), partition: partition, now: 0)
        #expect(cache.lookup(get("https://example.test/3"), partition: partition, now: 0) == .miss)
        #expect(cache.lookup(get("https://example.test/1"), partition: partition, now: 0).conditions == ["if-none-match": "\"v\""])
        #expect(cache.count == 2)
    }

    @Test func oversizeEntryIsNotStored() {
        let stored = response(["cache-control": "max-age=60"])
        let cache = HTTPCache(capacity: size(stored) - 1)
        cache.store(stored, for: get(), partition: partition, now: 0)
        #expect(cache.count == 0)
        #expect(cache.byteCount == 0)

        let exact = HTTPCache(capacity: size(stored))
        exact.store(stored, for: get(), partition: partition, now: 0)
        #expect(exact.count == 1)
        #expect(exact.byteCount == size(stored))
        // Too large: not stored, and the smaller one it would replace goes.
        exact.store(response(["cache-control": "max-age=60"], body: "bodies"), for: get(), partition: partition, now: 0)
        #expect(exact.count == 0)
        #expect(exact.byteCount == 0)
    }

    @Test func replacingAnEntryUpdatesByteCount() {
        let cache = HTTPCache()
        let small = response(["cache-control": "max-age=60"], body: String(repeating: "x", count: 10))
        let large = response(["cache-control": "max-age=60", "etag": "\"2\""], body: String(repeating: "y", count: 30))
        cache.store(small, for: get(), partition: partition, now: 0)
        #expect(cache.byteCount == 10 + 27 + dateSize + 22)
        cache.store(large, for: get(), partition: partition, now: 0)
        #expect(cache.count == 1)
        #expect(cache.byteCount == 30 + 27 + 11 + dateSize + 22)
        #expect(cache.lookup(get(), partition: partition, now: 0) == .fresh(cached(large, age: 0)))
        cache.store(small, for: get(), partition: partition, now: 0)
        #expect(cache.byteCount == 10 + 27 + dateSize + 22)
        cache.removeAll()
        #expect(cache.count == 0)
        #expect(cache.byteCount == 0)
    }

    @Test func concurrentUseStaysWithinCapacity() {
        let entrySize = 100 + 27 + dateSize + "https://example.test/100".utf8.count
        let cache = HTTPCache(capacity: 10 * entrySize + entrySize / 2)
        DispatchQueue.concurrentPerform(iterations: 1_000) { iteration in
            let number = 100 + iteration % 50
            let request = HubHTTPRequest(url: "https://example.test/\(number)")
            if iteration % 3 == 0 {
                let body = [UInt8](repeating: UInt8(number), count: 100)
                cache.store(HubHTTPResponse(status: 200, headers: ["cache-control": "max-age=60"], body: body), for: request, partition: partition, now: 0)
            } else if case .fresh(let response) = cache.lookup(request, partition: partition, now: 0) {
                #expect(response.body == [UInt8](repeating: UInt8(number), count: 100))
            }
            let (bytes, count) = (cache.byteCount, cache.count)
            #expect(bytes <= cache.capacity)
            #expect(count <= 10)
        }

        #expect(cache.count >= 1)
        #expect(cache.count <= 10)
        #expect(cache.byteCount == cache.count * entrySize)
        var found = 0
        for number in 100..<150 {
            if case .fresh(let response) = cache.lookup(HubHTTPRequest(url: "https://example.test/\(number)"), partition: partition, now: 0) {
                #expect(response.body == [UInt8](repeating: UInt8(number), count: 100))
                found += 1
            }
        }
        #expect(found == cache.count)
    }

    // MARK: Cache-Control parsing

    @Test func malformedMaxAgeMeansNone() {
        let cache = HTTPCache()
        let malformed = ["max-age=abc", "max-age=", "max-age", "max-age=-5", "max-age=1.5", "max-age=\"12", "max-age=x, max-age=60"]
        for (index, value) in malformed.enumerated() {
            cache.store(response(["cache-control": value]), for: get("https://example.test/\(index)"), partition: partition, now: 0)
        }
        #expect(cache.count == 0)

        // With a validator: stored, but stale at once.
        cache.store(response(["cache-control": "max-age=abc", "etag": "\"v\""]), for: get(), partition: partition, now: 0)
        #expect(cache.count == 1)
        #expect(cache.lookup(get(), partition: partition, now: 0).conditions == ["if-none-match": "\"v\""])
    }

    @Test func maxAgeVariants() {
        let cache = HTTPCache()
        let quoted = response(["cache-control": "max-age=\"30\""])
        let spaced = response(["Cache-Control": " Public ,  MAX-AGE = 30 ", "cache-control": "max-age=90"])
        let huge = response(["cache-control": "max-age=99999999999999999999999"])
        cache.store(quoted, for: get("https://example.test/1"), partition: partition, now: 0)
        cache.store(spaced, for: get("https://example.test/2"), partition: partition, now: 0)
        cache.store(huge, for: get("https://example.test/3"), partition: partition, now: 0)

        #expect(cache.lookup(get("https://example.test/1"), partition: partition, now: 29_999) == .fresh(cached(quoted, age: 29)))
        #expect(cache.lookup(get("https://example.test/1"), partition: partition, now: 30_000) == .miss)
        #expect(cache.lookup(get("https://example.test/2"), partition: partition, now: 29_999) == .fresh(cached(spaced, age: 29)))
        #expect(cache.lookup(get("https://example.test/2"), partition: partition, now: 30_000) == .miss)
        #expect(cache.lookup(get("https://example.test/3"), partition: partition, now: 2_147_483_647_999) == .fresh(cached(huge, age: 2147483647)))
        #expect(cache.lookup(get("https://example.test/3"), partition: partition, now: 2_147_483_648_000) == .miss)
    }

    @Test func directivesParsing() {
        let directives = HTTPCacheDirectives(
            cacheControl: "private, no-cache=\"set-cookie, max-age=1\", Max-Age=\"5\", NO-STORE")
        #expect(directives.noStore)
        // no-cache with field names is not no-cache: those fields are not stored (RFC 9111 §5.2.2.4).
        #expect(!directives.noCache)
        #expect(directives.unstoredFields == ["set-cookie", "max-age=1"])
        #expect(directives.maxAge == 5)
        let none = HTTPCacheDirectives(cacheControl: nil)
        #expect(!none.noStore && !none.noCache && none.maxAge == nil && !none.allowsStoringAuthorized)
        for value in ["Public", "must-revalidate", "s-maxage=60", "S-MAXAGE=\"60\", private"] {
            #expect(HTTPCacheDirectives(cacheControl: value).allowsStoringAuthorized, "\(value)")
        }
        for value in ["private", "no-cache=\"public\"", "proxy-revalidate, max-age=60"] {
            #expect(!HTTPCacheDirectives(cacheControl: value).allowsStoringAuthorized, "\(value)")
        }
        #expect(HTTPCacheDirectives(cacheControl: ",, ,") == none)
        #expect(HTTPCacheDirectives.age(["age": "7, 9"]) == 7)
        #expect(HTTPCacheDirectives.age(["age": "-7"]) == 0)
        #expect(HTTPCacheDirectives.varyNames(["vary": "Accept, accept-language,ACCEPT"]) == ["accept", "accept-language"])
        #expect(HTTPCacheDirectives.varyNames([:]) == [])
        #expect(HTTPCacheDirectives.varyNames(["vary": "*"]) == nil)
    }
}
