import AsyncHTTPClient
import HubCore
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1

/// Collects a response into Hub's ``HubHTTPResponse`` as its parts arrive, copying the body once,
/// and stops it past `maxBodyBytes` (at once when its `content-length` announces more, unless it
/// answers a HEAD request, whose `content-length` is that of a body it does not send).
final class ResponseCollector: HTTPClientResponseDelegate {
    typealias Response = HubHTTPResponse

    /// The body went past the limit.
    struct TooLarge: Error {}

    private let maxBodyBytes: Int
    private let isHead: Bool
    private let response = NIOLockedValueBox(HubHTTPResponse(status: 0))

    /// A collector of bodies of at most `maxBodyBytes`, for a response to `method`.
    init(maxBodyBytes: Int, method: String) {
        self.maxBodyBytes = maxBodyBytes
        isHead = method == "HEAD"
    }

    func didReceiveHead(task: HTTPClient.Task<Response>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        let length = isHead ? nil : head.headers.first(name: "content-length").flatMap { Int($0) }
        if let length, length > maxBodyBytes { return task.eventLoop.makeFailedFuture(TooLarge()) }
        response.withLockedValue { response in
            response.status = Int(head.status.code)
            for field in head.headers { response.headers.add(field.name, field.value) }
            if let length { response.body.reserveCapacity(length) }
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Response>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        let fits = response.withLockedValue { response in
            guard buffer.readableBytes <= maxBodyBytes - response.body.count else { return false }
            response.body.append(contentsOf: buffer.readableBytesView)
            return true
        }
        return fits ? task.eventLoop.makeSucceededVoidFuture() : task.eventLoop.makeFailedFuture(TooLarge())
    }

    func didFinishRequest(task: HTTPClient.Task<Response>) throws -> Response {
        response.withLockedValue { $0 }
    }
}
