import HubCore
internal import LuaBridge

// `hub.ViewBuilder`: `ctx.view`, the view model an operation builds.

extension BuilderBindings {
    /// `tostring(view)`: its title and how many body components it has.
    static func describe(view builder: ViewModelBuilder) -> String {
        "ViewBuilder(title: \(builder.navigationBarTitle.map { "\"\($0)\"" } ?? "nil"), body: \(builder.bodyCount))"
    }

    /// The fields of a view (`hub.ViewBuilder`'s properties, and the parts only models have:
    /// builders make those through methods).
    static var viewFields: [LuaField<ViewModelBuilder>] {
        [
            LuaField("id", "string", "The view model's identifier.", .string(\.viewIdentifier)),
            LuaField(
                "title", "string",
                "The navigation title, drawn above the header; a view with neither gets its feature's `title`.",
                .string(\.navigationBarTitle)),
            LuaField(modelOnly: "header", "component", "The header component; `view:header()` gives it, created if new."),
            LuaField(modelOnly: "body", "list of components", "The body components, in order; `view:body(id)` gives one."),
            LuaField(modelOnly: "overlays", "list of components", "The overlays, in order; `view:overlay(id)` gives one."),
            LuaField("custom", "JSON object", "Free-form data of the view.", .json(\.customData)),
        ]
    }

    /// The properties of `hub.ViewBuilder`.
    static var viewProperties: [String: LuaProperty<ViewModelBuilder>] { LuaField.properties(viewFields) }

    /// The methods of `hub.ViewBuilder`.
    var viewMethods: LuaMethods<ViewModelBuilder> {
        LuaMethods(self, [
            "header": BuilderBindings.header,
            "body": BuilderBindings.body,
            "overlay": BuilderBindings.overlay,
            "has_header": BuilderBindings.hasHeader,
            "has_body": BuilderBindings.hasBody,
            "has_overlay": BuilderBindings.hasOverlay,
            "remove_header": BuilderBindings.removeHeader,
            "remove_body": BuilderBindings.removeBody,
            "remove_overlay": BuilderBindings.removeOverlay,
            "bodies": BuilderBindings.bodies,
            "overlays": BuilderBindings.overlays,
            "clear": BuilderBindings.clear,
            "is_empty": BuilderBindings.isEmpty,
            "add_json": BuilderBindings.addJSON,
        ]).staging(["body": .body, "overlay": .overlay], handles: Self.component)
    }

    /// `view:header()`: the header component, created if new.
    private func header(_ stack: LuaStack, _ builder: ViewModelBuilder) throws -> Int32 {
        try Self.checkNesting(below: builder.nesting, "header")
        Self.component.push(stack, builder.headerBuilder)
        return 1
    }

    /// `view:body(id)` or `view:body { id = ..., ... }`: a body component, created if new.
    private func body(_ stack: LuaStack, _ builder: ViewModelBuilder) throws -> Int32 {
        try getOrCreate(stack, function: "body", below: builder.nesting) { builder.bodyBuilder($0) }
    }

    /// `view:overlay(id)` or `view:overlay { id = ..., ... }`: an overlay, created if new.
    private func overlay(_ stack: LuaStack, _ builder: ViewModelBuilder) throws -> Int32 {
        try getOrCreate(stack, function: "overlay", below: builder.nesting) { builder.overlayBuilder($0) }
    }

    /// `view:has_header()`: whether there is a header.
    private func hasHeader(_ stack: LuaStack, _ builder: ViewModelBuilder) -> Int32 {
        stack.push(builder.hasHeader)
        return 1
    }

    /// `view:has_body(id)`: whether there is a body component `id`.
    private func hasBody(_ stack: LuaStack, _ builder: ViewModelBuilder) throws -> Int32 {
        stack.push(builder.hasBody(try stack.checkString(2, "has_body")))
        return 1
    }

    /// `view:has_overlay(id)`: whether there is an overlay `id`.
    private func hasOverlay(_ stack: LuaStack, _ builder: ViewModelBuilder) throws -> Int32 {
        stack.push(builder.hasOverlay(try stack.checkString(2, "has_overlay")))
        return 1
    }

    /// `view:remove_header()`.
    private func removeHeader(_ stack: LuaStack, _ builder: ViewModelBuilder) -> Int32 {
        builder.removeHeader()
        return 0
    }

    /// `view:remove_body(id)`.
    private func removeBody(_ stack: LuaStack, _ builder: ViewModelBuilder) throws -> Int32 {
        builder.removeBody(try stack.checkString(2, "remove_body"))
        return 0
    }

    /// `view:remove_overlay(id)`.
    private func removeOverlay(_ stack: LuaStack, _ builder: ViewModelBuilder) throws -> Int32 {
        builder.removeOverlay(try stack.checkString(2, "remove_overlay"))
        return 0
    }

    /// `view:bodies()`: the body components, in order.
    private func bodies(_ stack: LuaStack, _ builder: ViewModelBuilder) -> Int32 {
        Self.push(stack, list: builder.bodyBuilders)
        return 1
    }

    /// `view:overlays()`: the overlays, in order.
    private func overlays(_ stack: LuaStack, _ builder: ViewModelBuilder) -> Int32 {
        Self.push(stack, list: builder.overlayBuilders)
        return 1
    }

    /// `view:clear()`: removes everything.
    private func clear(_ stack: LuaStack, _ builder: ViewModelBuilder) -> Int32 {
        builder.removeAll()
        return 0
    }

    /// `view:is_empty()`: whether the view has nothing.
    private func isEmpty(_ stack: LuaStack, _ builder: ViewModelBuilder) -> Int32 {
        stack.push(builder.isEmpty)
        return 1
    }

    /// `view:add_json(text_or_table)`: adds a view model given as JSON, in the feature's schema.
    private func addJSON(_ stack: LuaStack, _ builder: ViewModelBuilder) throws -> Int32 {
        try Self.checkNesting(below: builder.nesting, "add_json")
        let value = try stack.jsonArgument(2, "add_json")
        do {
            try builder.addJSON(value: value)
        } catch {
            throw LuaRaise(message: "add_json: \(ContentError.from(error).message)")
        }
        return 0
    }
}
