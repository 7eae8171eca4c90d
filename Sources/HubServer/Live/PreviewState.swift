import HubCore
import HubLua
import HubRender

/// What the preview page shows of a live session, as one line of JSON:
/// `{"session", "stack": [uri...], "uri", "title", "text", "components": [{"id", "type", "path",
/// "x", "y", "width", "height"}...], "chain": [{"name", "status", "runs", "milliseconds",
/// "error"}...], "loading", "error"}` — the view drawn as text, where each component was drawn
/// (children after their parents, in the text's cells), and the chain panel's rows.
enum PreviewState {
    static func json(of session: LiveSession, runtime: HubRuntime) -> [UInt8] {
        let screen = session.stack.top
        var state: JSONDictionary = [
            "session": .string(session.identifier),
            "stack": .array(session.stack.viewURIs.map(JSONValue.string)),
            "uri": .string(screen.viewURI),
            "title": screen.viewModel.title.map(JSONValue.string) ?? .null,
            "loading": .bool(screen.loader.isLoading),
            "chain": .array(screen.loader.operationStatuses.map(chainRow)),
            "error": screen.lastError.map { .string($0.description) } ?? .null,
        ]
        do {
            let (text, components) = try runtime.renderTracingComponents(screen)
            state["text"] = .string(text)
            state["components"] = .array(components.map(component))
        } catch {
            state["text"] = .string("")
            state["components"] = .array([])
            state["error"] = .string(error.description)
        }
        return Array(JSONValue.object(state).serialized().utf8)
    }

    private static func chainRow(_ status: ContentOperationStatus) -> JSONValue {
        .object([
            "name": .string(status.name),
            "status": .string(status.phase.rawValue),
            "runs": .int(status.runs),
            "milliseconds": status.lastRunMilliseconds.map(JSONValue.double) ?? .null,
            "error": status.error.map { .string($0.description) } ?? .null,
        ])
    }

    private static func component(_ drawn: DrawnComponent) -> JSONValue {
        .object([
            "id": .string(drawn.model.identifier),
            "type": .string(drawn.model.type.rawValue),
            "path": .array(drawn.model.indexPath.map(JSONValue.int)),
            "x": .int(drawn.frame.x),
            "y": .int(drawn.frame.y),
            "width": .int(drawn.frame.width),
            "height": .int(drawn.frame.height),
        ])
    }
}
