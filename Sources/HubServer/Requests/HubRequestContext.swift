import Hummingbird
import NIOCore

/// What the server's routes know of a request besides the request itself: Hummingbird's
/// context, and the connection it came on (to hear that its client went away).
struct HubRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The connection the request came on.
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        channel = source.channel
    }
}
