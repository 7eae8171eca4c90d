import HubCore

extension HubManager {
    /// A screen for `viewURI` whose content comes from `contentOperations` (after the
    /// manager's prepended operations, before its appended ones), for a feature
    /// `featureIdentifier` titled `featureTitle` that is not registered: the view URI is not
    /// looked up in ``featureRegistry`` and the feature is not added to it. As Hub Framework's
    /// `createViewControllerForViewURI:contentOperations:featureIdentifier:featureTitle:`, the
    /// feature uses the manager's default reload policy and default action handler, and the
    /// default JSON schema. The screen is opened as ``open(_:options:connectivity:initialViewModel:eventLog:)``
    /// opens one; the operations belong to this screen only.
    public func open(
        _ viewURI: String, contentOperations: [any ContentOperation], featureIdentifier: String, featureTitle: String,
        options: ScreenOptions = ScreenOptions(),
        connectivity: any ConnectivityStateResolver = ManualConnectivityStateResolver(),
        initialViewModel: ViewModel? = nil, eventLog: ScreenEventLog = ScreenEventLog()
    ) throws(ScreenOpeningError) -> Screen {
        let feature = FeatureRegistration(
            identifier: featureIdentifier, viewURIPredicate: .exact(viewURI), title: featureTitle,
            contentOperationFactories: [BlockContentOperationFactory { _ in contentOperations }])
        let screen = try makeScreen(
            viewURI, feature: feature, options: options, connectivity: connectivity, initialViewModel: initialViewModel,
            eventLog: eventLog)
        show(screen, load: options.load)
        return screen
    }

    /// A screen whose content comes from `contentOperations`, for an unregistered feature titled
    /// `featureTitle` whose identifier and view URI are the title in lowercase, as Hub
    /// Framework's `createViewControllerWithContentOperations:featureTitle:` (see
    /// ``open(_:contentOperations:featureIdentifier:featureTitle:options:connectivity:initialViewModel:eventLog:)``).
    public func open(
        contentOperations: [any ContentOperation], featureTitle: String, options: ScreenOptions = ScreenOptions(),
        connectivity: any ConnectivityStateResolver = ManualConnectivityStateResolver(),
        eventLog: ScreenEventLog = ScreenEventLog()
    ) throws(ScreenOpeningError) -> Screen {
        let identifier = featureTitle.lowercased()
        return try open(
            identifier, contentOperations: contentOperations, featureIdentifier: identifier, featureTitle: featureTitle,
            options: options, connectivity: connectivity, eventLog: eventLog)
    }
}
