import HubCore
internal import HubSystem

extension HubDefaults.Server {
    /// Worker threads, each with its own runtime: one per core the process may run on.
    public static var workers: Int { AllowedCores.count }
}
