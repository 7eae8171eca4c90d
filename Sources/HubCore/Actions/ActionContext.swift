/// Everything an action, action handler or action observer knows about one performed action.
public struct ActionContext {
    /// What caused the action to be performed.
    public var trigger: ActionTrigger
    /// The custom action's identifier; nil for the default selection action.
    public var customActionIdentifier: Identifier?
    /// Custom data passed along with the action.
    public var customData: JSONDictionary?
    /// The feature whose view the action was performed in.
    public var featureInfo: FeatureInfo
    /// The URI of the view the action was performed in.
    public var viewURI: String
    /// The view model of the view when the action was performed.
    public var viewModel: ViewModel
    /// The component model involved; nil for actions performed by content operations.
    public var componentModel: ComponentModel?
    /// What opens views for the action, e.g. the selection action's target URI; nil when
    /// nothing does.
    public weak var navigator: (any Navigator)?
    /// Whether the feature's action handler handled (vetoed) the action, so that it was not
    /// performed: what observers, told of every action as in Hub Framework, may tell apart.
    /// False until the handler has seen it.
    public var handled = false
    /// How many actions chained in a row led to this one: 0 for one a selection or an operation
    /// performed.
    public var chainLength = 0

    /// An action context from all of its parts.
    public init(
        trigger: ActionTrigger, customActionIdentifier: Identifier?, customData: JSONDictionary?,
        featureInfo: FeatureInfo, viewURI: String, viewModel: ViewModel, componentModel: ComponentModel?,
        navigator: (any Navigator)? = nil
    ) {
        self.navigator = navigator
        self.trigger = trigger
        self.customActionIdentifier = customActionIdentifier
        self.customData = customData
        self.featureInfo = featureInfo
        self.viewURI = viewURI
        self.viewModel = viewModel
        self.componentModel = componentModel
    }
}
