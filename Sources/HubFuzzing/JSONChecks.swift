import HubCore

/// What must hold for any bytes read as JSON: the parser never crashes, and whatever it reads
/// survives a round trip; view models built from it serialize to JSON that reads back the same.
public enum JSONChecks {
    /// A custom schema over other keys, so that paths, `forEach` and `combine` get exercised.
    private static var customSchema: JSONSchema {
        var schema = JSONSchema()
        schema.viewModelSchema.body = JSONPath().goTo("items").forEach().dictionaryPath
        schema.componentModelSchema.identifier = JSONPath().goTo("id").combine(with: JSONPath().goTo("name")).stringPath
        schema.componentModelSchema.title = JSONPath().goTo("name").stringPath
        schema.componentModelSchema.subtitle = JSONPath().goTo("owner").goTo("login").stringPath
        schema.componentModelSchema.target = JSONPath().dictionaryPath
        schema.componentTargetSchema.uri = JSONPath().goTo("url").urlPath
        return schema
    }

    /// Checks `bytes`; traps (for the fuzzer to report) when an invariant breaks.
    public static func check(_ bytes: [UInt8]) {
        let value: JSONValue
        do {
            value = try bytes.withUnsafeBufferPointer { try JSONParser.parse(bytes: $0) }
        } catch {
            return
        }
        let text = value.serialized()
        guard let reread = try? JSONParser.parse(text) else { preconditionFailure("serialized JSON does not parse: \(text)") }
        precondition(reread == value, "JSON round trip changed the value: \(text)")
        precondition(value.serialized(pretty: true) == text || (try? JSONParser.parse(value.serialized(pretty: true))) == value)
        for schema in [JSONSchema.default, customSchema] {
            let builder = ViewModelBuilder(configuration: BuilderConfiguration(resolvesIcons: true), schema: schema)
            let readFromBytes = ViewModelBuilder(configuration: BuilderConfiguration(resolvesIcons: true), schema: schema)
            let bytesError = bytes.withUnsafeBufferPointer { buffer in
                Result { () throws(ContentError) in try readFromBytes.addJSON(bytes: buffer) }.error
            }
            let valueError = Result { () throws(ContentError) in try builder.addJSON(value: value) }.error
            precondition(bytesError == valueError, "reading bytes and reading the parsed value fail differently: \(text)")
            guard valueError == nil else { continue }
            let model = builder.build()
            // Components without an identifier get fresh random ones, which differ between builders.
            let fresh = text.contains("UnknownComponent:") || model.serialize().description.contains("UnknownComponent:")
            precondition(fresh || readFromBytes.build() == model, "reading bytes and reading the parsed value differ: \(text)")
            let json = model.serialize()
            let again = ViewModelBuilder(configuration: BuilderConfiguration(resolvesIcons: true))
            again.addJSON(dictionary: json)
            precondition(again.build().serialize() == json, "serializing a view model is not stable: \(text)")
        }
    }
}

extension Result {
    /// The error, when this is a failure.
    fileprivate var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
