import HubCore
internal import LuaBridge

/// Content errors as Lua tables: `message`, `domain`, `code`, `location`, `feature`,
/// `operation`, `action`, `traceback`, `passed_on` (the places it was handed on at), and
/// `text`, the full located description, which is also what `tostring` gives.
final class ErrorTables {
    /// The metatable of every error table.
    private let metatable: LuaReference

    init(lua: LuaState) {
        let stack = lua.stack
        stack.newTable(record: 2)
        LuaBridge.pushFunction(stack) { call in
            guard call.type(at: 1) == .table else { return 0 }
            call.rawField(1, "text")
            return 1
        }
        stack.setRawField(-2, "__tostring")
        stack.push(false)
        stack.setRawField(-2, "__metatable")
        metatable = lua.reference(popping: stack)
    }

    /// `[-0, +1]` Pushes `error` as a table, or nil.
    func push(_ stack: LuaStack, _ error: ContentError?) {
        guard let error else { return stack.pushNil() }
        stack.newTable(record: 10)
        stack.push(error.message); stack.setRawField(-2, "message")
        stack.push(error.domain); stack.setRawField(-2, "domain")
        stack.push(error.code); stack.setRawField(-2, "code")
        stack.push(optional: error.location); stack.setRawField(-2, "location")
        stack.push(optional: error.feature); stack.setRawField(-2, "feature")
        stack.push(optional: error.operation); stack.setRawField(-2, "operation")
        stack.push(optional: error.action); stack.setRawField(-2, "action")
        stack.push(optional: error.traceback); stack.setRawField(-2, "traceback")
        stack.newTable(array: error.passedOn.count)
        for (index, place) in error.passedOn.enumerated() {
            stack.push(place); stack.setRawIndex(-2, index + 1)
        }
        stack.setRawField(-2, "passed_on")
        stack.push(error.description); stack.setRawField(-2, "text")
        stack.push(metatable)
        stack.setMetatable(-2)
    }
}
