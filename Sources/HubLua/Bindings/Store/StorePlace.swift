import HubCore
import HubRender
internal import LuaBridge

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
    /// The namespaces the caller's features ask to share, granted or not.
    private let declared: Set<String>
    /// The features loaded, when the caller has no feature of its own: a namespace to name.
    private let loaded: [String]

    /// The place of a call on `call`'s thread by a script of `folder`, under the operator's
    /// `grants`; why there is none.
    static func of(
        _ call: LuaStack, runner: ScriptRunner, manager: HubManager, folder: FeatureFolder, grants: HubGrants
    ) -> Result<StorePlace, StoreFailure> {
        let run = runner.run(of: call)
        let callers = CallerRights.features(of: folder, runFeature: run?.featureIdentifier, in: manager.featureRegistry)
        guard let first = callers.first else {
            if run == nil, runner.mayPassTime(on: call) {
                return .success(StorePlace(
                    feature: nil, limits: StoreLimits(), operation: nil, run: nil, allowed: nil,
                    loaded: manager.featureRegistry.all.map(\.identifier).sorted()))
            }
            return .failure(StoreFailure(.notAllowed, "the scripts of \(folder.displayPath) belong to no feature, so they have no namespace"))
        }
        let registrations = manager.featureRegistry.all
        let allowed = Set(callers.flatMap { caller in
            [caller.identifier] + (grants.shares[caller.identifier] ?? [])
                + caller.store.shares.filter { Self.owner(of: $0, in: registrations, grants: caller) }
        })
        return .success(StorePlace(
            feature: first.identifier, limits: first.store.limits, operation: (run as? LuaOperationRun)?.operation.name,
            run: run, allowed: allowed, declared: Set(callers.flatMap(\.store.shares))))
    }

    /// Whether the feature `namespace` names grants `caller` its namespace: it is in the same
    /// folder, or lists `caller` in `share_with`.
    private static func owner(of namespace: String, in registrations: [FeatureRegistration], grants caller: FeatureRegistration) -> Bool {
        guard let owner = registrations.first(where: { $0.identifier == namespace }) else { return false }
        return owner.resourceFolder == caller.resourceFolder || owner.store.shareWith.contains(caller.identifier)
    }

    private init(
        feature: String?, limits: StoreLimits, operation: String?, run: (any SuspendableRun)?, allowed: Set<String>?,
        declared: Set<String> = [], loaded: [String] = []
    ) {
        self.feature = feature
        self.limits = limits
        self.operation = operation
        self.run = run
        self.allowed = allowed
        self.declared = declared
        self.loaded = loaded
    }

    /// `namespace` (nil: the feature's own) when the caller may use it; otherwise why not.
    func namespace(_ namespace: String?) -> Result<String, StoreFailure> {
        guard let namespace = namespace ?? feature else {
            let example = loaded.first ?? "name"
            let named = loaded.count <= 4 ? loaded.joined(separator: ", ")
                : loaded.prefix(3).joined(separator: ", ") + ", ... (\(loaded.count) in all)"
            let features = loaded.isEmpty ? "" : " (the features loaded: \(named))"
            return .failure(StoreFailure(
                .notAllowed,
                "outside a feature folder, hub.store has no namespace of its own: name one, as "
                    + "hub.store.namespace(\"\(example)\")\(features), or start hub repl in the feature's folder"))
        }
        guard let allowed, let feature else { return .success(namespace) }
        guard allowed.contains(namespace) else {
            if declared.contains(namespace) {
                return .failure(StoreFailure(
                    .notAllowed,
                    "feature '\(feature)' may not use the namespace '\(namespace)': its owner has not shared it; the feature "
                        + "'\(namespace)' shares it with store = { share_with = { \"\(feature)\" } } in its hub.feature "
                        + "(or whoever runs Hub grants it)"))
            }
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
