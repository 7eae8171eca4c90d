/// The methods of a Lua class, by name, each called as `object:name(...)` (arguments start at
/// index 2) and costing the running budget a number of instructions per call. Tables of
/// methods that cost differently are joined with `+`.
package struct LuaMethods<Object: AnyObject>: ExpressibleByDictionaryLiteral {
    /// A method: reads its arguments, pushes its results and returns their count.
    package typealias Body = (LuaStack, Object) throws -> Int32

    /// The methods, in the order they are declared.
    package let members: [(name: String, body: Body, cost: Int)]
    /// The staged methods, by name: those that make handles in C (`hub_class_stage`).
    private(set) var staging: [String: LuaStaging] = [:]

    /// Methods given as functions (static methods or closures), each costing `cost` a call.
    package init(cost: Int = LuaBridge.defaultCallCost, _ methods: KeyValuePairs<String, Body>) {
        members = methods.map { ($0, $1, cost) }
    }

    /// Methods given as functions costing the default a call: `["text": CanvasBindings.text]`.
    package init(dictionaryLiteral methods: (String, Body)...) {
        members = methods.map { ($0, $1, LuaBridge.defaultCallCost) }
    }

    /// `owner`'s methods (`"render": ScreenBindings.render`), each costing `cost` a call. They
    /// hold `owner` weakly, as `LuaLibrary` functions do.
    package init<Owner: AnyObject>(_ owner: Owner, cost: Int = LuaBridge.defaultCallCost, _ methods: KeyValuePairs<String, (Owner) -> Body>) {
        members = methods.map { name, method in
            (name, { [weak owner] stack, object in try method(try owner.orGone())(stack, object) }, cost)
        }
    }

    /// The methods of both tables.
    private init(members: [(name: String, body: Body, cost: Int)]) {
        self.members = members
    }

    /// The methods of `methods` followed by those of `other`.
    package static func + (methods: LuaMethods, other: LuaMethods) -> LuaMethods {
        var joined = LuaMethods(members: methods.members + other.members)
        joined.staging = methods.staging.merging(other.staging) { first, _ in first }
        return joined
    }

    /// These methods, those named in `steps` staged: called with a string identifier, such a
    /// method makes a handle of `handles`' class in C, reached from its object by the step
    /// given, and its object's Swift method runs only for other arguments.
    package func staging<Handle>(_ steps: [String: LuaHandleStep], handles: LuaClass<Handle>) -> LuaMethods {
        var staged = self
        for (name, step) in steps {
            staged.staging[name] = LuaStaging(step: step, pushHandleMetatable: handles.pushHandleMetatable)
        }
        return staged
    }
}

/// How a staged method makes handles: the step it gives them, and how to push their metatable.
package struct LuaStaging {
    package let step: LuaHandleStep
    package let pushHandleMetatable: (LuaStack) -> Void
}
