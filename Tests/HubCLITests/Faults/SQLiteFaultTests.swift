import Foundation
import HubCore
import HubSQLite
import HubTestFaults
import HubTestThreads
import Testing

/// The fault suite on SQLite: a real `hub serve` writing the Ledger fixture's entries into a
/// real SQLite file for six clients, and a real fault in the middle (the process killed, the
/// file made read-only, the disk full, the process stopped). Afterwards every acknowledged
/// write is looked for in the file: none is lost or altered, and every client was told the
/// truth (a 2xx only for what was stored). Each scenario prints its row of docs/serving.md's
/// table.
@Suite(.serialized, .offThePool) struct SQLiteFaultTests {
    /// A fresh folder, removed when the scenario is over.
    private static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-faults-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Serves the Ledger on the SQLite file `path` under load, with `fault` in the middle (see
    /// ``FaultReport/scenario(_:store:valueBytes:before:reading:fault:)``).
    private static func scenario(
        _ name: String, store path: String, valueBytes: Int = 64, before: Int = 100, beforeReading: () throws -> Void = {},
        fault: (ServeProcess, LedgerLoad) throws -> Void
    ) throws -> FaultReport {
        try FaultReport.scenario(name, store: "sqlite:" + path, valueBytes: valueBytes, before: before, reading: {
            try beforeReading()
            return try SQLiteStore(path: path)
        }, fault: fault)
    }

    @Test func killedInTheMiddleOfItsWritesTheServerLosesNoAcknowledgedOne() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try Self.scenario("SQLite: `kill -9` of `hub serve`", store: folder.appendingPathComponent("store.sqlite").path) {
            server, load in
            server.process.send(SIGKILL)
            #expect(load.waitForRefused(20), "the clients kept being answered after the server was killed")
        }
        #expect(Set(report.writes.map(\.told)).isSubset(of: [.status(200), .noAnswer]), "\(report.answers)")
    }

    @Test func aStoreFileMadeReadOnlyInTheMiddleIsAnswered503UntilItIsWritableAgain() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("store.sqlite").path
        // Immutable (`chattr +i`): read-only even for root, as CI runs; the log too, which
        // takes the writes first.
        let files = [path, path + "-wal"]
        defer { for file in files { try? chattr("-i", file) } }
        let report = try Self.scenario("SQLite: the file and its log made read-only (`chattr +i`), then writable", store: path) {
            _, load in
            for file in files { try chattr("+i", file) }
            #expect(load.waitForRefused(20), "writes were still acknowledged into a read-only file")
            for file in files { try chattr("-i", file) }
            #expect(load.waitForAcknowledged(50), "no write was acknowledged once the file was writable again")
        }
        #expect(Set(report.writes.map(\.told)) == [.status(200), .status(503)], "\(report.answers)")
    }

    @Test func aFullDiskIsAnswered503AndWhatWasAcknowledgedIsKept() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mount = try TmpfsMount(in: folder.path, size: "4m")
        // 2 KB values fill it after a few hundred writes (each commit adds pages to the log).
        let report = try Self.scenario(
            "SQLite: the disk full (a 4 MiB tmpfs)", store: mount.file(), valueBytes: 2_048, before: 20,
            beforeReading: { try mount.resize(to: "16m") }
        ) { _, load in
            #expect(load.waitForRefused(20), "writes were still acknowledged on a full disk")
        }
        #expect(Set(report.writes.map(\.told)) == [.status(200), .status(503)], "\(report.answers)")
    }

    @Test func aServerStoppedWhileItsClientsWaitAnswersEveryWriteAfterwardsAndLosesNone() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = "SQLite: `hub serve` stopped (`SIGSTOP`) until every client waits on it, then continued"
        let report = try Self.scenario(scenario, store: folder.appendingPathComponent("store.sqlite").path) { server, load in
            server.process.send(SIGSTOP)
            #expect(server.process.waitUntilStopped())
            #expect(load.waitUntilEveryClientWaits(), "the clients were not all left waiting by the stopped server")
            server.process.send(SIGCONT)
            #expect(load.waitForAcknowledged(100), "no write was acknowledged after the server went on")
        }
        #expect(Set(report.writes.map(\.told)) == [.status(200)], "\(report.answers)")
    }
}

extension SQLiteFaultTests {
    @Test func afterABurstOfWritesEveryStreamOnEveryWorkerShowsTheStoredCount() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("store.sqlite").path
        let server = try ServeProcess(features: FaultReport.ledger, store: "sqlite:" + path)
        defer { server.stop() }
        try ConvergenceCheck.run("SQLite, one process, two workers", port: server.port, streamPort: server.port) {
            try storedCount(in: SQLiteStore(path: path))
        }
    }
}
