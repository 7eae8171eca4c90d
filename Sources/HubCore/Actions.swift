/// What caused an action to be performed.
public enum ActionTrigger: String, Sendable {
    case selection
    case component
    case contentOperation = "operation"
    case chained
}

/// Everything an action, action handler or action observer knows about one performed action.
public struct ActionContext: Sendable {
    public var trigger: ActionTrigger
    /// The custom action's identifier; nil for the default selection action.
    public var customActionIdentifier: Identifier?
    public var customData: JSONDictionary?
    public var featureInfo: FeatureInfo
    public var viewURI: String
    public var viewModel: ViewModel
    /// The component model involved; nil for actions performed by content operations.
    public var componentModel: ComponentModel?

    public init(
        trigger: ActionTrigger, customActionIdentifier: Identifier?, customData: JSONDictionary?,
        featureInfo: FeatureInfo, viewURI: String, viewModel: ViewModel, componentModel: ComponentModel?
    ) {
        self.trigger = trigger
        self.customActionIdentifier = customActionIdentifier
        self.customData = customData
        self.featureInfo = featureInfo
        self.viewURI = viewURI
        self.viewModel = viewModel
        self.componentModel = componentModel
    }
}

/// Performs actions by identifier on behalf of content operations and components.
public protocol ActionPerformer: AnyObject {
    /// Returns whether an action was created and performed (or an action handler handled it).
    func performAction(_ identifier: Identifier, customData: JSONDictionary?) -> Bool
}
