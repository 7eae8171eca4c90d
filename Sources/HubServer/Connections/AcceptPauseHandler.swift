import Glibc
import Logging
import NIOCore

/// Pauses accepting while the process's file table is full: when an accept fails for it
/// (EMFILE, ENFILE), or an accepted connection took its last free descriptor. The first pause
/// is 10 ms, each that follows twice as long, up to a second; accepting resumes once the
/// ``DescriptorReserve``, given up for the rest of the process meanwhile, can be taken back.
/// The first pause of a run is logged, and so is its end (accepting for two seconds without
/// one); each is counted in the metrics.
///
/// Failed accepts stop here. NIO's own `AcceptBackoffHandler`, which its server bootstrap puts
/// after this handler, would delay the next read it is asked for; but after a failed accept the
/// listening channel's read is still pending and its socket still readable (the connection
/// waits in the backlog), so the event loop would call `accept` again at once, thousands of
/// times a second. Turning the channel's `autoRead` off takes the socket out of the event
/// loop's interest until the pause ends.
final class AcceptPauseHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = any Channel
    typealias InboundOut = any Channel

    /// The pause after the first of a run of full tables.
    static let firstPause = TimeAmount.milliseconds(10)
    /// The longest pause.
    static let longestPause = TimeAmount.seconds(1)
    /// How long accepting goes on without a pause before a run of them is over.
    static let settling = TimeAmount.seconds(2)
    /// Descriptors held back from accepting.
    static let reserved = 8

    private let logger: Logger
    private let metrics: ServerMetrics
    private let reserve = DescriptorReserve(size: reserved)
    /// The last pause of the run under way; nil when none is.
    private var pause: TimeAmount?
    private var lastPaused = NIODeadline.now()
    private var resuming: Scheduled<Void>?
    private var settled: Scheduled<Void>?

    init(logger: Logger, metrics: ServerMetrics) {
        self.logger = logger
        self.metrics = metrics
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if let error = reserve.take() { paused(context, by: error) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stop()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
        if let error = reserve.fullness() { paused(context, by: error) }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let error = error as? IOError else {
            context.fireErrorCaught(error)
            return
        }
        paused(context, by: error.errnoCode)
    }

    /// Pauses accepting: the file table is full (`error`).
    private func paused(_ context: ChannelHandlerContext, by error: Int32) {
        metrics.acceptPaused(Self.name(of: error))
        if pause == nil {
            let cause = [EMFILE, ENFILE].contains(error) ? "out of file descriptors (\(Self.name(of: error)))" : "\(IOError(errnoCode: error, reason: "accept"))"
            logger.error("cannot accept connections: \(cause); pausing accepts (10 ms, doubling up to a second) and not logging it again until accepting goes on")
        }
        let next = pause.map { TimeAmount.nanoseconds(min($0.nanoseconds * 2, Self.longestPause.nanoseconds)) } ?? Self.firstPause
        pause = next
        lastPaused = .now()
        reserve.release()
        setReading(false, context)
        settled?.cancel()
        resuming?.cancel()
        resuming = context.eventLoop.assumeIsolated().scheduleTask(in: next) {
            self.resuming = nil
            self.resume(context)
        }
    }

    /// Accepts again once the reserve can be taken back, and ends the run of pauses after
    /// ``settling`` without one.
    private func resume(_ context: ChannelHandlerContext) {
        if let error = reserve.take() {
            paused(context, by: error)
            return
        }
        setReading(true, context)
        settled = context.eventLoop.assumeIsolated().scheduleTask(in: Self.settling) {
            self.settled = nil
            guard self.pause != nil, NIODeadline.now() - self.lastPaused >= Self.settling else { return }
            self.pause = nil
            self.logger.notice("accepting connections again")
        }
    }

    private func setReading(_ reading: Bool, _ context: ChannelHandlerContext) {
        try? context.channel.syncOptions?.setOption(ChannelOptions.autoRead, value: reading)
    }

    private func stop() {
        resuming?.cancel()
        settled?.cancel()
        resuming = nil
        settled = nil
        reserve.release()
    }

    /// The name of `code` as the metrics label it: EMFILE, ENFILE, or its number.
    static func name(of code: Int32) -> String {
        switch code {
        case EMFILE: "EMFILE"
        case ENFILE: "ENFILE"
        case ENOBUFS: "ENOBUFS"
        case ENOMEM: "ENOMEM"
        default: "errno \(code)"
        }
    }
}
