import Foundation

/// A small tmpfs mounted in a test's folder: a file system of its own, which can be filled or
/// made read-only for real. Unmounted when released. Needs root, as CI runs.
public final class TmpfsMount {
    /// Where it is mounted.
    public let path: String

    /// Mounts a tmpfs of `size` (`512k`, `4m`) at `folder/mount`.
    public init(in folder: String, size: String) throws {
        path = folder + "/mount"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try run("mount", "-t", "tmpfs", "-o", "size=\(size)", "tmpfs", path)
    }

    /// The path of `name` in it.
    public func file(_ name: String = "store.sqlite") -> String { path + "/" + name }

    /// Makes it `size` big, keeping what it holds (room again on a full one).
    public func resize(to size: String) throws {
        try run("mount", "-o", "remount,size=\(size)", path)
    }

    /// Makes it read-only (its files must be closed for writing first).
    public func makeReadOnly() throws {
        try run("mount", "-o", "remount,ro", path)
    }

    deinit { try? run("umount", "-l", path) }
}
