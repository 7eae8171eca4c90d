/// What a builder reading a JSON value with a schema would skip for its type, and the
/// components the value names: what `hub check --strict` reports about JSON content.
public struct JSONLint: Sendable {
    /// A value of the wrong type for the property the schema reads there; builders skip it.
    public struct Mistyped: Sendable, CustomStringConvertible {
        /// Where the value is.
        public var pointer: JSONPointer
        /// The property the schema reads there, e.g. `component title`.
        public var property: String
        /// What the schema accepts there, e.g. `a string`.
        public var expected: String
        /// The value found instead.
        public var found: JSONValue

        public var description: String {
            "\(pointer): the \(property) should be \(expected), not \(JSONLint.describe(found)); it is skipped"
        }
    }

    /// A component a component model names (`namespace:name`), and where.
    public struct ComponentUse: Sendable {
        /// Where the name is.
        public var pointer: JSONPointer
        /// The component named, with the default namespace when the name has none.
        public var identifier: Identifier
    }

    /// The values of the wrong type, in document order of the schema's properties.
    public var mistyped: [Mistyped] = []
    /// The components named, in order.
    public var components: [ComponentUse] = []

    /// `value` in a message: its JSON, shortened to 40 characters.
    static func describe(_ value: JSONValue) -> String {
        let text = value.serialized()
        return text.count > 40 ? String(text.prefix(39)) + "…" : text
    }
}

extension JSONSchema {
    /// Reads `value` as ``ViewModelBuilder/addJSON(value:source:)`` does with this schema (a view
    /// model object, or an array of body component objects) and reports the values it would
    /// skip for their type (null is never reported: it means "none") and the components named,
    /// resolving names without a namespace to `defaults.namespace`.
    public func lint(_ value: JSONValue, defaults: ComponentDefaults = .standard) -> JSONLint {
        var linter = JSONLinter(schema: self, defaults: defaults)
        switch value {
        case .object(let dictionary):
            linter.lintView(dictionary, at: JSONPointer())
        case .array(let items):
            for (index, item) in items.enumerated() {
                guard let dictionary = item.objectValue else { continue }
                linter.lintComponent(dictionary, at: JSONPointer([.index(index)]))
            }
        default:
            break
        }
        return linter.lint
    }
}

/// Walks JSON as ``JSONReader`` reads it, collecting a ``JSONLint``.
private struct JSONLinter {
    let schema: JSONSchema
    let defaults: ComponentDefaults
    var lint = JSONLint()

    mutating func lintView(_ json: JSONDictionary, at base: JSONPointer) {
        let paths = schema.viewModelSchema
        read(paths.identifier, "view identifier", json, base)
        read(paths.navigationBarTitle, "view title", json, base)
        read(paths.customData, "view custom data", json, base)
        for (header, pointer) in read(paths.header, "header", json, base) { lintComponent(header, at: pointer) }
        for (body, pointer) in read(paths.body, "body component", json, base) { lintComponent(body, at: pointer) }
        for (overlay, pointer) in read(paths.overlays, "overlay component", json, base) { lintComponent(overlay, at: pointer) }
    }

    mutating func lintComponent(_ json: JSONDictionary, at base: JSONPointer) {
        let paths = schema.componentModelSchema
        read(paths.identifier, "component identifier", json, base)
        for (name, pointer) in read(paths.componentIdentifier, "component name", json, base) {
            let parts = name.split(separator: ":", omittingEmptySubsequences: false)
            let identifier = parts.count >= 2
                ? Identifier(namespace: String(parts[0]), name: String(parts[1]))
                : Identifier(namespace: defaults.namespace, name: name)
            lint.components.append(JSONLint.ComponentUse(pointer: pointer, identifier: identifier))
        }
        read(paths.componentCategory, "component category", json, base)
        for field in ComponentFields.texts { read(paths[field], "component \(field.name)", json, base) }
        for field in ComponentFields.data { read(paths[field], "component \(field.name) data", json, base) }
        for (image, pointer) in read(paths.mainImageData, "main image", json, base) { lintImage(image, at: pointer) }
        for (image, pointer) in read(paths.backgroundImageData, "background image", json, base) { lintImage(image, at: pointer) }
        for (images, pointer) in read(paths.customImageData, "custom images", json, base) {
            for (identifier, value) in images.sorted(by: { $0.key < $1.key }) {
                let imagePointer = pointer.appending(.key(identifier))
                guard let image = value.objectValue else {
                    if value != .null { mistyped(value, "custom image", expected: "an object", at: imagePointer) }
                    continue
                }
                lintImage(image, at: imagePointer)
            }
        }
        read(paths.iconIdentifier, "icon", json, base)
        for (target, pointer) in read(paths.target, "target", json, base) { lintTarget(target, at: pointer) }
        for (child, pointer) in read(paths.children, "child component", json, base) { lintComponent(child, at: pointer) }
    }

    mutating func lintImage(_ json: JSONDictionary, at base: JSONPointer) {
        let paths = schema.componentImageDataSchema
        read(paths.url, "image URI", json, base)
        read(paths.placeholderIconIdentifier, "image placeholder", json, base)
        read(paths.localImage, "local image", json, base)
        read(paths.customData, "image custom data", json, base)
    }

    mutating func lintTarget(_ json: JSONDictionary, at base: JSONPointer) {
        let paths = schema.componentTargetSchema
        read(paths.uri, "target URI", json, base)
        for (view, pointer) in read(paths.initialViewModel, "target's initial view", json, base) { lintView(view, at: pointer) }
        for (action, pointer) in read(paths.actionIdentifiers, "target action", json, base) where Identifier(string: action) == nil {
            mistyped(.string(action), "target action", expected: "an identifier 'namespace:name'", at: pointer)
        }
        read(paths.customData, "target custom data", json, base)
    }

    /// The values `path` reads from `json` (at `base`) that pass its type check, with where they
    /// are; the others (null aside) are reported as mistyped values of `property`.
    @discardableResult
    private mutating func read<Value>(
        _ path: TypedJSONPath<Value>, _ property: String, _ json: JSONDictionary, _ base: JSONPointer
    ) -> [(Value, JSONPointer)] {
        var values: [(Value, JSONPointer)] = []
        for (value, typed, pointer) in path.locatedValues(from: json, at: base) {
            if let typed {
                values.append((typed, pointer))
            } else if value != .null {
                mistyped(value, property, expected: path.expected, at: pointer)
            }
        }
        return values
    }

    private mutating func mistyped(_ value: JSONValue, _ property: String, expected: String, at pointer: JSONPointer) {
        lint.mistyped.append(JSONLint.Mistyped(pointer: pointer, property: property, expected: expected, found: value))
    }
}
