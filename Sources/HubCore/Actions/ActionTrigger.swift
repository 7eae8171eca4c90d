/// What caused an action to be performed.
public enum ActionTrigger: String, Sendable {
    /// The user selected a component.
    case selection
    /// A component performed the action.
    case component
    /// A content operation performed the action.
    case contentOperation = "operation"
    /// Another action performed the action.
    case chained
}
