import HTTPTypes
import HubCore
import Hummingbird
import Logging
import NIOCore
import NIOHTTPTypes

/// Answers a GET or HEAD of a view on the connection's event loop, with no hop to Swift
/// concurrency and no router, which cost about as much as all the rest of a kept view's answer:
/// the steps of ``RequestPipeline`` and of the view's route, in their order, run here. The
/// request is admitted (host policy and safety); then a view that a `max_age` reload policy
/// keeps is answered, while it is fresh, from ``ViewCache``; any other by loading it on a
/// worker (``Views/load``), the connection's later requests held, and no more read from it,
/// until the answer is written. The answer is the route's (``ViewAnswer``, 304 when
/// `If-None-Match` has the tag, problem details for a failure), finished, counted and logged by
/// the pipeline as the router's are.
///
/// Every other request passes on to the router, and so does any request while one passed on is
/// unanswered, so that answers keep the order of their requests, or while the connection is not
/// writable (its client reads slower than it asks), so that what waits to be sent is bounded by
/// the router's backpressure, as for any other answer. So do a request the pipeline refuses (a
/// foreign `Host`: the router answers the refusal through the same pipeline), one with a body,
/// one that closes its connection, one whose path takes decoding or normalizing (`%`, empty,
/// `.` or `..` segments), an update stream, and one for a view kept by a `reload_policy`
/// function (which the router asks). One per connection, last before the requests' handler
/// (after Hummingbird's idle timeout, which sees its requests and answers, and so closes a
/// quiescing connection only once they are answered).
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
        /// The steps every request passes.
        let pipeline: RequestPipeline
        let logger: Logger
        /// How views that are not kept are loaded; nil: their requests go to the router.
        var load: Load?
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
    /// to (``RequestPipeline/admit(_:knownHost:)``).
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
        switch views.cache.lookUp(uri) {
        case .fresh(let view): source = .kept(view)
        case .ask: return nil
        case .missing:
            guard let load = views.load else { return nil }
            source = .worker(uri: uri, load: load)
        }
        // The pipeline's first step (after the look-up, which has no effect: a request the
        // router answers is admitted there, once); a refusal is the router's to answer.
        guard (try? views.pipeline.admit(head, knownHost: lastAllowedHost)) != nil else { return nil }
        (lastTarget, lastAllowedHost) = ((target, uri), head.authority)
        return source
    }

    /// The URI of the view the request target `target` asks for, when this handler may answer
    /// it: see the type's documentation.
    private static func viewURI(of target: String) -> String? {
        guard target.hasPrefix(prefix) else { return nil }
        let rest = target.utf8.dropFirst(prefix.utf8.count)
        let question = rest.firstIndex(of: UInt8(ascii: "?"))
        let path = Substring(rest[..<(question ?? rest.endIndex)])
        let query = question.map { String(Substring(rest[rest.index(after: $0)...])) }
        guard isPlain(path.utf8), !otherEndings.contains(where: { path.hasSuffix($0) }) else { return nil }
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

    /// What comes before a view's URI in the path of its route.
    private static let prefix = ServerRoutes.viewPrefix
    /// The endings of such a path that make it another route's (an update stream's).
    private static let otherEndings = ServerRoutes.otherViewEndings

    /// Answers the request `head` from `view`, kept.
    private func answer(_ head: HTTPRequest, from view: ViewCache.Entry, started: UInt64, context: ChannelHandlerContext) {
        let answer = views.cache.answer(view, ifNoneMatch: head.headerFields[.ifNoneMatch], metrics: views.pipeline.metrics)
        write(.success(answer), to: head, started: started, context: context)
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
        guard !removed else {
            // The connection is gone: the answer is only counted and logged, as the router's would be.
            finish(result, of: head, started: started) { _ in }
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

    /// Writes the answer to the request `head` that the pipeline finishes from `result`.
    private func write(_ result: Result<ViewAnswer, any Error>, to head: HTTPRequest, started: UInt64, context: ChannelHandlerContext) {
        finish(result, of: head, started: started) { answer in
            context.write(wrapOutboundOut(.head(HTTPResponse(status: answer.status, headerFields: answer.headerFields))), promise: nil)
            if let body = answer.body, head.method != .head { context.write(wrapOutboundOut(.body(body)), promise: nil) }
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }

    /// Hands `send` the answer to the request `head` that the pipeline finishes from `result`,
    /// then counts and logs it: once it is sent, which a log line does not hold up.
    private func finish(_ result: Result<ViewAnswer, any Error>, of head: HTTPRequest, started: UInt64, send: (ViewAnswer) -> Void) {
        // The path without its query, as the router's `request.uri.path` has it.
        let target = head.path ?? ""
        let path = target.utf8.firstIndex(of: UInt8(ascii: "?")).map { String(target[..<$0]) } ?? target
        let requestID = RequestIdentifier.next()
        var (answer, failure) = views.pipeline.finish(result, to: head, path: path, requestID: requestID)
        ResponseHeaderFields.stamp(&answer.headerFields)
        send(answer)
        var logger = views.logger
        // A success is logged at info, a failure at notice or error: the request's id is added
        // only when its line is logged.
        if failure != nil || logger.logLevel <= .info { logger[metadataKey: RequestIdentifier.metadataKey] = .string(requestID) }
        views.pipeline.observe(head, answered: answer.status, failure: failure, started: started, logger: logger)
    }
}
