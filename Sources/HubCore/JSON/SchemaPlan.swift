/// Where a schema's paths lead in JSON objects, when every path is a plain key path (keys,
/// followed by one `forEach` for the lists alone), with ASCII keys, and no key holds two
/// properties or both a property and an object of others. The default schema is such a schema;
/// JSON read with one is read straight from its bytes (SchemaPlan+Read.swift).
struct SchemaPlan {
    /// A view model object's keys.
    enum ViewSlot { case identifier, title, customData, header, body, overlays }
    /// A component model object's keys; `text` and `data` are positions in
    /// ``ComponentFields/texts`` and ``ComponentFields/data``.
    enum ComponentSlot { case identifier, componentIdentifier, category, text(Int), data(Int), main, background, customImages, icon, target, children }
    /// An image object's keys.
    enum ImageSlot { case url, placeholder, local, customData }
    /// A target object's keys.
    enum TargetSlot { case uri, view, actions, customData }

    let view: KeyTrie<ViewSlot>
    let component: KeyTrie<ComponentSlot>
    let image: KeyTrie<ImageSlot>
    let target: KeyTrie<TargetSlot>

    /// The plan of `schema`; nil when it has a path of another kind or keys that overlap.
    init?(_ schema: JSONSchema) {
        let viewPaths = schema.viewModelSchema
        let componentPaths = schema.componentModelSchema
        let imagePaths = schema.componentImageDataSchema
        let targetPaths = schema.componentTargetSchema
        let texts = componentPaths.textPaths.enumerated().map { KeyTrie<ComponentSlot>.Row($0.element, .text($0.offset)) }
        let data = componentPaths.dataPaths.enumerated().map { KeyTrie<ComponentSlot>.Row($0.element, .data($0.offset)) }
        guard
            let view = KeyTrie<ViewSlot>([
                .init(viewPaths.identifier, .identifier), .init(viewPaths.navigationBarTitle, .title),
                .init(viewPaths.customData, .customData), .init(viewPaths.header, .header),
                .init(viewPaths.body, .body, isList: true), .init(viewPaths.overlays, .overlays, isList: true),
            ]),
            let component = KeyTrie<ComponentSlot>([
                .init(componentPaths.identifier, .identifier), .init(componentPaths.componentIdentifier, .componentIdentifier),
                .init(componentPaths.componentCategory, .category), .init(componentPaths.mainImageData, .main),
                .init(componentPaths.backgroundImageData, .background), .init(componentPaths.customImageData, .customImages),
                .init(componentPaths.iconIdentifier, .icon), .init(componentPaths.target, .target),
                .init(componentPaths.children, .children, isList: true),
            ] + texts + data),
            let image = KeyTrie<ImageSlot>([
                .init(imagePaths.url, .url), .init(imagePaths.placeholderIconIdentifier, .placeholder),
                .init(imagePaths.localImage, .local), .init(imagePaths.customData, .customData),
            ]),
            let target = KeyTrie<TargetSlot>([
                .init(targetPaths.uri, .uri), .init(targetPaths.initialViewModel, .view),
                .init(targetPaths.actionIdentifiers, .actions, isList: true), .init(targetPaths.customData, .customData),
            ])
        else { return nil }
        self.view = view
        self.component = component
        self.image = image
        self.target = target
    }
}

/// The keys of one kind of object that lead to its properties (`Slot`s): each key either holds
/// a property or an object with more keys.
struct KeyTrie<Slot> {
    struct Entry {
        /// The key's UTF-8 bytes (ASCII).
        let bytes: [UInt8]
        /// The key, for comparing keys that have escapes or are not ASCII.
        let key: String
        /// The property the key's value holds.
        var slot: Slot?
        /// Whether that property reads only URI references.
        var checksURI = false
        /// The keys of the object the key's value holds.
        var child: KeyTrie?
        /// The properties read inside `child`: a repeated key replaces that object, so its
        /// properties start again from nothing.
        var slotsBelow: [Slot] = []
    }

    /// One property and its path.
    struct Row {
        let chain: (keys: [String], forEach: Bool)?
        let slot: Slot
        let isList: Bool
        let checksURI: Bool

        init<Value>(_ path: TypedJSONPath<Value>, _ slot: Slot, isList: Bool = false) {
            chain = path.plainKeys
            self.slot = slot
            self.isList = isList
            checksURI = path.checksURI
        }
    }

    private(set) var entries: [Entry] = []

    private init() {}

    /// The trie of `rows`; nil unless each row's path is a plain key path (ending in `forEach`
    /// exactly when the row is a list) of ASCII keys, and no key holds two properties or both
    /// a property and an object of others.
    init?(_ rows: [Row]) {
        for row in rows {
            guard let chain = row.chain, chain.forEach == row.isList, !chain.keys.isEmpty,
                chain.keys.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }),
                insert(chain.keys[...], row)
            else { return nil }
        }
    }

    /// Adds `row` at `keys`; false when that overlaps another row.
    private mutating func insert(_ keys: ArraySlice<String>, _ row: Row) -> Bool {
        guard let key = keys.first else { return false }
        let index = entries.firstIndex { $0.key == key } ?? {
            entries.append(Entry(bytes: Array(key.utf8), key: key))
            return entries.count - 1
        }()
        guard keys.count > 1 else {
            guard entries[index].slot == nil, entries[index].child == nil else { return false }
            entries[index].slot = row.slot
            entries[index].checksURI = row.checksURI
            return true
        }
        guard entries[index].slot == nil else { return false }
        var child = entries[index].child ?? KeyTrie()
        guard child.insert(keys.dropFirst(), row) else { return false }
        entries[index].child = child
        entries[index].slotsBelow.append(row.slot)
        return true
    }

    /// The position in ``entries`` of a plain ASCII key.
    func index(ascii key: UnsafeBufferPointer<UInt8>) -> Int? {
        // Compared byte by byte: the keys are few and short, which costs less than hashing.
        for position in entries.indices where entries[position].bytes.count == key.count {
            let bytes = entries[position].bytes
            var index = 0
            while index < key.count, bytes[index] == key[index] { index += 1 }
            if index == key.count { return position }
        }
        return nil
    }

    /// The position in ``entries`` of any other key, found as a dictionary finds keys
    /// (canonically equivalent strings are the same key).
    func index(of key: String) -> Int? {
        entries.firstIndex { $0.key == key }
    }
}
