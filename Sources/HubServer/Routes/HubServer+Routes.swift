import Foundation
import HubCore
import HubRender
import Hummingbird
import NIOCore

// The router is built from the table of routes, ServerRoutes.swift.

extension HubServer {
    func makeRouter() -> Router<HubRequestContext> {
        let router = Router(context: HubRequestContext.self)
        // Outermost first: the steps every request passes, then `OPTIONS *`.
        router.middlewares.add(RequestPipeline.Middleware(pipeline: pipeline))
        router.middlewares.add(AsteriskOptions())
        for place in RoutePlace.all {
            for method in place.methods {
                let respond: @Sendable (Request, HubRequestContext) async throws -> Response = { request, context in
                    let (route, uri) = try place.route(for: method, segments: context.parameters.getCatchAll())
                    return try await self.answer(route.handler, uri: uri, request: request, context: context)
                }
                if method == .get {
                    router.getAndHead(RouterPath(place.routerPath), use: respond)
                } else {
                    router.on(RouterPath(place.routerPath), method: method, use: respond)
                }
            }
            addOptions(at: place, to: router)
        }
        return router
    }

    /// What `handler` answers `request` with; `uri`: the segments of the view URI in its path.
    private func answer(
        _ handler: RouteHandler, uri: ArraySlice<Substring>, request: Request, context: HubRequestContext
    ) async throws -> Response {
        func viewURI() throws(ViewFailure) -> String { try ViewAddress.uri(uri, query: request.uri.query) }
        switch handler {
        case .view: return try await view(try viewURI(), request: request, context: context)
        case .action: return try await action(try viewURI(), request: request, context: context)
        case .viewUpdates: return try await stream(try viewURI(), kind: .model, context: context)
        case .previewPage: return PreviewPage.response
        case .previewUpdates: return try await stream(try viewURI(), kind: .preview, context: context)
        case .previewScript: return PreviewPage.script
        case .previewStyleSheet: return PreviewPage.styleSheet
        case .select: return try await select(request: request, context: context)
        case .back:
            let session = try context.parameters.require("id")
            return try await onSession(session) { state in try state.back(inSession: session) }
        case .resize:
            let session = try context.parameters.require("id")
            let resize = try ResizeRequest(body: try await body(of: request))
            return try await onSession(session) { state in try state.resize(inSession: session, width: resize.width) }
        case .metrics:
            metrics.streams(open: pool.sessionCount, capacity: pool.sessionCapacity)
            return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4"], body: ResponseBody(byteBuffer: ByteBuffer(string: metrics.text)))
        }
    }

    var screenOptions: ScreenOptions {
        ScreenOptions(width: configuration.width)
    }

    /// `GET /views/{uri}`: the view model as default-schema JSON, with an `ETag` of its bytes
    /// and a `Cache-Control` from its feature's reload policy; 304 when `If-None-Match` has it.
    /// A view its policy keeps is answered from ``viewCache`` while the policy allows, before any
    /// chain runs; any other is loaded on a worker: the steps ``ViewAnswering`` takes on the
    /// connection's event loop, a policy function's question aside.
    private func view(_ uri: String, request: Request, context: HubRequestContext) async throws -> Response {
        let ifNoneMatch = request.headers[.ifNoneMatch]
        switch viewCache.lookUp(uri) {
        case .fresh(let kept):
            return Self.response(viewCache.answer(kept, ifNoneMatch: ifNoneMatch, metrics: metrics))
        case .ask(let kept):
            if try await !reloads(uri, over: kept) { return Self.response(viewCache.answer(kept, ifNoneMatch: ifNoneMatch, metrics: metrics)) }
        case .missing:
            break
        }
        return Self.response(try await delivered { try loadView(uri, ifNoneMatch: ifNoneMatch, channel: context.channel, deliver: $0) })
    }

    /// Loads the view `uri` on the least busy worker for a request on `channel` whose
    /// `If-None-Match` is `ifNoneMatch`, keeps it in ``viewCache`` when its feature's policy
    /// says so, and hands `deliver` the answer (or the failure), counted in the metrics, on the
    /// worker's thread; throws 503 at once when every worker is busy (``RuntimeWorker/answer(limit:_:deliver:)``).
    /// The route answers with it, and ``ViewAnswering`` on the connection's event loop.
    func loadView(
        _ uri: String, ifNoneMatch: String?, channel: any Channel, deliver: @escaping @Sendable (Result<ViewAnswer, any Error>) -> Void
    ) throws(ViewFailure) {
        let options = screenOptions
        let ticket = ticket(for: channel)
        let generation = viewCache.generation
        try pool.answer(limit: configuration.maxRequestsPerWorker, deadline: ticket.deadline, { state, reply in
            state.loadView(uri, options: options, ticket: ticket, reply: reply)
        }) { [self] (result: Result<LoadedView, any Error>) in
            deliver(measured(result).map { view in
                let tag = EntityTag.of(view.json)
                let json = ByteBuffer(bytes: view.json)
                guard let policy = view.cachePolicy else {
                    return ViewAnswer(json: json, tag: tag, cacheControl: ViewCache.noCache, ifNoneMatch: ifNoneMatch)
                }
                let kept = ViewCache.Entry(
                    feature: view.feature, model: view.model, json: json, tag: tag, policy: policy, storedAt: viewCache.clock())
                viewCache.keep(kept, for: uri, since: generation)
                return ViewAnswer(json: json, tag: tag, cacheControl: kept.cacheControl, ifNoneMatch: ifNoneMatch)
            })
        }
    }

    /// Whether the feature of `kept`, the view kept for `uri`, has it load again (its
    /// `reload_policy` function, asked on a worker): then it is forgotten.
    private func reloads(_ uri: String, over kept: ViewCache.Entry) async throws -> Bool {
        let model = kept.model
        let reloads = try await pool.answer(limit: configuration.maxRequestsPerWorker) { state, reply in
            reply.send(.success(state.shouldReload(uri, over: model)))
        }
        if reloads { viewCache.forget(uri) }
        return reloads
    }

    /// A view's answer as the router gives it.
    private static func response(_ answer: ViewAnswer) -> Response {
        guard let body = answer.body else { return Response(status: answer.status, headers: answer.headerFields) }
        return Response(status: answer.status, headers: answer.headerFields, body: ResponseBody(byteBuffer: body))
    }

    /// `POST /views/{uri}/actions`: the view after the action; when it navigated, 303 to the
    /// view it opened (`{"navigate": uri}`).
    private func action(_ uri: String, request: Request, context: HubRequestContext) async throws -> Response {
        let body = try await body(of: request)
        let action = try ActionRequest(body: body)
        let options = screenOptions
        let ticket = ticket(for: context.channel)
        let outcome = try await measured {
            try await self.pool.answer(limit: self.configuration.maxRequestsPerWorker) { state, reply in
                state.perform(action, on: uri, options: options, ticket: ticket, reply: reply)
            }
        }
        switch outcome.result {
        case .updated(let json):
            return Self.json(json, headers: [.eTag: EntityTag.of(json)])
        case .navigated(let target):
            let location = ServerRoutes.viewPath(of: ViewAddress.pathEncoded(target))
            return Response(
                status: .seeOther, headers: [.location: location, .contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: JSONValue.object(["navigate": .string(target)]).serialized())))
        }
    }

    /// `POST /sessions/{id}/select`: the click, performed in the live session `id`.
    private func select(request: Request, context: HubRequestContext) async throws -> Response {
        let session = try context.parameters.require("id")
        let action = try ActionRequest(body: try await body(of: request))
        guard let worker = pool.worker(forSession: session) else { throw ViewFailure.notFound("no live session '\(session)'") }
        let ticket = ticket(for: context.channel)
        return Self.json(try await worker.answer(limit: configuration.maxRequestsPerWorker) { state, reply in
            state.act(action, inSession: session, ticket: ticket, reply: reply)
        })
    }

    /// What `body` gives for the live session `identifier`, on its worker, as JSON.
    private func onSession(_ identifier: String, _ body: @escaping @Sendable (WorkerState) throws -> [UInt8]) async throws -> Response {
        guard let worker = pool.worker(forSession: identifier) else { throw ViewFailure.notFound("no live session '\(identifier)'") }
        return Self.json(try await worker.perform(body))
    }

    /// The request's body, up to ``HubServerConfiguration/maxBodyBytes`` (413 past it).
    private func body(of request: Request) async throws -> [UInt8] {
        Array(buffer: try await request.body.collect(upTo: configuration.maxBodyBytes))
    }

    /// What `load` loads, its chain's time and failures counted in the metrics.
    private func measured<Value: LoadMeasured>(_ load: () async throws -> Value) async throws -> Value {
        let result: Result<Value, any Error>
        do {
            result = .success(try await load())
        } catch {
            result = .failure(error)
        }
        return try measured(result).get()
    }

    /// `result`, its chain's time or its failure counted in the metrics.
    private func measured<Value: LoadMeasured>(_ result: Result<Value, any Error>) -> Result<Value, any Error> {
        switch result {
        case .success(let value): metrics.loaded(feature: value.feature, chainSeconds: value.chainSeconds)
        case .failure(let failure as ViewFailure): metrics.failed(feature: failure.feature)
        case .failure: break
        }
        return result
    }

    private static func json(_ bytes: [UInt8], headers: HTTPFields = [:]) -> Response {
        json(ByteBuffer(bytes: bytes), headers: headers)
    }

    private static func json(_ body: ByteBuffer, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "application/json"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body))
    }
}

/// What a loaded view or an action tells the metrics.
protocol LoadMeasured: Sendable {
    var feature: String { get }
    var chainSeconds: Double { get }
}

extension LoadedView: LoadMeasured {}

extension ActionOutcome: LoadMeasured {}
