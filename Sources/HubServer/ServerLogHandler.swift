import Logging

/// swift-log's `StreamLogHandler` on standard error (the same lines), except that the metadata
/// set on a logger is formatted only when a message is logged. Hummingbird gives every request's
/// logger its identifier (`hb.request.id`), and `StreamLogHandler` formats all of its metadata
/// each time that is set, whatever the level: a few microseconds a request for nothing when the
/// level is above `info`.
struct ServerLogHandler: LogHandler {
    private var stream: StreamLogHandler
    var metadata: Logger.Metadata = [:]

    init(label: String) {
        stream = .standardError(label: label)
    }

    var logLevel: Logger.Level {
        get { stream.logLevel }
        set { stream.logLevel = newValue }
    }

    var metadataProvider: Logger.MetadataProvider? {
        get { stream.metadataProvider }
        set { stream.metadataProvider = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var event = event
        if !metadata.isEmpty {
            event.metadata = metadata.merging(event.metadata ?? [:]) { _, explicit in explicit }
        }
        stream.log(event: event)
    }
}
