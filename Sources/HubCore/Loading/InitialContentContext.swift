/// What a content operation adds initial content with: the view, its feature, the connectivity
/// the view was opened with, and the builder of the initial view model.
public struct InitialContentContext {
    /// The URI of the view being opened.
    public let viewURI: String
    /// The feature the view belongs to.
    public let featureInfo: FeatureInfo
    /// The view's connectivity when its initial view model is built.
    public let connectivityState: ConnectivityState
    /// The builder of the initial view model (shared by every operation, in chain order).
    public let viewModelBuilder: ViewModelBuilder
}
