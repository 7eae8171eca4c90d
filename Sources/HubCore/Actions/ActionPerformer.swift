/// Performs actions by identifier on behalf of content operations and components.
public protocol ActionPerformer: AnyObject {
    /// Returns whether an action was created and performed (or an action handler handled it).
    func performAction(_ identifier: Identifier, customData: JSONDictionary?) -> Bool
}
