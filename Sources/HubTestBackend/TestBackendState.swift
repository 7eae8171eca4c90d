import NIOCore
import Synchronization

/// What a ``TestBackend`` and its connections share: the routes, the requests seen, the open
/// connections. Its connections hold this, not the backend, so a backend nobody holds stops.
final class TestBackendState: Sendable {
    private struct Shared {
        var routes: [String: TestBackend.Behaviour] = [:]
        var requests: [TestBackend.Request] = []
        var connections: [ObjectIdentifier: any Channel] = [:]
        var stopped = false
    }

    private let shared = Mutex(Shared())

    func route(_ path: String, _ behaviour: TestBackend.Behaviour) {
        shared.withLock { $0.routes[path] = behaviour }
    }

    /// Records `request` and tells how to answer it (nil: no route).
    func received(_ request: TestBackend.Request) -> TestBackend.Behaviour? {
        shared.withLock { shared in
            shared.requests.append(request)
            return shared.routes[request.path]
        }
    }

    var requests: [TestBackend.Request] {
        shared.withLock { $0.requests }
    }

    func requestCount(_ path: String) -> Int {
        shared.withLock { $0.requests.count { $0.path == path } }
    }

    /// The close futures of the connections open now.
    var openConnectionCloses: [EventLoopFuture<Void>] {
        shared.withLock { $0.connections.values.map(\.closeFuture) }
    }

    /// Keeps `connection` to close on stop; false when the backend stopped already.
    func adopt(_ connection: any Channel) -> Bool {
        let adopted = shared.withLock { shared in
            guard !shared.stopped else { return false }
            shared.connections[ObjectIdentifier(connection)] = connection
            return true
        }
        if adopted {
            connection.closeFuture.whenComplete { [self] _ in
                _ = shared.withLock { $0.connections.removeValue(forKey: ObjectIdentifier(connection)) }
            }
        }
        return adopted
    }

    /// Marks the backend stopped and hands over the connections open (nil: stopped already).
    func stop() -> [any Channel]? {
        shared.withLock { shared in
            guard !shared.stopped else { return nil }
            shared.stopped = true
            return Array(shared.connections.values)
        }
    }
}
