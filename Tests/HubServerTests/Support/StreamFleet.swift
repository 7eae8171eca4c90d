import Foundation

/// Many update streams held open at once by the test process, as a thousand browsers' event
/// sources would hold them: every connection sends its request before any answer is read, so
/// the server opens them all together. Blocking sockets, used on the calling thread: make one
/// off the task pool (``offThePool(_:)``).
final class StreamFleet: @unchecked Sendable {
    /// The streams that answered 200 and sent their first event (read already).
    private(set) var streams: [EventReader] = []
    /// The first event of each of ``streams``.
    private(set) var firstEvents: [EventReader.Event] = []
    /// The statuses of the streams that answered otherwise.
    private(set) var refused: [Int] = []
    /// How many answered 200 but sent no first event, or nothing at all, before their
    /// connections' timeout.
    private(set) var silent = 0

    /// Opens `count` streams of `path` on loopback `port`, and reads each one's answer and first
    /// event; throws when a connection cannot be made.
    init(port: Int, path: String, count: Int) throws {
        let sent = try (0..<count).map { _ in try EventReader.send(path, port: port) }
        for connection in sent {
            guard let reader = try? EventReader(sent: connection) else {
                silent += 1
                continue
            }
            guard reader.status == 200 else {
                refused.append(reader.status)
                continue
            }
            guard let first = reader.nextBlocking() else {
                silent += 1
                continue
            }
            streams.append(reader)
            firstEvents.append(first)
        }
    }

    /// Closes every connection, as clients that go away do.
    func close() {
        streams.removeAll()
    }
}
