import HTTPTypes
import HubCore
import Hummingbird
import Logging
import NIOCore
import NIOHTTPTypes

/// Answers a GET or HEAD of a view that a `max_age` reload policy keeps, while it is fresh, on
/// the connection's event loop: from ``ViewCache``, with no hop to Swift concurrency and no
/// router, which cost about as much as all the rest of such an answer. The answer is the
/// route's (``ViewAnswer``, 304 when `If-None-Match` has the tag), with the fields every answer
/// carries (``ResponseHeaderFields``, `Date`, `Server`), counted and logged as
/// ``RequestObserving`` does.
///
/// Every other request passes on to the router, and so does any request while one passed on is
/// unanswered, so that answers keep the order of their requests, or while the connection is not
/// writable (its client reads slower than it asks), so that what waits to be sent is bounded by
/// the router's backpressure, as for any other answer. So do a request the route
/// would refuse (a foreign `Host`, a URI it rejects), one with a body, one that closes its
/// connection, and one whose path takes decoding or normalizing (`%`, empty, `.` or `..`
/// segments): the router answers those, as before. One per connection, last before the
/// requests' handler (after Hummingbird's idle timeout, which sees its requests and answers).
final class KeptViewAnswering: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// What answering takes, shared by every connection.
    struct Views: Sendable {
        let cache: ViewCache
        let hosts: HostPolicy
        let metrics: ServerMetrics
        let logger: Logger
    }

    private let views: Views
    /// Requests passed on whose answers have not ended.
    private var passedOn = 0
    /// The request being read, to be answered from the view kept for it once it ends.
    private var answering: (head: HTTPRequest, view: ViewCache.Entry, started: UInt64)?
    /// The last request target this handler answered, and its view's URI: the next request of
    /// a connection asks for the same, nearly always, and the URI is the target's alone.
    private var lastTarget: (target: String, uri: String)?
    /// The last `Host` a request this handler answered was sent to, which the server answers
    /// to: for a GET or HEAD, whether it does depends on that name alone.
    private var lastAllowedHost: String?

    init(views: Views) {
        self.views = views
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            let started = MonotonicTime.now
            if passedOn == 0, context.channel.isWritable, let view = keptView(for: head) {
                answering = (head, view, started)
                return
            }
            passedOn += 1
        case .body:
            // A request with a body is passed on (keptView); nothing arrives here for one answered.
            if answering != nil { return }
        case .end:
            if let answering {
                self.answering = nil
                answer(answering.head, from: answering.view, started: answering.started, context: context)
                return
            }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data), passedOn > 0 { passedOn -= 1 }
        context.write(data, promise: promise)
    }

    /// The view kept for the request `head`, when this handler answers it: see the type's
    /// documentation.
    private func keptView(for head: HTTPRequest) -> ViewCache.Entry? {
        guard head.method == .get || head.method == .head, let target = head.path,
            head.headerFields[.connection] != "close", head.headerFields[.contentLength] ?? "0" == "0",
            head.headerFields[.transferEncoding] == nil,
            let uri = lastTarget?.target == target ? lastTarget?.uri : Self.viewURI(of: target),
            let view = views.cache.entry(for: uri), view.isFresh,
            // Last: a view kept nowhere goes to the router, which checks its Host anyway.
            allowsHost(of: head)
        else { return nil }
        (lastTarget, lastAllowedHost) = ((target, uri), head.authority)
        return view
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

    /// Writes the answer of `view` to the request `head`, and counts and logs it.
    private func answer(_ head: HTTPRequest, from view: ViewCache.Entry, started: UInt64, context: ChannelHandlerContext) {
        var answer = ViewAnswer(kept: view, ifNoneMatch: head.headerFields[.ifNoneMatch])
        let requestID = RequestIdentifier.next()
        // Added to the answer's own fields, which have room for them.
        if let body = answer.body { answer.headerFields.append(HTTPField(name: .contentLength, value: String(body.readableBytes))) }
        ResponseHeaderFields.complete(&answer.headerFields, requestID: requestID, path: head.path ?? "")
        answer.headerFields.append(HTTPField(name: .date, value: EverySecond.httpDate.now))
        answer.headerFields.append(ResponseHeaderFields.server)
        context.write(wrapOutboundOut(.head(HTTPResponse(status: answer.status, headerFields: answer.headerFields))), promise: nil)
        if let body = answer.body, head.method != .head { context.write(wrapOutboundOut(.body(body)), promise: nil) }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        views.metrics.answeredFromCache(feature: view.feature)
        var logger = views.logger
        // The line is logged at info (a 200 or a 304): the request's id is added only when it is.
        if logger.logLevel <= .info { logger[metadataKey: "hb.request.id"] = .string(requestID) }
        AnsweredRequests.observe(head, status: answer.status, failure: nil, since: started, logger: logger, metrics: views.metrics)
    }

    private static let prefix = "/views/"
}
