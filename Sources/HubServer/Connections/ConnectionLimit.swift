import Logging
import NIOCore
import Synchronization

/// How many connections a server keeps open at once: a new connection is admitted while fewer
/// than ``maximum`` are open, and counted until it closes; past that it is refused (answered
/// 503 by ``RefusalHandler``), counted in the metrics, and the first refusal since connections
/// were last admitted is logged.
final class ConnectionLimit: Sendable {
    /// The most connections open at once.
    let maximum: Int
    private let metrics: ServerMetrics
    private let logger: Logger
    private let state = Mutex(State())

    private struct State {
        var open = 0
        /// Whether the last connection that came was refused.
        var refusing = false
    }

    init(maximum: Int, metrics: ServerMetrics, logger: Logger) {
        self.maximum = maximum
        self.metrics = metrics
        self.logger = logger
    }

    /// Whether `channel`, a new connection, may be served: true while fewer than ``maximum``
    /// are open (it then counts as open until it closes), false past it.
    func admit(_ channel: any Channel) -> Bool {
        let (admitted, firstRefusal) = state.withLock { state -> (Bool, Bool) in
            guard state.open < maximum else {
                defer { state.refusing = true }
                return (false, !state.refusing)
            }
            state.open += 1
            state.refusing = false
            metrics.connectionsOpen(state.open)
            return (true, false)
        }
        guard admitted else {
            metrics.connectionRefused()
            if firstRefusal {
                logger.warning("\(maximum) connections are open, the most the server takes (--max-connections): new ones are answered 503 until some close")
            }
            return false
        }
        channel.closeFuture.whenComplete { _ in self.release() }
        return true
    }

    private func release() {
        state.withLock { state in
            state.open -= 1
            metrics.connectionsOpen(state.open)
        }
    }
}
