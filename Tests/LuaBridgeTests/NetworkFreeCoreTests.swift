import Testing

/// The core that runs scripts builds without an HTTP client or server: `hub.http` needs only
/// the `HTTPTransport` HubCore declares, which the program starting a runtime hands it (`hub`,
/// `HubServer` and an embedding app give it HubHTTP's AsyncHTTPClient one). So the fuzz
/// targets, HubCore, HubData, HubRender, LuaBridge and HubLua build without SwiftNIO, BoringSSL,
/// Hummingbird or PostgreSQL's client.
@Suite struct NetworkFreeCoreTests {
    /// The targets and products everything named here depends on, directly or not.
    private static func closure(of targets: [String], in graph: [String: Set<String>]) -> Set<String> {
        var seen: Set<String> = []
        var pending = targets
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            pending += graph[next] ?? []
        }
        return seen
    }

    @Test func theScriptingCoreAndTheFuzzTargetsDependOnNoNetworkStack() throws {
        let graph = try PackageGraph.targetDependencies()
        let core = ["HubCore", "HubData", "HubRender", "LuaBridge", "HubLua", "HubFuzzing", "FuzzDSL", "FuzzJSON"]
        for target in core { #expect(graph[target] != nil, "\(target) is a target") }
        let reached = Self.closure(of: core, in: graph)
        let network = reached.filter { name in
            ["HubHTTP", "HubServer", "HubPostgres", "AsyncHTTPClient", "Hummingbird", "PostgresNIO"].contains(name)
                || name.hasPrefix("NIO") || name.hasPrefix("Hummingbird")
        }
        #expect(network.isEmpty, "the scripting core reaches \(network.sorted())")
        #expect(Self.closure(of: ["HubServer"], in: graph).contains("HubHTTP"), "the server hands its runtimes the HTTP transport")
    }
}
