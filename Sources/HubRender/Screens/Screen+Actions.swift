import HubCore

extension Screen {
    /// How long a selected component shows its selected state, in milliseconds (Hub Framework
    /// showed it for 0.2 s).
    public static let selectionStateDuration = 200

    /// Whether work the screen set going is under way: its loader is loading, or an action it
    /// performed has not finished.
    public var isBusy: Bool {
        loader.isLoading || actions.pendingActionCount > 0
    }

    /// The names of the screen's actions still under way (`namespace:name`, or `selection`),
    /// sorted.
    public var pendingActionNames: [String] { actions.pendingActionNames }

    /// Performs the action `identifier` for a content operation (trigger `operation`).
    public func performAction(_ identifier: Identifier, customData: JSONDictionary?) -> Bool {
        performAction(identifier, customData: customData, trigger: .contentOperation, component: nil)
    }

    /// Performs the action `identifier` (nil: the selection action) for `component`, as Hub
    /// Framework's view controller did: nothing happens before the screen has a view model;
    /// otherwise the feature's action handler sees it first (`ActionDispatcher`), then the
    /// content operations, the shown components and the event log are told about it, whether
    /// or not anything performed it. Returns whether it was performed or handled.
    @discardableResult
    public func performAction(
        _ identifier: Identifier?, customData: JSONDictionary?, trigger: ActionTrigger, component: ComponentModel?
    ) -> Bool {
        guard hasAppeared else { return false }
        var context = ActionContext(
            trigger: trigger, customActionIdentifier: identifier, customData: customData, featureInfo: featureInfo,
            viewURI: viewURI, viewModel: viewModel, componentModel: component, navigator: navigator)
        let (performed, handled) = actions.performReporting(context)
        context.handled = handled
        loader.actionPerformed(context)
        renderer.actionPerformed(context)
        let name = identifier?.description ?? "selection"
        record(.didPerformAction, component: component?.identifier, detail: "\(name), \(performed ? "performed" : "not performed")")
        return performed
    }

    /// Selects the body component at `indexPath` (a body index, then child indexes), as a tap
    /// would (see ``select(_:customData:)``); false when there is no component there.
    @discardableResult
    public func select(at indexPath: [Int], customData: JSONDictionary? = nil) -> Bool {
        guard let model = viewModel.model(at: indexPath) else { return false }
        return select(model, indexPath: indexPath, customData: customData)
    }

    /// Selects `model` (a body component or one of its children, found by identifier), as Hub
    /// Framework's `selectComponentWithModel:customData:` did: the component shows itself
    /// highlighted and selected (and unselected again after ``selectionStateDuration``), the
    /// target's actions are performed in order until one performs, and if none does, the
    /// selection action (which opens the target URI). Returns whether the selection was
    /// handled; when it was, the event log records it.
    @discardableResult
    public func select(_ model: ComponentModel, customData: JSONDictionary? = nil) -> Bool {
        select(model, indexPath: viewModel.indexPath(of: model), customData: customData)
    }

    private func select(_ model: ComponentModel, indexPath: [Int]?, customData: JSONDictionary?) -> Bool {
        if let indexPath {
            setSelectionState(.highlighted, at: indexPath)
            setSelectionState(.selected, at: indexPath)
            loop?.schedule(after: Self.selectionStateDuration, isWatchdog: true) { [weak self] in
                self?.setSelectionState(.none, at: indexPath)
            }
        }
        var handled = false
        for identifier in model.target?.actionIdentifiers ?? [] where !handled {
            handled = performAction(identifier, customData: customData, trigger: .selection, component: model)
        }
        if !handled {
            handled = performAction(nil, customData: customData, trigger: .selection, component: model)
        }
        if handled { record(.selected, component: model.identifier) }
        return handled
    }
}
