// swift-tools-version:6.1
import PackageDescription

/// SwiftNIO's HTTP/1 on its own event loops: what the HTTP transport and the test backend use.
let nioHTTP: [Target.Dependency] = [
    .product(name: "NIOCore", package: "swift-nio"),
    .product(name: "NIOPosix", package: "swift-nio"),
    .product(name: "NIOHTTP1", package: "swift-nio"),
]

/// What every Swift target is built with: `any` spelled out on every existential, and a module's
/// members visible only in files that import it (not through another file's import).
let checks: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// Targets with no public API (programs and tests) also import internally by default: nothing
/// they import leaks into an interface. Libraries do not: their public API is made of the types
/// of the modules they import (HubRender's of HubCore's, HubLua's of both), so nearly every
/// import would have to be a `public import`, which says no more than their dependencies do.
let programChecks = checks + [.enableUpcomingFeature("InternalImportsByDefault")]

let package = Package(
    name: "Hub",
    products: [
        .library(name: "HubCore", targets: ["HubCore"]),
        .library(name: "HubData", targets: ["HubData"]),
        .library(name: "HubRender", targets: ["HubRender"]),
        .library(name: "HubLua", targets: ["HubLua"]),
        .library(name: "HubTools", targets: ["HubTools"]),
        .library(name: "HubHTTP", targets: ["HubHTTP"]),
        .library(name: "HubSQLite", targets: ["HubSQLite"]),
        .library(name: "HubPostgres", targets: ["HubPostgres"]),
        .library(name: "HubServer", targets: ["HubServer"]),
        .executable(name: "hub", targets: ["hub"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        // The server stack: HTTP on SwiftNIO, request logs, metrics with a Prometheus exporter.
        // Hummingbird's default traits (swift-configuration, full Foundation) are not needed.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        // hub.http: the HTTP client on the process's SwiftNIO event loops (Hummingbird's too).
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.29.0"),
        // HTTP's types, and their parts on a NIO channel: kept views answered on the event loop.
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0", traits: []),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.34.1"),
        // hub.store: a SQLite file (Debian's libsqlite3) shared by one process's workers, and
        // PostgreSQL for many processes.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // `swift package generate-documentation`: the DocC catalogs of the embeddable products.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLua",
            path: "Sources/CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"])]
        ),
        .target(name: "CLuaShim", dependencies: ["CLua"]),
        .systemLibrary(name: "CEdit", path: "Sources/CEdit", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
        // Foundation (the toolchain's), and swift-collections' heap for the event loop's timers.
        .target(name: "HubCore", dependencies: [.product(name: "HeapModule", package: "swift-collections")], swiftSettings: checks),
        // What features fetch and keep, on HubCore's protocols: the HTTP fetcher with its cache,
        // the recordings `hub test` reads and writes (file I/O), the store in memory.
        .target(name: "HubData", dependencies: ["HubCore"], swiftSettings: checks),
        .target(name: "HubRender", dependencies: ["HubCore", "HubData"], swiftSettings: checks),
        .target(
            name: "HubHTTP",
            dependencies: [
                "HubCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ] + nioHTTP,
            swiftSettings: checks
        ),
        // hub.store's backends beyond memory: a SQLite file (WAL) and PostgreSQL (LISTEN/NOTIFY).
        .target(name: "HubSQLite", dependencies: ["HubCore", .product(name: "GRDB", package: "GRDB.swift")], swiftSettings: checks),
        .target(
            name: "HubPostgres",
            dependencies: [
                "HubCore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ] + nioHTTP,
            swiftSettings: checks
        ),
        // The bridge to Lua's C API: states, the stack, trampolines, classes, coroutines, limits.
        // The only target that sees CLua, so a `lua_*` call anywhere else does not compile.
        .target(name: "LuaBridge", dependencies: ["CLua", "CLuaShim"], swiftSettings: checks),
        // No HTTP stack: the program that starts a runtime hands its manager a transport.
        .target(name: "HubLua", dependencies: ["LuaBridge", "HubCore", "HubData", "HubRender"], swiftSettings: checks),
        // The author's tools over a runtime: the REPL, the profiler's outputs, the feature tests'
        // runner, line coverage, `hub check`, the benchmarks' bridge probe. `hub` uses them; an
        // app embedding HubLua does not need them.
        .target(name: "HubTools", dependencies: ["LuaBridge", "HubCore", "HubData", "HubRender", "HubLua"], swiftSettings: checks),
        // Knowing when files change (inotify, or polling): what `hub watch` and `hub serve --watch`
        // use; HubCore for its clock.
        .target(name: "HubFileWatching", dependencies: ["HubCore"], swiftSettings: checks),
        // A real HTTP server on loopback that answers as scripted, misbehaving on purpose: for
        // the tests and benchmarks of hub.http.
        .target(
            name: "HubTestBackend",
            dependencies: nioHTTP + [.product(name: "NIOSSL", package: "swift-nio-ssl")],
            swiftSettings: checks
        ),
        // A real PostgreSQL server in a temporary folder on loopback (Debian's initdb and pg_ctl,
        // run as the postgres user): for the tests and benchmarks of the PostgreSQL store.
        .target(name: "HubTestPostgres", swiftSettings: checks),
        // Threads of their own for tests that block and for the servers they start, off Swift's
        // shared pool of concurrency threads (the `.offThePool` trait).
        .target(name: "HubTestThreads", swiftSettings: checks),
        // Real faults for the tests: a small tmpfs to fill or make read-only, an immutable file.
        .target(name: "HubTestFaults", swiftSettings: checks),
        // Facts about the running process and its settings: the cores it may run on (its CPU
        // affinity, read from /proc) and how its allocator keeps memory. HubCore does no I/O.
        .target(name: "HubSystem", swiftSettings: checks),
        // Feature folders and runtimes made on the spot: for the tests of HubLua and HubTools.
        .target(name: "HubTestFeatures", dependencies: ["HubCore", "HubLua"], swiftSettings: checks),
        .target(
            name: "HubServer",
            dependencies: [
                "HubCore", "HubRender", "HubLua", "HubFileWatching", "HubHTTP",
                "HubSystem",
                "HubData",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                // HTTP/1's parts, below Hummingbird's: connection hygiene (docs/serving.md).
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            // The preview's page, script and style sheet, compiled into the program.
            resources: [
                .embedInCode("Preview/Resources/preview.html"),
                .embedInCode("Preview/Resources/preview.js"),
                .embedInCode("Preview/Resources/preview.css"),
            ],
            swiftSettings: checks
        ),
        .executableTarget(
            name: "hub",
            dependencies: [
                "HubCore", "HubRender", "HubHTTP", "HubLua", "HubFileWatching", "HubServer", "HubSQLite", "HubPostgres",
                "HubTools",
                "HubSystem",
                "HubData",
                "CEdit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: programChecks
        ),
        .executableTarget(
            name: "HubBench",
            dependencies: [
                "HubCore", "HubRender", "HubLua", "LuaBridge", "HubHTTP", "HubTestBackend", "HubSQLite", "HubPostgres", "HubTestPostgres",
                "HubTools",
                "HubSystem",
                "HubData",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ] + nioHTTP,
            swiftSettings: programChecks
        ),
        .target(name: "HubFuzzing", dependencies: ["HubCore", "HubRender", "HubLua", "HubTools"], swiftSettings: checks),
        .executableTarget(name: "FuzzJSON", dependencies: ["HubFuzzing"], swiftSettings: programChecks),
        .executableTarget(name: "FuzzDSL", dependencies: ["HubFuzzing"], swiftSettings: programChecks),
        .executableTarget(
            name: "HubEmbeddingExample", dependencies: ["HubCore", "HubRender", "HubLua"], path: "Examples/Embedding", exclude: ["Basket"],
            swiftSettings: programChecks),
        // The backend the Food example downloads its content from (Scripts/demo starts it).
        .executableTarget(
            name: "HubExampleBackend",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird"), .product(name: "Logging", package: "swift-log")],
            path: "Examples/Backend",
            swiftSettings: programChecks
        ),
        // A Hummingbird route that answers with views opened on an AsyncHubRuntime.
        .executableTarget(
            name: "HubEmbeddingServerExample",
            dependencies: ["HubCore", "HubRender", "HubLua", .product(name: "Hummingbird", package: "hummingbird")],
            path: "Examples/EmbeddingServer", exclude: ["Market"],
            swiftSettings: programChecks
        ),
        .testTarget(name: "HubCoreTests", dependencies: ["HubCore"], resources: [.copy("Fixtures")], swiftSettings: programChecks),
        .testTarget(name: "HubDataTests", dependencies: ["HubCore", "HubData"], swiftSettings: programChecks),
        .testTarget(name: "HubSystemTests", dependencies: ["HubSystem"], swiftSettings: programChecks),
        .testTarget(name: "HubRenderTests", dependencies: ["HubCore", "HubRender", "HubTestThreads"], swiftSettings: programChecks),
        .testTarget(
            name: "HubHTTPTests", dependencies: ["HubCore", "HubHTTP", "HubTestBackend"], exclude: ["Fixtures"], swiftSettings: programChecks),
        .testTarget(
            name: "HubLuaTests",
            dependencies: [
                "HubCore", "HubRender", "HubLua", "LuaBridge", "HubHTTP", "HubTestBackend", "HubSQLite", "HubTestFeatures", "HubTestThreads",
                "HubTools",
                "HubData",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            exclude: ["Fixtures", "Golden"],
            swiftSettings: programChecks),
        .testTarget(
            name: "HubSQLiteTests", dependencies: ["HubCore", "HubData", "HubSQLite", "HubTestFaults", "HubTestThreads", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: programChecks),
        .testTarget(
            name: "HubPostgresTests", dependencies: ["HubCore", "HubData", "HubLua", "HubPostgres", "HubRender", "HubTestPostgres", "HubTestThreads", "HubTools"],
            swiftSettings: programChecks),
        .testTarget(name: "LuaBridgeTests", dependencies: ["LuaBridge", "CLua", "CLuaShim"], swiftSettings: programChecks),
        .testTarget(name: "HubFuzzingTests", dependencies: ["HubFuzzing", "HubLua", "LuaBridge"], swiftSettings: programChecks),
        .testTarget(
            name: "HubToolsTests", dependencies: ["HubCore", "HubRender", "HubLua", "HubTools", "HubHTTP", "HubTestBackend", "HubTestFeatures"], exclude: ["Fixtures"],
            swiftSettings: programChecks),
        .testTarget(
            name: "HubCLITests",
            dependencies: [
                "hub", "HubEmbeddingExample", "HubExampleBackend", "HubTestBackend", "HubTestPostgres", "HubTestThreads",
                "HubEmbeddingServerExample",
                // The fault suite reads what a killed server stored straight from its store.
                "HubCore", "HubSQLite", "HubPostgres", "HubTestFaults",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: programChecks
        ),
        .testTarget(
            name: "HubServerTests",
            dependencies: [
                "HubCore", "HubData", "HubRender", "HubLua", "HubServer", "HubTestBackend", "HubTestThreads", "HubSQLite",
                "HubTools",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: programChecks
        ),
    ]
)
