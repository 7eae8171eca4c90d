import GRDB

/// The store's tables, created and upgraded by versioned migrations.
///
/// - `hub_store` holds one row per key ever written: a deleted key keeps its row, with a NULL
///   `json` and its last version, so that versions never repeat.
/// - `hub_store_changes` is the log of changes other processes read to tell their observers.
enum SQLiteSchema {
    static let values = "hub_store"
    static let changes = "hub_store_changes"

    /// The migrations, in order; a file holding one this build does not know was made by a
    /// newer Hub.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE \(values) (
                    namespace TEXT NOT NULL,
                    name TEXT NOT NULL,
                    json TEXT,
                    version INTEGER NOT NULL,
                    PRIMARY KEY (namespace, name)
                ) WITHOUT ROWID;
                CREATE TABLE \(changes) (
                    sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                    writer TEXT NOT NULL,
                    namespace TEXT NOT NULL,
                    name TEXT NOT NULL,
                    time REAL NOT NULL
                );
                """)
        }
        return migrator
    }

    /// Creates or upgrades the schema of `pool`'s file, then makes sure the file can be written
    /// now (not read-only, not locked past the busy timeout).
    static func prepare(_ pool: DatabasePool) throws {
        let migrator = migrator
        if try pool.read({ try migrator.hasBeenSuperseded($0) }) {
            throw DatabaseError(message: "the file was made by a newer version of Hub")
        }
        try migrator.migrate(pool)
        try pool.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) { .commit }
        }
    }
}
