import Foundation
import GRDB
import HubCore
import HubSQLite
import HubTestFaults
import Testing

/// Faults met for real: a damaged file, a file locked by another connection, a read-only file
/// system, a full disk. The last two mount a small tmpfs, which needs root (as CI runs).
@Suite("SQLiteStore: faults")
struct SQLiteStoreFaultTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test func refusesAFileThatIsNotADatabase() throws {
        let path = folder.file()
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<65_536).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreFailure(.corrupt, "\(path) is not a SQLite database or is damaged")) {
            try SQLiteStore(path: path)
        }
    }

    @Test func refusesAFileANewerHubMade() throws {
        let path = folder.file()
        _ = try SQLiteStore(path: path)
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99')")
        }
        #expect(throws: StoreFailure(.backend, "\(path): the file was made by a newer version of Hub")) {
            try SQLiteStore(path: path)
        }
    }

    @Test func failsWhileAnotherConnectionHoldsTheLock() throws {
        let path = folder.file()
        let store = try SQLiteStore(path: path, busyTimeout: .milliseconds(200))
        try store.set(key("a"), "1")
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let other = try DatabaseQueue(path: path, configuration: configuration)
        try other.writeWithoutTransaction { try $0.execute(sql: "BEGIN EXCLUSIVE") }

        let start = Date()
        #expect(try store.syncWrite(StoreWrite(key: key("a"), json: "2"))
            == .failure(StoreFailure(.busy, "notes/a: \(path) is locked by another process")))
        #expect(Date().timeIntervalSince(start) >= 0.15)
        #expect(try store.value(key("a")) == StoredValue(json: "1", version: 1))  // Readers still read.
        #expect(throws: StoreFailure(.busy, "\(path) is locked by another process")) {
            try SQLiteStore(path: path, busyTimeout: .milliseconds(200))
        }

        try other.writeWithoutTransaction { try $0.execute(sql: "ROLLBACK") }
        #expect(try store.set(key("a"), "2") == .changed)
        #expect(try store.value(key("a")) == StoredValue(json: "2", version: 2))
    }

    @Test func refusesAFileOnAReadOnlyFileSystem() throws {
        let mount = try TmpfsMount(in: folder.path, size: "4m")
        let path = mount.file()
        do {
            let store = try SQLiteStore(path: path)
            try store.set(key("a"), "1")
        }
        try waitUntilClosed(path)
        try mount.makeReadOnly()
        #expect(throws: StoreFailure(.readOnly, "\(path) is read-only")) {
            try SQLiteStore(path: path)
        }
    }

    @Test func refusesAnImmutableFile() throws {
        let path = folder.file()
        do {
            let store = try SQLiteStore(path: path)
            try store.set(key("a"), "1")
        }
        try waitUntilClosed(path)
        try chattr("+i", path)
        defer { try? chattr("-i", path) }
        #expect(throws: StoreFailure(.readOnly, "\(path) is read-only")) {
            try SQLiteStore(path: path)
        }
    }

    @Test func failsWhenTheDiskIsFull() throws {
        let mount = try TmpfsMount(in: folder.path, size: "512k")
        let path = mount.file()
        let store = try SQLiteStore(path: path)
        let value = "\"" + String(repeating: "x", count: 32_768) + "\""
        var failure: StoreFailure?
        var written = 0
        for number in 0..<64 {
            if case .failure(let error) = try store.syncWrite(StoreWrite(key: key("k\(number)"), json: value)) {
                failure = error
                break
            }
            written += 1
        }
        #expect(failure == StoreFailure(.full, "notes/k\(written): cannot write \(path): the disk is full"))
        #expect(written > 0)
        #expect(try store.value(key("k0")) == StoredValue(json: value, version: 1))
        #expect(try store.syncList().map(\.count) == .success(written))
    }

    @Test func aFileDeletedWhileTheStoreRunsFailsItsWritesInsteadOfTakingThemIntoTheVoid() throws {
        let path = folder.file("kept/store.sqlite")
        let store = try SQLiteStore(path: path)
        #expect(store.madeFile)
        #expect(try store.set(key("a"), "1") == .changed)
        try FileManager.default.removeItem(atPath: folder.file("kept"))
        let gone = "notes/b: \(path) is gone (deleted, or its folder was) since the store opened it: writes would be lost; restart Hub"
        #expect(try store.syncWrite(StoreWrite(key: key("b"), json: "2")) == .failure(StoreFailure(.unavailable, gone)))
        // Opened again, the store is a new, empty one, and says so.
        let again = try SQLiteStore(path: path)
        #expect(again.madeFile)
        #expect(try again.value(key("a")) == nil)
    }

    @Test func aFileReplacedWhileTheStoreRunsFailsItsWritesAndAStoreOpenedOnAnExistingFileDidNotMakeIt() throws {
        let path = folder.file()
        let store = try SQLiteStore(path: path)
        #expect(try store.set(key("a"), "1") == .changed)
        let other = folder.file("other.sqlite")
        do {
            let made = try SQLiteStore(path: other)
            try made.set(key("other"), "1")
        }
        try waitUntilClosed(other)
        #expect(rename(other, path) == 0)
        let replaced = "notes/b: \(path) was replaced by another file since the store opened it: restart Hub to use it"
        #expect(try store.syncWrite(StoreWrite(key: key("b"), json: "2")) == .failure(StoreFailure(.unavailable, replaced)))
        #expect(try !SQLiteStore(path: path).madeFile)
    }

    @Test func refusesToOpenOnAFullDisk() throws {
        let mount = try TmpfsMount(in: folder.path, size: "128k")
        try Data(count: 100 << 10).write(to: URL(fileURLWithPath: mount.file("filler")))
        let path = mount.file()
        #expect(throws: StoreFailure.self) { try SQLiteStore(path: path) }
        do {
            _ = try SQLiteStore(path: path)
        } catch {
            #expect(error.kind == .full)
            #expect(error.message.hasPrefix("cannot write \(path): the disk is full ("), "\(error)")
        }
    }
}
