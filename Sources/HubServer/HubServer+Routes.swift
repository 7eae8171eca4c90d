import Foundation
import HubCore
import HubRender
import Hummingbird
import NIOCore

// The routes the router adds, and what each answers, are listed in ServerRoutes.swift.

extension HubServer {
    func makeRouter() -> Router<HubRequestContext> {
        let router = Router(context: HubRequestContext.self)
        // Outermost first: every response's headers, then the answer to a failure and the log
        // line, then the refusal of what a browser may have been made to send, then `OPTIONS *`.
        router.middlewares.add(ResponseHeaders())
        router.middlewares.add(
            RequestObserving(metrics: metrics, isDevelopment: configuration.isDevelopment, maxBodyBytes: configuration.maxBodyBytes))
        router.middlewares.add(RequestSafety(hosts: hosts))
        router.middlewares.add(AsteriskOptions())
        router.getAndHead("/views/**") { request, context in
            let (uri, updates) = try Self.address(context, query: request.uri.query, suffix: "updates")
            return updates ? try await self.stream(uri, kind: .model, context: context) : try await self.view(uri, request: request, context: context)
        }
        router.post("/views/**") { request, context in
            let (uri, actions) = try Self.address(context, query: request.uri.query, suffix: "actions")
            guard actions else { throw ViewFailure.methodNotAllowed("a view takes POST at /views/<uri>/actions only", allowed: RouteMethods.read) }
            return try await self.action(uri, request: request, context: context)
        }
        router.getAndHead("/preview/**") { request, context in
            let (uri, updates) = try Self.address(context, query: request.uri.query, suffix: "updates")
            return updates ? try await self.stream(uri, kind: .preview, context: context) : PreviewPage.response
        }
        router.getAndHead("/preview.js") { _, _ in PreviewPage.script }
        router.getAndHead("/preview.css") { _, _ in PreviewPage.styleSheet }
        router.post("/sessions/:session/select") { request, context in
            let session = try context.parameters.require("session")
            let action = try ActionRequest(body: try await self.body(of: request))
            guard let worker = self.pool.worker(forSession: session) else { throw ViewFailure.notFound("no live session '\(session)'") }
            let ticket = self.ticket(for: context.channel)
            return Self.json(try await worker.answer(limit: self.configuration.maxRequestsPerWorker) { state, reply in
                state.act(action, inSession: session, ticket: ticket, reply: reply)
            })
        }
        router.post("/sessions/:session/back") { _, context in
            let session = try context.parameters.require("session")
            return try await self.onSession(session) { state in try state.back(inSession: session) }
        }
        router.post("/sessions/:session/resize") { request, context in
            let session = try context.parameters.require("session")
            let resize = try ResizeRequest(body: try await self.body(of: request))
            return try await self.onSession(session) { state in try state.resize(inSession: session, width: resize.width) }
        }
        router.getAndHead("/metrics") { _, _ in
            self.metrics.streams(open: self.pool.sessionCount, capacity: self.pool.sessionCapacity)
            return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4"], body: ResponseBody(byteBuffer: ByteBuffer(string: self.metrics.text)))
        }
        addOptions(to: router)
        return router
    }

    /// The view URI of a `/views/**` or `/preview/**` request, and whether its path ends with
    /// `suffix` (then not part of the URI).
    static func address(_ context: HubRequestContext, query: String?, suffix: String) throws(ViewFailure) -> (String, Bool) {
        let segments = context.parameters.getCatchAll()
        let suffixed = segments.count > 1 && segments.last == Substring(suffix)
        return (try ViewAddress.uri(suffixed ? segments.dropLast() : segments[...], query: query), suffixed)
    }

    var screenOptions: ScreenOptions {
        ScreenOptions(width: configuration.width)
    }

    /// `GET /views/{uri}`: the view model as default-schema JSON, with an `ETag` of its bytes
    /// and a `Cache-Control` from its feature's reload policy; 304 when `If-None-Match` has it.
    /// A view its policy keeps is answered from ``viewCache`` while the policy allows, before any
    /// chain runs.
    private func view(_ uri: String, request: Request, context: HubRequestContext) async throws -> Response {
        let ifNoneMatch = request.headers[.ifNoneMatch]
        if let kept = try await keptView(uri) {
            metrics.answeredFromCache(feature: kept.feature)
            return Self.response(ViewAnswer(kept: kept, at: viewCache.clock(), ifNoneMatch: ifNoneMatch))
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

    /// The view kept for `uri` if its feature's policy still keeps it: a `max_age` one while
    /// young enough, a `reload_policy` function's when it says so (asked on a worker).
    private func keptView(_ uri: String) async throws -> ViewCache.Entry? {
        guard let kept = viewCache.entry(for: uri) else { return nil }
        if kept.isFresh(at: viewCache.clock()) { return kept }
        guard kept.policy == .ask else { return nil }
        let model = kept.model
        let reloads = try await pool.answer(limit: configuration.maxRequestsPerWorker) { state, reply in
            reply.send(.success(state.shouldReload(uri, over: model)))
        }
        if reloads { viewCache.forget(uri) }
        return reloads ? nil : kept
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
            let location = "/views/" + ViewAddress.pathEncoded(target)
            return Response(
                status: .seeOther, headers: [.location: location, .contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: JSONValue.object(["navigate": .string(target)]).serialized())))
        }
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
