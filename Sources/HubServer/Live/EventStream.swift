import Foundation
import Hummingbird

/// A stream of server-sent events: what a live session sends reaches the response body of
/// the request that opened it, an event at a time (`event: <name>`, `data: <one line>`).
struct EventStream: Sendable {
    private let continuation: AsyncStream<ByteBuffer>.Continuation

    /// A stream, and the response body that writes its events; a write that fails (the client
    /// went away) ends the stream.
    static func make() -> (stream: EventStream, body: ResponseBody) {
        let (events, continuation) = AsyncStream<ByteBuffer>.makeStream(bufferingPolicy: .bufferingNewest(64))
        let stream = EventStream(continuation: continuation)
        let body = ResponseBody { writer in
            defer { stream.finish() }
            for await event in events { try await writer.write(event) }
            try await writer.finish(nil)
        }
        return (stream, body)
    }

    /// Sends the event `name` with `data` (one line: JSON without line breaks); false once the
    /// stream has ended (the client went away).
    @discardableResult
    func send(_ name: String, data: [UInt8]) -> Bool {
        var buffer = ByteBuffer()
        buffer.writeString("event: \(name)\ndata: ")
        buffer.writeBytes(data)
        buffer.writeString("\n\n")
        if case .terminated = continuation.yield(buffer) { return false }
        return true
    }

    /// Sends a comment, which keeps the connection open and finds out whether the client is
    /// still there; false once the stream has ended.
    func ping() -> Bool {
        if case .terminated = continuation.yield(ByteBuffer(string: ": ping\n\n")) { return false }
        return true
    }

    /// Ends the stream.
    func finish() {
        continuation.finish()
    }

    /// Runs `action` once the stream ends, whichever side ends it.
    func onEnd(_ action: @escaping @Sendable () -> Void) {
        continuation.onTermination = { _ in action() }
    }
}
