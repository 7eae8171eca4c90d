/// How long the objects of a class may be used, for objects that belong to one run of scripts
/// (the builders a run of an operation was given): C defers their writes and makes their
/// handles only while their run is the one executing (`hub_object_block.run`, compared with
/// `hub_limits.run`, which ``LuaStack/executingRun`` sets), and leaves any other to Swift, which
/// raises once their run has ended instead of letting a write go nowhere.
package struct LuaRunLifetime<Object>: Sendable {
    /// The run `object` belongs to: a number no other run has; 0 for none (usable always).
    package let run: @Sendable (Object) -> UInt64
    /// What is wrong with using `object` once its run has ended, after the class's name (`used
    /// after its run ended ...`); nil while it lasts.
    package let ended: @Sendable (Object) -> String?

    package init(run: @escaping @Sendable (Object) -> UInt64, ended: @escaping @Sendable (Object) -> String?) {
        self.run = run
        self.ended = ended
    }
}
