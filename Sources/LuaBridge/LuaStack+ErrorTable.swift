/// What an error table says: a table a script raised with a string `message` and `domain`
/// (Hub's own error tables, `ctx.error`, or one the script made), and maybe a `code` and a
/// `location`.
package struct RaisedErrorTable {
    package var message: String
    package var domain: String
    package var code: Int?
    package var location: String?
}

extension LuaStack {
    /// `[-0, +0]` The error table at `index`; nil when the value there is not one.
    package func errorTable(at index: Int32) -> RaisedErrorTable? {
        guard type(at: index) == .table else { return nil }
        let table = absolute(index)
        rawField(table, "message")
        rawField(table, "domain")
        rawField(table, "code")
        rawField(table, "location")
        defer { pop(4) }
        guard let message = string(at: -4), let domain = string(at: -3) else { return nil }
        return RaisedErrorTable(message: message, domain: domain, code: integer(at: -2), location: string(at: -1))
    }
}
