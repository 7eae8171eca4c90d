import Foundation
import HubCore

/// Which file a store opened (its device and inode), so that a file deleted or replaced while
/// the store runs is told from it: SQLite would go on writing into a file no longer at its path.
struct SQLiteFileIdentity: Sendable, Equatable {
    private let device: UInt64
    private let inode: UInt64

    /// The file at `path` now; nil when there is none.
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }

    /// Why writes to `path` would not reach the file opened; nil when the file there is it.
    func problem(at path: String) -> String? {
        guard let now = SQLiteFileIdentity(path: path) else {
            return "\(path) is gone (deleted, or its folder was) since the store opened it: writes would be lost; restart Hub"
        }
        return now == self ? nil : "\(path) was replaced by another file since the store opened it: restart Hub to use it"
    }

    /// The failure `error` stands for, met on `path` for `subject`: that the file is gone or
    /// replaced when it is (SQLite words a deleted file as read-only, or as an I/O error),
    /// otherwise what SQLite says.
    func failure(_ error: any Error, path: String, about subject: String) -> StoreFailure {
        if !(error is StoreFailure), let problem = problem(at: path) { return StoreFailure(.unavailable, "\(subject): \(problem)") }
        return SQLiteFailure.failure(error, path: path, about: subject)
    }

    /// The least room a store's file system must have left to be opened.
    static let leastRoom = 64 << 10

    /// Fails (code 5) when the file system of `folder`, where the store `path` lives, has less
    /// than ``leastRoom`` left: the store could not take a write.
    static func checkRoom(in folder: String, for path: String) throws(StoreFailure) {
        var status = statvfs()
        guard statvfs(folder, &status) == 0 else { return }
        let room = UInt64(status.f_bavail) * UInt64(status.f_frsize)
        if room < UInt64(leastRoom) {
            throw StoreFailure(.full, "cannot write \(path): the disk is full (\(room) bytes left)")
        }
    }
}
