import HubCore

/// The features whose rights a script's call has. Code runs with the rights of the folder that
/// wrote it, wherever it runs: in a run of one of the folder's own features (its operation, an
/// action in one of its views), that feature's; anywhere else — a timer's callback, an
/// operation an app-wide folder prepended to another folder's feature, an action performed in
/// another folder's view — those of all of the folder's own features, and none of the feature
/// it runs for.
enum CallerRights {
    /// The registrations whose rights a call by a script of `folder` has, made in a run of the
    /// feature `runFeature` (nil: outside every run); empty for a folder that registered none.
    static func features(of folder: FeatureFolder, runFeature: String?, in registry: FeatureRegistry) -> [FeatureRegistration] {
        let own = registry.all.filter { $0.resourceFolder == folder.path }
        if let runFeature, let feature = own.first(where: { $0.identifier == runFeature }) { return [feature] }
        return own
    }

    /// What a call by a script of `folder` in a run of `runFeature` may fetch: its features'
    /// hosts, which do not cover by a wildcard what other folders' features list exactly.
    static func network(of folder: FeatureFolder, runFeature: String?, in registry: FeatureRegistry) -> HTTPPolicy {
        let policies = features(of: folder, runFeature: runFeature, in: registry).map(\.network)
        var policy = policies.dropFirst().reduce(policies.first ?? HTTPPolicy()) { $0.union($1) }
        policy.claimedElsewhere = registry.all.filter { $0.resourceFolder != folder.path }.flatMap { $0.network.hosts.filter(\.isExact) }
        return policy
    }

    /// The part of the HTTP cache a call by a script of `folder` in a run of `runFeature` uses,
    /// as browsers keep one per site: one per feature for its operations, one per folder for
    /// the rest of its code.
    static func partition(of folder: FeatureFolder, runFeature: String?, in registry: FeatureRegistry) -> String {
        let rights = features(of: folder, runFeature: runFeature, in: registry)
        if let runFeature, rights.count == 1, rights[0].identifier == runFeature { return "feature \(runFeature)" }
        return "folder \(folder.path)"
    }
}
