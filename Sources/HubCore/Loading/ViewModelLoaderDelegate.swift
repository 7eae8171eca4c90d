/// Receives the outcomes of a view model loader.
public protocol ViewModelLoaderDelegate: AnyObject {
    /// A new view model; may be called many times (loads, reschedules, pages).
    func viewModelLoader(_ loader: ViewModelLoader, didLoad viewModel: ViewModel)
    /// The chain ended with an error; the previous view model stays current.
    func viewModelLoader(_ loader: ViewModelLoader, didFailWith error: ContentError)
    /// An operation was handed an earlier one's error and finished normally: the chain goes on,
    /// and the failure is only known from here (and ``ViewModelLoader/silencedFailures``).
    func viewModelLoader(_ loader: ViewModelLoader, didSilence failure: ChainFailure)
}

extension ViewModelLoaderDelegate {
    /// By default, a silenced failure is only kept in ``ViewModelLoader/silencedFailures``.
    public func viewModelLoader(_ loader: ViewModelLoader, didSilence failure: ChainFailure) {}
}
