import Foundation
import HubTestBackend
import HubTestThreads
import Testing

/// `hub test` answers HTTP requests from the recordings in `tests/http/`, fails a case whose
/// request has none (naming the command that records it), and `hub test --record` records them
/// from a real server on loopback; the REPL talks to the real backends.
@Suite(.offThePool) struct RecordingsCLITests {
    /// A feature folder in a fresh temporary directory whose operation fetches `url` and shows
    /// the body, with a test that checks the body is `expected`; returns its path.
    private func makeFolder(url: String, host: String, expected: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hub-\(UUID().uuidString.prefix(8))").path + "/F"
        try FileManager.default.createDirectory(atPath: path + "/tests", withIntermediateDirectories: true)
        try """
            hub.feature { id = "f", uri = "f:view", hosts = { "\(host)" }, operations = { function(ctx)
              ctx.view:body("body").title = hub.http.get("\(url)").body
            end } }
            """.write(toFile: path + "/feature.lua", atomically: true, encoding: .utf8)
        try """
            hub.test("the body comes from the backend", function()
              local s = hub.open("f:view")
              hub.expect_equal(s.model.body[1] and s.model.body[1].title, [[\(expected)]])
            end)
            """.write(toFile: path + "/tests/f_test.lua", atomically: true, encoding: .utf8)
        return path
    }

    private func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
    }

    @Test func theREPLTalksToTheRealBackend() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/live", .text("from the live backend"))
        let folder = try makeFolder(url: backend.url("/live"), host: "127.0.0.1:\(backend.port)", expected: "-")
        defer { remove(folder) }
        let result = try HubProcess.run(["repl", "--features", folder], input: """
            s = hub.open("f:view")
            =s.model.body[1].title

            """)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == "from the live backend\n")
        #expect(backend.requestCount("/live") == 1)
    }

    @Test func aHandWrittenRecordingAnswersWithNoServer() throws {
        let folder = try makeFolder(url: "http://127.0.0.1:9/hello", host: "127.0.0.1:9", expected: "hello from a file")
        defer { remove(folder) }
        try FileManager.default.createDirectory(atPath: folder + "/tests/http", withIntermediateDirectories: true)
        try "GET http://127.0.0.1:9/hello\n\nHTTP 200 after 2000 ms\ncontent-type: text/plain\n\nhello from a file"
            .write(toFile: folder + "/tests/http/hello.http", atomically: true, encoding: .utf8)
        let result = try HubProcess.run(["test", folder])
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.hasSuffix("1 passed, 0 failed\n"))
    }

    @Test func aRequestWithNoRecordingFailsItsCaseAndNamesTheCommand() throws {
        let folder = try makeFolder(url: "http://127.0.0.1:9/missing", host: "127.0.0.1:9", expected: "x")
        defer { remove(folder) }
        let result = try HubProcess.run(["test", folder])
        #expect(result.status == 1)
        #expect(result.output.contains(
            "no recording of GET http://127.0.0.1:9/missing in \(folder)/tests/http: run 'hub test --record \(folder)' to record it"),
            "\(result.output)")
        #expect(result.output.hasSuffix("0 passed, 1 failed\n"))
    }

    @Test func recordWritesWhatTheBackendAnsweredAndTheTestsThenReplayIt() throws {
        let backend = try TestBackend.start()
        backend.route("/greeting", .json(#"{"hello": "world"}"#, maxAge: 60))
        let folder = try makeFolder(url: backend.url("/greeting"), host: "127.0.0.1:\(backend.port)", expected: #"{"hello": "world"}"#)
        defer { remove(folder) }
        let recorded = try HubProcess.run(["test", "--record", folder])
        #expect(recorded.status == 0, "\(recorded.output)\(recorded.errors)")
        let file = "tests/http/get-127.0.0.1-\(backend.port)-greeting.http"
        #expect(recorded.output.contains("recorded \(folder)/\(file)\n"), "\(recorded.output)")
        #expect(backend.requestCount("/greeting") == 1)
        let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
        #expect(text.contains("GET \(backend.url("/greeting"))\n"))
        #expect(text.contains("\nHTTP 200\n"))
        #expect(text.hasSuffix("\n\n{\"hello\": \"world\"}"))
        backend.stop()
        let replayed = try HubProcess.run(["test", folder])
        #expect(replayed.status == 0, "\(replayed.output)")
        #expect(replayed.output.hasSuffix("1 passed, 0 failed\n"))
    }

    @Test func recordWithTheBackendDownKeepsTheGoodRecordingSaysSoAndFailsUnlessFailuresAreAskedFor() throws {
        let backend = try TestBackend.start()
        backend.route("/greeting", .json(#"{"hello": "world"}"#, maxAge: 60))
        let folder = try makeFolder(url: backend.url("/greeting"), host: "127.0.0.1:\(backend.port)", expected: #"{"hello": "world"}"#)
        defer { remove(folder) }
        #expect(try HubProcess.run(["test", "--record", folder]).status == 0)
        let file = "\(folder)/tests/http/get-127.0.0.1-\(backend.port)-greeting.http"
        let good = try String(contentsOfFile: file, encoding: .utf8)
        backend.stop()

        let down = try HubProcess.run(["test", "--record", folder])
        #expect(down.status == 1)
        #expect(down.output.contains(
            "\(file): kept: the live exchange failed (connection refused (127.0.0.1:\(backend.port))); 'hub test --record-failures' records failures"),
            "\(down.output)")
        #expect(!down.output.contains("recorded "), "\(down.output)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == good)
        #expect(try HubProcess.run(["test", folder]).status == 0, "the good recording still answers")

        let failures = try HubProcess.run(["test", "--record-failures", folder])
        #expect(failures.output.contains("recorded \(file)\n"), "\(failures.output)")
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("\nFAIL connection refused (127.0.0.1:\(backend.port))\n"))
    }
}
