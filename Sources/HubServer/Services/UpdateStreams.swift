import ServiceLifecycle

/// Keeps the update streams going while the server runs, and ends them when it stops: the
/// server waits for open responses as it shuts down, and a stream never ends on its own.
struct UpdateStreams: Service {
    let pool: WorkerPool
    /// Seconds between the comments that keep idle streams open.
    let pingInterval: Int

    /// Sends a comment on every stream every ``pingInterval`` seconds (which also ends the
    /// sessions of clients gone) until the server shuts down; then ends every stream, and
    /// every worker refuses new ones.
    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while true {
                try await Task.sleep(for: .seconds(pingInterval))
                pool.broadcast { $0.pingSessions() }
            }
        }
        pool.broadcast { $0.close() }
    }
}
