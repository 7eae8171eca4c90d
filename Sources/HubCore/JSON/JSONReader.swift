/// Reads parsed JSON dictionaries with a builder tree's schema, by its paths (whatever they are).
struct JSONReader {
    private let viewModelSchema: ViewModelJSONSchema
    private let componentModelSchema: ComponentModelJSONSchema
    private let componentImageDataSchema: ComponentImageDataJSONSchema
    private let componentTargetSchema: ComponentTargetJSONSchema

    init(schema: JSONSchema) {
        viewModelSchema = schema.viewModelSchema
        componentModelSchema = schema.componentModelSchema
        componentImageDataSchema = schema.componentImageDataSchema
        componentTargetSchema = schema.componentTargetSchema
    }

    func view(_ json: JSONDictionary) -> ViewModelValues {
        let paths = viewModelSchema
        return ViewModelValues(
            identifier: paths.identifier.value(from: json),
            title: paths.navigationBarTitle.value(from: json),
            customData: paths.customData.value(from: json),
            header: paths.header.value(from: json).map(component),
            body: paths.body.values(from: json).map(component),
            overlays: paths.overlays.values(from: json).map(component))
    }

    func component(_ json: JSONDictionary) -> ComponentValues {
        let paths = componentModelSchema
        var values = ComponentValues(
            identifier: paths.identifier.value(from: json),
            componentIdentifier: paths.componentIdentifier.value(from: json),
            category: paths.componentCategory.value(from: json))
        for (field, path) in zip(ComponentFields.texts, paths.textPaths) {
            values.fields[keyPath: field.keyPath] = path.value(from: json)
        }
        for (field, path) in zip(ComponentFields.data, paths.dataPaths) {
            values.fields[keyPath: field.keyPath] = path.value(from: json)
        }
        values.main = paths.mainImageData.value(from: json).map(image)
        values.background = paths.backgroundImageData.value(from: json).map(image)
        for (identifier, value) in paths.customImageData.value(from: json) ?? [:] {
            guard let json = value.objectValue else { continue }
            values.customImages[identifier] = image(json)
        }
        values.icon = paths.iconIdentifier.value(from: json)
        values.target = paths.target.value(from: json).map(target)
        values.children = paths.children.values(from: json).map(component)
        return values
    }

    func image(_ json: JSONDictionary) -> ImageValues {
        let paths = componentImageDataSchema
        return ImageValues(
            url: paths.url.value(from: json), placeholder: paths.placeholderIconIdentifier.value(from: json),
            local: paths.localImage.value(from: json), customData: paths.customData.value(from: json))
    }

    func target(_ json: JSONDictionary) -> TargetValues {
        let paths = componentTargetSchema
        return TargetValues(
            uri: paths.uri.value(from: json),
            view: paths.initialViewModel.value(from: json).map { CopyOnWrite(view($0)) },
            actions: paths.actionIdentifiers.values(from: json).compactMap(Identifier.init(string:)),
            customData: paths.customData.value(from: json))
    }
}
