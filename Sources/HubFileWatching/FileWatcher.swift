import Foundation
import Glibc
import HubCore

/// Tells when files under some folders may have changed: through inotify on every folder below
/// them (editors that save by writing a new file and renaming it over the old one included), or,
/// where inotify is not available or `polling` is asked for, by waking up every interval so the
/// caller can compare modification dates. Which files changed is the caller's to find out
/// (``HubRuntime/changedFiles()`` compares dates), so no event can be misread.
public final class FileWatcher {
    private var descriptor: Int32 = -1
    private let roots: [String]
    private var watched: Set<String> = []
    /// Milliseconds between wake-ups when polling.
    static let pollingInterval = 100

    /// A watcher of the folders `roots` (and every folder below them), by polling when
    /// `polling` is true or inotify cannot be used.
    public init(roots: [String], polling: Bool) {
        self.roots = roots
        if !polling {
            descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            watchFolders()
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Whether the watcher uses inotify (false: it polls).
    var usesInotify: Bool { descriptor >= 0 }

    /// Waits up to `timeout` milliseconds for a change; returns when the first event of a change
    /// came (a ``MonotonicTime`` reading; when polling: when the wait ended), or nil when nothing may have changed. After
    /// that event it keeps gathering events until none comes for `settling` milliseconds, so
    /// that one save (which editors do in several quick steps) is one change.
    public func wait(timeout: Int, settling: Int = 15) -> UInt64? {
        guard usesInotify else {
            usleep(UInt32(max(0, min(timeout, Self.pollingInterval))) * 1_000)
            return MonotonicTime.now
        }
        guard poll(timeout: timeout) else { return nil }
        let first = MonotonicTime.now
        repeat { drain() } while poll(timeout: settling)
        watchFolders()
        return first
    }

    /// Whether an event is ready within `timeout` milliseconds.
    private func poll(timeout: Int) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return Glibc.poll(&request, 1, Int32(clamping: max(0, timeout))) > 0
    }

    /// Reads and forgets the pending events.
    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }

    /// Adds a watch for every folder below the roots not watched yet (a new folder too).
    private func watchFolders() {
        guard descriptor >= 0 else { return }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB)
        for folder in roots.flatMap(Self.folders(under:)) where !watched.contains(folder) {
            if inotify_add_watch(descriptor, folder, mask) >= 0 { watched.insert(folder) }
        }
    }

    /// `root` and every folder below it, hidden ones left out.
    private static func folders(under root: String) -> [String] {
        let url = URL(fileURLWithPath: root).standardizedFileURL
        var folders = [url.path]
        guard let enumerator = FileManager.default.enumerator(
            at: url, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        else { return folders }
        while let item = enumerator.nextObject() as? URL {
            if (try? item.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true { folders.append(item.standardizedFileURL.path) }
        }
        return folders
    }
}
