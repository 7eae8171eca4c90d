import Foundation
import HubLua
import HubRender
import Hummingbird

/// The routes of the views: `GET /views/{uri}` answers the view `uri` drawn as text once it has
/// settled; `POST /views/{uri}` selects the component whose identifier is the request's body,
/// as a tap would, and answers the view drawn once the selection has settled. Each request
/// opens a screen of its own from its own task; a failure is answered as ``ViewAnswer`` says.
struct ViewRoutes: Sendable {
    let hub: AsyncHubRuntime
    /// Columns the views are drawn in.
    var width = 40

    func add(to router: Router<BasicRequestContext>) {
        router.get("/views/**") { _, context in
            await ViewAnswer.answer { try await draw(try Self.viewURI(context)) }
        }
        router.post("/views/**") { request, context in
            let body = try await request.body.collect(upTo: 1_024)
            return await ViewAnswer.answer { try await draw(try Self.viewURI(context), selecting: String(buffer: body)) }
        }
    }

    /// The view `uri` drawn once it has settled; with an `identifier`, once the selection of
    /// that component has settled too.
    private func draw(_ uri: String, selecting identifier: String? = nil) async throws -> String {
        let view = try await hub.open(uri, options: ScreenOptions(width: width))
        if let identifier {
            guard !identifier.isEmpty else { throw RequestError.noComponentNamed }
            _ = try await view.select(identifier)
        }
        return try await view.render()
    }

    /// The view URI the request's path names after `/views/`.
    private static func viewURI(_ context: BasicRequestContext) throws(RequestError) -> String {
        let path = context.parameters.getCatchAll().joined(separator: "/")
        guard let uri = path.removingPercentEncoding else { throw .malformedURI(path) }
        return uri
    }
}

/// A request the routes cannot make sense of.
enum RequestError: Error, CustomStringConvertible {
    /// The path's view URI is not percent-encoded as URIs are.
    case malformedURI(String)
    /// A `POST` whose body names no component.
    case noComponentNamed

    var description: String {
        switch self {
        case .malformedURI(let path): "'\(path)' is not a percent-encoded view URI"
        case .noComponentNamed: "a POST selects the component whose identifier is its body, and the body is empty"
        }
    }
}
