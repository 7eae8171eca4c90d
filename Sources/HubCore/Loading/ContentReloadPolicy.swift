/// Decides whether a view with content already loaded should load again.
public protocol ContentReloadPolicy: AnyObject {
    /// Whether the view `viewURI`, which already shows `currentViewModel`, should load again.
    func shouldReload(viewURI: String, currentViewModel: ViewModel) -> Bool
}
