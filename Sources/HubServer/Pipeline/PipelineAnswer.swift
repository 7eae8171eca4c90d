import HTTPTypes
import Hummingbird
import NIOCore

/// An answer ``RequestPipeline`` finishes: the router's `Response`, or the ``ViewAnswer`` that
/// ``ViewAnswering`` writes itself.
protocol PipelineAnswer {
    var status: HTTPResponse.Status { get }
    /// Its header fields, which the pipeline completes.
    var headerFields: HTTPFields { get set }

    /// An answer of `status` with `headerFields` and `body`, and the body's `Content-Length`
    /// after them: a failure's problem details.
    init(status: HTTPResponse.Status, headerFields: HTTPFields, body: ByteBuffer)
}

extension Response: PipelineAnswer {
    var headerFields: HTTPFields {
        get { headers }
        set { headers = newValue }
        // Completed in place, not through a copy that the first field added would duplicate.
        _modify { yield &headers }
    }

    init(status: HTTPResponse.Status, headerFields: HTTPFields, body: ByteBuffer) {
        self.init(status: status, headers: headerFields, body: ResponseBody(byteBuffer: body))
    }
}
