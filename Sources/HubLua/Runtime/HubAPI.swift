/// Every name of the Lua API's `hub` table, with the binding that serves it: the one list of
/// the API, as Lua's lbaselib.c lists all of `_G` in one `luaL_Reg` table.
///
/// The bindings register these names (``RuntimeBindings/sharedLibrary`` and
/// ``RuntimeBindings/folderLibrary(_:)`` join them); tests check that a runtime's `hub` table has
/// exactly these, and that the editors' annotation file (`Examples/.hub/hub.lua`) declares exactly
/// these.
package enum HubAPI {
    /// Which `hub` table holds a name.
    package enum Scope: Sendable {
        /// The table every feature folder shares.
        case shared
        /// A folder's own table (over the shared one): what the name registers belongs to the
        /// folder, and is rolled back when it reloads.
        case folder
    }

    /// One name of the API.
    package struct Entry: Sendable {
        /// The dotted name, `hub.json.encode`.
        package let name: String
        package let scope: Scope
        /// The binding type that registers it (its file is `<binding>.swift`).
        package let binding: String
    }

    /// The names, by binding.
    package static let entries: [Entry] = [
        // The chain: operations, features and the factories that make them.
        Entry(name: "hub.operation", scope: .shared, binding: "FeatureBindings"),
        Entry(name: "hub.factory", scope: .shared, binding: "FeatureBindings"),
        Entry(name: "hub.feature", scope: .folder, binding: "FeatureBindings"),
        Entry(name: "hub.prepend_operations", scope: .folder, binding: "FeatureBindings"),
        Entry(name: "hub.append_operations", scope: .folder, binding: "FeatureBindings"),
        // Components and actions, registered by namespace.
        Entry(name: "hub.component", scope: .folder, binding: "ComponentBindings"),
        Entry(name: "hub.components", scope: .folder, binding: "ComponentBindings"),
        Entry(name: "hub.action", scope: .folder, binding: "ActionBindings"),
        Entry(name: "hub.actions", scope: .folder, binding: "ActionBindings"),
        Entry(name: "hub.action_handler", scope: .folder, binding: "ActionBindings"),
        // Time: waits inside operations and timers.
        Entry(name: "hub.sleep", scope: .shared, binding: "ScriptRunner"),
        Entry(name: "hub.await", scope: .shared, binding: "ScriptRunner"),
        Entry(name: "hub.after", scope: .folder, binding: "ScriptRunner"),
        // Screens and what builds them.
        Entry(name: "hub.open", scope: .shared, binding: "ScreenBindings"),
        Entry(name: "hub.schema", scope: .folder, binding: "SchemaBindings"),
        Entry(name: "hub.each", scope: .shared, binding: "SchemaBindings"),
        Entry(name: "hub.first", scope: .shared, binding: "SchemaBindings"),
        Entry(name: "hub.register_image", scope: .shared, binding: "ImageBindings"),
        Entry(name: "hub.json", scope: .shared, binding: "JSONBindings"),
        Entry(name: "hub.json.encode", scope: .shared, binding: "JSONBindings"),
        Entry(name: "hub.json.decode", scope: .shared, binding: "JSONBindings"),
        Entry(name: "hub.json.decode_view_model", scope: .shared, binding: "JSONBindings"),
        // What a feature reaches beyond its folder: the hosts and the store it declares.
        Entry(name: "hub.http", scope: .folder, binding: "HTTPBindings"),
        Entry(name: "hub.http.get", scope: .folder, binding: "HTTPBindings"),
        Entry(name: "hub.http.post", scope: .folder, binding: "HTTPBindings"),
        Entry(name: "hub.http.request", scope: .folder, binding: "HTTPBindings"),
        Entry(name: "hub.http.all", scope: .folder, binding: "HTTPBindings"),
        Entry(name: "hub.store", scope: .folder, binding: "StoreBindings"),
        Entry(name: "hub.store.get", scope: .folder, binding: "StoreBindings"),
        Entry(name: "hub.store.set", scope: .folder, binding: "StoreBindings"),
        Entry(name: "hub.store.delete", scope: .folder, binding: "StoreBindings"),
        Entry(name: "hub.store.list", scope: .folder, binding: "StoreBindings"),
        Entry(name: "hub.store.update", scope: .folder, binding: "StoreBindings"),
        Entry(name: "hub.store.namespace", scope: .folder, binding: "StoreBindings"),
        Entry(name: "hub.read", scope: .folder, binding: "Sandbox"),
        // A feature's own tests (`hub test`).
        Entry(name: "hub.test", scope: .shared, binding: "TestBindings"),
        Entry(name: "hub.expect_equal", scope: .shared, binding: "TestBindings"),
        Entry(name: "hub.expect_render", scope: .shared, binding: "TestBindings"),
    ]
}
