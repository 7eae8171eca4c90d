/// Receives the outcomes of a view model loader.
public protocol ViewModelLoaderDelegate: AnyObject {
    /// A new view model; may be called many times (loads, reschedules, pages).
    func viewModelLoader(_ loader: ViewModelLoader, didLoad viewModel: ViewModel)
    /// The chain ended with an error; the previous view model stays current.
    func viewModelLoader(_ loader: ViewModelLoader, didFailWith error: ContentError)
}
