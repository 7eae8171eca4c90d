import HubCore
import HubRender
import Synchronization

/// A Hub runtime for Swift concurrency. It lives on a thread of its own — a Lua state is
/// single-threaded — and every call hops there and back, so any task, many at once, may open
/// views, wait for them to settle and select what they show without blocking the cooperative
/// thread pool; between calls the thread runs the runtime's event loop, so asynchronous
/// operations, timers and HTTP responses go on by themselves.
///
/// ```swift
/// let hub = try await AsyncHubRuntime {
///     let runtime = try HubRuntime()
///     try runtime.loadFeatures(at: "Features")
///     return runtime
/// }
/// let view = try await hub.open("cities:overview")
/// print(try await view.render())
/// ```
///
/// Each call waits its turn for the thread, behind at most `waitingLimit` others (see
/// ``init(waitingLimit:_:)``): past that it throws ``AsyncRuntimeError/busy(waitingJobs:)`` at
/// once, so a flood of requests is refused rather than queued without bound.
///
/// ``HubRuntime`` is the synchronous face, for a program that owns its thread (a command-line
/// tool, a test): there `open` runs the loop on the caller's thread until the view settles.
public final class AsyncHubRuntime: Sendable {
    let thread: RuntimeThread<AsyncRuntimeState>
    /// Numbers for waits, unique in this runtime, so a cancelled task can name its wait.
    private let waitNumbers = Mutex(0)

    /// A runtime that `make` makes on the new thread — a ``HubRuntime`` on the real clock, its
    /// limits set and its features loaded — ready when this returns; throws what `make` throws,
    /// and ``AsyncRuntimeError/virtualClock`` for a runtime whose time only passes when asked.
    /// At most `waitingLimit` calls (at least 1) wait for the thread at once: each call of the
    /// runtime and of its screens waits once (``open(_:options:timeout:)`` twice, one after
    /// the other), and a wait for a view to settle does not count once it has begun.
    public init(
        waitingLimit: Int = HubDefaults.Embedding.waitingCalls, _ make: @escaping @Sendable () throws -> HubRuntime
    ) async throws {
        let thread = RuntimeThread<AsyncRuntimeState>(name: "hub-runtime", waitingLimit: waitingLimit)
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            thread.start(makeState: {
                let runtime = try make()
                guard runtime.loop.clock == .real else { throw AsyncRuntimeError.virtualClock }
                return AsyncRuntimeState(runtime: runtime)
            }, started: { error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            })
        }
        self.thread = thread
    }

    deinit {
        thread.stop()
    }

    /// Runs `body` with the runtime on its thread and returns what it returns (set limits,
    /// reload features, read ``HubRuntime/problems``). `body` must not keep what it is handed.
    public func withRuntime<Result: Sendable>(_ body: @escaping @Sendable (HubRuntime) throws -> Result) async throws -> Result {
        try await thread.perform { try body($0.runtime) }
    }

    /// Opens the view `uri` and waits until its chain settles (see ``AsyncScreen/settled(timeout:)``);
    /// throws ``OpenError`` when no feature opens it, and what ``AsyncScreen/settled(timeout:)``
    /// throws (the screen is then closed).
    public func open(_ uri: String, options: ScreenOptions = ScreenOptions(), timeout milliseconds: Int? = nil) async throws -> AsyncScreen {
        let number = try await thread.perform { state in
            var unloaded = options
            unloaded.load = false
            let screen = try state.runtime.open(uri, options: unloaded)
            screen.appear()
            return state.keep(screen)
        }
        let screen = AsyncScreen(runtime: self, number: number, viewURI: uri)
        do {
            _ = try await screen.settled(timeout: milliseconds)
        } catch {
            screen.close()
            throw error
        }
        return screen
    }

    /// A number for a wait, unique in this runtime.
    func nextWaitNumber() -> Int {
        waitNumbers.withLock { number in
            number += 1
            return number
        }
    }
}
