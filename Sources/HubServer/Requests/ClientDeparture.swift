import NIOCore

/// Notices when a connection's client goes away (it closes its side, or the connection ends),
/// and tells what waits on that: a request whose chain still runs is then dropped, with all its
/// operations still do. Like nginx, a client that closes its side while it waits for an answer
/// counts as gone. One per connection, in its pipeline after HTTP decoding.
final class ClientDeparture: ChannelInboundHandler, RemovableChannelHandler {
    /// Reads (HTTP request parts) pass through untouched: only events matter here.
    typealias InboundIn = NIOAny

    /// What to run when the client goes away, by request; touched on the channel's event loop.
    private var watchers: [Int: @Sendable () -> Void] = [:]
    private var isGone = false

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event { depart() }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        depart()
        context.fireChannelInactive()
    }

    /// Runs `body` when the client goes away (at once if it has), unless ``forget(_:)`` drops
    /// it first. Call on the channel's event loop.
    func watch(_ request: Int, _ body: @escaping @Sendable () -> Void) {
        if isGone { return body() }
        watchers[request] = body
    }

    /// Drops what ``watch(_:_:)`` registered for `request`. Call on the channel's event loop.
    func forget(_ request: Int) {
        watchers[request] = nil
    }

    private func depart() {
        guard !isGone else { return }
        isGone = true
        let departed = watchers.values
        watchers.removeAll()
        for body in departed { body() }
    }
}

/// What a request's worker uses to hear that its client went away: ``arm(_:onDeparture:)`` once
/// the request waits for its chain, ``disarm(_:)`` once it is answered.
struct ClientWatch: Sendable {
    /// The connection the request came on.
    let channel: any Channel

    /// Runs `onDeparture` (on the channel's event loop) if the client goes away before
    /// ``disarm(_:)`` for `request`.
    func arm(_ request: Int, onDeparture: @escaping @Sendable () -> Void) {
        // A connection already closed has no pipeline left: its client went away.
        channel.pipeline.handler(type: ClientDeparture.self).whenComplete { found in
            switch found {
            case .success(let departure): departure.watch(request, onDeparture)
            case .failure: onDeparture()
            }
        }
    }

    func disarm(_ request: Int) {
        channel.pipeline.handler(type: ClientDeparture.self).whenSuccess { $0.forget(request) }
    }
}
