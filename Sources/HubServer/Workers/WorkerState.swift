import Foundation
import HubCore
import HubLua
import HubRender

/// What a worker's thread holds: its runtime, and the live sessions of the update streams it
/// serves. Only that thread touches it.
final class WorkerState {
    /// The worker's number in its pool.
    let worker: Int
    let runtime: HubRuntime
    private var sessions: [String: LiveSession] = [:]
    /// The requests waiting for their screens to settle.
    let waiting: WaitingRequests
    /// Whether the server is stopping: sessions are over, and no new one opens.
    private var isClosed = false

    /// The state of worker `worker`, whose waiting requests' departed clients are told to
    /// `onDeparture` (on other threads).
    init(worker: Int, runtime: HubRuntime, onDeparture: @escaping @Sendable (Int) -> Void) {
        self.worker = worker
        self.runtime = runtime
        waiting = WaitingRequests(loop: runtime.loop, onDeparture: onDeparture)
    }

    /// Milliseconds until the runtime's next timer falls due or a waiting request's deadline
    /// passes (0: now); nil with neither.
    var millisecondsToNextTimer: Int? {
        [runtime.loop.nextDue, waiting.nextDeadline].compactMap { $0 }.min().map { max(0, $0 - runtime.loop.now) }
    }

    /// Runs the timers that fell due (asynchronous operations, actions, selection states) and
    /// what other threads delivered, answers the waiting requests whose screens settled (or
    /// whose deadlines passed), then pushes the live sessions that changed.
    func runDueTimers() {
        runtime.loop.advance(by: 0)
        waiting.endSettledWaits()
        pushChanges()
    }

    /// Pushes every live session whose view changed since it last pushed, and forgets those
    /// whose stream ended.
    func pushChanges() {
        for (identifier, session) in sessions where !session.pushIfChanged(runtime) {
            sessions[identifier] = nil
        }
    }

    // MARK: Sessions

    /// How many live sessions the worker holds.
    var sessionCount: Int { sessions.count }

    /// Opens the live session `identifier` (see ``WorkerPool/worker(forSession:)``) on a new
    /// stack of screens for `uri`, and sends its first view through `stream`: what the chain
    /// delivered before it first waited (the worker's loop runs the rest, and the session
    /// sends each view as it comes). The stream took its slot (``WorkerPool/takeSessionSlot()``)
    /// before; 503 when the server is stopping.
    func openSession(
        _ identifier: String, uri: String, options: ScreenOptions, kind: LiveSession.Kind, stream: EventStream
    ) throws(ViewFailure) {
        guard !isClosed else { throw .unavailable("the server is stopping") }
        var options = options
        options.load = false
        let stack = try ViewFailure.opening(uri, in: runtime) { () throws(OpenError) in try runtime.openStack(uri, options: options) }
        let session = LiveSession(identifier: identifier, stack: stack, kind: kind, stream: stream)
        stack.top.appear()
        // A client gone before its session opened has no session.
        if session.pushIfChanged(runtime) { sessions[identifier] = session }
    }

    /// Ends every session's stream, and opens no more: the server is stopping.
    func close() {
        isClosed = true
        waiting.stopAll()
        for session in sessions.values { session.end() }
        sessions.removeAll()
    }

    // MARK: Reloading

    /// Reloads the files of the runtime's feature folders that changed on disk (the live
    /// screens rerun what the change touches) and pushes the sessions that changed; what each
    /// reload did, or nothing when no file changed.
    func reloadChangedFiles() -> [ReloadOutcome] {
        let changed = runtime.changedFiles()
        guard !changed.isEmpty else { return [] }
        let outcomes = runtime.reload(changed)
        pushChanges()
        return outcomes
    }
}

// MARK: Live sessions' requests

extension WorkerState {
    /// Keeps every session's stream open, and forgets those whose client went away.
    func pingSessions() {
        for (identifier, session) in sessions where !session.ping() {
            sessions[identifier] = nil
        }
    }

    /// Forgets the session `identifier` (its stream ended).
    func endSession(_ identifier: String) {
        sessions[identifier] = nil
    }

    /// Selects (or performs the action of) what `request` names on the session's top screen,
    /// as the preview's page asks when clicked, and once that settles (or `ticket`'s deadline
    /// passes: the session's chain goes on) answers `reply` with the view the session sends.
    /// 404 when the session is over; when an action failed, the status of
    /// ``ViewFailure/actionFailed(_:)``, and 504 when one is still running at the deadline (the
    /// session still sends its view).
    func act(_ request: ActionRequest, inSession identifier: String, ticket: RequestTicket, reply: RequestReply<[UInt8]>) {
        let session: LiveSession
        let screen: Screen
        let failures: ActionFailureRecorder
        do {
            session = try liveSession(identifier)
            screen = session.stack.top
            failures = ActionFailureRecorder(screen)
            do {
                try Self.act(request, on: screen, runtime: runtime)
            } catch {
                failures.stop()
                throw error
            }
        } catch {
            return reply.send(.failure(error))
        }
        waiting.wait(for: screen, ticket: ticket, stopsChain: false) { [self] outcome in
            failures.stop()
            switch outcome {
            case .settled, .timedOut:
                let sent = session.pushAgain(runtime)
                if let error = failures.errors.first { return reply.send(.failure(ViewFailure.actionFailed(error))) }
                // A chain still loading is the session's to go on with; an action is the click's.
                if outcome == .timedOut, !screen.pendingActionNames.isEmpty {
                    do {
                        try ViewFailure.check(screen, outcome: outcome, timeout: ticket)
                    } catch {
                        return reply.send(.failure(error))
                    }
                }
                reply.send(.success(sent))
            case .abandoned: reply.send(.failure(ViewFailure.abandoned))
            case .stopped: reply.send(.failure(ViewFailure.unavailable("the server is stopping")))
            }
        }
    }

    /// Goes back to the screen below on the session's stack (nothing happens on the first)
    /// and sends the session's view; what it sent. 404 when the session is over.
    func back(inSession identifier: String) throws(ViewFailure) -> [UInt8] {
        let session = try liveSession(identifier)
        session.stack.back()
        return session.pushAgain(runtime)
    }

    /// Draws every screen of the session's stack `width` columns wide (the screens it opens
    /// next take it too) and sends the session's view; what it sent. 404 when the session is over.
    func resize(inSession identifier: String, width: Int) throws(ViewFailure) -> [UInt8] {
        let session = try liveSession(identifier)
        for screen in session.stack.screens { screen.resize(width: width, height: screen.height) }
        return session.pushAgain(runtime)
    }

    private func liveSession(_ identifier: String) throws(ViewFailure) -> LiveSession {
        guard let session = sessions[identifier] else { throw .notFound("no live session '\(identifier)' (its page was closed?)") }
        return session
    }
}
