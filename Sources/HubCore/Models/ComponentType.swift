/// Which layer of a view a component model belongs to; children share their parent's type.
public enum ComponentType: String, Sendable {
    case header
    case body
    case overlay
}
