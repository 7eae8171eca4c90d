import HubCore
import HubRender
internal import LuaBridge

// The fields of `hub.ComponentBuilder` and of component models: one table, which the class
// registers, the tables given to `view:body { ... }` are checked against, and
// docs/components.md lists.

/// The Lua names of a component's structural fields (those that are not `ComponentFields`' texts
/// or data), written once: the field table below, the tables that describe component models
/// (LuaStack+ModelValues.swift) and the component keys of custom schemas (`SchemaBindings`)
/// all read them here.
enum ComponentFieldName {
    static let component = "component"
    static let category = "category"
    static let index = "index"
    static let type = "type"
    static let icon = "icon"
    static let mainImage = "main_image"
    static let backgroundImage = "background_image"
    static let customImages = "custom_images"
    static let target = "target"
    static let children = "children"
}

extension BuilderBindings {
    /// The fields of a component, in the order docs/components.md lists them: the properties of
    /// `hub.ComponentBuilder` (its id, read-only, position, component, category, the fields of
    /// `ComponentFields`, icon, images and target) and the fields only models have (`type`,
    /// `custom_images`, `children`: builders make those through methods). Strings set as the
    /// component or a text field are deferred (`LuaProperty.deferring`): the most common writes
    /// then cost a script about a host call instead of a crossing into Swift each. The position
    /// (`index`) is 1-based and any integer: one below 1 or past the end puts the component last
    /// (`math.mininteger` reads back one higher, as no 0-based position lies below it). A
    /// component set through a setter is noted in `origins` (while it traces).
    static func componentFields(origins: ComponentOrigins = ComponentOrigins()) -> [LuaField<ComponentModelBuilder>] {
        let head: [LuaField<ComponentModelBuilder>] = [
            LuaField(
                "id", "string", "Its identifier among its siblings, given when it is made (`view:body(id)`); read-only.",
                .readOnly { $0.push($1.modelIdentifier) }),
            LuaField(
                ComponentFieldName.component, "`namespace:name`",
                "The component that draws it; one that nothing registers is drawn by its category's fallback.",
                .deferring(
                    .identifier, get: { $0.push($1.componentIdentifier.description) },
                    set: { stack, builder, index in
                        let identifier = try stack.identifier(at: index)
                        builder.componentIdentifier = identifier
                        origins.note(identifier, stack)
                    })),
            LuaField(
                ComponentFieldName.category, "string",
                "Its category (`row` unless set), which picks the fallback for a component nothing registers.",
                .readWrite(
                    get: { $0.push($1.componentCategory) }, set: { $1.componentCategory = try $0.requiredString(at: $2) })),
            LuaField(
                ComponentFieldName.index, "integer", "Its 1-based position among its siblings (one out of range puts it last).",
                .readWrite(
                    get: { stack, builder in
                        if let index = builder.preferredIndex { stack.push(index.saturatingAdding(1)) } else { stack.pushNil() }
                    },
                    set: { $1.preferredIndex = try $0.optionalInteger(at: $2).map { $0.saturatingSubtracting(1) } })),
            LuaField(modelOnly: ComponentFieldName.type, "string", "Where it is in its view: `header`, `body` or `overlay` (models only)."),
        ]
        // The fields are reached through the builder's subscript called directly: a key path
        // with a subscript component would take the generic key path machinery on every access.
        let texts = ComponentFields.texts.map { field in
            let keyPath = field.keyPath
            return LuaField<ComponentModelBuilder>(
                field.name, "string", field.meaning,
                .deferring(
                    .text, get: { $0.push(optional: $1[dynamicMember: keyPath]) },
                    set: { $1[dynamicMember: keyPath] = try $0.optionalString(at: $2) }))
        }
        let data = ComponentFields.data.map { field in
            let keyPath = field.keyPath
            return LuaField<ComponentModelBuilder>(
                field.name, "JSON object", field.meaning,
                .readWrite(
                    get: { $0.push(optionalJSON: $1[dynamicMember: keyPath]) },
                    set: { $1[dynamicMember: keyPath] = try $0.optionalJSONObject(at: $2) }))
        }
        let tail: [LuaField<ComponentModelBuilder>] = [
            LuaField(
                ComponentFieldName.icon, "string", "Its icon's identifier (`play`, `heart`, `star`, …), drawn as a glyph.",
                .string(\.iconIdentifier)),
            LuaField(
                ComponentFieldName.mainImage, "image", "The main image (a row's icon, a card's picture).",
                .readWrite(
                    get: { image.push($0, $1.mainImageDataBuilder) },
                    set: { try applyImage($0, $2, to: $1.mainImageDataBuilder) })),
            LuaField(
                ComponentFieldName.backgroundImage, "image", "The background image (a header's).",
                .readWrite(
                    get: { image.push($0, $1.backgroundImageDataBuilder) },
                    set: { try applyImage($0, $2, to: $1.backgroundImageDataBuilder) })),
            LuaField(
                modelOnly: ComponentFieldName.customImages, "images by key",
                "Its other images; `row:custom_image(key)` gives the one for `key`, created if new."),
            LuaField(
                ComponentFieldName.target, "target", "Where selecting it leads: the URI it opens, the actions it performs.",
                .readWrite(get: { target.push($0, $1.targetBuilder) }, set: { try applyTarget($0, $2, to: $1.targetBuilder) })),
            LuaField(
                modelOnly: ComponentFieldName.children, "list of components",
                "Its child components, in order; `row:child(id)` gives the one for `id`, created if new."),
        ]
        return head + texts + data + tail
    }
}
