import HTTPTypes
import HubCore
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing
@testable import HubServer

/// Fresh kept views answered on the connection's event loop (``ViewAnswering``), on an
/// embedded channel: the exact answer the route gives, counted and logged, and every request it
/// must not answer passed on to the router, in order.
@Suite struct ViewAnsweringTests {
    private static let json = ByteBuffer(string: #"{"body":[]}"#)
    private static let tag = #""0123456789abcdef""#

    /// A channel with the handler, whose cache keeps `kept:a` a minute, `kept:stale` for no time
    /// and `asked:view` by a policy function; its server answers to loopback names only. A test
    /// finishes it: until then the channel and its pipeline hold each other.
    private static func channel(log: CapturedLog = CapturedLog(), metrics: ServerMetrics = ServerMetrics()) throws -> EmbeddedChannel {
        let cache = ViewCache()
        for (uri, policy) in [("kept:a", ViewCache.Policy.maxAge(60_000)), ("kept:stale", .maxAge(0)), ("asked:view", .ask)] {
            let entry = ViewCache.Entry(
                feature: String(uri.prefix { $0 != ":" }), model: ViewModelBuilder().build(), json: json, tag: tag, policy: policy,
                storedAt: MonotonicTime.now)
            cache.keep(entry, for: uri, since: cache.generation)
        }
        let pipeline = RequestPipeline(
            hosts: try HostPolicy(boundAddress: "127.0.0.1", allowedHosts: []), metrics: metrics, isDevelopment: false, maxBodyBytes: 0)
        let views = ViewAnswering.Views(cache: cache, pipeline: pipeline, logger: log.logger())
        return EmbeddedChannel(handler: ViewAnswering(views: views))
    }

    static func request(
        _ path: String, method: HTTPTypes.HTTPRequest.Method = .get, host: String = "127.0.0.1", fields: HTTPFields = [:]
    ) -> HTTPTypes.HTTPRequest {
        HTTPTypes.HTTPRequest(method: method, scheme: nil, authority: host, path: path, headerFields: fields)
    }

    /// Sends `head` and the end of its request.
    static func send(_ head: HTTPTypes.HTTPRequest, to channel: EmbeddedChannel) throws {
        try channel.writeInbound(HTTPRequestPart.head(head))
        try channel.writeInbound(HTTPRequestPart.end(nil))
    }

    /// The response parts written since the last call.
    static func written(_ channel: EmbeddedChannel) throws -> [HTTPResponsePart] {
        var parts: [HTTPResponsePart] = []
        while let part = try channel.readOutbound(as: HTTPResponsePart.self) { parts.append(part) }
        return parts
    }

    /// The request parts passed on since the last call.
    static func passedOn(_ channel: EmbeddedChannel) throws -> [HTTPRequestPart] {
        var parts: [HTTPRequestPart] = []
        while let part = try channel.readInbound(as: HTTPRequestPart.self) { parts.append(part) }
        return parts
    }

    @Test func aFreshKeptViewIsAnsweredWithTheRoutesFieldsCountedAndLogged() throws {
        let log = CapturedLog()
        let metrics = ServerMetrics()
        let channel = try Self.channel(log: log, metrics: metrics)
        defer { _ = try? channel.finish() }
        try Self.send(Self.request("/views/kept:a"), to: channel)
        let parts = try Self.written(channel)
        try #require(parts.count == 3, "\(parts)")
        guard case .head(let head) = parts[0], case .body(let body) = parts[1], case .end(nil) = parts[2] else {
            Issue.record("not a head, a body and an end: \(parts)")
            return
        }
        #expect(head.status == .ok)
        #expect(head.headerFields.map(\.name.canonicalName) == [
            "etag", "cache-control", "age", "content-type", "content-length", "x-content-type-options", "x-request-id", "date", "server",
        ])
        #expect(head.headerFields[.eTag] == Self.tag && head.headerFields[.cacheControl] == "max-age=60")
        #expect(head.headerFields[.age] == "0" && head.headerFields[.contentType] == "application/json")
        #expect(head.headerFields[.contentLength] == String(Self.json.readableBytes) && body == Self.json)
        #expect(head.headerFields[.xContentTypeOptions] == "nosniff" && head.headerFields[.server] == "hub")
        #expect(head.headerFields[.date]?.hasSuffix(" GMT") == true)
        #expect(try Self.passedOn(channel).isEmpty, "answered, not passed on")
        let requestID = try #require(head.headerFields[.requestID])
        #expect(log.lines.map(\.message).count == 1 && log.lines.first?.message.hasPrefix("GET /views/kept:a 200 ") == true, "\(log.lines)")
        #expect(log.lines.first?.requestID == requestID && log.lines.first?.level == .info)
        #expect(metrics.text.contains(#"hub_view_cache_hits_total{feature="kept"} 1"#), "\(metrics.text)")
        #expect(metrics.text.contains(#"hub_http_requests_total{method="GET",status="200"} 1"#), "\(metrics.text)")
    }

    @Test func requestIDsAre32HexDigitsOfTheProcessThenACounter() throws {
        let ids = (0..<3).map { _ in RequestIdentifier.next() }
        #expect(ids.allSatisfy { $0.wholeMatch(of: /[0-9a-f]{32}/) != nil }, "\(ids)")
        #expect(Set(ids.map { $0.prefix(16) }).count == 1, "one process half: \(ids)")
        let counts = try ids.map { try #require(UInt64($0.suffix(16), radix: 16)) }
        #expect(counts[1] &- counts[0] == 1 && counts[2] &- counts[1] == 1, "\(ids)")
    }

    @Test func itsDateIsRFC9110sFormatOfTheSecond() {
        #expect(EverySecond.httpDate.text(of: 0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(EverySecond.httpDate.text(of: 1_795_707_044) == "Thu, 26 Nov 2026 15:30:44 GMT")
    }

    @Test func theTagInIfNoneMatchIsAnswered304AndHeadHasTheLengthButNoBody() throws {
        let channel = try Self.channel()
        defer { _ = try? channel.finish() }
        try Self.send(Self.request("/views/kept:a", fields: [.ifNoneMatch: Self.tag]), to: channel)
        let unchanged = try Self.written(channel)
        guard unchanged.count == 2, case .head(let notModified) = unchanged[0], case .end = unchanged[1] else {
            Issue.record("not a head and an end: \(unchanged)")
            return
        }
        #expect(notModified.status == .notModified && notModified.headerFields[.eTag] == Self.tag)
        #expect(notModified.headerFields[.contentType] == nil && notModified.headerFields[.contentLength] == nil)

        try Self.send(Self.request("/views/kept:a", method: .head), to: channel)
        let headOnly = try Self.written(channel)
        guard headOnly.count == 2, case .head(let head) = headOnly[0], case .end = headOnly[1] else {
            Issue.record("not a head and an end: \(headOnly)")
            return
        }
        #expect(head.status == .ok && head.headerFields[.contentLength] == String(Self.json.readableBytes))
    }

    @Test(arguments: [
        ViewAnsweringTests.request("/views/kept:a", method: .post),
        ViewAnsweringTests.request("/views/kept:a", host: "evil.example"),
        ViewAnsweringTests.request("/views/kept:a", fields: [.contentLength: "5"]),
        request("/views/kept:a", fields: [.transferEncoding: "chunked"]),
        request("/views/kept:a", fields: [.connection: "close"]),
        request("/views/kept%3Aa"),
        request("/views/kept:a#top"),
        request("/views/./kept:a"),
        request("/views/kept:a/../kept:a"),
        request("/views//kept:a"),
        request("/views/kept:a/"),
        request("/views/kept:a/updates"),
        request("/views/kept:b"),
        request("/views/kept:stale"),
        request("/views/asked:view"),
        request("/preview/kept:a"),
        request("/metrics"),
    ])
    func aRequestItMustNotAnswerPassesOnToTheRouter(_ head: HTTPTypes.HTTPRequest) throws {
        let channel = try Self.channel()
        defer { _ = try? channel.finish() }
        // After a request it answered on the same connection, whose target and Host it keeps:
        // the next request is judged for itself all the same.
        try Self.send(Self.request("/views/kept:a"), to: channel)
        #expect(try Self.written(channel).count == 3, "the first request is answered")
        try Self.send(head, to: channel)
        #expect(try Self.written(channel).isEmpty, "\(head)")
        let forwarded = try Self.passedOn(channel)
        guard forwarded.count == 2, case .head(let passed) = forwarded[0], case .end = forwarded[1] else {
            Issue.record("\(head) was not passed on whole: \(forwarded)")
            return
        }
        #expect(passed == head)
    }

    /// A client that asks faster than it reads (pipelined GETs, its answers left unread) fills
    /// what the connection may buffer: from then on its requests go to the router, whose
    /// backpressure stops reading them, instead of answers piling up here.
    @Test func whileTheConnectionIsNotWritableRequestsPassOnToTheRouter() throws {
        let channel = try Self.channel()
        defer { _ = try? channel.finish() }
        channel.isWritable = false
        try Self.send(Self.request("/views/kept:a"), to: channel)
        #expect(try Self.written(channel).isEmpty)
        #expect(try Self.passedOn(channel).count == 2)
        channel.isWritable = true
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok)))
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        _ = try Self.written(channel)
        try Self.send(Self.request("/views/kept:a"), to: channel)
        #expect(try Self.written(channel).count == 3, "answered here again once writable")
    }

    @Test func whileARequestPassedOnIsUnansweredTheNextOnesPassOnTooSoAnswersKeepTheirOrder() throws {
        let channel = try Self.channel()
        defer { _ = try? channel.finish() }
        try Self.send(Self.request("/views/kept:b"), to: channel)
        try Self.send(Self.request("/views/kept:a"), to: channel)
        #expect(try Self.passedOn(channel).count == 4, "both passed on")
        #expect(try Self.written(channel).isEmpty)
        // The router answers the first; the second is still its to answer.
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok)))
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        try Self.send(Self.request("/views/kept:a"), to: channel)
        #expect(try Self.passedOn(channel).count == 2, "one passed on is still unanswered")
        // Once the router has answered everything passed on, a kept view is answered here.
        for _ in 0..<2 {
            try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok)))
            try channel.writeOutbound(HTTPResponsePart.end(nil))
        }
        _ = try Self.written(channel)
        try Self.send(Self.request("/views/kept:a"), to: channel)
        #expect(try Self.passedOn(channel).isEmpty)
        let answered = try Self.written(channel)
        guard answered.count == 3, case .head(let head) = answered[0] else {
            Issue.record("not answered here: \(answered)")
            return
        }
        #expect(head.headerFields[.eTag] == Self.tag)
    }
}
