internal import LuaBridge

extension HubAPI {
    /// Which `hub` table holds a name.
    package enum Scope: Sendable {
        /// The table every feature folder shares.
        case shared
        /// A folder's own table (over the shared one): what the name registers belongs to the
        /// folder, and is rolled back when it reloads.
        case folder
    }

    /// One name of the `hub` table and what serves it, in the table its scope names.
    package enum Entry {
        /// In the table every folder shares.
        case shared(Member<RuntimeBindings>)
        /// In each folder's own table.
        case folder(Member<FolderPlace>)

        /// The name, `json`.
        package var name: String {
            switch self {
            case .shared(let member): member.name
            case .folder(let member): member.name
            }
        }

        package var scope: Scope {
            switch self {
            case .shared: .shared
            case .folder: .folder
            }
        }

        /// The names of its members when it is a table (`encode`, ... for `json`), else none.
        package var memberNames: [String] {
            switch self {
            case .shared(let member): member.memberNames
            case .folder(let member): member.memberNames
            }
        }

        /// The member, when it is in the shared table.
        var shared: Member<RuntimeBindings>? {
            if case .shared(let member) = self { member } else { nil }
        }

        /// The member, when it is in a folder's own table.
        var folder: Member<FolderPlace>? {
            if case .folder(let member) = self { member } else { nil }
        }
    }

    /// What a folder's own table is made for: the runtime's bindings, and the folder.
    package struct FolderPlace {
        let bindings: RuntimeBindings
        let folder: FeatureFolder
    }

    /// A name of one table and what it holds there, made for `Place`: the runtime's bindings
    /// for the shared table, a ``FolderPlace`` for a folder's own.
    package struct Member<Place> {
        package let name: String
        /// The names of its members when it holds a table, sub-tables' as `table.name`.
        package let memberNames: [String]
        /// The library of this one name, for `place`.
        let make: (Place) throws(LuaError) -> LuaLibrary

        /// `name`, a table of `members`.
        static func table(_ name: String, _ members: [Member]) -> Member {
            let names = members.flatMap { member in [member.name] + member.memberNames.map { member.name + "." + $0 } }
            return Member(name: name, memberNames: names) { place throws(LuaError) in
                LuaLibrary([(name, .table(try HubAPI.library(members, at: place)))])
            }
        }
    }

    /// The library of `members`, in order, made for `place`.
    static func library<Place>(_ members: [Member<Place>], at place: Place) throws(LuaError) -> LuaLibrary {
        var library = LuaLibrary([])
        for member in members { library = library + (try member.make(place)) }
        return library
    }
}

extension HubAPI.Member where Place == RuntimeBindings {
    /// `name`, the method `method` of the binding at `owner`, costing `cost` instructions a call.
    static func function<Owner: AnyObject>(
        _ name: String, _ owner: KeyPath<RuntimeBindings, Owner>, cost: Int = LuaBridge.defaultCallCost,
        _ method: @escaping (Owner) -> (LuaStack) throws -> Int32
    ) -> Self {
        Self(name: name, memberNames: []) { bindings in LuaLibrary(bindings[keyPath: owner], cost: cost, [name: method]) }
    }

    /// `name`, the Lua value a binding made (a marker, a function written in Lua).
    static func value(_ name: String, _ reference: KeyPath<RuntimeBindings, LuaReference>) -> Self {
        Self(name: name, memberNames: []) { bindings in LuaLibrary([(name, .value(bindings[keyPath: reference]))]) }
    }
}

extension HubAPI.Member where Place == HubAPI.FolderPlace {
    /// `name`, the method `method` of the binding at `owner`, called with the folder.
    static func function<Owner: AnyObject>(
        _ name: String, _ owner: KeyPath<RuntimeBindings, Owner>,
        _ method: @escaping (Owner) -> (LuaStack, FeatureFolder) throws -> Int32
    ) -> Self {
        Self(name: name, memberNames: []) { place in LuaLibrary(place.bindings[keyPath: owner], folder: place.folder, [name: method]) }
    }

    /// `name`, the function `function`, called with the folder.
    static func function(_ name: String, _ function: @escaping (LuaStack, FeatureFolder) throws -> Int32) -> Self {
        Self(name: name, memberNames: []) { place in
            // The function holds the folder alone: the bindings would keep themselves alive.
            let folder = place.folder
            return LuaLibrary([(name, .function({ try function($0, folder) }, cost: LuaBridge.defaultCallCost))])
        }
    }

    /// `name`, a table that the binding at `owner` makes for the folder with `make`, given its
    /// members: the binding's calls, each named as its raw value (for functions the binding
    /// writes in Lua, which wait).
    static func table<Owner: AnyObject, Call: RawRepresentable & CaseIterable>(
        _ name: String, _ owner: KeyPath<RuntimeBindings, Owner>,
        _ make: @escaping (Owner) -> (FeatureFolder, [Call]) throws(LuaError) -> LuaReference, _ members: Call.Type
    ) -> Self where Call.RawValue == String {
        let members = Array(members.allCases)
        return Self(name: name, memberNames: members.map(\.rawValue)) { place throws(LuaError) in
            LuaLibrary([(name, .value(try make(place.bindings[keyPath: owner])(place.folder, members)))])
        }
    }
}
