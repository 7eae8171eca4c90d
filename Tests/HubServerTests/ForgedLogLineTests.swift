import Foundation
import Logging
import Testing
@testable import HubServer

/// What a feature's script makes reach the server's log (what it prints, the error it raises)
/// stays inside its own record: a line feed, a lone carriage return or a line in the log's own
/// form cannot end the record and forge another (``LoggedText/escaped(_:)``).
@Suite struct ForgedLogLineTests {
    /// `line` without what changes from run to run: its time, its request id, its duration.
    static func steady(_ line: String) -> String {
        line.replacing(#/^\S+ /#, with: "TIME ", maxReplacements: 1)
            .replacing(/hb\.request\.id=[0-9a-f]+/, with: "hb.request.id=ID")
            .replacing(#/ 500 \d+\.\d ms/#, with: " 500 N ms")
    }

    @Test func whatAScriptPrintsAndRaisesIsEscapedInsideOneRecordEach() async throws {
        let lines = ServerLogHandlerTests.Lines()
        try await withServer([ServerPaths.fixture("Live")], configure: { configuration in
            configuration.workers = 1
            configuration.logger = Logger(label: "hub.serve") { label in
                ServerLogHandler(label: label, metadataProvider: nil, write: { lines.write($0) })
            }
        }) { server in
            let before = lines.all.count
            let response = try await server.get("/views/forger:view")
            #expect(response.status == 500)
            // Both are logged before the answer is sent: the print as the chain ran, the
            // request's line once it failed.
            let logged = lines.all.dropFirst(before)
            #expect(logged.map(Self.steady) == [
                "TIME info hub.serve: source=print [HubServer] x\\n2031-01-01T00:00:00+0000 error hub.serve: [HubServer] GET /admin 200 0.1 ms\\rhidden\n",
                "TIME error hub.serve: hb.request.id=ID [HubServer] GET /views/forger:view 500 N ms: boom\\n2031-01-01T00:00:00+0000 "
                    + "info hub.serve: [HubServer] GET /views/forger:view 200 0.1 ms\\r\\u{1B}[2K — feature 'forger', operation 'forge', "
                    + "Tests/HubServerTests/Fixtures/Live/feature.lua:149\n",
            ], "\(logged)")
            for line in logged {
                #expect(line.filter(\.isNewline) == "\n" && line.last == "\n", "one line a record: \(line)")
            }
        }
    }
}
