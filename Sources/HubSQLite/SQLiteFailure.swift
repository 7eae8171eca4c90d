import Foundation
import GRDB
import HubCore

/// Turns what SQLite (through GRDB) reports into the store's failures, with messages that name
/// the file and, where there is one, the key.
enum SQLiteFailure {
    /// The failure `error` stands for, met while working on `path` for `subject` (the key or
    /// keys of the call; nil: opening the file).
    static func failure(_ error: any Error, path: String, about subject: String? = nil) -> StoreFailure {
        if let failure = error as? StoreFailure { return failure }
        let (kind, message) = describe(error, path: path)
        return StoreFailure(kind, subject.map { "\($0): \(message)" } ?? message)
    }

    private static func describe(_ error: any Error, path: String) -> (StoreFailure.Kind, String) {
        guard let error = error as? DatabaseError else { return (.backend, "\(path): \(error)") }
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return (.busy, "\(path) is locked by another process")
        case .SQLITE_READONLY:
            return (.readOnly, "\(path) is read-only")
        case .SQLITE_CORRUPT, .SQLITE_NOTADB:
            return (.corrupt, "\(path) is not a SQLite database or is damaged")
        case .SQLITE_FULL:
            return (.full, "cannot write \(path): the disk is full")
        case .SQLITE_CANTOPEN where !isWritable(path):
            return (.readOnly, "\(path) is read-only")
        case .SQLITE_CANTOPEN:
            return (.unavailable, "cannot open \(path)")
        case .SQLITE_IOERR where !isWritable(path):
            return (.readOnly, "\(path) is read-only")
        case .SQLITE_IOERR:
            return (.unavailable, "cannot read or write \(path) (disk I/O error)")
        case .SQLITE_PERM, .SQLITE_AUTH:
            return (.readOnly, "\(path) may not be written")
        default:
            return (.backend, "\(path): \(error.message ?? "SQLite error \(error.extendedResultCode.rawValue)")")
        }
    }

    /// Whether the file at `path` (or, while it is missing, its folder) may be written, as
    /// SQLite needs in WAL mode: false on a read-only file system or for an immutable file,
    /// even for root. SQLite tells such files apart from missing ones only as "cannot open".
    static func isWritable(_ path: String) -> Bool {
        let folder = (path as NSString).deletingLastPathComponent
        if access(folder.isEmpty ? "." : folder, W_OK) != 0 { return false }
        return access(path, W_OK) == 0 || errno == ENOENT
    }
}
