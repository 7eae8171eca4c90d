import HubCore
import Testing
@testable import HubServer

/// A preview session's stack of screens holds at most ``HubDefaults/stackDepth`` screens: a
/// click that opens one more closes the first, so that neither the session nor the state each
/// click sends grows with the clicks.
@Suite struct PreviewStackDepthTests {
    /// The `stack` of a preview state.
    private static func stack(_ body: [UInt8]) throws -> [String] {
        try JSONParser.parse(bytes: body).objectValue?["stack"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    @Test func clicksPastTheDepthCloseTheOldestScreens() async throws {
        try await withServer([ServerPaths.fixture("Live")], configure: { $0.workers = 1 }) { server in
            let stream = try await server.events("/preview/deeper:0/updates")
            let first = try #require(try await stream.next())
            let session = try #require(try JSONParser.parse(first.data).objectValue?["session"]?.stringValue)
            // Each click opens the next view on top: `deeper:1` … `deeper:200`.
            var depths: [Int] = []
            var stack: [String] = []
            for _ in 1...200 {
                let opened = try await server.post("/sessions/\(session)/select", #"{"path": [0]}"#)
                guard opened.status == 200 else {
                    Issue.record("a click answered \(opened.status): \(opened.text)")
                    return
                }
                stack = try Self.stack(opened.body)
                depths.append(stack.count)
            }
            #expect(HubDefaults.stackDepth == 50)
            #expect(depths == Array(2...50) + Array(repeating: 50, count: 151))
            #expect(stack == (151...200).map { "deeper:\($0)" })
            // Back as far as the stack goes: the first 151 views are gone.
            var back: [String] = []
            for _ in 1...50 {
                back = try Self.stack(try await server.post("/sessions/\(session)/back", "{}").body)
            }
            #expect(back == ["deeper:151"])
        }
    }
}
