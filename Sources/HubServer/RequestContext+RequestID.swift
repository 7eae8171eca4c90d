import Hummingbird
import Logging

extension RequestContext {
    /// The request's id: the `hb.request.id` of its log lines (a new one, should a context
    /// lack it).
    var requestID: String {
        logger[metadataKey: RequestIdentifier.metadataKey]?.description ?? RequestIdentifier.next()
    }
}
