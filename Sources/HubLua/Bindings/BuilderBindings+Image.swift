import HubCore

// `hub.ImageBuilder` and `hub.TargetBuilder`: a component's images and target, also set from a
// URI or a table (`row.main_image = { uri = ..., placeholder = ... }`).

extension BuilderBindings {
    /// The properties of `hub.ImageBuilder`.
    static var imageProperties: [String: LuaProperty<ComponentImageDataBuilder>] {
        [
            "uri": .string(\.url),
            "placeholder": .string(\.placeholderIconIdentifier),
            "local": .string(\.localImage),
            "custom": .json(\.customData),
        ]
    }

    /// The properties of `hub.TargetBuilder`.
    static var targetProperties: [String: LuaProperty<ComponentTargetBuilder>] {
        [
            "uri": .string(\.uri),
            "custom": .json(\.customData),
            "actions": .readOnly { $0.push(strings: $1.actionIdentifiers.map(\.description)) },
            "view": .readOnly { view.push($0, $1.initialViewModelBuilder) },
        ]
    }

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
        for (key, property) in imageProperties.sorted(by: { $0.key < $1.key }) {
            guard let set = property.set else { continue }
            try stack.field(index, key) { value in
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
}
