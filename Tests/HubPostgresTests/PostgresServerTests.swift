import Foundation
import HubTestPostgres
import Testing

extension PostgresTests {
    /// The test server itself.
    @Suite struct Server {
        @Test func restartsKeepsDataAndCanBeLeftRunningForAnotherCommandToStop() throws {
            let server = try PostgresServer.started(keepRunningAfterExit: true)
            let folder = try #require(server.folder)
            var removed = false
            defer { if !removed { try? PostgresServer.shutdown(folder: folder) } }

            #expect(server.isRunning)
            #expect(server.url == "postgres://postgres@127.0.0.1:\(server.port)/hub")
            try server.psql("CREATE TABLE kept (value TEXT); INSERT INTO kept VALUES ('here')")
            try server.restart()
            #expect(try server.psql("SELECT value FROM kept") == "here")
            #expect(throws: PostgresServerError.self) { try server.psql("SELECT * FROM missing") }

            // What a script's second command does, knowing only the folder.
            try PostgresServer.shutdown(folder: folder)
            removed = true
            #expect(!FileManager.default.fileExists(atPath: folder.path))
            #expect(throws: PostgresServerError.self) { try server.psql("SELECT 1") }
        }
    }
}
