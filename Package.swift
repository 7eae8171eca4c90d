// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Hub",
    products: [
        .library(name: "HubCore", targets: ["HubCore"]),
        .library(name: "HubRender", targets: ["HubRender"]),
        .library(name: "HubLua", targets: ["HubLua"]),
        .executable(name: "hub", targets: ["hub"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
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
        .target(name: "HubCore"),
        .target(name: "HubRender", dependencies: ["HubCore"]),
        .target(name: "HubLua", dependencies: ["CLua", "CLuaShim", "HubCore", "HubRender"]),
        .executableTarget(
            name: "hub",
            dependencies: ["HubLua", "CEdit", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(name: "HubBench", dependencies: ["HubCore", "HubRender", "HubLua"]),
        .target(name: "HubFuzzing", dependencies: ["HubLua"]),
        .executableTarget(name: "FuzzJSON", dependencies: ["HubFuzzing"]),
        .executableTarget(name: "FuzzDSL", dependencies: ["HubFuzzing"]),
        .executableTarget(name: "HubEmbeddingExample", dependencies: ["HubLua"], path: "Examples/Embedding", exclude: ["Basket"]),
        .testTarget(name: "HubCoreTests", dependencies: ["HubCore"], resources: [.copy("Fixtures")]),
        .testTarget(name: "HubRenderTests", dependencies: ["HubRender"]),
        .testTarget(name: "HubLuaTests", dependencies: ["HubLua", "CLua", "CLuaShim"], exclude: ["Fixtures", "Golden"]),
        .testTarget(name: "HubFuzzingTests", dependencies: ["HubFuzzing", "HubLua"]),
        .testTarget(name: "HubCLITests", dependencies: ["hub", "HubEmbeddingExample"], exclude: ["Fixtures"]),
    ]
)
