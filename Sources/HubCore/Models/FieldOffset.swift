/// Where a plain field is kept in ``ComponentFields``: its stored property's offset, read with a
/// load and written with a store (a key path projection costs hundreds of instructions, more
/// than the access), or the key path itself for a property that is not stored.
struct FieldOffset<Value: Sendable>: Sendable {
    private let offset: Int?
    private let keyPath: any WritableKeyPath<ComponentFields, Value?> & Sendable

    init(_ keyPath: any WritableKeyPath<ComponentFields, Value?> & Sendable) {
        offset = MemoryLayout<ComponentFields>.offset(of: keyPath)
        self.keyPath = keyPath
    }

    /// The field's value in the fields at `fields`, the one field copied out.
    func value(at fields: UnsafePointer<ComponentFields>) -> Value? {
        guard let offset else { return fields.pointee[keyPath: keyPath] }
        return (UnsafeRawPointer(fields) + offset).assumingMemoryBound(to: Value?.self).pointee
    }

    /// Whether the field has a value in the fields at `fields`, read in place.
    func isPresent(in fields: UnsafePointer<ComponentFields>) -> Bool {
        guard let offset else { return fields.pointee[keyPath: keyPath] != nil }
        if case .some = (UnsafeRawPointer(fields) + offset).assumingMemoryBound(to: Value?.self).pointee { return true }
        return false
    }

    /// Sets the field to `value` in `fields`.
    func set(_ value: Value?, in fields: inout ComponentFields) {
        guard let offset else {
            fields[keyPath: keyPath] = value
            return
        }
        withUnsafeMutableBytes(of: &fields) { bytes in
            // The stored property at `offset` is a `Value?`: the assignment releases the old
            // value and keeps the new one, as setting the property does.
            bytes.baseAddress.map { ($0 + offset).assumingMemoryBound(to: Value?.self).pointee = value }
        }
    }
}

extension ComponentFields {
    /// Where the fields of ``texts`` are kept, in that order.
    static let textOffsets = texts.map { FieldOffset($0.keyPath) }
    /// Where the fields of ``data`` are kept, in that order.
    static let dataOffsets = data.map { FieldOffset($0.keyPath) }

    /// Sets the field at `position` of ``texts`` to `value`: for a bridge that sets fields by
    /// position, with a store where a key path would cost more than the write.
    package mutating func setText(at position: Int, to value: String?) {
        Self.textOffsets[position].set(value, in: &self)
    }
}
