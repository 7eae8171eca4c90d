import Foundation
import HubCore
import HubPostgres
import HubTestPostgres
import HubTestThreads
import Testing

/// The fault suite on PostgreSQL: a real `hub serve` writing the Ledger fixture's entries into
/// a real PostgreSQL server for six clients, and a real fault in the middle (the process
/// killed, the database restarted, stopped and started again). Afterwards every acknowledged
/// write is looked for in the database: none is lost or altered, and every client was told the
/// truth. Each scenario prints its row of docs/serving.md's table.
@Suite(.serialized, .offThePool) struct PostgresFaultTests {
    /// Serves the Ledger on a fresh database of `postgres` under load, with `fault` in the
    /// middle (see ``FaultReport/scenario(_:store:valueBytes:before:reading:fault:)``).
    private static func scenario(
        _ name: String, on postgres: PostgresServer, fault: (ServeProcess, LedgerLoad) throws -> Void
    ) throws -> FaultReport {
        let url = try postgres.createDatabase("faults_\(UUID().uuidString.prefix(8).lowercased())")
        return try FaultReport.scenario(name, store: url, reading: { try PostgresStore(url: url) }, fault: fault)
    }

    @Test func killedInTheMiddleOfItsWritesTheServerLosesNoAcknowledgedOne() throws {
        let postgres = try PostgresServer.started()
        defer { postgres.shutdown() }
        let report = try Self.scenario("PostgreSQL: `kill -9` of `hub serve`", on: postgres) { server, load in
            server.process.send(SIGKILL)
            #expect(load.waitForRefused(20), "the clients kept being answered after the server was killed")
        }
        #expect(Set(report.writes.map(\.told)).isSubset(of: [.status(200), .noAnswer]), "\(report.answers)")
    }

    @Test func aDatabaseRestartedInTheMiddleIsAnswered503WhileAwayAndNothingAcknowledgedIsLost() throws {
        let postgres = try PostgresServer.started()
        defer { postgres.shutdown() }
        let report = try Self.scenario("PostgreSQL: restarted (`pg_ctl restart -m fast`)", on: postgres) { _, load in
            try postgres.restart()
            #expect(load.waitForAcknowledged(100), "no write was acknowledged after the database came back")
        }
        #expect(Set(report.writes.map(\.told)).isSubset(of: [.status(200), .status(503)]), "\(report.answers)")
    }

    @Test func aDatabaseStoppedInTheMiddleIsAnswered503UntilItIsBack() throws {
        let postgres = try PostgresServer.started()
        defer { postgres.shutdown() }
        let report = try Self.scenario("PostgreSQL: stopped, then started again", on: postgres) { _, load in
            try postgres.stop()
            #expect(load.waitForRefused(20), "writes were still acknowledged with the database stopped")
            try postgres.start()
            #expect(load.waitForAcknowledged(100), "no write was acknowledged after the database came back")
        }
        #expect(Set(report.writes.map(\.told)) == [.status(200), .status(503)], "\(report.answers)")
    }

    @Test func afterABurstOfWritesEveryStreamOnEitherProcessBehindNginxShowsTheStoredCount() throws {
        let postgres = try PostgresServer.started()
        defer { postgres.shutdown() }
        let url = try postgres.createDatabase("converge")
        let servers = try [ServeProcess(features: FaultReport.ledger, store: url), ServeProcess(features: FaultReport.ledger, store: url)]
        defer { for server in servers { server.stop() } }
        let nginx = try Nginx(upstreams: servers.map(\.port))
        defer { nginx.stop() }
        // Streams and writes through nginx, round robin: each process holds streams and takes writes.
        try ConvergenceCheck.run("PostgreSQL, two processes behind nginx", port: nginx.port, streamPort: nginx.port) {
            try storedCount(in: PostgresStore(url: url))
        }
    }
}
