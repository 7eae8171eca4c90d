/// What an error table says: a table a script raised with a string `message` and `domain`
/// (Hub's own error tables, `ctx.error`, or one the script made), and maybe a `code`, a
/// `location` and `passed_on`, the places it was handed on at before.
package struct RaisedErrorTable {
    package var message: String
    package var domain: String
    package var code: Int?
    package var location: String?
    package var passedOn: [String] = []
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
        return RaisedErrorTable(
            message: message, domain: domain, code: integer(at: -2), location: string(at: -1), passedOn: passedOn(of: table))
    }

    /// `[-0, +0]` The strings of the list in the field `passed_on` of the table at `index`
    /// (absolute); none when it is not a list.
    package func passedOn(of table: Int32) -> [String] {
        rawField(table, "passed_on")
        defer { pop() }
        guard type(at: -1) == .table else { return [] }
        var places: [String] = []
        for index in 1...max(1, min(rawLength(-1), Self.passedOnLimit)) {
            rawIndex(-1, index)
            defer { pop() }
            guard type(at: -1) == .string, let place = string(at: -1) else { break }
            places.append(place)
        }
        return places
    }

    /// The most places of `passed_on` read: an error handed on in a loop keeps the first ones.
    package static let passedOnLimit = 20
}
