import Foundation
import Testing
@testable import HubLua

/// Runs a script as Debian's `lua5.4` does and in a feature folder's sandbox, for the tests that
/// show the sandbox is Lua 5.4 where it is not meant to differ.
enum LuaParity {
    /// The lines `script` prints when `lua5.4` runs it as the file `case.lua`.
    static func printedByLua(_ script: String) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-parity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try script.write(to: folder.appendingPathComponent("case.lua"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/lua5.4")
        process.arguments = ["case.lua"]
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return lines(String(decoding: data, as: UTF8.self))
    }

    /// The lines `script` prints when a feature folder's sandbox runs it as `case.lua`.
    static func printedBySandbox(_ script: String) throws -> [String] {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        var printed: [String] = []
        runtime.printOutput = { printed.append($0) }
        _ = try runtime.evaluate(script, inFolder: "Fixtures/Sandbox", chunkName: "@case.lua")
        return printed.flatMap { lines($0) }
    }

    /// Expects `script` to print the same lines in the sandbox as under `lua5.4`.
    static func expectSame(_ script: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let lua = try printedByLua(script)
        let sandbox = try printedBySandbox(script)
        #expect(!lua.isEmpty, "lua5.4 printed nothing", sourceLocation: sourceLocation)
        #expect(sandbox == lua, sourceLocation: sourceLocation)
    }

    private static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    }
}
