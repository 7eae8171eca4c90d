// Reading JSON bytes by a schema plan in one pass: each object's keys are looked up in the
// plan's trie and each property is read straight into its values (SchemaValues.swift), so no
// dictionary is built but for the data fields. Unknown keys' values are parsed and dropped.
// What is read is exactly what parsing the whole text, then reading the dictionaries with the
// schema's paths gives, and so are the errors: the parser's own member and element loops do
// the reading.

extension SchemaPlan {
    /// What a JSON text holds at its top.
    enum Document {
        /// A view model object.
        case view(ViewModelValues)
        /// An array: its elements that are objects, as body components.
        case components([ComponentValues])
        /// Any other value.
        case other
    }

    /// Reads the JSON text `bytes`.
    func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> Document {
        try JSONParser.parseDocument(bytes: bytes) { parser throws(JSONParseError) in
            switch parser.current {
            case UInt8(ascii: "{"): return .view(try readView(&parser, depth: 1))
            case UInt8(ascii: "["): return .components(try readComponents(&parser, depth: 0))
            default:
                _ = try parser.parseValue(depth: 0)
                return .other
            }
        }
    }

    /// Reads the view model object at the parser's position, nested `depth` deep.
    private func readView(_ parser: inout JSONParser, depth: Int) throws(JSONParseError) -> ViewModelValues {
        var values = ViewModelValues()
        try parser.readObject(depth: depth, trie: view) { slot in
            switch slot {
            case .identifier: values.identifier = nil
            case .title: values.title = nil
            case .customData: values.customData = nil
            case .header: values.header = nil
            case .body: values.body = []
            case .overlays: values.overlays = []
            }
        } read: { parser, slot, checksURI, depth throws(JSONParseError) in
            switch slot {
            case .identifier: values.identifier = try parser.readString(depth: depth, checksURI: checksURI)
            case .title: values.title = try parser.readString(depth: depth, checksURI: checksURI)
            case .customData: values.customData = try parser.parseValue(depth: depth).objectValue
            case .header: values.header = try parser.readObject(depth: depth) { parser, depth throws(JSONParseError) in try readComponent(&parser, depth: depth) }
            case .body: values.body = try readComponents(&parser, depth: depth)
            case .overlays: values.overlays = try readComponents(&parser, depth: depth)
            }
        }
        return values
    }

    /// Reads the array of component objects at the parser's position (a value `depth` deep):
    /// its elements that are objects; none when it is no array.
    private func readComponents(_ parser: inout JSONParser, depth: Int) throws(JSONParseError) -> [ComponentValues] {
        var items: [ComponentValues] = []
        try parser.readArray(depth: depth) { parser, depth throws(JSONParseError) in
            if let item = try parser.readObject(depth: depth, { parser, depth throws(JSONParseError) in try readComponent(&parser, depth: depth) }) {
                items.append(item)
            }
        }
        return items
    }

    /// Reads the component object at the parser's position, nested `depth` deep.
    private func readComponent(_ parser: inout JSONParser, depth: Int) throws(JSONParseError) -> ComponentValues {
        var values = ComponentValues()
        try parser.readObject(depth: depth, trie: component) { slot in
            switch slot {
            case .identifier: values.identifier = nil
            case .componentIdentifier: values.componentIdentifier = nil
            case .category: values.category = nil
            case .text(let position): ComponentFields.textOffsets[position].set(nil, in: &values.fields)
            case .data(let position): ComponentFields.dataOffsets[position].set(nil, in: &values.fields)
            case .main: values.main = nil
            case .background: values.background = nil
            case .customImages: values.customImages = [:]
            case .icon: values.icon = nil
            case .target: values.target = nil
            case .children: values.children = []
            }
        } read: { parser, slot, checksURI, depth throws(JSONParseError) in
            switch slot {
            case .identifier: values.identifier = try parser.readString(depth: depth, checksURI: checksURI)
            case .componentIdentifier: values.componentIdentifier = try parser.readString(depth: depth, checksURI: checksURI)
            case .category: values.category = try parser.readString(depth: depth, checksURI: checksURI)
            case .text(let position):
                ComponentFields.textOffsets[position].set(try parser.readString(depth: depth, checksURI: checksURI), in: &values.fields)
            case .data(let position):
                ComponentFields.dataOffsets[position].set(try parser.parseValue(depth: depth).objectValue, in: &values.fields)
            case .main: values.main = try parser.readObject(depth: depth) { parser, depth throws(JSONParseError) in try readImage(&parser, depth: depth) }
            case .background:
                values.background = try parser.readObject(depth: depth) { parser, depth throws(JSONParseError) in try readImage(&parser, depth: depth) }
            case .customImages: values.customImages = try readImages(&parser, depth: depth)
            case .icon: values.icon = try parser.readString(depth: depth, checksURI: checksURI)
            case .target: values.target = try parser.readObject(depth: depth) { parser, depth throws(JSONParseError) in try readTarget(&parser, depth: depth) }
            case .children: values.children = try readComponents(&parser, depth: depth)
            }
        }
        return values
    }

    /// Reads the object of image objects by identifier at the parser's position (a value
    /// `depth` deep): its members that are objects; none when it is no object.
    private func readImages(_ parser: inout JSONParser, depth: Int) throws(JSONParseError) -> [String: ImageValues] {
        var images: [String: ImageValues] = [:]
        guard parser.current == UInt8(ascii: "{") else {
            _ = try parser.parseValue(depth: depth)
            return images
        }
        try parser.parseMembers(depth: depth + 1) { parser throws(JSONParseError) in
            try parser.parseString()
        } value: { parser, identifier throws(JSONParseError) in
            // Assigned even when nil: of repeated identifiers, the last one's value counts.
            images[identifier] = try parser.readObject(depth: depth + 1) { parser, depth throws(JSONParseError) in try readImage(&parser, depth: depth) }
        }
        return images
    }

    /// Reads the image object at the parser's position, nested `depth` deep.
    private func readImage(_ parser: inout JSONParser, depth: Int) throws(JSONParseError) -> ImageValues {
        var values = ImageValues()
        try parser.readObject(depth: depth, trie: image) { slot in
            switch slot {
            case .url: values.url = nil
            case .placeholder: values.placeholder = nil
            case .local: values.local = nil
            case .customData: values.customData = nil
            }
        } read: { parser, slot, checksURI, depth throws(JSONParseError) in
            switch slot {
            case .url: values.url = try parser.readString(depth: depth, checksURI: checksURI)
            case .placeholder: values.placeholder = try parser.readString(depth: depth, checksURI: checksURI)
            case .local: values.local = try parser.readString(depth: depth, checksURI: checksURI)
            case .customData: values.customData = try parser.parseValue(depth: depth).objectValue
            }
        }
        return values
    }

    /// Reads the target object at the parser's position, nested `depth` deep.
    private func readTarget(_ parser: inout JSONParser, depth: Int) throws(JSONParseError) -> TargetValues {
        var values = TargetValues()
        try parser.readObject(depth: depth, trie: target) { slot in
            switch slot {
            case .uri: values.uri = nil
            case .view: values.view = nil
            case .actions: values.actions = []
            case .customData: values.customData = nil
            }
        } read: { parser, slot, checksURI, depth throws(JSONParseError) in
            switch slot {
            case .uri: values.uri = try parser.readString(depth: depth, checksURI: checksURI)
            case .view:
                values.view = try parser.readObject(depth: depth) { parser, depth throws(JSONParseError) in CopyOnWrite(try readView(&parser, depth: depth)) }
            case .actions:
                var actions: [Identifier] = []
                try parser.readArray(depth: depth) { parser, depth throws(JSONParseError) in
                    if let action = try parser.readString(depth: depth, checksURI: false).flatMap(Identifier.init(string:)) { actions.append(action) }
                }
                values.actions = actions
            case .customData: values.customData = try parser.parseValue(depth: depth).objectValue
            }
        }
        return values
    }
}

extension JSONParser {
    /// A member's key: its bytes when they are the key itself, else the key unescaped.
    enum MemberKey {
        case ascii(UnsafeBufferPointer<UInt8>)
        case decoded(String)
    }

    /// Reads the object at the current position, nested `depth` deep, by `trie`: a key holding a
    /// property has its value read by `read` (with whether the property reads only URI
    /// references, and the depth of values there); a key holding an object of others first
    /// `clear`s their properties (the object replaces any earlier one), then reads that object
    /// by its own trie; other keys' values are parsed and dropped.
    mutating func readObject<Slot>(
        depth: Int, trie: KeyTrie<Slot>, clear: (Slot) -> Void,
        read: (inout JSONParser, Slot, Bool, Int) throws(JSONParseError) -> Void
    ) throws(JSONParseError) {
        try parseMembers(depth: depth) { parser throws(JSONParseError) in
            let token = try parser.scanString()
            // Decoded only when it has to be: most keys are plain ASCII, compared as bytes.
            return token.isPlainASCII ? MemberKey.ascii(token.raw) : MemberKey.decoded(try parser.decode(token))
        } value: { parser, key throws(JSONParseError) in
            let found: Int?
            switch key {
            case .ascii(let bytes): found = trie.index(ascii: bytes)
            case .decoded(let string): found = trie.index(of: string)
            }
            guard let index = found else {
                _ = try parser.parseValue(depth: depth)
                return
            }
            if let slot = trie.entries[index].slot {
                try read(&parser, slot, trie.entries[index].checksURI, depth)
                return
            }
            trie.entries[index].slotsBelow.forEach(clear)
            guard parser.current == UInt8(ascii: "{"), let child = trie.entries[index].child else {
                _ = try parser.parseValue(depth: depth)
                return
            }
            try parser.readObject(depth: depth + 1, trie: child, clear: clear, read: read)
        }
    }

    /// What `read` reads from the object at the current position (a value `depth` deep; `read`
    /// gets the object's depth); nil, the value parsed and dropped, when it is no object.
    mutating func readObject<Result>(
        depth: Int, _ read: (inout JSONParser, Int) throws(JSONParseError) -> Result
    ) throws(JSONParseError) -> Result? {
        guard current == UInt8(ascii: "{") else {
            _ = try parseValue(depth: depth)
            return nil
        }
        return try read(&self, depth + 1)
    }

    /// Calls `readElement` with each element of the array at the current position (a value
    /// `depth` deep) and the depth of values there; when it is no array, parses and drops it.
    mutating func readArray(depth: Int, _ readElement: (inout JSONParser, Int) throws(JSONParseError) -> Void) throws(JSONParseError) {
        guard current == UInt8(ascii: "[") else {
            _ = try parseValue(depth: depth)
            return
        }
        try parseElements(depth: depth + 1) { parser throws(JSONParseError) in try readElement(&parser, depth + 1) }
    }

    /// The string at the current position (a value `depth` deep), when it is one (and a URI
    /// reference, when `checksURI`); else nil, the value parsed and dropped.
    mutating func readString(depth: Int, checksURI: Bool) throws(JSONParseError) -> String? {
        guard current == UInt8(ascii: "\"") else {
            _ = try parseValue(depth: depth)
            return nil
        }
        let string = try parseString()
        return !checksURI || URIReference.isValid(string) ? string : nil
    }
}
