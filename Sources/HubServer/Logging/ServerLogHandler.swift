import Logging

/// The lines of swift-log's `StreamLogHandler` on standard error, made for less: a server logs
/// every request at `info`, and `StreamLogHandler` took a third of a kept view's answer to log
/// it (its time of day read from the time zone's file at every line, the level named by
/// reflection, the line grown piece by piece).
///
/// A line is `TIME LEVEL LABEL: KEY=VALUE ... [SOURCE] MESSAGE`, the metadata sorted by key
/// (the logger's, the provider's, then the message's, each winning over the one before) and
/// left out when there is none. The metadata set on a logger is formatted only when a message
/// is logged: Hummingbird gives every request's logger its identifier (`hb.request.id`).
///
/// Unlike `StreamLogHandler`'s, a record is always one line: the control characters of its
/// message and metadata, which may hold a script's text, are written out
/// (``LoggedText/escaped(_:)``), so that no text logged can end its line and forge another.
struct ServerLogHandler: LogHandler {
    private let label: String
    private let write: @Sendable (String) -> Void
    var logLevel: Logger.Level = .info
    var metadataProvider: Logger.MetadataProvider?
    var metadata: Logger.Metadata = [:]

    /// A handler for `label`'s logger that writes to standard error, through
    /// ``LogWriter/standardError``: logging never waits for the log's reader.
    init(label: String) {
        self.init(label: label, metadataProvider: LoggingSystem.metadataProvider, write: { LogWriter.standardError.write($0) })
    }

    /// A handler for `label`'s logger that hands each line, ending with a newline, to `write`.
    init(label: String, metadataProvider: Logger.MetadataProvider?, write: @escaping @Sendable (String) -> Void) {
        self.label = label
        self.metadataProvider = metadataProvider
        self.write = write
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let pretty = Self.pretty(effectiveMetadata(event)).map(LoggedText.escaped)
        write(
            String(
                concatenating: EverySecond.logTimestamp.now, " ", event.level.rawValue, label.isEmpty ? "" : " ", label, ":", pretty == nil ? "" : " ",
                pretty ?? "", " [", event.source, "] ", LoggedText.escaped(event.message.description), "\n"))
    }

    /// The logger's metadata, then the provider's, then the event's and its error's, each winning
    /// over the one before.
    private func effectiveMetadata(_ event: LogEvent) -> Logger.Metadata {
        let provided = metadataProvider?.get() ?? [:]
        guard !provided.isEmpty || !(event.metadata ?? [:]).isEmpty || event.error != nil else { return metadata }
        var merged = metadata
        merged.merge(provided) { _, provided in provided }
        merged.merge(event.metadata ?? [:]) { _, explicit in explicit }
        if let error = event.error {
            merged["error.message"] = "\(error)"
            merged["error.type"] = "\(String(reflecting: type(of: error)))"
        }
        return merged
    }

    /// `key=value` pairs sorted by key, joined by spaces; nil for none.
    private static func pretty(_ metadata: Logger.Metadata) -> String? {
        switch metadata.count {
        case 0:
            return nil
        case 1:
            return metadata.first.map(pair)
        default:
            return metadata.sorted { $0.key < $1.key }.map(pair).joined(separator: " ")
        }
    }

    /// `key=value`.
    private static func pair(_ key: String, _ value: Logger.MetadataValue) -> String {
        guard case .string(let text) = value else { return "\(key)=\(value)" }
        return String(concatenating: key, "=", text)
    }
}
