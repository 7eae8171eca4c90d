import HummingbirdCore
import Logging
import NIOCore

// How the server takes connections: HTTP/1.1 under the configuration's limits (docs/serving.md,
// "Connections").

extension HubServer {
    /// HTTP/1.1 connections as ``HubConnectionChannel`` serves them, under the configuration's
    /// connection limit, header timeout, idle timeout and client timeout; `additionalChannelHandlers` go
    /// between HTTP's parts and the requests' handlers, as in Hummingbird's `HTTP1Channel`.
    func connectionServer(additionalChannelHandlers: @escaping @Sendable () -> [any RemovableChannelHandler] = { [] }) -> HTTPServerBuilder {
        let limit = ConnectionLimit(maximum: configuration.maxConnections, metrics: metrics, logger: configuration.logger)
        let (headerTimeout, idleTimeout, metrics) = (TimeAmount(configuration.headerTimeout), TimeAmount(configuration.idleTimeout), metrics)
        let clientTimeout = configuration.clientTimeout
        let boundAuthority = Authority(boundAddress: configuration.host)?.description ?? configuration.host
        let logger = configuration.logger
        let views = ViewAnswering.Views(
            cache: viewCache, pipeline: pipeline, logger: logger,
            load: { [self] uri, ifNoneMatch, channel, deliver throws(ViewFailure) in
                try loadView(uri, ifNoneMatch: ifNoneMatch, channel: channel, deliver: deliver)
            })
        let answersOnTheEventLoop = configuration.answersViewsOnTheEventLoop
        return HTTPServerBuilder { responder in
            HubConnectionChannel(
                http: HTTP1Channel(
                    responder: responder,
                    configuration: HTTP1Channel.Configuration(additionalChannelHandlers: additionalChannelHandlers(), idleTimeout: idleTimeout)),
                limit: limit, headerTimeout: headerTimeout, clientTimeout: clientTimeout, boundAuthority: boundAuthority,
                metrics: metrics, logger: logger, views: answersOnTheEventLoop ? views : nil)
        }
    }

    /// Pauses accepting on `listening`, the server's listening channel, while the file table is
    /// full (``AcceptPauseHandler``), and warns when the limit on open files leaves room for
    /// fewer connections than the server takes.
    func guardAccepting(on listening: any Channel) async {
        let (logger, metrics) = (configuration.logger, metrics)
        if let warning = DescriptorLimit.warning(maxConnections: configuration.maxConnections) { logger.warning("\(warning)") }
        do {
            try await listening.eventLoop.submit {
                try listening.pipeline.syncOperations.addHandler(AcceptPauseHandler(logger: logger, metrics: metrics), position: .first)
            }.get()
        } catch {
            logger.warning("accepting will not pause when out of file descriptors: \(error)")
        }
    }
}
