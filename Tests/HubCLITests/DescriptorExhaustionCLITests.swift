import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import HubTestThreads
import Testing

/// `hub serve` out of file descriptors: with its limit on open files lowered and more
/// connections opened than it can accept, it logs the condition once, does not spin while it
/// waits (it pauses accepting, up to a second at a time), keeps a few descriptors free for the
/// rest of the process, and serves again once connections close.
///
/// What it needs: `/bin/sh` to lower the limit of the server it starts (`ulimit -n`). Only that
/// process runs out of descriptors, not the machine: it runs with the other suites.
@Suite(.offThePool) struct DescriptorExhaustionCLITests {
    /// The limit on open files the server runs with (`ulimit -n`): room for a few dozen
    /// connections beside what it holds itself.
    private static let limit = 64

    @Test func runningOutOfFileDescriptorsIsLoggedOnceAndSurvived() async throws {
        let command = [HubProcess.executable("hub").path, "serve", "--features", "Examples", "--port", "0", "--workers", "1",
            "--store", "memory", "--max-connections", "1000", "--header-timeout", "60"].joined(separator: " ")
        let serve = try LiveProcess(["-c", "ulimit -n \(Self.limit) && exec \(command)"], program: URL(fileURLWithPath: "/bin/sh"))
        #expect(serve.wait { _, errors in errors.contains("hub: serving on http://127.0.0.1:") }, "\(serve.errorText)")
        let port = try #require(serve.errorText.firstMatch(of: /serving on http:\/\/127\.0\.0\.1:(\d+) with 1 worker\n/)?.1)
        #expect(serve.errorText.contains(
            "the limit on open files (\(Self.limit), ulimit -n) leaves room for fewer than the 1000 connections the server takes (--max-connections)"))

        // More connections than it has descriptors left: the rest wait in the listen backlog.
        var connections = (0..<Self.limit).compactMap { _ in LoopbackSocket(port: Int(port) ?? 0) }
        #expect(connections.count == Self.limit)
        let failure = "cannot accept connections: out of file descriptors (EMFILE)"
        #expect(serve.wait { _, errors in errors.contains(failure) }, "\(serve.errorText)")
        // Not spinning: the processor time it takes over two seconds out of descriptors is a
        // small part of them (a loaded machine only gives it less).
        let before = serve.processorSeconds
        try await Task.sleep(for: .seconds(2))
        let spent = serve.processorSeconds - before
        #expect(spent < 0.25, "hub serve took \(spent) s of processor time in 2 s while out of descriptors")
        #expect(serve.errorText.components(separatedBy: failure).count == 2, "logged once: \(serve.errorText)")
        // Accepting leaves the descriptors it held back to the rest of the process (libdispatch
        // stops a process that cannot open a file to check on its threads): while it pauses,
        // fewer files than its limit are open.
        #expect(serve.wait { _, _ in serve.openFiles < Self.limit }, "\(serve.openFiles) files open")

        connections.removeAll()
        #expect(serve.wait(seconds: 60) { _, errors in errors.contains("accepting connections again") }, "\(serve.errorText)")
        let response = try await HTTPClient.shared.get(url: "http://127.0.0.1:\(port)/views/cities:overview").get()
        #expect(response.status == .ok)
        let metrics = try await HTTPClient.shared.get(url: "http://127.0.0.1:\(port)/metrics").get()
        let text = metrics.body.map { String(buffer: $0) } ?? ""
        #expect(text.contains(#"hub_accept_pauses_total{error="EMFILE"} "#), "\(text)")
        serve.send(SIGTERM)
        #expect(try serve.finish() == 0)
    }
}
