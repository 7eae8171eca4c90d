import Foundation
import Hummingbird
import Logging

extension HubServer {
    /// `GET /views/{uri}/updates` and `GET /preview/{uri}/updates`: a live session on the
    /// worker that holds the fewest, sending the view each time it changes until the client
    /// goes away (its connection closes, or a write to it fails); its slot is free again at
    /// once. 503 when every worker holds as many as it keeps.
    func stream(_ uri: String, kind: LiveSession.Kind, context: HubRequestContext) async throws -> Response {
        guard let worker = pool.takeSessionSlot() else {
            metrics.refusedStream()
            throw ViewFailure.unavailable(
                "too many update streams are open (\(configuration.maxStreamsPerWorker) a worker); try again later")
        }
        let identifier = "\(worker.index)-\(UUID().uuidString.lowercased())"
        let ticket = ticket(for: context.channel)
        let (stream, body) = EventStream.make()
        // Whichever side ends the stream gives its slot back; the worker then drops its session.
        stream.onEnd {
            ticket.watch?.disarm(ticket.number)
            worker.sessions.giveBack()
            worker.enqueue { $0?.endSession(identifier) }
        }
        ticket.watch?.arm(ticket.number) { stream.finish() }
        let options = screenOptions
        do {
            try await worker.perform { try $0.openSession(identifier, uri: uri, options: options, kind: kind, stream: stream) }
        } catch {
            stream.finish()
            throw error
        }
        metrics.openedStream()
        return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"], body: body)
    }

    /// Raises the process's limit of open files to its hard limit, and warns when it is still too
    /// low for as many update streams as the server keeps (each holds a connection, a file).
    func makeRoomForStreams() {
        let wanted = pool.sessionCapacity + Self.filesBesidesStreams
        guard let files = DescriptorLimit.raiseToHardLimit(), files < wanted else { return }
        configuration.logger.warning(
            "the process may open \(files) files: too few for \(pool.sessionCapacity) update streams and other requests (`ulimit -n \(wanted)` or more)")
    }

    /// Files to keep for what is not an update stream: other requests, the store, feature files.
    private static let filesBesidesStreams = 256
}
