import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import HubTestFaults
import HubTestThreads
import Testing

/// `--store` as a person types it: `hub serve` keeps its data in ./.hub/store.sqlite unless told
/// otherwise, the data survives a restart, and a store that cannot be used is a clear error.
@Suite(.offThePool) struct StoreCLITests {
    /// A new empty folder to run `hub` in.
    private static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-store-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A feature folder `F` in `directory`: `f:view`, whose operation titles its one row with
    /// `operation`'s value, and `tests/t_test.lua` holding `tests` (if any); returns its path.
    private static func feature(in directory: URL, operation: String, tests: String? = nil) throws -> String {
        let folder = directory.appendingPathComponent("F")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("tests"), withIntermediateDirectories: true)
        try """
            hub.feature { id = "f", uri = "f:view", operations = { function(ctx)
              ctx.view:body("row").title = "count " .. tostring(\(operation))
            end } }
            """.write(to: folder.appendingPathComponent("feature.lua"), atomically: true, encoding: .utf8)
        try tests?.write(to: folder.appendingPathComponent("tests/t_test.lua"), atomically: true, encoding: .utf8)
        return folder.path
    }

    @Test func testWithStoreKeepsWhatItsCasesWriteInTheSQLiteFile() throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let feature = try Self.feature(
            in: directory, operation: #"hub.store.get("n")"#,
            tests: #"hub.test("adds one", function() hub.store.update("n", function(n) return (n or 0) + 1 end) end)"#)
        let file = directory.appendingPathComponent("test.sqlite").path
        for _ in 0..<2 {
            let test = try HubProcess.run(["test", feature, "--store", file])
            #expect(test.status == 0, "\(test.output)\(test.errors)")
            #expect(test.output.hasSuffix("1 passed, 0 failed\n"), "\(test.output)")
        }
        // Without --store, the cases write to a store in memory, which the file never sees.
        #expect(try HubProcess.run(["test", feature]).status == 0)
        let render = try HubProcess.run(["render", "f:view", "--features", feature, "--store", file, "--width", "30"])
        #expect(render.status == 0, "\(render.errors)")
        #expect(render.output.contains("count 2"), "\(render.output)")
    }

    @Test func renderWithoutStoreKeepsNothingBetweenRunsAndWritesNoFile() throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let feature = try Self.feature(in: directory, operation: #"hub.store.update("n", function(n) return (n or 0) + 1 end)"#)
        var outputs: [String] = []
        for _ in 0..<2 {
            let render = try HubProcess.run(["render", "f:view", "--features", feature, "--width", "30"], in: directory)
            #expect(render.status == 0, "\(render.errors)")
            outputs.append(render.output)
        }
        #expect(outputs[0].contains("count 1"), "\(outputs[0])")
        #expect(outputs[1] == outputs[0])
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent(".hub").path))
        #expect(!FileManager.default.fileExists(atPath: feature + "/.hub"))
    }

    @Test func serveKeepsTheStoreInASQLiteFileThatSurvivesARestart() async throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let songs = HubProcess.packageRoot.appendingPathComponent("Examples/Songs").path
        for round in 0..<2 {
            let serve = try LiveProcess(["serve", "--features", songs, "--port", "0", "--workers", "2"], in: directory)
            #expect(serve.wait { _, errors in errors.contains(" worker") })
            let port = try #require(serve.errorText.firstMatch(of: #/serving on http://127\.0\.0\.1:(\d+) /#)?.1)
            // Where a new store was made is said, once: a store that seems empty is no surprise.
            let made = "hub: made a new store at \(directory.standardizedFileURL.path)/.hub/store.sqlite (there was none)\n"
            #expect(serve.errorText.contains(made) == (round == 0), "\(serve.errorText)")
            if round == 0 {
                var request = try HTTPClient.Request(url: "http://127.0.0.1:\(port)/views/songs:list/actions", method: .POST, body: .string(#"{"path": [0, 0]}"#))
                request.headers.add(name: "content-type", value: "application/json")
                #expect(try await HTTPClient.shared.execute(request: request).get().status == .ok)
            }
            let view = try await HTTPClient.shared.get(url: "http://127.0.0.1:\(port)/views/songs:list").get()
            let ids = (view.body.map { String(buffer: $0) } ?? "").matches(of: /"id":"(song-\d+)"/).map { String($0.1) }
            #expect(ids == ["song-2", "song-3"], "round \(round)")
            serve.send(SIGTERM)
            #expect(serve.exitStatus(within: 20) == 0)
        }
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(".hub/store.sqlite").path))
    }

    @Test func aStoreThatCannotBeUsedIsAClearErrorAtStart() throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let corrupt = directory.appendingPathComponent("corrupt.sqlite")
        try Data(repeating: 0x5A, count: 8_192).write(to: corrupt)
        let songs = HubProcess.packageRoot.appendingPathComponent("Examples/Songs").path
        let render = try HubProcess.run(["render", "songs:list", "--features", songs, "--store", corrupt.path])
        #expect(render.status == 1)
        #expect(render.errors == "hub: --store \(corrupt.path): store: \(corrupt.path) is not a SQLite database or is damaged\n")
        let unknown = try HubProcess.run(["render", "songs:list", "--features", songs, "--store", "redis://localhost"])
        #expect(unknown.status != 0)
        #expect(unknown.errors.contains("--store 'redis://localhost' is not a store"))
    }

    @Test func serveOnAStoreFileThatCannotBeWrittenSaysSoAtStartAndExitsNonZero() throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("kept.sqlite").path
        let songs = HubProcess.packageRoot.appendingPathComponent("Examples/Songs").path
        #expect(try HubProcess.run(["render", "songs:list", "--features", songs, "--store", file]).status == 0)
        // Immutable: read-only even for root, as CI runs.
        try chattr("+i", file)
        defer { try? chattr("-i", file) }
        let serve = try HubProcess.run(["serve", "--features", songs, "--port", "0", "--store", file])
        #expect(serve.status == 1)
        #expect(serve.errors == "hub: --store \(file): store: \(file) is read-only\n", "\(serve.errors)")
    }

    @Test func renderReadsWhatAnEarlierCommandStoredInTheSameFile() throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("songs.sqlite").path
        let songs = HubProcess.packageRoot.appendingPathComponent("Examples/Songs").path
        let repl = try HubProcess.run(["repl", "--features", songs, "--store", file], input: "hub.store.namespace('songs').set('list', { { id = '2', title = 'Dancing Queen', artist = 'ABBA' } })\n")
        #expect(repl.status == 0, "\(repl.errors)")
        let render = try HubProcess.run(["render", "songs:list", "--features", songs, "--store", file, "--width", "40"])
        #expect(render.status == 0)
        #expect(render.output.contains("Dancing Queen"))
        #expect(!render.output.contains("Wonderwall"))
    }

    @Test func watchAndTheREPLShowAChangeAnotherProcessMadeToTheStore() throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("songs.sqlite").path
        let songs = HubProcess.packageRoot.appendingPathComponent("Examples/Songs").path
        let watch = try LiveProcess(["watch", "--features", songs, "songs:list", "--width", "40", "--chain", "--store", file])
        #expect(watch.wait { output, _ in output.withoutRunMeasures.contains("songs: finished, 1 run\n") }, "\(watch.errorText)")
        let repl = try LiveProcess(["repl", "--features", songs, "--store", file])
        repl.write("s = hub.open('songs:list')\n= #s.model.body\n")
        #expect(repl.wait { output, _ in output.contains("3\n") }, "\(repl.outputText)\(repl.errorText)")

        let writer = try HubProcess.run(
            ["repl", "--features", songs, "--store", file],
            input: "hub.store.namespace('songs').set('list', { { id = '2', title = 'Dancing Queen', artist = 'ABBA' } })\n")
        #expect(writer.status == 0, "\(writer.errors)")

        #expect(watch.wait { output, _ in output.withoutRunMeasures.contains("songs: finished, 2 runs\n") }, "\(watch.outputText)\n\(watch.errorText)")
        let redrawn = watch.outputText.withoutRunMeasures.components(separatedBy: "songs: finished, 1 run\n").last ?? ""
        #expect(redrawn.contains("Dancing Queen") && !redrawn.contains("Wonderwall"), "\(redrawn)")
        repl.write("= #s.model.body, s.chain[1].runs\n")
        #expect(repl.wait { output, _ in output.contains("1\t2\n") }, "\(repl.outputText)\(repl.errorText)")
        _ = try repl.finish()
    }
}
