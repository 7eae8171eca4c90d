/// The plain fields of a component model: its texts and its free-form data.
///
/// This is the one description of those fields. Builders (`builder.title = ...`), models
/// (`model.title`), the default JSON schema's paths, custom schemas (`schema.title`),
/// serialization and the Lua bindings (`row.title`, `model.title`) are all driven by the
/// properties below and their rows in ``texts`` and ``data``: adding a field is one property
/// and one row, here.
public struct ComponentFields: Equatable, Sendable {
    /// The group the model belongs to among its siblings.
    public var groupIdentifier: String?
    /// The primary text.
    public var title: String?
    /// The secondary text.
    public var subtitle: String?
    /// A short text shown as an accessory, e.g. at a row's right end.
    public var accessoryTitle: String?
    /// A longer text that describes the content.
    public var descriptionText: String?
    /// Free-form metadata associated with the model, e.g. external identifiers.
    public var metadata: JSONDictionary?
    /// Data to log alongside impressions of and interactions with the component.
    public var loggingData: JSONDictionary?
    /// Free-form data for the component that renders the model.
    public var customData: JSONDictionary?

    /// Fields with no values.
    public init() {}

    /// Fields with no values, made once: comparing with it makes and frees no value.
    static let none = ComponentFields()

    /// The text fields, in the order tools list them.
    public static let texts: [ComponentField<String>] = [
        ComponentField("group", \.groupIdentifier, json: "group", meaning: "The group it belongs to among its siblings."),
        ComponentField("title", \.title, json: "text", "title", meaning: "The primary text."),
        ComponentField("subtitle", \.subtitle, json: "text", "subtitle", meaning: "The secondary text."),
        ComponentField("accessory", \.accessoryTitle, json: "text", "accessory",
            meaning: "A short text shown as an accessory, e.g. at a row's right end."),
        ComponentField("description", \.descriptionText, json: "text", "description",
            meaning: "A longer text that describes the content."),
    ]

    /// The data fields: JSON objects, into which added JSON is merged (its keys win).
    public static let data: [ComponentField<JSONDictionary>] = [
        ComponentField("metadata", \.metadata, json: "metadata", meaning: "Free-form metadata, e.g. external identifiers."),
        ComponentField("logging", \.loggingData, json: "logging",
            meaning: "Data to log with impressions of and interactions with the component."),
        ComponentField("custom", \.customData, json: "custom", meaning: "Free-form data for the component that draws it."),
    ]
}

/// One plain field of a component model: where it is kept, how JSON and Lua name it, and what
/// it means.
public struct ComponentField<Value: Sendable>: Sendable {
    /// The field's name in Lua (`row.accessory`, `model.accessory`) and in custom schemas
    /// (`component = { accessory = { ... } }`).
    public let name: String
    /// Where the field's value is kept.
    public let keyPath: any WritableKeyPath<ComponentFields, Value?> & Sendable
    /// The keys the default JSON schema reads the field from and serialization writes it to,
    /// e.g. `["text", "accessory"]`.
    public let defaultJSONKeys: [String]
    /// What the field holds, in one line, for authors (docs/components.md lists it).
    public let meaning: String

    init(
        _ name: String, _ keyPath: any WritableKeyPath<ComponentFields, Value?> & Sendable, json keys: String...,
        meaning: String
    ) {
        self.name = name
        self.keyPath = keyPath
        defaultJSONKeys = keys
        self.meaning = meaning
    }

    /// The position of the field whose value is kept at `keyPath` in `fields`. Every property of
    /// ``ComponentFields`` has a row in ``ComponentFields/texts`` or ``ComponentFields/data``
    /// (a test checks it), so a missing one is a programming error.
    static func position(of keyPath: WritableKeyPath<ComponentFields, Value?>, in fields: [ComponentField]) -> Int {
        guard let position = fields.firstIndex(where: { $0.keyPath == keyPath }) else {
            preconditionFailure("\(keyPath) has no row in ComponentFields.texts or ComponentFields.data")
        }
        return position
    }
}
