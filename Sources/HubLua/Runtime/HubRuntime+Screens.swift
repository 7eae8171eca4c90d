import HubCore
import HubRender

extension HubRuntime {
    /// A screen for `uri`, opened by the manager (see ``HubManager/open(_:options:connectivity:initialViewModel:)``).
    /// The screen keeps the runtime alive, since its operations and components run here. When
    /// no feature handles `uri`, the error says which feature folders failed to load.
    public func open(
        _ uri: String, options: ScreenOptions = ScreenOptions(),
        connectivity: any ConnectivityStateResolver = ManualConnectivityStateResolver()
    ) throws(OpenError) -> Screen {
        do {
            let screen = try manager.open(uri, options: options, connectivity: connectivity)
            screen.owner = self
            return screen
        } catch {
            throw problemLog.openError(error)
        }
    }
}
