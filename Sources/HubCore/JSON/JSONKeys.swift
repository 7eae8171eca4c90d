/// The structural keys of the default JSON schema (the JSON programming guide's), shared by the
/// default schema's paths and by serialization. The plain fields' keys are in
/// ``ComponentFields``.
enum JSONKey {
    static let identifier = "id"
    static let title = "title"
    static let header = "header"
    static let body = "body"
    static let overlays = "overlays"
    static let custom = "custom"
    static let component = "component"
    static let category = "category"
    static let images = "images"
    static let main = "main"
    static let background = "background"
    static let icon = "icon"
    static let target = "target"
    static let children = "children"
    static let uri = "uri"
    static let placeholder = "placeholder"
    static let local = "local"
    static let view = "view"
    static let actions = "actions"
}
