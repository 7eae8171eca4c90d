/// The Lua API's `hub` table: every name, with the Swift function that serves it and the table
/// that holds it, in one list, as Lua's lbaselib.c registers all of `_G` from one `luaL_Reg`
/// table. A name is registered here and nowhere else: ``RuntimeBindings`` builds the shared
/// table and each folder's own from this list, and tests check the editors' annotation file
/// (`Examples/.hub/hub.lua`) against it.
package enum HubAPI {
    /// The names, by concept.
    package static var entries: [Entry] {
        [
            // The chain: operations, features and the factories that make them.
            .shared(.function("operation", \.features, FeatureBindings.defineOperation)),
            .shared(.function("factory", \.features, FeatureBindings.defineFactory)),
            .folder(.function("feature", \.features, FeatureBindings.registerFeature)),
            .folder(.function("prepend_operations", \.features, FeatureBindings.prependOperations)),
            .folder(.function("append_operations", \.features, FeatureBindings.appendOperations)),
            // Components and actions, registered by namespace.
            .folder(.function("component", \.components, ComponentBindings.registerComponent)),
            .folder(.function("components", \.components, ComponentBindings.registerResolver)),
            .folder(.function("action", \.actions, ActionBindings.registerAction)),
            .folder(.function("actions", \.actions, ActionBindings.registerResolver)),
            .folder(.function("action_handler", \.actions, ActionBindings.registerDefaultHandler)),
            // Time: waits inside operations and timers (`sleep` and `await` yield, so Lua
            // functions of the runner's serve them).
            .shared(.value("sleep", \.runner.sleepFunction)),
            .shared(.value("await", \.runner.awaitFunction)),
            .folder(.function("after", \.runner, ScriptRunner.after)),
            // Screens and what builds them.
            .shared(.function("open", \.screens, cost: ScreenBindings.settlingCost, ScreenBindings.open)),
            .folder(.function("schema", \.schemas, SchemaBindings.registerSchema)),
            .shared(.value("each", \.schemas.eachToken)),
            .shared(.function("first", \.schemas, SchemaBindings.first)),
            .shared(.function("register_image", \.images, ImageBindings.registerImage)),
            .shared(.table("json", [
                .function("encode", \.json, JSONBindings.encode),
                .function("decode", \.json, JSONBindings.decode),
                .function("decode_view_model", \.json, JSONBindings.decodeViewModel),
            ])),
            // What a feature reaches beyond its folder: the hosts and the store it declares
            // (their functions wait, so the binding makes Lua functions of them, one for each
            // case of its `Member`: `request`, `get`, `post`, `all`; `get`, `set`, `delete`,
            // `list`, `update`, `namespace`).
            .folder(.table("http", \.http, HTTPBindings.table, HTTPBindings.Member.self)),
            .folder(.table("store", \.store, StoreBindings.table, StoreBindings.Member.self)),
            .folder(.function("read", Sandbox.read)),
            // A feature's own tests (`hub test`).
            .shared(.function("test", \.tests, TestBindings.registerTest)),
            .shared(.function("expect_equal", \.tests, TestBindings.expectEqual)),
            .shared(.function("expect_render", \.tests, cost: ScreenBindings.renderingCost, TestBindings.expectRender)),
        ]
    }

    /// Every dotted name, `hub.json.encode`, with the table that holds it (a table's members are
    /// in the table that holds it).
    package static var names: [(name: String, scope: Scope)] {
        entries.flatMap { entry in
            let top = "hub." + entry.name
            return [(top, entry.scope)] + entry.memberNames.map { (top + "." + $0, entry.scope) }
        }
    }
}
