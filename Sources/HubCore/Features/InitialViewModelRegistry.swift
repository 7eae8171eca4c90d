/// View models to show first on the screen opened for a view URI, before its content loads
/// (Hub Framework's initial view model registry). A selection registers its target's initial
/// view model for the target URI while the selection action runs, so that the screen the
/// action opens shows it at once; the registration is removed again afterwards.
public final class InitialViewModelRegistry {
    private var viewModels: [String: ViewModel] = [:]

    /// An empty registry.
    public init() {}

    /// Registers `viewModel` for `viewURI`, replacing any registered before.
    public func register(_ viewModel: ViewModel, forViewURI viewURI: String) {
        viewModels[viewURI] = viewModel
    }

    /// Removes the view model registered for `viewURI`, if any.
    public func removeViewModel(forViewURI viewURI: String) {
        viewModels.removeValue(forKey: viewURI)
    }

    /// The view model registered for exactly `viewURI`; nil when there is none.
    public func viewModel(forViewURI viewURI: String) -> ViewModel? {
        viewModels[viewURI]
    }
}
