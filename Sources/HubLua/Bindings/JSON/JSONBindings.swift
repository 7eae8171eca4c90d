import HubCore
import HubRender
internal import LuaBridge

/// `hub.json`: `encode(value_or_model, pretty)`, `decode(text)` and
/// `decode_view_model(text_or_table, schema_id)`.
final class JSONBindings {
    private let manager: HubManager

    init(manager: HubManager) {
        self.manager = manager
    }

    /// `hub.json.encode(value, pretty)`: JSON text with keys in a stable order; models in the
    /// default schema.
    func encode(_ call: LuaStack) throws -> Int32 {
        let pretty = call.boolean(at: 2)
        let text = try call.encodable(at: 1).serialized(pretty: pretty)
        try call.chargeWork(text.utf8.count * LuaStack.jsonWorkPerByte)
        call.push(text)
        return 1
    }

    /// `hub.json.decode(text)`: plain Lua values.
    func decode(_ call: LuaStack) throws -> Int32 {
        call.push(json: try call.jsonArgument(1, "hub.json.decode"))
        return 1
    }

    /// `hub.json.decode_view_model(text_or_table, schema)`: a view model table.
    func decodeViewModel(_ call: LuaStack) throws -> Int32 {
        let value = try call.jsonArgument(1, "hub.json.decode_view_model")
        let schema = manager.jsonSchemaRegistry.schema(for: try call.optionalString(2, "hub.json.decode_view_model"))
        let builder = ViewModelBuilder(configuration: manager.builderConfiguration, schema: schema)
        do {
            try builder.addJSON(value: value)
        } catch {
            throw LuaRaise(message: "hub.json.decode_view_model: \(error.message)")
        }
        call.push(viewModel: builder.build())
        return 1
    }
}
