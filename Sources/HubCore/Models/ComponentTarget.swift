/// Where selecting a component leads: a URI, actions to perform, and an initial view model.
public struct ComponentTarget: Equatable, Sendable {
    /// The URI opened when the component is selected.
    public var uri: String?
    /// Actions performed on selection, in order; nil when there are none.
    public var actionIdentifiers: [Identifier]?
    /// Free-form data for the target.
    public var customData: JSONDictionary?
    private var initialViewModelBox: Box<ViewModel>?

    /// The view model shown by the target view before its content has loaded.
    public var initialViewModel: ViewModel? {
        initialViewModelBox?.value
    }

    init(uri: String?, actionIdentifiers: [Identifier]?, customData: JSONDictionary?, initialViewModel: ViewModel?) {
        self.uri = uri
        self.actionIdentifiers = actionIdentifiers
        self.customData = customData
        self.initialViewModelBox = initialViewModel.map(Box.init)
    }
}
