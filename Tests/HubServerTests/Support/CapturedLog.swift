import Foundation
import Logging

/// What a server logs, kept for a test to read: each line's level, message and request id.
final class CapturedLog: @unchecked Sendable {
    struct Line: Sendable, Equatable {
        let level: Logger.Level
        let message: String
        /// The line's `hb.request.id`, when it has one.
        let requestID: String?
    }

    private let lock = NSLock()
    private var kept: [Line] = []

    /// A logger whose lines (at `level` and above) this log keeps.
    func logger(level: Logger.Level = .info) -> Logger {
        var logger = Logger(label: "hub.serve") { _ in Handler(sink: self) }
        logger.logLevel = level
        return logger
    }

    /// The lines logged so far.
    var lines: [Line] {
        lock.withLock { kept }
    }

    /// The lines logged so far whose message contains `text`.
    func lines(containing text: String) -> [Line] {
        lines.filter { $0.message.contains(text) }
    }

    fileprivate func keep(_ line: Line) {
        lock.withLock { kept.append(line) }
    }

    private struct Handler: LogHandler {
        let sink: CapturedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let requestID = (event.metadata?["hb.request.id"] ?? metadata["hb.request.id"])?.description
            sink.keep(Line(level: event.level, message: event.message.description, requestID: requestID))
        }
    }
}
