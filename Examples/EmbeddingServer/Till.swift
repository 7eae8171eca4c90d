import HubCore
import HubLua
import HubRender

/// Why the till's view fails, every time.
struct TillClosed: Error, CustomStringConvertible {
    var description: String { "the till is closed" }
}

extension HubRuntime {
    /// Registers `market:till`, a Swift feature whose one operation fails with ``TillClosed``:
    /// Hub keeps the Swift error and names its feature and operation.
    func registerTill() throws {
        try manager.featureRegistry.register(FeatureRegistration(
            identifier: "till", viewURIPredicate: .exact("market:till"), title: "Till",
            contentOperationFactories: [BlockContentOperationFactory { _ in
                [BlockContentOperation(name: "checkout") { $0.fail(TillClosed()) }]
            }]))
    }
}
