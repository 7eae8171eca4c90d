internal import LuaBridge

extension LuaLibrary {
    /// A library of `owner`'s methods that belong to one feature folder, each called with the
    /// calling thread's stack and `folder`.
    init<Owner: AnyObject>(
        _ owner: Owner, folder: FeatureFolder,
        _ methods: KeyValuePairs<String, (Owner) -> (LuaStack, FeatureFolder) throws -> Int32>
    ) {
        self.init(methods.map { name, method in
            (name, .function({ [weak owner] stack in
                guard let owner else { throw LuaLibrary.ownerGone }
                return try method(owner)(stack, folder)
            }, cost: LuaBridge.defaultCallCost))
        })
    }
}
