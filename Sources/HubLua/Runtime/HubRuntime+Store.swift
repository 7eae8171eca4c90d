import HubCore
import HubRender

extension HubRuntime {
    /// Reschedules, when a stored key changes, each open chain that read it from the first
    /// operation that read it: changes this runtime's scripts make, and changes the store tells
    /// of (made by other runtimes sharing it: a server's other workers, other processes).
    func observeStoreChanges() {
        let origin = bindings.store.origin
        bindings.store.onChange = { [weak self] key, writer, canPassTime in
            guard let self else { return }
            // The chains rerun at the loop's next turn (a script is running); their screens are
            // busy from now on, so whoever waits for them to settle waits for that too.
            let screens = self.rescheduleChains(reading: key, except: writer)
            // At the top of a test case or a REPL line, the screens catch up before it goes on.
            if canPassTime { screens.forEach(self.manager.settle) }
        }
        manager.onStoreChange = { [weak self] change in
            guard change.origin != origin else { return }
            _ = self?.rescheduleChains(reading: change.key, except: nil)
        }
    }

    /// Takes in what the loop was handed meanwhile (changes of the store made elsewhere), and
    /// waits for the screens those changes rescheduled to settle: what a REPL does before each
    /// line, so that the line sees the data as it is.
    public func settleStoreChanges() {
        loop.advance(by: 0)
        bindings.dataRescheduling.takeRescheduled().forEach(manager.settle)
    }

    /// Reschedules, from the loop's next turn, each open chain that read `key` (nil: anything
    /// stored) from the first operation that read it, except the chain of the operation `writer`
    /// (which wrote it); returns the screens rescheduled.
    private func rescheduleChains(reading key: StoreKey?, except writer: LuaContentOperation?) -> [Screen] {
        var rescheduled: [Screen] = []
        for screen in bindings.liveStacks.allScreens {
            let operations = screen.loader.contentOperations
            if let writer, operations.contains(where: { $0 === writer }) { continue }
            guard let first = operations.firstIndex(where: { ($0 as? LuaContentOperation)?.storeReads.covers(key) == true })
            else { continue }
            if bindings.dataRescheduling.reschedule(screen, from: first) { rescheduled.append(screen) }
        }
        return rescheduled
    }
}
