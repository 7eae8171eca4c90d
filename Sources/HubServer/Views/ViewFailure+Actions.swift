import HubCore
import Hummingbird

extension ViewFailure {
    /// What a client is answered when an action it asked for failed with `error`, so that no
    /// failed write is ever acknowledged:
    ///
    /// - 503 (with `Retry-After`) when the store could not take the write now: away, busy,
    ///   read-only or full, which a retry may meet once the database or its operator is back;
    /// - 413 for a value larger than the feature's `max_value`;
    /// - 422 for a key or value the store refuses, or a namespace at its `max_keys`;
    /// - 409 when other writers kept changing the key `hub.store.update` changes;
    /// - 500 for anything else: a script error.
    ///
    /// The detail is the located error (the log's, and the body's in development); outside
    /// development a 4xx says what the store refused, without where in the script.
    static func actionFailed(_ error: ContentError) -> ViewFailure {
        if let unavailable = storeUnavailable(error) { return unavailable }
        let refused: (HTTPResponse.Status, String)? =
            switch StoreFailure.kind(of: error) {
            case .tooLarge: (.contentTooLarge, "Content too large")
            case .tooManyKeys, .invalidKey, .invalidValue: (.unprocessableContent, "Unprocessable request")
            case .conflicts: (.conflict, "Conflict")
            default: nil
            }
        guard let (status, title) = refused else {
            return ViewFailure(status: .internalServerError, title: "The action failed", detail: error.fullDescription, feature: error.feature)
        }
        var failure = ViewFailure(status: status, title: title, detail: error.fullDescription, feature: error.feature)
        failure.exposedDetail = error.message
        return failure
    }
}
