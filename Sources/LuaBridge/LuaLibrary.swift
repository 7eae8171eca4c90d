/// Named functions, values and sub-tables registered into a Lua table at once, as Lua's own
/// libraries register a `luaL_Reg` array.
///
/// A binding lists its functions as unapplied methods (`"open": ScreenBindings.open`). The
/// functions hold their owner weakly, so the Lua state never keeps a binding alive, and one
/// called after its binding is gone (say, by a finalizer while the state closes) raises a Lua
/// error instead of touching freed memory.
package struct LuaLibrary {
    /// What one name of the table holds.
    package enum Member {
        /// A Swift function, and the instructions each call of it costs the running budget.
        case function(LuaFunction, cost: Int)
        /// A sub-table, e.g. `hub.json`.
        case table(LuaLibrary)
        /// The value a reference keeps, e.g. a marker table such as `hub.each`.
        case value(LuaReference)
    }

    /// The members, in the order they are registered.
    package let members: [(name: String, member: Member)]

    package init(_ members: [(name: String, member: Member)]) {
        self.members = members
    }

    /// A library of `owner`'s methods, each called with the calling thread's stack and costing
    /// `cost` instructions a call.
    package init<Owner: AnyObject>(
        _ owner: Owner, cost: Int = LuaBridge.defaultCallCost, _ methods: KeyValuePairs<String, (Owner) -> (LuaStack) throws -> Int32>
    ) {
        members = methods.map { name, method in
            (name, .function({ [weak owner] stack in
                guard let owner else { throw LuaLibrary.ownerGone }
                return try method(owner)(stack)
            }, cost: cost))
        }
    }

    /// What a function raises once its binding is gone.
    package static let ownerGone = LuaRaise(message: "the Hub runtime is gone")

    /// This library's members followed by `other`'s.
    package static func + (library: LuaLibrary, other: LuaLibrary) -> LuaLibrary {
        LuaLibrary(library.members + other.members)
    }
}

extension LuaStack {
    /// `[-0, +0]` Sets each member of `library` as a field of the table at `table`.
    package func register(_ library: LuaLibrary, into table: Int32) {
        let table = absolute(table)
        for (name, member) in library.members {
            switch member {
            case .function(let function, let cost): LuaBridge.pushFunction(self, cost: cost, function)
            case .table(let nested):
                newTable(record: nested.members.count)
                register(nested, into: -1)
            case .value(let reference): push(reference)
            }
            setRawField(table, name)
        }
    }
}

extension Optional {
    /// The wrapped owner of a Lua function, or the error a function raises once it is gone.
    package func orGone() throws -> Wrapped {
        guard let self else { throw LuaLibrary.ownerGone }
        return self
    }
}
