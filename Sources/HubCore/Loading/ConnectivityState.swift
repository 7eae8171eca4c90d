/// A view's connectivity as content operations see it.
public enum ConnectivityState: String, Sendable {
    case online
    case offline
}
