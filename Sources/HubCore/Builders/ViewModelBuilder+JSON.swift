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
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes: bytes)
        } catch {
            throw error.contentError(source: source)
        }
        try addJSON(value: value, source: source)
    }

    /// Adds a parsed JSON value: an object (view model) or an array (body components; elements
    /// that are not objects are skipped).
    public func addJSON(value: JSONValue, source: String? = nil) throws(ContentError) {
        switch value {
        case .object(let dictionary):
            addJSON(dictionary: dictionary)
        case .array(let items):
            let reader = JSONReader(store: store)
            _ = store.root.modifyView(at: path[...]) { reader.add(items.compactMap(\.objectValue), to: &$0.body) }
        default:
            throw ContentError(
                domain: JSONDomain.name, code: JSONDomain.invalidJSON,
                message: "JSON for a view model must be an object or an array", location: source)
        }
    }

    /// Merges a view model dictionary into this builder.
    public func addJSON(dictionary: JSONDictionary) {
        let reader = JSONReader(store: store)
        _ = store.root.modifyView(at: path[...]) { reader.add(dictionary, to: &$0) }
    }
}

extension ComponentModelBuilder {
    /// Merges a component model dictionary into this builder.
    public func addJSON(dictionary: JSONDictionary) {
        let reader = JSONReader(store: store)
        modify { reader.add(dictionary, to: &$0) }
    }
}
