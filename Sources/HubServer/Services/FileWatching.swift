import Foundation
import HubFileWatching
import HubLua
import Synchronization

/// A thread that waits for changes under feature folders (``FileWatcher``) and calls
/// `changed` after each, until stopped.
final class FileWatching: Sendable {
    /// Whether the thread should end.
    private let stopping = Mutex(false)

    /// Starts watching `roots` (by polling when `polling` is true).
    init(roots: [String], polling: Bool, changed: @escaping @Sendable () -> Void) {
        // Watching starts before this returns, so that no edit made from now on is missed.
        let watcher = HandedOver(FileWatcher(roots: roots, polling: polling))
        let thread = Thread { [self] in
            Thread.current.name = "hub-file-watcher"
            while !isStopping {
                if watcher.value.wait(timeout: 250) != nil, !isStopping { changed() }
            }
        }
        thread.start()
    }

    private var isStopping: Bool { stopping.withLock { $0 } }

    /// Ends the thread (within a quarter of a second).
    func stop() {
        stopping.withLock { $0 = true }
    }
}

/// A value made on one thread and handed to another, which alone uses it from then on.
private final class HandedOver<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
