import HTTPTypes
import HubCore
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Synchronization
import Testing
@testable import HubServer

/// Views that are not kept, loaded on a worker and answered on the connection's event loop
/// (``ViewAnswering``), on an embedded channel whose loads the test answers: the route's
/// answer or problem details, the connection's later requests held and no more read until it
/// is written, then answered in order.
@Suite struct ViewAnsweringLoadTests {
    private static let json = ByteBuffer(string: #"{"title":"rows"}"#)

    /// The loads asked for, answered when the test says.
    final class Loads: Sendable {
        struct Asked: Sendable {
            let uri: String
            let ifNoneMatch: String?
            let deliver: @Sendable (Result<ViewAnswer, any Error>) -> Void
        }

        private let asked = Mutex<[Asked]>([])
        /// What the next load throws at once, if anything.
        let refusal = Mutex<ViewFailure?>(nil)

        var all: [Asked] { asked.withLock { $0 } }

        func load(_ uri: String, _ ifNoneMatch: String?, _ deliver: @escaping @Sendable (Result<ViewAnswer, any Error>) -> Void) throws(ViewFailure) {
            if let refusal = refusal.withLock({ $0.take() }) { throw refusal }
            asked.withLock { $0.append(Asked(uri: uri, ifNoneMatch: ifNoneMatch, deliver: deliver)) }
        }
    }

    /// Counts the reads asked of the channel (first in the pipeline, so it sees those the
    /// handler lets through).
    final class ReadCounter: ChannelOutboundHandler, @unchecked Sendable {
        typealias OutboundIn = Any
        var reads = 0

        func read(context: ChannelHandlerContext) {
            reads += 1
            context.read()
        }
    }

    /// A channel with the handler, its loads given to `loads`; its cache keeps `kept:a` a minute.
    private static func channel(
        loads: Loads, reads: ReadCounter = ReadCounter(), log: CapturedLog = CapturedLog(), metrics: ServerMetrics = ServerMetrics()
    ) throws -> EmbeddedChannel {
        let cache = ViewCache()
        let entry = ViewCache.Entry(
            feature: "kept", model: ViewModelBuilder().build(), json: json, tag: #""kept""#, policy: .maxAge(60_000),
            storedAt: MonotonicTime.now)
        cache.keep(entry, for: "kept:a", since: cache.generation)
        let pipeline = RequestPipeline(
            hosts: try HostPolicy(boundAddress: "127.0.0.1", allowedHosts: []), metrics: metrics, isDevelopment: false, maxBodyBytes: 0)
        let views = ViewAnswering.Views(
            cache: cache, pipeline: pipeline, logger: log.logger(),
            load: { uri, ifNoneMatch, _, deliver throws(ViewFailure) in try loads.load(uri, ifNoneMatch, deliver) })
        return EmbeddedChannel(handlers: [reads, ViewAnswering(views: views)])
    }

    private static func send(_ path: String, fields: HTTPFields = [:], to channel: EmbeddedChannel) throws {
        try ViewAnsweringTests.send(ViewAnsweringTests.request(path, fields: fields), to: channel)
    }

    @Test func aViewNotKeptIsLoadedAndAnsweredFirstThenTheRequestsReadMeanwhileInOrder() throws {
        let (loads, reads, log) = (Loads(), ReadCounter(), CapturedLog())
        let channel = try Self.channel(loads: loads, reads: reads, log: log)
        defer { _ = try? channel.finish() }
        try Self.send("/views/rows:view?page=2", fields: [.ifNoneMatch: #""old""#], to: channel)
        // Pipelined behind it: a kept view, a request for the router, a view not kept.
        try Self.send("/views/kept:a", to: channel)
        try Self.send("/metrics", to: channel)
        try Self.send("/views/other:view", to: channel)
        channel.pipeline.read()
        #expect(loads.all.map(\.uri) == [try ViewAddress.uri(["rows:view"], query: "page=2")])
        #expect(loads.all.first?.ifNoneMatch == #""old""#)
        #expect(try ViewAnsweringTests.written(channel).isEmpty && ViewAnsweringTests.passedOn(channel).isEmpty, "held until the first is answered")
        #expect(reads.reads == 0, "nothing more is read meanwhile")

        let answer = ViewAnswer(json: Self.json, tag: #""rows""#, cacheControl: ViewCache.noCache, ifNoneMatch: #""old""#)
        loads.all[0].deliver(.success(answer))
        channel.embeddedEventLoop.run()
        let parts = try ViewAnsweringTests.written(channel)
        try #require(parts.count == 6, "the loaded view's answer, then the kept view's: \(parts)")
        guard case .head(let head) = parts[0], case .body(let body) = parts[1], case .end = parts[2], case .head(let kept) = parts[3] else {
            Issue.record("not two answers: \(parts)")
            return
        }
        #expect(head.status == .ok && body == Self.json)
        #expect(head.headerFields.map(\.name.canonicalName) == [
            "etag", "cache-control", "content-type", "content-length", "x-content-type-options", "x-request-id", "date", "server",
        ])
        #expect(head.headerFields[.eTag] == #""rows""# && head.headerFields[.cacheControl] == ViewCache.noCache)
        #expect(kept.headerFields[.eTag] == #""kept""#)
        // The router's request is passed on after them, and so is the view behind it, so that
        // the router's answer comes first; the read asked for meanwhile goes through.
        let forwarded = try ViewAnsweringTests.passedOn(channel)
        #expect(forwarded.compactMap { part -> String? in if case .head(let head) = part { head.path } else { nil } } == ["/metrics", "/views/other:view"])
        #expect(forwarded.count == 4 && loads.all.count == 1)
        #expect(reads.reads == 1)
        #expect(log.lines.map { $0.message.split(separator: " ").prefix(3).joined(separator: " ") } == ["GET /views/rows:view?page=2 200", "GET /views/kept:a 200"])
        #expect(log.lines.first?.requestID == head.headerFields[.requestID])

        // Once the router has answered both, a view not kept is loaded here again.
        for _ in 0..<2 {
            try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok)))
            try channel.writeOutbound(HTTPResponsePart.end(nil))
        }
        _ = try ViewAnsweringTests.written(channel)
        try Self.send("/views/other:view", fields: [.ifNoneMatch: #""same""#], to: channel)
        #expect(loads.all.map(\.uri) == [try ViewAddress.uri(["rows:view"], query: "page=2"), "other:view"])
        loads.all[1].deliver(.success(ViewAnswer(json: Self.json, tag: #""same""#, cacheControl: ViewCache.noCache, ifNoneMatch: #""same""#)))
        channel.embeddedEventLoop.run()
        let unchanged = try ViewAnsweringTests.written(channel)
        guard unchanged.count == 2, case .head(let notModified) = unchanged[0], case .end = unchanged[1] else {
            Issue.record("not a 304's head and end: \(unchanged)")
            return
        }
        #expect(notModified.status == .notModified)
    }

    @Test func aFailedLoadIsAnsweredWithProblemDetailsThatNameItsRequest() throws {
        let (loads, log, metrics) = (Loads(), CapturedLog(), ServerMetrics())
        let channel = try Self.channel(loads: loads, log: log, metrics: metrics)
        defer { _ = try? channel.finish() }
        try Self.send("/views/broken:view?page=1", to: channel)
        loads.all[0].deliver(.failure(ViewFailure.failed("broken.lua:3: attempt to index a nil value", feature: "broken")))
        channel.embeddedEventLoop.run()
        let parts = try ViewAnsweringTests.written(channel)
        guard parts.count == 3, case .head(let head) = parts[0], case .body(let body) = parts[1] else {
            Issue.record("not an answer with a body: \(parts)")
            return
        }
        let requestID = try #require(head.headerFields[.requestID])
        #expect(head.status == .internalServerError && head.headerFields[.contentType] == "application/problem+json")
        let problem = String(buffer: body)
        #expect(problem.contains(#""request_id":"\#(requestID)""#) && problem.contains(#""instance":"/views/broken:view""#), "\(problem)")
        #expect(!problem.contains("broken.lua"), "outside development the detail stays in the log: \(problem)")
        let line = try #require(log.lines.first)
        #expect(line.level == .error && line.requestID == requestID && line.message.contains("broken.lua:3"), "\(line)")
        #expect(metrics.text.contains(#"hub_http_requests_total{method="GET",status="500"} 1"#), "\(metrics.text)")
    }

    @Test func whenEveryWorkerIsBusyTheAnswerIs503AtOnceAndTheNextRequestIsTaken() throws {
        let loads = Loads()
        let channel = try Self.channel(loads: loads)
        defer { _ = try? channel.finish() }
        loads.refusal.withLock { $0 = .unavailable("the server is busy") }
        try Self.send("/views/rows:view", to: channel)
        let parts = try ViewAnsweringTests.written(channel)
        guard parts.count == 3, case .head(let head) = parts[0] else {
            Issue.record("not answered at once: \(parts)")
            return
        }
        #expect(head.status == .serviceUnavailable && head.headerFields[.retryAfter] == "1")
        try Self.send("/views/rows:view", to: channel)
        #expect(loads.all.count == 1, "the next request is loaded")
    }

    @Test func aConnectionGoneWhileLoadingIsWrittenNothingAndItsRequestIsLogged() throws {
        let (loads, log) = (Loads(), CapturedLog())
        let channel = try Self.channel(loads: loads, log: log)
        try Self.send("/views/slow:view", to: channel)
        _ = try channel.finish()
        loads.all[0].deliver(.failure(ViewFailure.abandoned))
        channel.embeddedEventLoop.run()
        #expect(try channel.readOutbound(as: HTTPResponsePart.self) == nil)
        #expect(log.lines.map(\.message).first?.hasPrefix("GET /views/slow:view 499 ") == true, "\(log.lines)")
    }
}
