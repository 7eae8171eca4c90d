import HubCore
internal import LuaBridge

// `hub.ImageBuilder` and `hub.TargetBuilder`: a component's images and target, also set from a
// URI or a table (`row.main_image = { uri = ..., placeholder = ... }`).

extension BuilderBindings {
    /// The fields of an image (`hub.ImageBuilder`'s properties, and the keys of an image table).
    static var imageFields: [LuaField<ComponentImageDataBuilder>] {
        [
            LuaField(
                "uri", "string",
                "Its URI: `file:` resolves in the feature folder; `hub.register_image(uri, bytes)` makes others load.",
                .string(\.url)),
            LuaField("placeholder", "string", "The icon shown until it loads.", .string(\.placeholderIconIdentifier)),
            LuaField("local", "string", "The name of a local image, in the feature folder.", .string(\.localImage)),
            LuaField("custom", "JSON object", "Free-form data of the image.", .json(\.customData)),
        ]
    }

    /// The keys of an image table: the image's settable fields.
    static let imageTableKeys = imageFields.filter { $0.property?.set != nil }.map(\.name)

    /// The properties of `hub.ImageBuilder`.
    static var imageProperties: [String: LuaProperty<ComponentImageDataBuilder>] { LuaField.properties(imageFields) }

    /// The fields of a target (`hub.TargetBuilder`'s properties; a target table takes `uri`,
    /// `actions` and `custom`).
    static var targetFields: [LuaField<ComponentTargetBuilder>] {
        [
            LuaField(
                "uri", "string",
                "The URI selecting it opens: a feature's view, on top of the screen, or else the system's opener.",
                .string(\.uri)),
            LuaField(
                "actions", "list of `namespace:name`",
                "The actions selecting it performs, in order until one performs; read-only: `target:add_action(id)` adds one.",
                .readOnly { $0.push(strings: $1.actionIdentifiers.map(\.description)) }),
            LuaField("custom", "JSON object", "Free-form data of the target.", .json(\.customData)),
            LuaField(
                "view", "view", "The view model the opened view shows until its own content loads; read-only.",
                .readOnly { view.push($0, $1.initialViewModelBuilder) }),
        ]
    }

    /// The keys of a target table: the target's settable fields, and `actions`, added to those
    /// it has.
    static let targetTableKeys = targetFields.filter { $0.property?.set != nil }.map(\.name) + ["actions"]

    /// The properties of `hub.TargetBuilder`.
    static var targetProperties: [String: LuaProperty<ComponentTargetBuilder>] { LuaField.properties(targetFields) }

    /// The methods of `hub.TargetBuilder`.
    var targetMethods: LuaMethods<ComponentTargetBuilder> {
        LuaMethods(self, ["add_action": BuilderBindings.addAction])
    }

    /// `target:add_action(id)`: adds the action `id` (`namespace:name`).
    private func addAction(_ stack: LuaStack, _ builder: ComponentTargetBuilder) throws -> Int32 {
        builder.addAction(try stack.checkIdentifier(2, "add_action"))
        return 0
    }

    /// Sets the image at `index` on `builder`: a URI, or a table of its properties (those it
    /// leaves out keep their values).
    static func applyImage(_ stack: LuaStack, _ index: Int32, to builder: ComponentImageDataBuilder) throws {
        if let uri = stack.string(at: index) {
            builder.url = uri
            return
        }
        guard stack.type(at: index) == .table else { throw stack.valueError(index, expected: "string or table") }
        try checkKeys(stack, index, known: imageTableKeys)
        for field in imageFields.sorted(by: { $0.name < $1.name }) {
            guard let set = field.property?.set else { continue }
            try stack.field(index, field.name) { value in
                if !stack.isNil(value) { try set(stack, builder, value) }
            }
        }
    }

    /// Sets the target at `index` on `builder`: a URI, or a table with `uri`, `actions` (added
    /// to those it has) and `custom` (those it leaves out keep their values).
    static func applyTarget(_ stack: LuaStack, _ index: Int32, to builder: ComponentTargetBuilder) throws {
        if let uri = stack.string(at: index) {
            builder.uri = uri
            return
        }
        guard stack.type(at: index) == .table else { throw stack.valueError(index, expected: "string or table") }
        try checkKeys(stack, index, known: targetTableKeys)
        builder.uri = try stack.stringField(index, "uri") ?? builder.uri
        stack.rawField(index, "actions")
        if stack.type(at: -1) == .table {
            for position in stride(from: 1, through: stack.rawLength(-1), by: 1) {
                stack.rawIndex(-1, position)
                defer { stack.pop() }
                builder.addAction(try LuaValueError.inField("actions[\(position)]") { try stack.identifier(at: -1) })
            }
        }
        stack.pop()
        builder.customData = try stack.field(index, "custom", stack.optionalJSONObject(at:)) ?? builder.customData
    }

    /// Throws unless every key of the table at `index` is in `known`: a misspelt key (`url`)
    /// would set nothing.
    private static func checkKeys(_ stack: LuaStack, _ index: Int32, known: [String]) throws {
        if let problem = TableKeys.firstUnknownKey(stack, table: index, known: known) {
            throw LuaValueError(problem: problem)
        }
    }
}
