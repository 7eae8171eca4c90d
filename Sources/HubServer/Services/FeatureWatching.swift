import HubLua
import Logging
import ServiceLifecycle

/// Reloads edited feature files in every worker while the server runs (their live screens
/// rerun what the edit touched, and push their new views).
struct FeatureWatching: Service {
    let pool: WorkerPool
    /// The folders watched, and every folder below them: those the features were loaded from.
    let roots: [String]
    /// Whether to poll the folders instead of using inotify.
    let polling: Bool
    let logger: Logger
    /// Told once the workers reloaded what changed.
    let onReload: @Sendable () -> Void

    func run() async throws {
        let (pool, logger, onReload) = (pool, logger, onReload)
        let watching = FileWatching(roots: roots, polling: polling) {
            // One worker looks for changed files (a walk of the folders, every wake-up when
            // polling); every worker reloads them only when it found some.
            pool.workers[0].enqueue { state in
                guard let state, !state.runtime.changedFiles().isEmpty else { return }
                pool.broadcast { state in
                    let outcomes = state.reloadChangedFiles()
                    onReload()
                    // Every worker reloads the same files: one of them says what happened.
                    guard state.worker == 0 else { return }
                    for outcome in outcomes { logger.info("\(outcome)") }
                }
            }
        }
        defer { watching.stop() }
        try? await cancelWhenGracefulShutdown {
            while true { try await Task.sleep(for: .seconds(3_600)) }
        }
    }
}
