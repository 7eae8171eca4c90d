import CLua

/// The type of a Lua value, as `lua_type` reports it.
package enum LuaType: Int32 {
    /// No value at that stack index.
    case none = -1
    case `nil` = 0
    case boolean = 1
    case lightUserdata = 2
    case number = 3
    case string = 4
    case table = 5
    case function = 6
    case userdata = 7
    case thread = 8

    /// The type of `lua_type`'s result `code`.
    package init(code: Int32) {
        self = LuaType(rawValue: code) ?? .none
    }
}
