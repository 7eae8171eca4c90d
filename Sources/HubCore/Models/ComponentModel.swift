/// An immutable component model: what one component renders.
///
/// Its plain fields (`title`, `subtitle`, `customData`, ...) are those of ``ComponentFields``,
/// read as `model.title`. Two models are equal when every property except `index` and
/// `indexPath` is equal.
@dynamicMemberLookup
public struct ComponentModel: Equatable, Sendable {
    /// Every property, stored together.
    @usableFromInline struct Properties: Sendable {
        var identifier: String
        var type: ComponentType
        var index: Int
        var indexPath: [Int]
        var componentIdentifier: Identifier
        var componentCategory: String
        @usableFromInline var fields: ComponentFields
        var mainImageData: ComponentImageData?
        var backgroundImageData: ComponentImageData?
        var customImageData: [String: ComponentImageData]
        var icon: Icon?
        var target: ComponentTarget?
        var children: [ComponentModel]?
    }

    /// The properties behind one reference: copying a model into a view model, a diff or a
    /// layout is one retain rather than one per field, and a model reused from an earlier
    /// delivery compares equal by identity. Copy-on-write: only a uniquely held storage is
    /// mutated, which is what makes it safe to share across threads.
    @usableFromInline final class Storage: @unchecked Sendable {
        // Unchecked exclusivity: the properties change only in `modify`, of a storage no other
        // model holds, so no read can overlap a write; the runtime's check on every read of a
        // field cost a render and the JSON writer more than the read.
        @exclusivity(unchecked) @usableFromInline var properties: Properties
        init(_ properties: Properties) { self.properties = properties }
    }

    @usableFromInline var storage: Storage

    init(_ properties: Properties) {
        storage = Storage(properties)
    }

    /// Whether both are the same stored model (one was copied from the other, or both reused
    /// from the same earlier build).
    func sharesStorage(with other: ComponentModel) -> Bool {
        storage === other.storage
    }

    private mutating func modify(_ body: (inout Properties) -> Void) {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.properties) }
        body(&storage.properties)
    }

    /// The model's identifier, unique among its siblings.
    public var identifier: String {
        get { storage.properties.identifier }
        set { modify { $0.identifier = newValue } }
    }

    /// The layer the model belongs to: header, body or overlay.
    public var type: ComponentType {
        get { storage.properties.type }
        set { modify { $0.type = newValue } }
    }

    /// The position in the parent's children, or in the view's body or overlays.
    public var index: Int {
        get { storage.properties.index }
        set { modify { $0.index = newValue } }
    }

    /// Indices from the root list to this model, e.g. `[0, 1, 0]` for a grandchild.
    public var indexPath: [Int] {
        get { storage.properties.indexPath }
        set { modify { $0.indexPath = newValue } }
    }

    /// The component that renders this model (`namespace:name`).
    public var componentIdentifier: Identifier {
        get { storage.properties.componentIdentifier }
        set { modify { $0.componentIdentifier = newValue } }
    }

    /// The category used to pick a fallback component when the component is unknown.
    public var componentCategory: String {
        get { storage.properties.componentCategory }
        set { modify { $0.componentCategory = newValue } }
    }

    /// The texts and free-form data.
    public var fields: ComponentFields {
        get { storage.properties.fields }
        set { modify { $0.fields = newValue } }
    }

    /// The main image, if any.
    public var mainImageData: ComponentImageData? {
        get { storage.properties.mainImageData }
        set { modify { $0.mainImageData = newValue } }
    }

    /// The background image, if any.
    public var backgroundImageData: ComponentImageData? {
        get { storage.properties.backgroundImageData }
        set { modify { $0.backgroundImageData = newValue } }
    }

    /// Custom images by key; never nil, possibly empty.
    public var customImageData: [String: ComponentImageData] {
        get { storage.properties.customImageData }
        set { modify { $0.customImageData = newValue } }
    }

    /// Whether the model has any image data: main, background or custom.
    public var hasImageData: Bool {
        // Looked at in place: reading an optional image out of the storage would copy (and
        // retain) each of its strings.
        withStoredProperties { properties in
            if case .some = properties.pointee.mainImageData { return true }
            if case .some = properties.pointee.backgroundImageData { return true }
            return !properties.pointee.customImageData.isEmpty
        }
    }

    /// Runs `body` with the model's properties where its storage keeps them: reading a property
    /// through the pointer copies that property alone, and looking at whether an optional one
    /// is there copies nothing.
    func withStoredProperties<Result>(_ body: (UnsafePointer<Properties>) -> Result) -> Result {
        withUnsafeMutablePointer(to: &storage.properties) { body(UnsafePointer($0)) }
    }

    /// Runs `body` with the model's texts and data where its storage keeps them (see
    /// ``withStoredProperties(_:)``).
    func withStoredFields<Result>(_ body: (UnsafePointer<ComponentFields>) -> Result) -> Result {
        withUnsafeMutablePointer(to: &storage.properties.fields) { body(UnsafePointer($0)) }
    }

    /// The model's icon (only when an icon resolver exists).
    public var icon: Icon? {
        get { storage.properties.icon }
        set { modify { $0.icon = newValue } }
    }

    /// Where selecting the component leads; nil when it leads nowhere.
    public var target: ComponentTarget? {
        get { storage.properties.target }
        set { modify { $0.target = newValue } }
    }

    /// Child models in their resolved order; nil when there are none.
    public var children: [ComponentModel]? {
        get { storage.properties.children }
        set { modify { $0.children = newValue } }
    }

    /// A plain field, e.g. `model.title` (see ``ComponentFields``).
    // Inlinable, so that a caller's `model.title` reads the one field in place instead of going
    // through a generic key path projection and a copy of every field (renderers read several
    // fields of every component they draw).
    @inlinable public subscript<Value>(dynamicMember keyPath: WritableKeyPath<ComponentFields, Value>) -> Value {
        get { storage.properties.fields[keyPath: keyPath] }
        set { fields[keyPath: keyPath] = newValue }
    }

    /// The child at `index`, or nil when out of range.
    public func child(at index: Int) -> ComponentModel? {
        guard let children, children.indices.contains(index) else { return nil }
        return children[index]
    }

    /// The child with `identifier`, or nil.
    public func child(withIdentifier identifier: String) -> ComponentModel? {
        children?.first { $0.identifier == identifier }
    }

    /// The children in group `group`, in order; nil when there are none.
    public func children(inGroup group: String) -> [ComponentModel]? {
        let members = children?.filter { $0.fields.groupIdentifier == group } ?? []
        return members.isEmpty ? nil : members
    }

    public static func == (lhs: ComponentModel, rhs: ComponentModel) -> Bool {
        if lhs.sharesStorage(with: rhs) { return true }
        return lhs.identifier == rhs.identifier && lhs.type == rhs.type && lhs.componentIdentifier == rhs.componentIdentifier
            && lhs.componentCategory == rhs.componentCategory && lhs.fields == rhs.fields
            && lhs.mainImageData == rhs.mainImageData && lhs.backgroundImageData == rhs.backgroundImageData
            && lhs.customImageData == rhs.customImageData && lhs.icon == rhs.icon && lhs.target == rhs.target
            && lhs.children == rhs.children
    }
}
