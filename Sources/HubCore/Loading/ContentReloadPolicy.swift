/// Decides whether a view with content already loaded should load again.
public protocol ContentReloadPolicy: AnyObject {
    /// Whether the view `viewURI`, which already shows `currentViewModel`, should load again.
    func shouldReload(viewURI: String, currentViewModel: ViewModel) -> Bool

    /// For a policy that keeps a view model a fixed time: how long, in milliseconds (a view
    /// loads again once its content is older; a server may answer from its content until
    /// then). Nil (the default): ``shouldReload(viewURI:currentViewModel:)`` decides.
    var maxAge: Int? { get }
}

extension ContentReloadPolicy {
    public var maxAge: Int? { nil }
}

/// A policy that keeps a view model `maxAge` milliseconds: a view loads again once what it
/// shows is older (a feature's `reload_policy = { max_age = ms }`).
public final class MaxAgeReloadPolicy: ContentReloadPolicy {
    public let maxAge: Int?

    /// A policy keeping view models `milliseconds` (0: always reload).
    public init(milliseconds: Int) {
        maxAge = max(0, milliseconds)
    }

    /// Asked without the content's age: reload.
    public func shouldReload(viewURI: String, currentViewModel: ViewModel) -> Bool { true }
}
