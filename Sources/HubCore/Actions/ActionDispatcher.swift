/// Performs the actions of one view as Hub Framework's action handler wrapper did:
///
/// 1. The action is made: the registry's selection action for a plain selection (whose target's
///    initial view model is registered for the target URI while it runs, so the screen it opens
///    shows it first), or a fresh action for the custom identifier (nil when none is registered).
/// 2. The feature's action handler (or the default one) sees it first: when it handles it, the
///    action counts as performed and is not run.
/// 3. Otherwise the action runs; an asynchronous one is kept until it finishes, and may then
///    chain to another action, performed the same way with trigger ``ActionTrigger/chained``.
///
/// An action or handler that fails (throws, or finishes with an error) is told to
/// ``failureObserver``: it was not performed, and chains to nothing. So is the action that
/// would chain past ``HubDefaults/Limits/chainedActions`` actions in a row.
public final class ActionDispatcher {
    private let registry: ActionRegistry
    private let handler: (any ActionHandler)?
    private let initialViewModels: InitialViewModelRegistry?
    /// The asynchronous actions under way, and the identifier each was performed for (nil: the
    /// selection action).
    private var pending: [ObjectIdentifier: (action: any AsyncAction, identifier: Identifier?)] = [:]

    /// Told of every chained action after it was performed, with whether it performed (content
    /// operations observe chained actions; components and the screen's delegate do not).
    public var chainedActionObserver: ((ActionContext, Bool) -> Void)?

    /// Told of every action that failed, with the context it was performed in and its error
    /// (which names the feature and the action, when the action's own error did not); a handler's failure is told too (the action then goes on as
    /// not handled).
    public var failureObserver: ((ActionContext, ContentError) -> Void)?

    /// A dispatcher making actions with `registry`, asking `handler` first, and registering
    /// selected targets' initial view models in `initialViewModels`.
    public init(registry: ActionRegistry, handler: (any ActionHandler)?, initialViewModels: InitialViewModelRegistry?) {
        self.registry = registry
        self.handler = handler
        self.initialViewModels = initialViewModels
    }

    /// Asynchronous actions started and not finished yet.
    public var pendingActionCount: Int { pending.count }

    /// The names of the asynchronous actions under way (`namespace:name`, or `selection`),
    /// sorted: what a message about a wait that ran out names.
    public var pendingActionNames: [String] { pending.values.map { $0.identifier?.description ?? "selection" }.sorted() }

    /// Performs the action `context` names (the selection action when it names none); returns
    /// whether it was performed or handled. An asynchronous action counts as performed when it
    /// says so as it starts.
    public func perform(_ context: ActionContext) -> Bool {
        performReporting(context).performed
    }

    /// As ``perform(_:)``, and whether the handler handled the action (it was then not
    /// performed): what observers are told as ``ActionContext/handled``.
    public func performReporting(_ context: ActionContext) -> (performed: Bool, handled: Bool) {
        let action: (any Action)?
        var initialViewModelURI: String?
        if let identifier = context.customActionIdentifier {
            action = registry.createAction(for: identifier)
        } else {
            action = registry.selectionAction
            if let target = context.componentModel?.target, let uri = target.uri, let initial = target.initialViewModel {
                initialViewModels?.register(initial, forViewURI: uri)
                initialViewModelURI = uri
            }
        }
        defer {
            if let initialViewModelURI { initialViewModels?.removeViewModel(forViewURI: initialViewModelURI) }
        }
        do {
            if try handler?.handleAction(with: context) == true { return (true, true) }
        } catch {
            tellFailure(error, of: context)
        }
        guard let action else { return (false, false) }
        var key: ObjectIdentifier?
        if let asynchronous = action as? any AsyncAction {
            let started = ObjectIdentifier(asynchronous)
            key = started
            pending[started] = (asynchronous, context.customActionIdentifier)
            asynchronous.completion = { [weak self] completion in self?.finish(started, context: context, completion) }
        }
        do {
            return (try action.perform(with: context), false)
        } catch {
            if let key { pending[key] = nil }
            tellFailure(error, of: context)
            return (false, false)
        }
    }

    /// Lets go of a finished asynchronous action, tells of its failure, and performs the
    /// action it chains to.
    private func finish(_ key: ObjectIdentifier, context: ActionContext, _ completion: ActionCompletion) {
        guard pending.removeValue(forKey: key) != nil else { return }
        if let error = completion.error {
            tellFailure(error, of: context)
            return
        }
        guard let next = completion.chainedAction else { return }
        var chained = context
        chained.trigger = .chained
        chained.customActionIdentifier = next
        chained.customData = completion.customData
        chained.chainLength += 1
        guard chained.chainLength <= HubDefaults.Limits.chainedActions else {
            let error = ContentError(
                domain: "hub", message: "it chained to '\(next)' after \(HubDefaults.Limits.chainedActions) actions chained in a row "
                    + "(at most \(HubDefaults.Limits.chainedActions): a loop?); the chain stops here")
            tellFailure(error, of: context)
            return
        }
        let performed = perform(chained)
        chainedActionObserver?(chained, performed)
    }

    /// Tells ``failureObserver`` that the action of `context` failed with `error`, naming the
    /// feature and the action where a Swift action's error does not.
    private func tellFailure(_ error: ContentError, of context: ActionContext) {
        let action = context.customActionIdentifier?.description ?? "selection"
        failureObserver?(context, error.naming(feature: context.featureInfo.identifier, action: action))
    }
}
