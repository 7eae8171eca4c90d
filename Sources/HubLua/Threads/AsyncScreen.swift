import HubCore
import HubRender

/// A view opened by an ``AsyncHubRuntime``: a handle any task may hold and use, whose screen
/// lives on the runtime's thread. Its chain goes on between calls (asynchronous operations,
/// data that changed); ``settled(timeout:)`` waits for it. Closed when let go, or by ``close()``.
/// Each call waits its turn for the runtime's thread, and throws
/// ``AsyncRuntimeError/busy(waitingJobs:)`` at once when too many wait already.
public final class AsyncScreen: Sendable {
    private let runtime: AsyncHubRuntime
    private let number: Int
    /// The URI of the view it shows.
    public let viewURI: String

    init(runtime: AsyncHubRuntime, number: Int, viewURI: String) {
        self.runtime = runtime
        self.number = number
        self.viewURI = viewURI
    }

    deinit {
        close()
    }

    /// The view model once the screen is no longer busy — its chain and its actions have
    /// finished — waiting at most `milliseconds` (default: the manager's `settleTimeout`) while
    /// the runtime's thread serves others. Throws ``AsyncScreenError/failed(viewURI:error:)``
    /// when the chain ended with an error, ``AsyncScreenError/stillLoading(viewURI:milliseconds:running:)``
    /// naming what was still running when the time was up (the chain goes on),
    /// ``AsyncScreenError/closed(viewURI:)`` once closed, and `CancellationError` when the task
    /// is cancelled.
    public func settled(timeout milliseconds: Int? = nil) async throws -> ViewModel {
        try await settle(timeout: milliseconds, after: nil)
    }

    /// Runs `act` on the screen (when given), then waits as ``settled(timeout:)`` says; with an
    /// `act`, an action that failed meanwhile is thrown as ``AsyncScreenError/actionFailed(viewURI:error:)``.
    private func settle(timeout milliseconds: Int?, after act: Act?) async throws -> ViewModel {
        let wait = runtime.nextWaitNumber()
        let (thread, number, uri) = (runtime.thread, number, viewURI)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                do {
                    try thread.submit { state in
                        guard let state else { return continuation.resume(throwing: AsyncScreenError.closed(viewURI: uri)) }
                        Self.settle(number, uri: uri, in: state, wait: wait, timeout: milliseconds, after: act, then: continuation)
                    }
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        } onCancel: {
            thread.enqueue { $0?.waits.abandon(wait) }
        }
    }

    /// What a selection does to the screen, on the runtime's thread.
    private typealias Act = @Sendable (HubRuntime, Screen) throws -> Void

    /// On the runtime's thread: runs `act` on the screen kept as `number` (when given), then
    /// registers wait `wait`, which resumes `continuation` as ``settle(timeout:after:)`` says.
    private static func settle(
        _ number: Int, uri: String, in state: AsyncRuntimeState, wait: Int, timeout milliseconds: Int?, after act: Act?,
        then continuation: CheckedContinuation<ViewModel, any Error>
    ) {
        do {
            let screen = try state.screen(number, uri: uri)
            let failures = act == nil ? nil : ActionFailureRecorder(screen)
            do {
                try act?(state.runtime, screen)
            } catch {
                failures?.stop()
                throw error
            }
            let limit = milliseconds ?? state.runtime.manager.settleTimeout
            state.waits.wait(wait, for: screen, milliseconds: limit, stopsChain: false) { outcome in
                failures?.stop()
                continuation.resume(with: Result {
                    if let failure = failures?.errors.first { throw AsyncScreenError.actionFailed(viewURI: uri, error: failure) }
                    return try viewModel(of: screen, after: outcome, limit: limit)
                })
            }
        } catch {
            continuation.resume(throwing: error)
        }
    }

    /// What a wait for `screen` that ended with `outcome` gives.
    private static func viewModel(of screen: Screen, after outcome: SettleWaits.Outcome, limit: Int) throws -> ViewModel {
        switch outcome {
        case .settled:
            if let error = screen.lastError { throw AsyncScreenError.failed(viewURI: screen.viewURI, error: error) }
            return screen.viewModel
        case .timedOut:
            let running = screen.loader.operationStatuses.filter { $0.phase == .running || $0.phase == .queued }.map(\.name)
            throw AsyncScreenError.stillLoading(viewURI: screen.viewURI, milliseconds: limit, running: running)
        case .abandoned: throw CancellationError()
        case .stopped: throw AsyncScreenError.closed(viewURI: screen.viewURI)
        }
    }

    /// The view model as it is now, settled or not.
    public var viewModel: ViewModel {
        get async throws { try await onScreen { $1.viewModel } }
    }

    /// The view drawn as text (see ``HubRuntime/render(_:ascii:color:)``), as it is now.
    public func render(ascii: Bool = false, color: Bool = false) async throws -> String {
        try await onScreen { runtime, screen in try runtime.render(screen, ascii: ascii, color: color) }
    }

    /// Selects the component `identifier` (a body component, or a child of one), as a tap
    /// would — its target's actions run — then waits until the screen settles and returns its
    /// view model. Throws ``AsyncScreenError/noComponent(viewURI:identifier:)`` when no such
    /// component is shown, ``AsyncScreenError/actionFailed(viewURI:error:)`` when an action
    /// it performed failed, and what ``settled(timeout:)`` throws.
    public func select(_ identifier: String, timeout milliseconds: Int? = nil) async throws -> ViewModel {
        let uri = viewURI
        return try await settle(timeout: milliseconds) { runtime, screen in
            guard let path = screen.viewModel.indexPath(ofIdentifier: identifier) else {
                throw AsyncScreenError.noComponent(viewURI: uri, identifier: identifier)
            }
            // Drawn first, as shown: a selection reaches the components drawn.
            _ = try runtime.render(screen)
            screen.select(at: path)
        }
    }

    /// Stops the screen's chain and lets it go; later calls throw ``AsyncScreenError/closed(viewURI:)``.
    public func close() {
        let number = number
        runtime.thread.enqueue { $0?.closeScreen(number) }
    }

    /// What `body` returns, run on the runtime's thread with the runtime and the screen.
    private func onScreen<Result: Sendable>(_ body: @escaping @Sendable (HubRuntime, Screen) throws -> Result) async throws -> Result {
        let (number, uri) = (number, viewURI)
        return try await runtime.thread.perform { state in try body(state.runtime, try state.screen(number, uri: uri)) }
    }
}
