import HubCore
internal import LuaBridge

/// Models as Lua tables: view models from `s.model` and the like, component models for
/// components' `size` and `render`.
extension LuaStack {
    /// Pushes a table describing a component model. When `encodable` (view models from
    /// `s.model` and the like), `hub.json.encode` knows it as that model; components' `size`
    /// and `render` get plain tables, which cost less.
    func push(model: ComponentModel, encodable: Bool = false) {
        ensureNestingRoom()
        newTable(record: 16)
        if encodable { attach(ModelBox(.component(model))) }
        push(model.identifier); setRawField(-2, "id")
        push(model.componentIdentifier.description); setRawField(-2, ComponentFieldName.component)
        push(model.componentCategory); setRawField(-2, ComponentFieldName.category)
        push(model.index + 1); setRawField(-2, ComponentFieldName.index)
        push(model.type.rawValue); setRawField(-2, ComponentFieldName.type)
        for field in ComponentFields.texts {
            push(optional: model.fields[keyPath: field.keyPath])
            setRawField(-2, field.name)
        }
        for field in ComponentFields.data {
            push(optionalJSON: model.fields[keyPath: field.keyPath])
            setRawField(-2, field.name)
        }
        push(optional: model.icon?.identifier); setRawField(-2, ComponentFieldName.icon)
        push(image: model.mainImageData); setRawField(-2, ComponentFieldName.mainImage)
        push(image: model.backgroundImageData); setRawField(-2, ComponentFieldName.backgroundImage)
        newTable(record: model.customImageData.count)
        for key in model.customImageData.keys.sorted() {
            push(image: model.customImageData[key])
            setRawField(-2, key)
        }
        setRawField(-2, ComponentFieldName.customImages)
        if let target = model.target {
            newTable(record: 4)
            push(optional: target.uri); setRawField(-2, "uri")
            push(strings: (target.actionIdentifiers ?? []).map(\.description)); setRawField(-2, "actions")
            push(optionalJSON: target.customData); setRawField(-2, "custom")
            if let view = target.initialViewModel { push(viewModel: view) } else { pushNil() }
            setRawField(-2, "view")
            setRawField(-2, ComponentFieldName.target)
        }
        push(models: model.children ?? [], encodable: encodable); setRawField(-2, ComponentFieldName.children)
    }

    /// Gives the table on top a metatable holding `box`.
    private func attach(_ box: ModelBox) {
        newTable(record: 1)
        LuaBridge.pushObject(self, box, typeName: ModelBox.typeName)
        setRawField(-2, ModelBox.field)
        setMetatable(-2)
    }

    /// The value at `index` as JSON: a model table in the default schema, anything else as is.
    func encodable(at index: Int32) throws -> JSONValue {
        if type(at: index) == .table, pushMetatable(index) {
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

    /// `[-0, +1]` Pushes a table describing image data (`uri`, `placeholder`, `local`,
    /// `custom`), or nil.
    func push(image: ComponentImageData?) {
        guard let image else { return pushNil() }
        newTable(record: 4)
        push(optional: image.url); setRawField(-2, "uri")
        push(optional: image.placeholderIcon?.identifier); setRawField(-2, "placeholder")
        push(optional: image.localImage); setRawField(-2, "local")
        push(optionalJSON: image.customData); setRawField(-2, "custom")
    }

    /// `[-0, +1]` Pushes a list of tables describing component models.
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
