import ArgumentParser
import Foundation
import HubCore
import HubData
import HubPostgres
import HubSQLite

/// Where `hub.store` keeps the features' data, for every command that runs features.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .customLong("store"),
        help: ArgumentHelp(
            "Where hub.store keeps data: memory, a SQLite file (sqlite:PATH, or a PATH ending in .sqlite), or "
                + "postgres://USER@HOST:PORT/DATABASE (default: memory; for hub serve, \(HubDefaults.Server.storePath)).",
            valueName: "store"))
    var location: String?

    /// The store the option names (`defaultLocation` without it); a clear error when it cannot
    /// be opened (a file that is not a database, read-only, locked, on a full disk; a server
    /// that is away). A SQLite file made where none was is said on standard error, with its
    /// full path: a store that seems empty is then no surprise.
    func makeStore(defaultLocation: String = "memory") throws -> any Store {
        let location = self.location ?? defaultLocation
        let store: any Store
        do {
            store = try Self.store(at: location)
        } catch {
            Hub.warn("--store \(location): \(error)")
            throw ExitCode.failure
        }
        if let sqlite = store as? SQLiteStore, sqlite.madeFile {
            Hub.warn("made a new store at \(URL(fileURLWithPath: sqlite.path).standardizedFileURL.path) (there was none)")
        }
        return store
    }

    /// The store `location` names.
    static func store(at location: String) throws -> any Store {
        if location == "memory" { return MemoryStore() }
        if location.hasPrefix("postgres://") || location.hasPrefix("postgresql://") { return try PostgresStore(url: location) }
        if location.hasPrefix("sqlite:") { return try SQLiteStore(path: String(location.dropFirst("sqlite:".count))) }
        if [".sqlite", ".sqlite3", ".db"].contains(where: location.hasSuffix) { return try SQLiteStore(path: location) }
        throw ValidationError("not a store: write memory, sqlite:PATH (or a PATH ending in .sqlite) or postgres://USER@HOST:PORT/DATABASE")
    }

    func validate() throws {
        guard let location else { return }
        let known = location == "memory" || location.hasPrefix("postgres://") || location.hasPrefix("postgresql://")
            || location.hasPrefix("sqlite:") || [".sqlite", ".sqlite3", ".db"].contains(where: location.hasSuffix)
        guard known else {
            throw ValidationError(
                "--store '\(location)' is not a store: write memory, sqlite:PATH (or a PATH ending in .sqlite) or postgres://USER@HOST:PORT/DATABASE")
        }
    }
}
