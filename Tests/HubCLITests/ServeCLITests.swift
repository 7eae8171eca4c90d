import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import HubTestThreads
import Testing

/// `hub serve` as a person types it: it says where it listens, answers, logs each request with
/// its status, and stops cleanly on SIGTERM.
@Suite(.offThePool) struct ServeCLITests {
    @Test func serveListensAnswersLogsAndStopsOnSIGTERM() async throws {
        let serve = try LiveProcess(["serve", "--features", "Examples", "--port", "0", "--workers", "1", "--store", "memory"])
        #expect(serve.wait { _, errors in errors.contains("hub: serving on http://127.0.0.1:") })
        let port = try #require(serve.errorText.firstMatch(of: /serving on http:\/\/127\.0\.0\.1:(\d+) with 1 worker\n/)?.1)
        let response = try await HTTPClient.shared.get(url: "http://127.0.0.1:\(port)/views/cities:overview").get()
        #expect(response.status == .ok)
        #expect(response.body.map { String(buffer: $0) }?.hasPrefix(#"{"body":[{"component":{"category":"row","id":"cities:row"},"id":"city-Madrid""#) == true)
        #expect(serve.wait { _, errors in errors.contains("GET /views/cities:overview 200 ") })
        serve.send(SIGTERM)
        #expect(try serve.finish() == 0)
    }

    /// Pinned to one core (`taskset -c 0`), `hub serve` runs one worker and one event loop by
    /// default, where the machine's count would give each core's share to two.
    @Test func servePinnedToOneCoreRunsOneWorkerAndOneEventLoop() throws {
        let serve = try LiveProcess(
            ["-c", "0", HubProcess.executable("hub").path, "serve", "--features", "Examples", "--port", "0", "--store", "memory"],
            program: URL(fileURLWithPath: "/usr/bin/taskset"))
        #expect(serve.wait { _, errors in errors.contains("hub: serving on http://127.0.0.1:") }, "\(serve.errorText)")
        #expect(serve.errorText.firstMatch(of: /serving on http:\/\/127\.0\.0\.1:\d+ with 1 worker\n/) != nil, "\(serve.errorText)")
        // SwiftNIO names its event loops' threads NIO-ELT-<group>-#<loop>.
        let loops = serve.threadNames.filter { $0.hasPrefix("NIO-ELT-") }
        #expect(loops.count == 1, "\(serve.threadNames)")
        serve.send(SIGTERM)
        #expect(try serve.finish() == 0)
    }

    /// A client that pipelines GETs of a view, answered on the event loop (from what a policy
    /// keeps, or loaded on the worker), and never reads the answers: the server stops reading
    /// its requests once the answers fill what the connection may buffer, as for any answer,
    /// instead of taking every request and keeping every answer in memory, and it answers others
    /// meanwhile.
    @Test(arguments: ["kept:a", "link:view"])
    func serveStopsReadingAClientThatNeverReadsItsAnswers(view: String) async throws {
        // The sender goes on until the kernel's buffers take nothing for 2 s: a few seconds, and
        // on a loaded machine it may pass the 10 s after which the kernel drops a connection
        // whose answers the client leaves unread (the client timeout), under the sender ("Broken
        // pipe"). That drop has tests of its own: here the client is given a minute.
        let (serve, port) = try serveLive(["--client-timeout", "60"])
        let url = "http://127.0.0.1:\(port)/views/\(view)"
        #expect(try await HTTPClient.shared.get(url: url).get().status == .ok)
        let requests = 400_000
        let request = Array("GET /views/\(view) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        // Made before connecting: 19 MB take seconds in a debug build, and a connection that
        // sends nothing for the header timeout (10 s) is closed.
        let pipelined = Array([[UInt8]](repeating: request, count: requests).joined())
        var (sent, failure): (Int, Int32?) = (0, nil)
        do {
            let socket = try #require(LoopbackSocket(port: Int(port) ?? 0, receiveBuffer: 4_096))
            (sent, failure) = socket.sendWhileTaken(pipelined, idleSeconds: 2)
        }  // its connection closes here
        // Read, the 400,000 answers would be 200 MB; the kernel's buffers hold a few MB of
        // requests. The connection stays open: its client is only slow.
        #expect(
            failure == nil && sent / request.count < requests / 4,
            "\(sent / request.count) of \(requests) requests taken, failed: \(failure.map { String(cString: strerror($0)) } ?? "no"); the server said: \(serve.errorText.suffix(2_000))")
        #expect(try await HTTPClient.shared.get(url: url).get().status == .ok, "the server still answers others")
        serve.send(SIGTERM)
        #expect(serve.exitStatus(within: 20) == 0)
    }

    @Test func serveEndsItsUpdateStreamsAndStopsOnSIGTERM() async throws {
        // The server waits for open responses before it stops, and an update stream never ends
        // on its own: SIGTERM must end the streams first.
        let serve = try LiveProcess(["serve", "--features", "Examples", "--port", "0", "--workers", "1", "--store", "memory"])
        #expect(serve.wait { _, errors in errors.contains("hub: serving on http://127.0.0.1:") })
        let port = try #require(serve.errorText.firstMatch(of: /serving on http:\/\/127\.0\.0\.1:(\d+) with 1 worker\n/)?.1)
        // AsyncHTTPClient on NIO's threads, not URLSession: under the whole suite its Linux
        // version now and then failed to connect to this server, which a plain socket reached.
        let stream = HTTPClient.shared.get(url: "http://127.0.0.1:\(port)/views/cities:overview/updates")
        #expect(serve.wait { _, errors in errors.contains("GET /views/cities:overview/updates 200 ") }, "\(serve.errorText)")
        serve.send(SIGTERM)
        let status = serve.exitStatus(within: 20)
        #expect(status == 0, "hub serve still running 20 s after SIGTERM")
        if status == nil { serve.send(SIGKILL) }
        let events = try await stream.get()
        #expect(events.body.map { String(buffer: $0) }?.hasPrefix("event: model\ndata: {\"body\":[{") == true)
    }

    /// `hub serve` on the server tests' features (one fails at its line 40) with `options`, once it
    /// listens, and its port.
    /// A server whose standard error nobody reads (a pipe, past what it holds) goes on
    /// answering: its log's lines wait for the reader, who gets every one of them in the end.
    @Test func serveAnswersWhileNobodyReadsItsLog() async throws {
        let process = Process()
        process.executableURL = HubProcess.executable("hub")
        process.arguments = ["serve", "--features", "Tests/HubServerTests/Fixtures/Live", "--port", "0", "--workers", "1", "--store", "memory"]
        process.currentDirectoryURL = HubProcess.packageRoot
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer {
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
        }
        // Read until the announcement, then no more.
        var printed = Data()
        var port: Int?
        while port == nil, case let chunk = errors.fileHandleForReading.availableData, !chunk.isEmpty {
            printed.append(chunk)
            port = String(decoding: printed, as: UTF8.self).firstMatch(of: /serving on http:\/\/127\.0\.0\.1:(\d+) with 1 worker\n/).flatMap { Int($0.1) }
        }
        let url = "http://127.0.0.1:\(try #require(port))/views/kept:a"
        // About 130 bytes of log a request: 1,500 are three times what the pipe holds.
        let requests = 1_500
        var answered = 0
        for _ in 0..<requests {
            let response = try await HTTPClient.shared.execute(request: HTTPClient.Request(url: url), deadline: .now() + .seconds(10)).get()
            if response.status == .ok { answered += 1 }
        }
        #expect(answered == requests)
        kill(process.processIdentifier, SIGTERM)
        printed.append(errors.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let logged = String(decoding: printed, as: UTF8.self).split(separator: "\n").filter { $0.contains(" GET /views/kept:a 200 ") }
        #expect(logged.count == requests, "\(logged.suffix(3))")
    }

    private func serveLive(_ options: [String]) throws -> (LiveProcess, String) {
        let serve = try LiveProcess(
            ["serve", "--features", "Tests/HubServerTests/Fixtures/Live", "--port", "0", "--workers", "1", "--store", "memory"] + options)
        #expect(serve.wait { _, errors in errors.contains("hub: serving on http://127.0.0.1:") })
        let port = serve.errorText.firstMatch(of: /serving on http:\/\/127\.0\.0\.1:(\d+) with 1 worker\n/).map { String($0.1) } ?? "0"
        return (serve, port)
    }

    @Test func aFailureAnswersWithARequestIdWhoseLogLineLocatesItAndWithTheLocationUnderDev() async throws {
        let located = "the backend is down — feature 'broken', operation 'fails', Tests/HubServerTests/Fixtures/Live/feature.lua:40"
        for options in [[], ["--dev"], ["--watch"]] {
            let (serve, port) = try serveLive(options)
            let response = try await HTTPClient.shared.get(url: "http://127.0.0.1:\(port)/views/broken:view").get()
            #expect(response.status == .internalServerError)
            let id = try #require(response.headers.first(name: "x-request-id"))
            let detail = options.isEmpty ? "The server's log has the cause, under request id \(id)." : located
            #expect(
                response.body.map { String(buffer: $0) }
                    == #"{"detail":"\#(detail)","instance":"/views/broken:view","request_id":"\#(id)","status":500,"title":"The view failed to load","type":"about:blank"}"#,
                "\(options)")
            // The log line: at error level, with the request's id and the located error.
            #expect(serve.wait { _, errors in
                errors.split(separator: "\n").contains {
                    $0.contains(" error hub.serve: hb.request.id=\(id) [HubServer] GET /views/broken:view 500 ") && $0.hasSuffix(" ms: \(located)")
                }
            }, "\(serve.errorText)")
            serve.send(SIGTERM)
            #expect(try serve.finish() == 0)
        }
    }

    @Test func serveAnswersItsOwnNamesAndTheAllowedHostsOnly() async throws {
        let (serve, port) = try serveLive(["--allowed-host", "hub.example.com", "--allowed-host", "proxy.example:8443"])
        for (host, status) in [
            ("127.0.0.1:\(port)", 200), ("localhost:\(port)", 200), ("hub.example.com", 200), ("proxy.example:8443", 200),
            ("proxy.example", 421), ("evil.example:\(port)", 421),
        ] {
            var request = try HTTPClient.Request(url: "http://127.0.0.1:\(port)/views/echo:x")
            request.headers.replaceOrAdd(name: "Host", value: host)
            #expect(try await HTTPClient.shared.execute(request: request).get().status.code == status, "\(host)")
        }
        #expect(serve.wait { _, errors in errors.contains("[HubServer] GET /views/echo:x 421 ") && errors.contains(" ms refused (host): this server does not answer to the name 'evil.example:\(port)'") }, "\(serve.errorText)")
        serve.send(SIGTERM)
        #expect(try serve.finish() == 0)

        let invalid = try HubProcess.run(["serve", "--features", "Examples", "--port", "0", "--allowed-host", "http://hub.example.com/"])
        #expect(invalid.status == 1)
        #expect(invalid.errors.contains(
            "hub: the allowed host 'http://hub.example.com/' is not a host name or address with an optional port (e.g. hub.example.com, hub.example.com:8443, [::1])"),
            "\(invalid.errors)")
    }

    @Test func serveRefusesBadOptionsAndFoldersWithoutFeatures() throws {
        let workers = try HubProcess.run(["serve", "--workers", "0"])
        #expect(workers.status != 0)
        #expect(workers.errors.contains("--workers must be at least 1"))
        let connections = try HubProcess.run(["serve", "--max-connections", "0"])
        #expect(connections.status != 0)
        #expect(connections.errors.contains("--max-connections must be a positive number, got 0"))
        let timeout = try HubProcess.run(["serve", "--header-timeout", "0"])
        #expect(timeout.errors.contains("--header-timeout must be a positive number, got 0"))
        let clientTimeout = try HubProcess.run(["serve", "--client-timeout", "0"])
        #expect(clientTimeout.status != 0)
        #expect(clientTimeout.errors.contains("--client-timeout must be a positive number, got 0"))
        let endless = try HubProcess.run(["serve", "--client-timeout", "9223372036854775807"])
        #expect(endless.status != 0)
        #expect(endless.errors.contains("--client-timeout must be at most 86400 seconds (a day), got 9223372036854775807"), "\(endless.errors)")
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("hub-serve-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let nothing = try HubProcess.run(["serve", "--features", empty.path, "--port", "0"])
        #expect(nothing.status == 1)
        #expect(nothing.errors.hasPrefix("hub: "))
    }
}
