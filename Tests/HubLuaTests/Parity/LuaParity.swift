import Foundation
import HubCore
import HubTestFeatures
import Testing
@testable import HubLua
import HubTools

/// Runs a script as Debian's `lua5.4` does and in a feature folder's sandbox, for the tests that
/// show the sandbox is Lua 5.4 where it is not meant to differ.
enum LuaParity {
    /// The lines `script` prints when `lua5.4` runs it as the file `case.lua`.
    static func printedByLua(_ script: String) throws -> [String] {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try script.write(to: folder.appendingPathComponent("case.lua"), atomically: true, encoding: .utf8)
        return try runLua("case.lua", in: folder)
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

    /// Expects the file `source`, whose bytes need not be UTF-8 (a Latin-1 string literal), to
    /// print the same lines when `lua5.4` runs it and when a feature folder loads it as its
    /// `feature.lua`, from the same absolute path, so that both name it alike. Printed bytes
    /// that are not UTF-8 are compared as the same replacement characters.
    static func expectSame(file source: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("feature")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("feature.lua")
        try Data(source).write(to: file)
        let lua = try runLua(file.path, in: folder)
        let runtime = try HubRuntime(clock: .virtual)
        var printed: [String] = []
        runtime.printOutput = { printed.append($0) }
        try runtime.loadFeatures(at: folder.path)
        #expect(!lua.isEmpty, "lua5.4 printed nothing", sourceLocation: sourceLocation)
        #expect(printed.flatMap { lines($0) } == lua, sourceLocation: sourceLocation)
    }

    /// The bytes of `text` with each character below U+0100 as its one Latin-1 byte (`"caf\u{E9}"`
    /// is `c a f 0xE9`), for sources that are not UTF-8.
    static func latin1(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
    }

    /// A new empty folder in the temporary directory.
    private static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-parity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The lines `lua5.4 file` prints (standard output and error) when run in `folder`.
    private static func runLua(_ file: String, in folder: URL) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/lua5.4")
        process.arguments = [file]
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return lines(String(decoding: data, as: UTF8.self))
    }

    private static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    }
}
