import HubCore
import Hummingbird

extension RequestPipeline {
    /// The pipeline around the router's routes: its first step before the route, its last ones
    /// after it, for every request the router takes (a path no route takes included).
    struct Middleware<Context: RequestContext>: RouterMiddleware {
        let pipeline: RequestPipeline

        func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
            let started = MonotonicTime.now
            let outcome: Result<Response, any Error>
            do {
                try pipeline.admit(request.head)
                outcome = .success(try await next(request, context))
            } catch {
                outcome = .failure(error)
            }
            let requestID = context.requestID
            let (response, failure) = pipeline.finish(outcome, to: request.head, path: request.uri.path, requestID: requestID)
            // The router's logger names the request's id already.
            pipeline.observe(request.head, answered: response.status, failure: failure, started: started, logger: context.logger)
            return response
        }
    }
}
