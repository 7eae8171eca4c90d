import HubCore
import HubData
import HubRender
import Testing
@testable import HubServer

/// Every default has one home, `HubDefaults`, which the types that take it start from; every
/// route has one, `ServerRoutes`, which the answer to an unknown path reads.
@Suite struct DefaultsTests {
    @Test func viewsAndTheServerStartFromHubDefaults() {
        #expect(ScreenOptions().width == HubDefaults.width)
        #expect(ScreenOptions().margin == HubDefaults.margin)
        #expect(RenderOptions().width == HubDefaults.width)
        let configuration = HubServerConfiguration(featureFolders: [])
        #expect(configuration.width == HubDefaults.width)
        #expect(configuration.host == HubDefaults.Server.host)
        #expect(configuration.port == HubDefaults.Server.port)
        #expect(configuration.workers == HubDefaults.Server.workers)
        #expect(configuration.maxConnections == HubDefaults.Server.maxConnections)
        #expect(configuration.headerTimeout == .seconds(HubDefaults.Server.headerTimeoutSeconds))
        #expect(configuration.idleTimeout == .seconds(HubDefaults.Server.idleTimeoutSeconds))
        #expect(configuration.clientTimeout == .seconds(HubDefaults.Server.clientTimeoutSeconds))
        #expect(configuration.maxBodyBytes == HubDefaults.Server.maxBodyBytes)
        #expect(configuration.requestTimeout == HubDefaults.Server.requestTimeout)
        #expect(configuration.maxRequestsPerWorker == HubDefaults.Server.maxRequestsPerWorker)
        #expect(configuration.maxStreamsPerWorker == HubDefaults.Server.maxStreamsPerWorker)
        #expect(configuration.pingInterval == HubDefaults.Server.pingIntervalSeconds)
        #expect(ContentOperationLimits.standard.timeout == HubDefaults.Limits.operationTimeout)
    }

    @Test func whatFeaturesFetchAndKeepStartsFromHubDefaults() {
        let policy = HTTPPolicy()
        #expect(policy.maxResponseBytes == HubDefaults.HTTP.maxResponseBytes)
        #expect(policy.timeout == HubDefaults.HTTP.timeout)
        #expect(policy.maxInFlight == HubDefaults.HTTP.maxInFlight)
        #expect(policy.maxRedirects == HubDefaults.HTTP.maxRedirects)
        #expect(HTTPCache().capacity == HubDefaults.HTTP.cacheBytes)
        #expect(StoreLimits().maxValueBytes == HubDefaults.Store.maxValueBytes)
        #expect(StoreLimits().maxKeys == HubDefaults.Store.maxKeys)
        #expect(StoreWrite(key: StoreKey(namespace: "a", name: "b"), json: nil).maxKeys == HubDefaults.Store.maxKeys)
    }

    @Test func screensAndTheirManagerStartFromHubDefaults() {
        let manager = HubManager(clock: .virtual)
        #expect(manager.settleTimeout == HubDefaults.Limits.settleTimeout)
        #expect(manager.httpCache?.capacity == HubDefaults.HTTP.cacheBytes)
        #expect(ScreenEventLog().capacity == HubDefaults.screenEvents)
    }

    @Test func theServersLimitsAreTheOnesDocsServingGives() {
        // docs/serving.md and `hub serve --help` state these: a change here is a change there.
        #expect(HubDefaults.Server.requestTimeout == 10_000)
        #expect(HubDefaults.Server.headerTimeoutSeconds == 10)
        #expect(HubDefaults.Server.idleTimeoutSeconds == 60)
        #expect(HubDefaults.Server.clientTimeoutSeconds == 10)
        #expect(HubDefaults.Server.pingIntervalSeconds == 5)
        #expect(HubDefaults.Server.maxConnections == 4_096)
        #expect(HubDefaults.Server.maxRequestsPerWorker == 256)
        #expect(HubDefaults.Server.maxStreamsPerWorker == 1_024)
        #expect(HubDefaults.Server.maxBodyBytes == 64 << 10)
        #expect(HubDefaults.Server.host == "127.0.0.1")
    }

    @Test func theRoutesAPersonOpensAreNamedInASentence() {
        #expect(ServerRoutes.entryPoints == "/views/<uri>, /preview/<uri> and /metrics")
        #expect(ServerRoutes.summary.hasPrefix("GET /views/<uri>: the view model once its chain settles"))
        #expect(ServerRoutes.all.count == 11)
    }
}
