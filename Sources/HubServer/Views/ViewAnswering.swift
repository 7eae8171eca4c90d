import HTTPTypes
import HubCore
import Hummingbird
import Logging
import NIOCore
import NIOHTTPTypes

/// Answers a GET or HEAD of a view on the connection's event loop, with no hop to Swift
/// concurrency and no router, which cost about as much as all the rest of a kept view's answer:
/// a view that a `max_age` reload policy keeps, while it is fresh, from ``ViewCache``; any other
/// view by loading it on a worker (``Views/load``), the connection's later requests held, and
/// no more read from it, until the answer is written. The answer is the route's
/// (``ViewAnswer``, 304 when `If-None-Match` has the tag, problem details for a failure), with
/// the fields every answer carries (``ResponseHeaderFields``, `Date`, `Server`), counted and
/// logged as ``RequestObserving`` does.
///
/// Every other request passes on to the router, and so does any request while one passed on is
/// unanswered, so that answers keep the order of their requests, or while the connection is not
/// writable (its client reads slower than it asks), so that what waits to be sent is bounded by
/// the router's backpressure, as for any other answer. So do a request the route
/// would refuse (a foreign `Host`, a URI it rejects), one with a body, one that closes its
/// connection, one whose path takes decoding or normalizing (`%`, empty, `.` or `..`
/// segments), an update stream, and one for a view kept by a `reload_policy` function (which
/// the router asks): the router answers those, as before. One per connection, last before the
/// requests' handler (after Hummingbird's idle timeout, which sees its requests and answers,
/// and so closes a quiescing connection only once they are answered).
final class ViewAnswering: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// Loads the view of a URI for a request whose `If-None-Match` is given, on a channel, and
    /// hands its answer to a function on whatever thread it ends; throws 503 at once when the
    /// workers are busy (``HubServer/loadView(_:ifNoneMatch:channel:deliver:)``).
    typealias Load = @Sendable (
        _ uri: String, _ ifNoneMatch: String?, _ channel: any Channel,
        _ deliver: @escaping @Sendable (Result<ViewAnswer, any Error>) -> Void
    ) throws(ViewFailure) -> Void

    /// What answering takes, shared by every connection.
    struct Views: Sendable {
        let cache: ViewCache
        let hosts: HostPolicy
        let metrics: ServerMetrics
        let logger: Logger
        /// How views that are not kept are loaded; nil: their requests go to the router.
        var load: Load?
        /// Whether problem details carry the located detail (``HubServerConfiguration/isDevelopment``).
        var isDevelopment = false
        /// The largest body the server takes (which a 413 names).
        var maxBodyBytes = 0
    }

    /// How this handler answers a request it reads.
    private enum Source {
        case kept(ViewCache.Entry)
        case worker(uri: String, load: Load)
    }

    private let views: Views
    /// Requests passed on whose answers have not ended.
    private var passedOn = 0
    /// The request being read, to be answered once it ends.
    private var answering: (head: HTTPRequest, source: Source, started: UInt64)?
    /// Whether a worker's answer is awaited.
    private var loading = false
    /// The parts read while a worker's answer is awaited, read again once it is written.
    private var held: [NIOAny] = []
    /// Whether a read was asked for while a worker's answer is awaited.
    private var readWanted = false
    /// Whether the handler left its pipeline, after which its context may not be used.
    private var removed = false
    /// The last request target this handler answered, and its view's URI: the next request of
    /// a connection asks for the same, nearly always, and the URI is the target's alone.
    private var lastTarget: (target: String, uri: String)?
    /// The last `Host` a request this handler answered was sent to, which the server answers
    /// to: for a GET or HEAD, whether it does depends on that name alone.
    private var lastAllowedHost: String?

    init(views: Views) {
        self.views = views
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        removed = true
        held.removeAll()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if loading {
            held.append(data)
            return
        }
        if let passed = take(data, context: context) {
            context.fireChannelRead(passed)
        }
    }

    /// Takes the part `data` of a request: nil when this handler answers the request, else the
    /// part, to pass on to the router.
    private func take(_ data: NIOAny, context: ChannelHandlerContext) -> NIOAny? {
        switch unwrapInboundIn(data) {
        case .head(let head):
            let started = MonotonicTime.now
            if passedOn == 0, context.channel.isWritable, let source = source(for: head) {
                answering = (head, source, started)
                return nil
            }
            passedOn += 1
        case .body:
            // A request with a body is passed on (source); nothing arrives here for one answered.
            if answering != nil { return nil }
        case .end:
            if let answering {
                self.answering = nil
                switch answering.source {
                case .kept(let view): answer(answering.head, from: view, started: answering.started, context: context)
                case .worker(let uri, let load): self.load(uri, with: load, for: answering.head, started: answering.started, context: context)
                }
                return nil
            }
        }
        return data
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data), passedOn > 0 { passedOn -= 1 }
        context.write(data, promise: promise)
    }

    func read(context: ChannelHandlerContext) {
        if loading {
            readWanted = true
            return
        }
        context.read()
    }

    /// How the request `head` is answered here, when it is: see the type's documentation.
    private func source(for head: HTTPRequest) -> Source? {
        guard head.method == .get || head.method == .head, let target = head.path,
            head.headerFields[.connection] != "close", head.headerFields[.contentLength] ?? "0" == "0",
            head.headerFields[.transferEncoding] == nil,
            let uri = lastTarget?.target == target ? lastTarget?.uri : Self.viewURI(of: target)
        else { return nil }
        let source: Source
        switch views.cache.entry(for: uri) {
        case let view? where view.isFresh(at: views.cache.clock()): source = .kept(view)
        case let view? where view.policy == .ask: return nil
        default:
            guard let load = views.load else { return nil }
            source = .worker(uri: uri, load: load)
        }
        // Last: the router checks the Host of whatever this handler does not answer anyway.
        guard allowsHost(of: head) else { return nil }
        (lastTarget, lastAllowedHost) = ((target, uri), head.authority)
        return source
    }

    /// Whether the server answers to the `Host` of `head`, a GET or HEAD: it is the one this
    /// handler last allowed, or the server's policy allows it.
    private func allowsHost(of head: HTTPRequest) -> Bool {
        if let lastAllowedHost, head.authority == lastAllowedHost { return true }
        return (try? views.hosts.check(head)) != nil
    }

    /// The URI of the view the request target `target` asks for, when this handler may answer
    /// it: see the type's documentation.
    private static func viewURI(of target: String) -> String? {
        guard target.hasPrefix(prefix) else { return nil }
        let rest = target.utf8.dropFirst(prefix.utf8.count)
        let question = rest.firstIndex(of: UInt8(ascii: "?"))
        let path = Substring(rest[..<(question ?? rest.endIndex)])
        let query = question.map { String(Substring(rest[rest.index(after: $0)...])) }
        guard isPlain(path.utf8), !path.hasSuffix("/updates") else { return nil }
        return try? ViewAddress.uri([path], query: query)
    }

    /// Whether `path` is one the router takes as it is: nothing to percent-decode, no fragment,
    /// and no segment that is empty, `.` or `..`.
    private static func isPlain(_ path: Substring.UTF8View) -> Bool {
        var segment = 0  // bytes of the segment so far; -1 and -2 while it is "." or ".."
        for byte in path {
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "#"): return false
            case UInt8(ascii: "/"):
                guard segment > 0 else { return false }
                segment = 0
            case UInt8(ascii: "."): segment = segment == 0 ? -1 : segment == -1 ? -2 : segment < 0 ? 3 : segment + 1
            default: segment = segment < 0 ? 3 : segment + 1
            }
        }
        return segment > 0
    }

    private static let prefix = "/views/"

    /// Answers the request `head` from `view`, kept, and counts it.
    private func answer(_ head: HTTPRequest, from view: ViewCache.Entry, started: UInt64, context: ChannelHandlerContext) {
        let answer = ViewAnswer(kept: view, at: views.cache.clock(), ifNoneMatch: head.headerFields[.ifNoneMatch])
        write(.success(answer), to: head, started: started, context: context)
        views.metrics.answeredFromCache(feature: view.feature)
    }

    /// Loads the view `uri` for the request `head` with `load`, and answers it once loaded;
    /// meanwhile the connection's later requests wait (``held``).
    private func load(_ uri: String, with load: Load, for head: HTTPRequest, started: UInt64, context: ChannelHandlerContext) {
        loading = true
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        do {
            try load(uri, head.headerFields[.ifNoneMatch], context.channel) { result in
                bound.eventLoop.execute {
                    let (handler, context) = bound.value
                    handler.loaded(result, for: head, started: started, context: context)
                }
            }
        } catch {
            loaded(.failure(error), for: head, started: started, context: context)
        }
    }

    /// Answers the request `head` with `result`, then reads the requests held meanwhile.
    private func loaded(_ result: Result<ViewAnswer, any Error>, for head: HTTPRequest, started: UInt64, context: ChannelHandlerContext) {
        loading = false
        let result = result.mapError { ViewFailure(answering: $0, maxBodyBytes: views.maxBodyBytes) }
        guard !removed else {
            // The connection is gone: the answer is only counted and logged, as the router's would be.
            observe(result, of: head, requestID: RequestIdentifier.next(), started: started)
            return
        }
        write(result, to: head, started: started, context: context)
        var passed = false
        while !loading, !held.isEmpty {
            if let part = take(held.removeFirst(), context: context) {
                context.fireChannelRead(part)
                passed = true
            }
        }
        if passed { context.fireChannelReadComplete() }
        if !loading, readWanted {
            readWanted = false
            context.read()
        }
    }

    /// Writes the answer `result` to the request `head` (problem details for a failure), and
    /// counts and logs it.
    private func write(_ result: Result<ViewAnswer, ViewFailure>, to head: HTTPRequest, started: UInt64, context: ChannelHandlerContext) {
        let requestID = RequestIdentifier.next()
        let path = head.path ?? ""
        var (status, fields, body): (HTTPResponse.Status, HTTPFields, ByteBuffer?)
        switch result {
        case .success(let answer):
            (status, fields, body) = (answer.status, answer.headerFields, answer.body)
        case .failure(let failure):
            // The instance is the path without its query, as the router's problem details name it.
            let instance = String(path.prefix { $0 != "?" })
            let problem = failure.problem(instance: instance, requestID: requestID, isDevelopment: views.isDevelopment)
            (status, fields, body) = (failure.status, problem.fields, problem.body)
        }
        // Added to the answer's own fields, which have room for them.
        if let body { fields.append(HTTPField(name: .contentLength, value: String(body.readableBytes))) }
        ResponseHeaderFields.complete(&fields, requestID: requestID, path: path)
        fields.append(HTTPField(name: .date, value: EverySecond.httpDate.now))
        fields.append(ResponseHeaderFields.server)
        context.write(wrapOutboundOut(.head(HTTPResponse(status: status, headerFields: fields))), promise: nil)
        if let body, head.method != .head { context.write(wrapOutboundOut(.body(body)), promise: nil) }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        observe(result, of: head, requestID: requestID, started: started)
    }

    /// Counts and logs the answer `result` to the request `head`, whose id is `requestID`.
    private func observe(_ result: Result<ViewAnswer, ViewFailure>, of head: HTTPRequest, requestID: String, started: UInt64) {
        let (status, failure): (HTTPResponse.Status, ViewFailure?)
        switch result {
        case .success(let answer): (status, failure) = (answer.status, nil)
        case .failure(let viewFailure): (status, failure) = (viewFailure.status, viewFailure)
        }
        var logger = views.logger
        // A success is logged at info, a failure at notice or error: the request's id is added
        // only when its line is logged.
        if failure != nil || logger.logLevel <= .info { logger[metadataKey: "hb.request.id"] = .string(requestID) }
        AnsweredRequests.observe(head, status: status, failure: failure, since: started, logger: logger, metrics: views.metrics)
    }
}
