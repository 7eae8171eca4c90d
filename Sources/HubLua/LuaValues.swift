import CLua
import HubCore

extension LuaStack {
    /// The deepest table nesting converted to JSON.
    static let maximumTableDepth = 200

    /// Pushes a JSON value as plain Lua values (objects and arrays become tables; null is nil).
    func push(json value: JSONValue) {
        ensureStack()
        switch value {
        case .null: pushNil()
        case .bool(let flag): push(flag)
        case .int(let number): push(number)
        case .double(let number): push(number)
        case .string(let string): push(string)
        case .array(let items):
            newTable(array: items.count)
            for (offset, item) in items.enumerated() {
                push(json: item)
                setRawIndex(-2, offset + 1)
            }
        case .object(let dictionary):
            push(json: dictionary)
        }
    }

    func push(json dictionary: JSONDictionary) {
        newTable(record: dictionary.count)
        for key in dictionary.keys.sorted() {
            guard let value = dictionary[key] else { continue }
            push(json: value)
            setRawField(-2, key)
        }
    }

    func push(optionalJSON dictionary: JSONDictionary?) {
        if let dictionary { push(json: dictionary) } else { pushNil() }
    }

    /// The Lua value at `index` as JSON: a table with keys 1...n is an array, any other table an
    /// object with string keys. Throws on functions, userdata, cycles and non-string keys.
    func json(at index: Int32, depth: Int = 0) throws -> JSONValue {
        switch type(at: index) {
        case LUA_TNIL, LUA_TNONE: return .null
        case LUA_TBOOLEAN: return .bool(boolean(at: index))
        case LUA_TNUMBER:
            if let integer = integer(at: index) { return .int(integer) }
            return .double(number(at: index) ?? 0)
        case LUA_TSTRING: return .string(string(at: index) ?? "")
        case LUA_TTABLE:
            ensureStack()
            guard depth < LuaStack.maximumTableDepth else {
                throw LuaRaise(message: "table nested deeper than \(LuaStack.maximumTableDepth) levels (a cycle?)")
            }
            let table = absolute(index)
            let length = rawLength(table)
            var count = 0
            forEachPair(table) { count += 1 }
            if length > 0 && length == count {
                var items: [JSONValue] = []
                items.reserveCapacity(length)
                for position in 1...length {
                    rawIndex(table, position)
                    defer { pop() }
                    items.append(try json(at: -1, depth: depth + 1))
                }
                return .array(items)
            }
            var dictionary: JSONDictionary = [:]
            try forEachPair(table) {
                guard let key = string(at: -2) else {
                    throw LuaRaise(message: "table keys must be strings to convert to JSON, got \(typeName(at: -2))")
                }
                dictionary[key] = try json(at: -1, depth: depth + 1)
            }
            return .object(dictionary)
        default:
            throw LuaRaise(message: "cannot convert a \(typeName(at: index)) value to JSON")
        }
    }

    /// The table at `index` as a JSON object, nil for nil; throws for other values.
    func jsonDictionary(at index: Int32, field: String) throws -> JSONDictionary? {
        if isNil(index) { return nil }
        guard type(at: index) == LUA_TTABLE else {
            throw LuaRaise(message: "field '\(field)' expects a table or nil, got \(typeName(at: index))")
        }
        switch try json(at: index) {
        case .object(let dictionary): return dictionary
        case .array(let items) where items.isEmpty: return [:]
        default: throw LuaRaise(message: "field '\(field)' expects a table with string keys")
        }
    }

    /// Pushes a table describing a component model. When `encodable` (view models from
    /// `s.model` and the like), `hub.json.encode` knows it as that model; components' `size`
    /// and `render` get plain tables, which cost less.
    func push(model: ComponentModel, encodable: Bool = false) {
        ensureStack()
        newTable(record: 16)
        if encodable { attach(ModelBox(.component(model))) }
        push(model.identifier); setRawField(-2, "id")
        push(model.componentIdentifier.description); setRawField(-2, "component")
        push(model.componentCategory); setRawField(-2, "category")
        push(model.index + 1); setRawField(-2, "index")
        push(model.type.rawValue); setRawField(-2, "type")
        push(optional: model.groupIdentifier); setRawField(-2, "group")
        push(optional: model.title); setRawField(-2, "title")
        push(optional: model.subtitle); setRawField(-2, "subtitle")
        push(optional: model.accessoryTitle); setRawField(-2, "accessory")
        push(optional: model.descriptionText); setRawField(-2, "description")
        push(optional: model.icon?.identifier); setRawField(-2, "icon")
        push(image: model.mainImageData); setRawField(-2, "main_image")
        push(image: model.backgroundImageData); setRawField(-2, "background_image")
        newTable(record: model.customImageData.count)
        for key in model.customImageData.keys.sorted() {
            push(image: model.customImageData[key])
            setRawField(-2, key)
        }
        setRawField(-2, "custom_images")
        if let target = model.target {
            newTable(record: 4)
            push(optional: target.uri); setRawField(-2, "uri")
            let actions = target.actionIdentifiers ?? []
            newTable(array: actions.count)
            for (offset, action) in actions.enumerated() {
                push(action.description)
                setRawIndex(-2, offset + 1)
            }
            setRawField(-2, "actions")
            push(optionalJSON: target.customData); setRawField(-2, "custom")
            if let view = target.initialViewModel { push(viewModel: view) } else { pushNil() }
            setRawField(-2, "view")
            setRawField(-2, "target")
        }
        push(optionalJSON: model.metadata); setRawField(-2, "metadata")
        push(optionalJSON: model.loggingData); setRawField(-2, "logging")
        push(optionalJSON: model.customData); setRawField(-2, "custom")
        push(models: model.children ?? [], encodable: encodable); setRawField(-2, "children")
    }

    /// Makes room for the few values one level of a nested conversion pushes. (The Lua API only
    /// guarantees 20 free slots; nested tables hold one slot per level.)
    func ensureStack() {
        _ = lua_checkstack(L, 8)
    }

    /// Gives the table on top a metatable holding `box`.
    private func attach(_ box: ModelBox) {
        newTable(record: 1)
        LuaBridge.pushObject(self, box, typeName: ModelBox.typeName)
        setRawField(-2, ModelBox.field)
        lua_setmetatable(L, -2)
    }

    /// The value at `index` as JSON: a model table in the default schema, anything else as is.
    func encodable(at index: Int32) throws -> JSONValue {
        if type(at: index) == LUA_TTABLE, lua_getmetatable(L, index) != 0 {
            rawField(-1, ModelBox.field)
            let box = LuaBridge.object(self, at: -1, typeName: ModelBox.typeName, as: ModelBox.self)
            pop(2)
            if let box {
                switch box.model {
                case .view(let model): return .object(model.serialize())
                case .component(let model): return .object(model.serialize())
                }
            }
        }
        return try json(at: index)
    }

    func push(image: ComponentImageData?) {
        guard let image else { return pushNil() }
        newTable(record: 4)
        push(optional: image.url); setRawField(-2, "uri")
        push(optional: image.placeholderIcon?.identifier); setRawField(-2, "placeholder")
        push(optional: image.localImage); setRawField(-2, "local")
        push(optionalJSON: image.customData); setRawField(-2, "custom")
    }

    func push(models: [ComponentModel], encodable: Bool = false) {
        newTable(array: models.count)
        for (offset, model) in models.enumerated() {
            push(model: model, encodable: encodable)
            setRawIndex(-2, offset + 1)
        }
    }

    /// Pushes a table describing a view model: `id`, `title`, `header`, `body`, `overlays`, `custom`.
    func push(viewModel: ViewModel) {
        newTable(record: 6)
        attach(ModelBox(.view(viewModel)))
        push(optional: viewModel.identifier); setRawField(-2, "id")
        push(optional: viewModel.title); setRawField(-2, "title")
        if let header = viewModel.header { push(model: header, encodable: true) } else { pushNil() }
        setRawField(-2, "header")
        push(models: viewModel.body, encodable: true); setRawField(-2, "body")
        push(models: viewModel.overlays, encodable: true); setRawField(-2, "overlays")
        push(optionalJSON: viewModel.customData); setRawField(-2, "custom")
    }
}

/// The Swift model behind a model table, so `hub.json.encode` can serialize it exactly.
final class ModelBox {
    enum Model {
        case view(ViewModel)
        case component(ComponentModel)
    }

    static let typeName = "hub.Model"
    static let field = "__hub_model"
    let model: Model

    init(_ model: Model) {
        self.model = model
    }
}
