import HubCore
import HubRender
import LuaBridge

/// Who makes a `hub.store` call: the feature whose namespace and limits apply (the running
/// operation's or action's, or else the first of the calling folder's features), the
/// namespaces it may use, and the run that waits for the call, if any. A REPL line or a test
/// case outside every feature folder may use any namespace it names.
struct StorePlace {
    /// The feature whose namespace a call without one uses; nil for a REPL line outside every
    /// feature folder.
    let feature: String?
    let limits: StoreLimits
    let operation: String?
    let run: (any SuspendableRun)?
    /// The namespaces the caller may use; nil: any.
    private let allowed: Set<String>?

    /// The place of a call on `call`'s thread by a script of `folder`; why there is none.
    static func of(_ call: LuaStack, runner: ScriptRunner, manager: HubManager, folder: FeatureFolder) -> Result<StorePlace, StoreFailure> {
        let run = runner.run(of: call)
        let registrations = manager.featureRegistry.all
        let callers: [FeatureRegistration]
        if let feature = run?.featureIdentifier {
            callers = registrations.filter { $0.identifier == feature }
        } else {
            callers = registrations.filter { $0.resourceFolder == folder.path }
        }
        guard let first = callers.first else {
            if run == nil, runner.mayPassTime(on: call) {
                return .success(StorePlace(feature: nil, limits: StoreLimits(), operation: nil, run: nil, allowed: nil))
            }
            return .failure(StoreFailure(.notAllowed, "the scripts of \(folder.displayPath) belong to no feature, so they have no namespace"))
        }
        let allowed = Set(callers.flatMap { [$0.identifier] + $0.store.shares })
        return .success(StorePlace(
            feature: first.identifier, limits: first.store.limits, operation: (run as? LuaOperationRun)?.operation.name,
            run: run, allowed: allowed))
    }

    private init(feature: String?, limits: StoreLimits, operation: String?, run: (any SuspendableRun)?, allowed: Set<String>?) {
        self.feature = feature
        self.limits = limits
        self.operation = operation
        self.run = run
        self.allowed = allowed
    }

    /// `namespace` (nil: the feature's own) when the caller may use it; otherwise why not.
    func namespace(_ namespace: String?) -> Result<String, StoreFailure> {
        guard let namespace = namespace ?? feature else {
            return .failure(StoreFailure(.notAllowed, "outside a feature folder, name the namespace: hub.store.namespace(name)"))
        }
        guard let allowed, let feature else { return .success(namespace) }
        guard allowed.contains(namespace) else {
            return .failure(StoreFailure(
                .notAllowed,
                "feature '\(feature)' may not use the namespace '\(namespace)' of another feature; to share it, declare "
                    + "store = { shares = { \"\(namespace)\" } } in its hub.feature"))
        }
        return .success(namespace)
    }

    /// The operation whose run makes the call, if one does.
    var operationInstance: LuaContentOperation? { (run as? LuaOperationRun)?.operation }
}
