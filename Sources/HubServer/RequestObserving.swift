import Foundation
import Hummingbird
import Logging

/// Logs every request once answered (`GET /views/cities:overview 200 1.4 ms`) and counts it by
/// method and status, failures included.
struct RequestObserving<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = DispatchTime.now()
        let status: Int
        defer { observe(request, status: status, since: started, logger: context.logger) }
        do {
            let response = try await next(request, context)
            status = Int(response.status.code)
            return response
        } catch let error as any HTTPResponseError {
            status = Int(error.status.code)
            throw error
        } catch {
            status = 500
            throw error
        }
    }

    private func observe(_ request: Request, status: Int, since started: DispatchTime, logger: Logger) {
        metrics.answered(method: request.method.rawValue, status: status)
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e6
        logger.info("\(request.method) \(request.uri.path) \(status) \(String(format: "%.1f", milliseconds)) ms")
    }
}
