/// How JSON maps onto models: one path per model property, in four sub-schemas.
///
/// A new schema reads the default schema's keys (the JSON programming guide's); set any path
/// to read another shape. A schema is a value: changing a copy never changes the original.
/// Copying one is O(1), so builders and their snapshots carry theirs at no cost.
public struct JSONSchema {
    private struct SubSchemas {
        var viewModel = ViewModelJSONSchema()
        var componentModel = ComponentModelJSONSchema()
        var componentImageData = ComponentImageDataJSONSchema()
        var componentTarget = ComponentTargetJSONSchema()
    }

    private var subSchemas = CopyOnWrite(SubSchemas())

    /// How JSON in this schema is read in one pass (nil when a path is not a plain key path):
    /// made when the schema is made or changed, so that adding JSON again and again (a row at a
    /// time from Lua) does not make it each time.
    private(set) var plan: SchemaPlan?

    /// A schema reading the default schema's keys.
    public init() {
        plan = SchemaPlan(self)
    }

    /// Paths of view model properties, read from the view model dictionary.
    public var viewModelSchema: ViewModelJSONSchema {
        get { subSchemas.value.viewModel }
        set {
            subSchemas.value.viewModel = newValue
            plan = SchemaPlan(self)
        }
    }

    /// Paths of component model properties, read from each component model dictionary.
    public var componentModelSchema: ComponentModelJSONSchema {
        get { subSchemas.value.componentModel }
        set {
            subSchemas.value.componentModel = newValue
            plan = SchemaPlan(self)
        }
    }

    /// Paths of image data properties, read from each image data dictionary.
    public var componentImageDataSchema: ComponentImageDataJSONSchema {
        get { subSchemas.value.componentImageData }
        set {
            subSchemas.value.componentImageData = newValue
            plan = SchemaPlan(self)
        }
    }

    /// Paths of target properties, read from each target dictionary.
    public var componentTargetSchema: ComponentTargetJSONSchema {
        get { subSchemas.value.componentTarget }
        set {
            subSchemas.value.componentTarget = newValue
            plan = SchemaPlan(self)
        }
    }

    /// The default schema.
    public static var `default`: JSONSchema { shared }

    // Built once and never mutated; its closures are pure type checks, so sharing it across
    // isolation domains is safe.
    nonisolated(unsafe) private static let shared = JSONSchema()

    /// The view model `dictionary` describes in this schema, as a fresh builder with
    /// `configuration` builds it.
    public func viewModel(
        from dictionary: JSONDictionary, configuration: BuilderConfiguration = BuilderConfiguration()
    ) -> ViewModel {
        let builder = ViewModelBuilder(configuration: configuration, schema: self)
        builder.addJSON(dictionary: dictionary)
        return builder.build()
    }
}

/// Where a view model's properties are in its dictionary.
public struct ViewModelJSONSchema {
    /// The view's identifier (default: `id`).
    public var identifier = JSONPath.at(JSONKey.identifier).stringPath
    /// The navigation bar title (default: `title`).
    public var navigationBarTitle = JSONPath.at(JSONKey.title).stringPath
    /// The header component model's dictionary (default: `header`).
    public var header = JSONPath.at(JSONKey.header).dictionaryPath
    /// Each body component model's dictionary (default: the elements of `body`).
    public var body = JSONPath.at(JSONKey.body).forEach().dictionaryPath
    /// Each overlay component model's dictionary (default: the elements of `overlays`).
    public var overlays = JSONPath.at(JSONKey.overlays).forEach().dictionaryPath
    /// Custom data, merged into the view's (default: `custom`).
    public var customData = JSONPath.at(JSONKey.custom).dictionaryPath

    /// Paths to the default schema's keys.
    public init() {}
}

/// Where a component model's properties are in its dictionary.
///
/// The paths of the plain fields are read and set by field, e.g. `schema.title` (default: the
/// field's ``ComponentField/defaultJSONKeys``, here `text.title`).
@dynamicMemberLookup
public struct ComponentModelJSONSchema {
    /// The model's identifier (default: `id`).
    public var identifier = JSONPath.at(JSONKey.identifier).stringPath
    /// The component, `namespace:name` or just `name` (default: `component.id`).
    public var componentIdentifier = JSONPath.at(JSONKey.component, JSONKey.identifier).stringPath
    /// The component's category (default: `component.category`).
    public var componentCategory = JSONPath.at(JSONKey.component, JSONKey.category).stringPath
    /// The main image's dictionary (default: `images.main`).
    public var mainImageData = JSONPath.at(JSONKey.images, JSONKey.main).dictionaryPath
    /// The background image's dictionary (default: `images.background`).
    public var backgroundImageData = JSONPath.at(JSONKey.images, JSONKey.background).dictionaryPath
    /// A dictionary of custom image dictionaries by identifier (default: `images.custom`).
    public var customImageData = JSONPath.at(JSONKey.images, JSONKey.custom).dictionaryPath
    /// The icon's identifier (default: `images.icon`).
    public var iconIdentifier = JSONPath.at(JSONKey.images, JSONKey.icon).stringPath
    /// The target's dictionary (default: `target`).
    public var target = JSONPath.at(JSONKey.target).dictionaryPath
    /// Each child component model's dictionary (default: the elements of `children`).
    public var children = JSONPath.at(JSONKey.children).forEach().dictionaryPath
    /// The paths of ``ComponentFields/texts``, in that order.
    private(set) var textPaths = ComponentFields.texts.map { JSONPath.at($0.defaultJSONKeys).stringPath }
    /// The paths of ``ComponentFields/data``, in that order (merged into the model's data).
    private(set) var dataPaths = ComponentFields.data.map { JSONPath.at($0.defaultJSONKeys).dictionaryPath }

    /// Paths to the default schema's keys.
    public init() {}

    /// The path of a text field.
    public subscript(field: ComponentField<String>) -> TypedJSONPath<String> {
        get { textPaths[ComponentField.position(of: field.keyPath, in: ComponentFields.texts)] }
        set { textPaths[ComponentField.position(of: field.keyPath, in: ComponentFields.texts)] = newValue }
    }

    /// The path of a data field (its dictionary is merged into the model's).
    public subscript(field: ComponentField<JSONDictionary>) -> TypedJSONPath<JSONDictionary> {
        get { dataPaths[ComponentField.position(of: field.keyPath, in: ComponentFields.data)] }
        set { dataPaths[ComponentField.position(of: field.keyPath, in: ComponentFields.data)] = newValue }
    }

    /// The path of a text field, e.g. `schema.title`.
    public subscript(dynamicMember keyPath: WritableKeyPath<ComponentFields, String?>) -> TypedJSONPath<String> {
        get { textPaths[ComponentField.position(of: keyPath, in: ComponentFields.texts)] }
        set { textPaths[ComponentField.position(of: keyPath, in: ComponentFields.texts)] = newValue }
    }

    /// The path of a data field, e.g. `schema.customData`.
    public subscript(dynamicMember keyPath: WritableKeyPath<ComponentFields, JSONDictionary?>) -> TypedJSONPath<JSONDictionary> {
        get { dataPaths[ComponentField.position(of: keyPath, in: ComponentFields.data)] }
        set { dataPaths[ComponentField.position(of: keyPath, in: ComponentFields.data)] = newValue }
    }
}

/// Where an image's properties are in its dictionary.
public struct ComponentImageDataJSONSchema {
    /// The remote image's URI (default: `uri`).
    public var url = JSONPath.at(JSONKey.uri).urlPath
    /// The placeholder icon's identifier (default: `placeholder`).
    public var placeholderIconIdentifier = JSONPath.at(JSONKey.placeholder).stringPath
    /// The local image's name (default: `local`).
    public var localImage = JSONPath.at(JSONKey.local).stringPath
    /// Custom data, merged into the image's (default: `custom`).
    public var customData = JSONPath.at(JSONKey.custom).dictionaryPath

    /// Paths to the default schema's keys.
    public init() {}
}

/// Where a target's properties are in its dictionary.
public struct ComponentTargetJSONSchema {
    /// The URI opened on selection (default: `uri`).
    public var uri = JSONPath.at(JSONKey.uri).urlPath
    /// The initial view model's dictionary, read with the view model schema (default: `view`).
    public var initialViewModel = JSONPath.at(JSONKey.view).dictionaryPath
    /// Each action identifier, `namespace:name` (default: the elements of `actions`).
    public var actionIdentifiers = JSONPath.at(JSONKey.actions).forEach().stringPath
    /// Custom data, merged into the target's (default: `custom`).
    public var customData = JSONPath.at(JSONKey.custom).dictionaryPath

    /// Paths to the default schema's keys.
    public init() {}
}

extension JSONPath {
    /// The path through `keys`, in order.
    static func at(_ keys: String...) -> JSONPath {
        at(keys)
    }

    /// The path through `keys`, in order.
    static func at(_ keys: [String]) -> JSONPath {
        keys.reduce(JSONPath()) { $0.goTo($1) }
    }
}
