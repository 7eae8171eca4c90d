import Dispatch
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
        /// Who waits for a request for a path: signalled when one comes.
        var waiters: [(path: String, arrived: DispatchSemaphore)] = []
    }

    private let shared = Mutex(Shared())

    func route(_ path: String, _ behaviour: TestBackend.Behaviour) {
        shared.withLock { $0.routes[path] = behaviour }
    }

    /// Records `request` and tells how to answer it (nil: no route).
    func received(_ request: TestBackend.Request) -> TestBackend.Behaviour? {
        shared.withLock { shared in
            shared.requests.append(request)
            for waiter in shared.waiters where waiter.path == request.path { waiter.arrived.signal() }
            shared.waiters.removeAll { $0.path == request.path }
            return shared.routes[request.path]
        }
    }

    /// Waits until a request for `path` has come (at once if one had), at most `timeout`
    /// milliseconds; whether one did.
    func waitForRequest(_ path: String, timeout: Int) -> Bool {
        let arrived = DispatchSemaphore(value: 0)
        let seen = shared.withLock { shared in
            guard !shared.requests.contains(where: { $0.path == path }) else { return true }
            shared.waiters.append((path, arrived))
            return false
        }
        return seen || arrived.wait(timeout: .now() + .milliseconds(timeout)) == .success
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
