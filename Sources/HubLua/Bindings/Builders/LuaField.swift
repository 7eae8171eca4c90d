internal import LuaBridge

/// One field of a builder class as scripts know it: its Lua name, what it holds and what it
/// means, and the property that reads and sets it on a builder. The lists of these
/// (`BuilderBindings.componentFields`, `imageFields`, `targetFields`, `viewFields`) are the one
/// source of a class's properties, of the keys its tables take (`view:body { ... }`), and of the
/// reference tables of docs/components.md, which a test renders from them.
struct LuaField<Object: AnyObject> {
    /// The field's name in Lua, e.g. `title`.
    let name: String
    /// What it holds, for authors, in Markdown: `string`, `` `namespace:name` ``, `JSON object`.
    let type: String
    /// What it is, in one line of Markdown.
    let meaning: String
    /// How a builder reads and sets it; nil for a field that models have and builders make
    /// through a method instead (a component's `children`, made by `row:child(id)`).
    let property: LuaProperty<Object>?

    /// A field of models and builders alike.
    init(_ name: String, _ type: String, _ meaning: String, _ property: LuaProperty<Object>) {
        self.name = name
        self.type = type
        self.meaning = meaning
        self.property = property
    }

    /// A field of models that builders make through a method, as `meaning` says.
    init(modelOnly name: String, _ type: String, _ meaning: String) {
        self.name = name
        self.type = type
        self.meaning = meaning
        property = nil
    }

    /// The properties of `fields`, by name: what the class registers.
    static func properties(_ fields: [LuaField]) -> [String: LuaProperty<Object>] {
        Dictionary(uniqueKeysWithValues: fields.compactMap { field in field.property.map { (field.name, $0) } })
    }
}
