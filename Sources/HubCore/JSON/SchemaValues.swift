// What JSON objects hold for each model property, as a schema reads them: nil (or empty) where
// the schema's path reaches no value of its type. The general reader fills these from parsed
// dictionaries, the single-pass reader straight from JSON bytes; both are merged into builder
// state by the same code (BuilderState+JSON.swift).

/// What a view model object holds.
struct ViewModelValues {
    var identifier: String?
    var title: String?
    var customData: JSONDictionary?
    var header: ComponentValues?
    var body: [ComponentValues] = []
    var overlays: [ComponentValues] = []
}

/// What a component model object holds.
struct ComponentValues {
    var identifier: String?
    /// `namespace:name` or just `name`.
    var componentIdentifier: String?
    var category: String?
    /// The texts and data fields.
    var fields = ComponentFields()
    var main: ImageValues?
    var background: ImageValues?
    /// The custom images' objects by identifier.
    var customImages: [String: ImageValues] = [:]
    var icon: String?
    var target: TargetValues?
    var children: [ComponentValues] = []
}

/// What an image object holds.
struct ImageValues {
    var url: String?
    var placeholder: String?
    var local: String?
    var customData: JSONDictionary?
}

/// What a target object holds.
struct TargetValues {
    var uri: String?
    /// The initial view model's object (boxed: a view holds targets in turn).
    var view: CopyOnWrite<ViewModelValues>?
    /// The action identifiers that are valid `namespace:name` identifiers, in order.
    var actions: [Identifier] = []
    var customData: JSONDictionary?
}
