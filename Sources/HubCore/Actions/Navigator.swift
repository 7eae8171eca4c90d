/// Opens views by URI when actions ask: the headless stand-in for the view controller (and the
/// app's URL handling) that Hub Framework's action context carried.
public protocol Navigator: AnyObject {
    /// Opens `uri`: a new screen when a feature handles it, otherwise whatever opens URIs
    /// outside the app; returns whether anything opened it.
    func navigate(to uri: String) -> Bool
}
