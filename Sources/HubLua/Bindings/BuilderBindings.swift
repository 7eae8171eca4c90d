import HubCore

/// The Lua classes of the builders: `hub.ViewBuilder`, `hub.ComponentBuilder`,
/// `hub.ImageBuilder`, `hub.TargetBuilder` (DESIGN.md §3 names, snake_case). The classes'
/// members reach each other through the bindings, weakly: a class holding another strongly
/// would make a cycle (a view's `header` gives components, a component's `target` targets, a
/// target's `view` views) that outlives the runtime.
final class BuilderBindings {
    let view = LuaClass<ViewModelBuilder>(name: "hub.ViewBuilder") { builder in
        "ViewBuilder(title: \(builder.navigationBarTitle.map { "\"\($0)\"" } ?? "nil"), body: \(builder.bodyCount))"
    }
    let component = LuaClass<ComponentModelBuilder>(name: "hub.ComponentBuilder") { builder in
        "ComponentBuilder(\"\(builder.modelIdentifier)\", \(builder.componentIdentifier))"
    }
    let image = LuaClass<ComponentImageDataBuilder>(name: "hub.ImageBuilder") { builder in
        "ImageBuilder(uri: \(builder.url ?? "nil"))"
    }
    let target = LuaClass<ComponentTargetBuilder>(name: "hub.TargetBuilder") { builder in
        "TargetBuilder(uri: \(builder.uri ?? "nil"))"
    }

    init() {
        defineView()
        defineComponent()
        defineImage()
        defineTarget()
    }

    func register(_ stack: LuaStack) {
        view.register(stack)
        component.register(stack)
        image.register(stack)
        target.register(stack)
    }

    // MARK: View builder

    private func defineView() {
        view.property("id", get: { $0.push(optional: $1.viewIdentifier) }, set: { $1.viewIdentifier = try $0.optionalString($2, field: "id") })
        view.property("title", get: { $0.push(optional: $1.navigationBarTitle) }, set: { $1.navigationBarTitle = try $0.optionalString($2, field: "title") })
        view.property("custom", get: { $0.push(optionalJSON: $1.customData) }, set: { $1.customData = try $0.jsonDictionary(at: $2, field: "custom") })
        view.method("header") { [weak self] stack, builder in
            guard let self else { throw LuaLibrary.ownerGone }
            self.component.push(stack, builder.headerBuilder)
            return 1
        }
        view.method("body") { [weak self] stack, builder in
            guard let self else { throw LuaLibrary.ownerGone }
            return try self.getOrCreate(stack, function: "body") { builder.bodyBuilder($0) }
        }
        view.method("overlay") { [weak self] stack, builder in
            guard let self else { throw LuaLibrary.ownerGone }
            return try self.getOrCreate(stack, function: "overlay") { builder.overlayBuilder($0) }
        }
        view.method("has_header") { stack, builder in
            stack.push(builder.hasHeader)
            return 1
        }
        view.method("has_body") { stack, builder in
            stack.push(builder.hasBody(try stack.checkString(2, "has_body")))
            return 1
        }
        view.method("has_overlay") { stack, builder in
            stack.push(builder.hasOverlay(try stack.checkString(2, "has_overlay")))
            return 1
        }
        view.method("remove_header") { _, builder in
            builder.removeHeader()
            return 0
        }
        view.method("remove_body") { stack, builder in
            builder.removeBody(try stack.checkString(2, "remove_body"))
            return 0
        }
        view.method("remove_overlay") { stack, builder in
            builder.removeOverlay(try stack.checkString(2, "remove_overlay"))
            return 0
        }
        view.method("bodies") { [weak self] stack, builder in
            guard let self else { throw LuaLibrary.ownerGone }
            self.pushList(stack, builder.bodyBuilders)
            return 1
        }
        view.method("overlays") { [weak self] stack, builder in
            guard let self else { throw LuaLibrary.ownerGone }
            self.pushList(stack, builder.overlayBuilders)
            return 1
        }
        view.method("clear") { _, builder in
            builder.removeAll()
            return 0
        }
        view.method("is_empty") { stack, builder in
            stack.push(builder.isEmpty)
            return 1
        }
        view.method("add_json") { stack, builder in
            let value = try stack.jsonArgument(2, "add_json")
            do {
                try builder.addJSON(value: value)
            } catch {
                throw LuaRaise(message: "add_json: \(ContentError.from(error).message)")
            }
            return 0
        }
    }

    /// Swift bytes a component model builder takes besides its strings, as the memory limit
    /// counts it.
    static let componentSize = 256

    /// `view:body(id)` or `view:body { id = ..., ... }`: get or create, then apply the table.
    private func getOrCreate(_ stack: LuaStack, function: String, _ make: (String) -> ComponentModelBuilder) throws -> Int32 {
        try stack.chargeMemory(Self.componentSize)
        if stack.type(at: 2) == .table {
            stack.rawField(2, "id")
            let identifier = stack.string(at: -1)
            stack.pop()
            guard let identifier else {
                throw stack.argumentError(2, function, "the table needs a string 'id'")
            }
            let builder = make(identifier)
            try apply(stack, table: 2, to: builder)
            component.push(stack, builder)
            return 1
        }
        let builder = make(try stack.checkString(2, function))
        component.push(stack, builder)
        return 1
    }

    private func pushList(_ stack: LuaStack, _ builders: [ComponentModelBuilder]) {
        stack.newTable(array: builders.count)
        for (offset, builder) in builders.enumerated() {
            component.push(stack, builder)
            stack.setRawIndex(-2, offset + 1)
        }
    }

    /// Sets every field of the table at `table` (except `id`) on `builder`, as `row.key = value` would.
    private func apply(_ stack: LuaStack, table: Int32, to builder: ComponentModelBuilder) throws {
        let absolute = stack.absolute(table)
        var keys: [String] = []
        try stack.forEachPair(absolute) {
            guard let key = stack.string(at: -2) else {
                throw LuaRaise(message: "component fields must have string keys, got \(stack.typeName(at: -2))")
            }
            if key != "id" { keys.append(key) }
        }
        for key in keys.sorted() {
            stack.rawField(absolute, key)
            defer { stack.pop() }
            try setComponentField(stack, builder, key: key, valueIndex: stack.top)
        }
    }

    private func setComponentField(_ stack: LuaStack, _ builder: ComponentModelBuilder, key: String, valueIndex: Int32) throws {
        guard let setter = componentSetters[key] else {
            throw LuaRaise(message: "cannot set unknown field '\(key)' of hub.ComponentBuilder")
        }
        try setter(stack, builder, valueIndex)
    }

    private func applyImage(_ stack: LuaStack, _ index: Int32, to builder: ComponentImageDataBuilder, field: String) throws {
        if let uri = stack.string(at: index) {
            builder.url = uri
            return
        }
        try stack.checkTableField(index, field: field)
        for key in ["uri", "placeholder", "local", "custom"] {
            stack.rawField(index, key)
            defer { stack.pop() }
            if !stack.isNil(-1) { try imageSetters[key]?(stack, builder, stack.top) }
        }
    }

    private func applyTarget(_ stack: LuaStack, _ index: Int32, to builder: ComponentTargetBuilder) throws {
        if let uri = stack.string(at: index) {
            builder.uri = uri
            return
        }
        try stack.checkTableField(index, field: "target")
        stack.rawField(index, "uri")
        builder.uri = try stack.optionalString(-1, field: "target.uri") ?? builder.uri
        stack.pop()
        stack.rawField(index, "actions")
        if stack.type(at: -1) == .table {
            let count = stack.rawLength(-1)
            for position in stride(from: 1, through: count, by: 1) {
                stack.rawIndex(-1, position)
                let text = stack.string(at: -1)
                stack.pop()
                try addAction(text, to: builder)
            }
        }
        stack.pop()
        stack.rawField(index, "custom")
        if !stack.isNil(-1) { builder.customData = try stack.jsonDictionary(at: -1, field: "target.custom") }
        stack.pop()
    }

    private func addAction(_ text: String?, to builder: ComponentTargetBuilder) throws {
        guard let text, let identifier = Identifier(string: text) else {
            throw LuaRaise(message: "action identifiers must be 'namespace:name' strings, got \(text.map { "'\($0)'" } ?? "a non-string")")
        }
        builder.addAction(identifier)
    }

    // MARK: Component builder

    private var componentSetters: [String: LuaClass<ComponentModelBuilder>.Setter] = [:]
    private var imageSetters: [String: LuaClass<ComponentImageDataBuilder>.Setter] = [:]

    private func componentProperty(
        _ key: String, get: @escaping LuaClass<ComponentModelBuilder>.Getter, set: @escaping LuaClass<ComponentModelBuilder>.Setter
    ) {
        component.property(key, get: get, set: set)
        componentSetters[key] = set
    }

    private func defineComponent() {
        component.property("id") { $0.push($1.modelIdentifier) }
        componentProperty("index", get: { stack, builder in
            if let index = builder.preferredIndex { stack.push(index + 1) } else { stack.pushNil() }
        }, set: { stack, builder, index in
            builder.preferredIndex = try stack.optionalInteger(index, field: "index").map { $0 - 1 }
        })
        componentProperty("component", get: { $0.push($1.componentIdentifier.description) }, set: { stack, builder, index in
            let text = try stack.checkFieldString(index, field: "component")
            guard let identifier = Identifier(string: text) else {
                throw LuaRaise(message: "field 'component' expects 'namespace:name', got '\(text)'")
            }
            builder.componentIdentifier = identifier
        })
        componentProperty("category", get: { $0.push($1.componentCategory) }, set: { $1.componentCategory = try $0.checkFieldString($2, field: "category") })
        for field in ComponentFields.texts {
            componentProperty(field.name, get: { $0.push(optional: $1[dynamicMember: field.keyPath]) }, set: {
                $1[dynamicMember: field.keyPath] = try $0.optionalString($2, field: field.name)
            })
        }
        for field in ComponentFields.data {
            componentProperty(field.name, get: { $0.push(optionalJSON: $1[dynamicMember: field.keyPath]) }, set: {
                $1[dynamicMember: field.keyPath] = try $0.jsonDictionary(at: $2, field: field.name)
            })
        }
        componentProperty("icon", get: { $0.push(optional: $1.iconIdentifier) }, set: { $1.iconIdentifier = try $0.optionalString($2, field: "icon") })
        componentProperty("main_image", get: { [weak self] in try self.orGone().image.push($0, $1.mainImageDataBuilder) }, set: { [weak self] in
            try self?.applyImage($0, $2, to: $1.mainImageDataBuilder, field: "main_image")
        })
        componentProperty("background_image", get: { [weak self] in try self.orGone().image.push($0, $1.backgroundImageDataBuilder) }, set: { [weak self] in
            try self?.applyImage($0, $2, to: $1.backgroundImageDataBuilder, field: "background_image")
        })
        componentProperty("target", get: { [weak self] in try self.orGone().target.push($0, $1.targetBuilder) }, set: { [weak self] in
            try self?.applyTarget($0, $2, to: $1.targetBuilder)
        })
        component.method("custom_image") { [weak self] stack, builder in
            let image = builder.customImageDataBuilder(try stack.checkString(2, "custom_image"))
            try self.orGone().image.push(stack, image)
            return 1
        }
        component.method("child") { [weak self] stack, builder in
            guard let self else { throw LuaLibrary.ownerGone }
            return try self.getOrCreate(stack, function: "child") { builder.childBuilder($0) }
        }
        component.method("children") { [weak self] stack, builder in
            guard let self else { throw LuaLibrary.ownerGone }
            self.pushList(stack, builder.childBuilders)
            return 1
        }
        component.method("children_in_group") { [weak self] stack, builder in
            guard let self else { throw LuaLibrary.ownerGone }
            self.pushList(stack, builder.childBuilders(inGroup: try stack.checkString(2, "children_in_group")) ?? [])
            return 1
        }
        component.method("has_child") { stack, builder in
            stack.push(builder.hasChild(try stack.checkString(2, "has_child")))
            return 1
        }
        component.method("remove_child") { stack, builder in
            builder.removeChild(try stack.checkString(2, "remove_child"))
            return 0
        }
        component.method("remove") { _, builder in
            builder.removeFromParent()
            return 0
        }
        component.method("set") { [weak self] stack, builder in
            guard let self else { throw LuaLibrary.ownerGone }
            try stack.checkTable(2, "set")
            try self.apply(stack, table: 2, to: builder)
            stack.pushValue(1)
            return 1
        }
        component.method("add_json") { stack, builder in
            let value = try stack.jsonArgument(2, "add_json")
            guard let dictionary = value.objectValue else {
                throw LuaRaise(message: "add_json: a component's JSON must be an object")
            }
            builder.addJSON(dictionary: dictionary)
            return 0
        }
    }

    // MARK: Image and target builders

    private func defineImage() {
        let setters: [(String, LuaClass<ComponentImageDataBuilder>.Getter, LuaClass<ComponentImageDataBuilder>.Setter)] = [
            ("uri", { $0.push(optional: $1.url) }, { $1.url = try $0.optionalString($2, field: "uri") }),
            ("placeholder", { $0.push(optional: $1.placeholderIconIdentifier) }, { $1.placeholderIconIdentifier = try $0.optionalString($2, field: "placeholder") }),
            ("local", { $0.push(optional: $1.localImage) }, { $1.localImage = try $0.optionalString($2, field: "local") }),
            ("custom", { $0.push(optionalJSON: $1.customData) }, { $1.customData = try $0.jsonDictionary(at: $2, field: "custom") }),
        ]
        for (key, get, set) in setters {
            image.property(key, get: get, set: set)
            imageSetters[key] = set
        }
    }

    private func defineTarget() {
        target.property("uri", get: { $0.push(optional: $1.uri) }, set: { $1.uri = try $0.optionalString($2, field: "uri") })
        target.property("custom", get: { $0.push(optionalJSON: $1.customData) }, set: { $1.customData = try $0.jsonDictionary(at: $2, field: "custom") })
        target.property("actions") { stack, builder in
            let actions = builder.actionIdentifiers
            stack.newTable(array: actions.count)
            for (offset, action) in actions.enumerated() {
                stack.push(action.description)
                stack.setRawIndex(-2, offset + 1)
            }
        }
        target.property("view") { [weak self] stack, builder in
            try self.orGone().view.push(stack, builder.initialViewModelBuilder)
        }
        target.method("add_action") { [weak self] stack, builder in
            guard let self else { throw LuaLibrary.ownerGone }
            try self.addAction(try stack.checkString(2, "add_action"), to: builder)
            return 0
        }
    }
}
