import Foundation
import Testing

/// Package.swift's targets and the names of the targets and products each depends on, as
/// `swift package dump-package` reads the manifest (in a scratch folder of its own, so that it
/// never waits for the build's lock).
enum PackageGraph {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func targetDependencies() throws -> [String: Set<String>] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("hub-manifest-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--package-path", root.path, "--scratch-path", scratch.path, "dump-package"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "swift package dump-package failed")
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let targets = try #require(manifest["targets"] as? [[String: Any]])
        var graph: [String: Set<String>] = [:]
        for target in targets {
            let name = try #require(target["name"] as? String)
            let dependencies = (target["dependencies"] as? [[String: [Any]]]) ?? []
            graph[name] = Set(dependencies.compactMap { $0.values.first?.first as? String })
        }
        return graph
    }
}
