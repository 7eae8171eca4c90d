/// An operation's link to its loader: reschedule it, or perform an action from it.
public final class ContentOperationHandle {
    weak var loader: ViewModelLoader?
    let index: Int

    init(loader: ViewModelLoader, index: Int) {
        self.loader = loader
        self.index = index
    }

    /// Queues a run of this operation and every one after it, starting from the input this
    /// operation received last time. Returns false, and fails the running run with an error
    /// naming `location` (e.g. the script's `file:line`), when the operation has rescheduled
    /// itself more times in a row than its limit allows.
    @discardableResult
    public func reschedule(from location: String? = nil) -> Bool {
        loader?.operationAskedToReschedule(at: index, location: location) ?? false
    }

    /// Queues a run of this operation and every one after it at the loop's next turn, as an
    /// event from outside its runs does (data it read changed), unless one from it or an earlier
    /// one is queued and not started, which will see the change: so any number of such events
    /// before it starts ask for one run.
    public func rescheduleUnlessQueued() {
        guard let loader, !loader.hasQueuedRun(from: index) else { return }
        loader.rescheduleOperationOnNextTurn(at: index)
    }

    /// Performs the action `identifier` with trigger `contentOperation` and no component model.
    /// Returns whether it was performed (or handled).
    @discardableResult
    public func performAction(_ identifier: Identifier, customData: JSONDictionary? = nil) -> Bool {
        loader?.actionPerformer?.performAction(identifier, customData: customData) ?? false
    }
}
