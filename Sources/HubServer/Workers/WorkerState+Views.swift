import Foundation
import HubCore
import HubLua
import HubRender

/// A view model loaded for a request: its default-schema JSON, and what metrics record.
struct LoadedView: Sendable {
    /// The feature that built it.
    let feature: String
    /// The view model as settled.
    let model: ViewModel
    /// The view model as default-schema JSON (what `hub json --model` writes, on one line).
    let json: [UInt8]
    /// How long its feature keeps its content (its reload policy); nil: not at all.
    let cachePolicy: ViewCache.Policy?
    /// Seconds from opening the view to its chain settling.
    let chainSeconds: Double
}

/// What an action request came to, and what metrics record.
struct ActionOutcome: Sendable {
    enum Result: Sendable {
        /// The view model after the action (and whatever its chain did about it), as JSON.
        case updated([UInt8])
        /// The action navigated: the URI it opens (a feature's view, or one for the system).
        case navigated(String)
    }

    /// The feature of the view acted on.
    let feature: String
    let result: Result
    /// Seconds from opening the view to the action's effects settling.
    let chainSeconds: Double
}

// What requests do on a worker: each opens its own screen (or stack of screens) and lets it go
// once answered, so no request sees another's screen.

extension WorkerState {
    /// Answers `reply` with the view `uri` once its chain has settled: 404 when no feature
    /// handles it, 500 with the located error when the chain fails, 504 when `ticket`'s
    /// deadline passes first. The worker serves other requests while the chain waits.
    func loadView(_ uri: String, options: ScreenOptions, ticket: RequestTicket, reply: RequestReply<LoadedView>) {
        let started = MonotonicTime.now
        guard let screen = open(uri, options: options, failing: reply) else { return }
        waiting.wait(for: screen, ticket: ticket) { [self] outcome in
            reply.send { () throws(ViewFailure) in
                try ViewFailure.check(screen, outcome: outcome, timeout: ticket)
                return LoadedView(
                    feature: screen.featureInfo.identifier, model: screen.viewModel, json: screen.viewModel.serializedJSON(),
                    cachePolicy: cachePolicy(of: uri), chainSeconds: MonotonicTime.seconds(since: started))
            }
        }
    }

    /// Answers `reply` with what `request` did on a fresh screen for `uri`: opens the view and,
    /// once it has settled, draws it (so its components are there to be selected), performs
    /// the action or selects the component, and lets the actions and the chain settle again.
    /// Where the action navigates is only noted (the client gets that view next). 422 when the
    /// view has no such component; when an action failed (chained ones included), the status
    /// of ``ViewFailure/actionFailed(_:)``, so that nothing an action failed to write is
    /// acknowledged; the failures of ``loadView(_:options:ticket:reply:)`` otherwise.
    func perform(
        _ request: ActionRequest, on uri: String, options: ScreenOptions, ticket: RequestTicket,
        reply: RequestReply<ActionOutcome>
    ) {
        let started = MonotonicTime.now
        guard let screen = open(uri, options: options, failing: reply) else { return }
        let navigation = NavigationRecorder()
        screen.navigator = navigation
        let failures = ActionFailureRecorder(screen)
        let feature = screen.featureInfo.identifier
        waiting.wait(for: screen, ticket: ticket) { [self] outcome in
            do {
                try ViewFailure.check(screen, outcome: outcome, timeout: ticket)
                try Self.act(request, on: screen, runtime: runtime)
            } catch {
                return reply.send(.failure(error))
            }
            // An action's writes are acknowledged once committed: the answer waits for every
            // action it set going to end, navigating or not.
            waiting.wait(for: screen, ticket: ticket) { outcome in
                reply.send { () throws(ViewFailure) in
                    if let error = failures.errors.first { throw .actionFailed(error) }
                    if let target = navigation.target {
                        // The view left behind may go on loading: only its actions count.
                        if outcome != .settled { try ViewFailure.check(screen, outcome: outcome, timeout: ticket) }
                        return ActionOutcome(feature: feature, result: .navigated(target), chainSeconds: MonotonicTime.seconds(since: started))
                    }
                    try ViewFailure.check(screen, outcome: outcome, timeout: ticket)
                    return ActionOutcome(
                        feature: feature, result: .updated(screen.viewModel.serializedJSON()), chainSeconds: MonotonicTime.seconds(since: started))
                }
            }
        }
    }

    /// How long the feature of `uri` keeps its content: by its reload policy (or the
    /// manager's default one).
    private func cachePolicy(of uri: String) -> ViewCache.Policy? {
        reloadPolicy(of: uri).map { $0.maxAge.map(ViewCache.Policy.maxAge) ?? .ask }
    }

    /// Whether the reload policy of `uri`'s feature has the view load again over `current`
    /// (true when it has none, or no feature handles `uri` any more).
    func shouldReload(_ uri: String, over current: ViewModel) -> Bool {
        reloadPolicy(of: uri)?.shouldReload(viewURI: uri, currentViewModel: current) ?? true
    }

    /// The reload policy of the feature of `uri`, or the manager's default one.
    private func reloadPolicy(of uri: String) -> (any ContentReloadPolicy)? {
        runtime.manager.featureRegistry.registration(forViewURI: uri)?.contentReloadPolicy ?? runtime.manager.defaultContentReloadPolicy
    }

    /// A screen for `uri` that has appeared and started loading (its chain goes on as the
    /// worker's loop runs); nil when it cannot be opened, after answering `reply` with why.
    private func open<Value>(_ uri: String, options: ScreenOptions, failing reply: RequestReply<Value>) -> Screen? {
        var options = options
        options.load = false
        do {
            let screen = try ViewFailure.opening(uri, in: runtime) { () throws(OpenError) in try runtime.open(uri, options: options) }
            screen.appear()
            return screen
        } catch {
            reply.send(.failure(error))
            return nil
        }
    }

    /// Draws `screen` (components are made as they are drawn), then performs `request`'s action
    /// for its component, or selects it.
    static func act(_ request: ActionRequest, on screen: Screen, runtime: HubRuntime) throws(ViewFailure) {
        do {
            _ = try runtime.render(screen)
        } catch {
            throw .failed(error.description, feature: screen.featureInfo.identifier)
        }
        guard let model = component(request, in: screen.viewModel) else {
            let name = request.component.map { "'\($0)'" } ?? request.path.map { "at \($0)" } ?? "?"
            throw .unprocessable("the view '\(screen.viewURI)' has no component \(name)", feature: screen.featureInfo.identifier)
        }
        if let action = request.action {
            screen.performAction(action, customData: request.customData, trigger: .component, component: model)
        } else {
            screen.select(model, customData: request.customData)
        }
    }

    /// The component `request` names in `viewModel`: by index path in the body, or by
    /// identifier (the body and its children first, then the header and the overlays).
    private static func component(_ request: ActionRequest, in viewModel: ViewModel) -> ComponentModel? {
        if let path = request.path { return viewModel.model(at: path) }
        guard let identifier = request.component else { return nil }
        if let path = viewModel.indexPath(ofIdentifier: identifier) { return viewModel.model(at: path) }
        if let header = viewModel.header, header.identifier == identifier { return header }
        return viewModel.overlays.first { $0.identifier == identifier }
    }
}
