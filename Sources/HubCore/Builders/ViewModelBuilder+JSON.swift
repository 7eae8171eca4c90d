// Adding JSON to builders. The builder's schema says where each property is; JSON only adds
// and merges into existing builders (matched by identifier), it never removes anything.

extension ViewModelBuilder {
    /// Adds JSON text: a view model object, or an array of body component objects.
    /// Throws a located ``ContentError`` when the text is empty, malformed or of the wrong type.
    public func addJSON(_ text: String, source: String? = nil) throws(ContentError) {
        var text = text
        let result = text.withUTF8 { bytes in
            Result { () throws(ContentError) in try addJSON(bytes: bytes, source: source) }
        }
        try result.get()
    }

    /// Adds UTF-8 JSON bytes; see ``addJSON(_:source:)``.
    public func addJSON(bytes: UnsafeBufferPointer<UInt8>, source: String? = nil) throws(ContentError) {
        guard !bytes.isEmpty else {
            throw ContentError(domain: JSONDomain.name, code: JSONDomain.emptyData, message: "empty JSON data", location: source)
        }
        // A schema of plain key paths (the default one is) is read straight from the bytes, in
        // one pass that builds no dictionaries but the data fields' (the general path parses,
        // then reads the dictionaries by path).
        guard let plan = store.schema.plan else {
            let value: JSONValue
            do {
                value = try JSONParser.parse(bytes: bytes)
            } catch {
                throw error.contentError(source: source)
            }
            return try addJSON(value: value, source: source)
        }
        let document: SchemaPlan.Document
        do {
            document = try plan.read(bytes)
        } catch {
            throw error.contentError(source: source)
        }
        switch document {
        case .view(let values): merge(values)
        case .components(let items): mergeBody(items)
        case .other: throw wrongTypeError(source: source)
        }
    }

    /// Adds a parsed JSON value: an object (view model) or an array (body components; elements
    /// that are not objects are skipped).
    public func addJSON(value: JSONValue, source: String? = nil) throws(ContentError) {
        switch value {
        case .object(let dictionary):
            addJSON(dictionary: dictionary)
        case .array(let items):
            let reader = JSONReader(schema: store.schema)
            mergeBody(items.compactMap(\.objectValue).map(reader.component))
        default:
            throw wrongTypeError(source: source)
        }
    }

    /// Merges a view model dictionary into this builder.
    public func addJSON(dictionary: JSONDictionary) {
        merge(JSONReader(schema: store.schema).view(dictionary))
    }

    private func merge(_ values: ViewModelValues) {
        let defaults = store.configuration.componentDefaults
        _ = store.root.modifyView(at: path[...]) { $0.merge(values, defaults: defaults) }
    }

    private func mergeBody(_ items: [ComponentValues]) {
        let defaults = store.configuration.componentDefaults
        _ = store.root.modifyView(at: path[...]) { $0.body.merge(items, defaults: defaults) }
    }

    private func wrongTypeError(source: String?) -> ContentError {
        ContentError(
            domain: JSONDomain.name, code: JSONDomain.invalidJSON,
            message: "JSON for a view model must be an object or an array", location: source)
    }
}

extension ComponentModelBuilder {
    /// Merges a component model dictionary into this builder.
    public func addJSON(dictionary: JSONDictionary) {
        let values = JSONReader(schema: store.schema).component(dictionary)
        let defaults = store.configuration.componentDefaults
        modify { $0.merge(values, defaults: defaults) }
    }
}
