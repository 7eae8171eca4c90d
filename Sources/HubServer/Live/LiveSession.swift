import HubCore
import HubLua
import HubRender

/// A stack of screens kept open on a worker for an update stream: whenever its view changes
/// (an asynchronous operation reschedules, an action runs, a feature file is reloaded) the
/// session sends the new view. A preview's session also takes the clicks of its page.
final class LiveSession {
    /// What the session sends.
    enum Kind: Sendable {
        /// The view model as default-schema JSON (`event: model`).
        case model
        /// What the preview page shows (`event: state`, see ``PreviewState``).
        case preview
    }

    let identifier: String
    let stack: ScreenStack
    let kind: Kind
    private let stream: EventStream
    /// What the view was when the session last looked, and the last event it sent.
    private var lastSeen: Snapshot?
    private var lastSent: [UInt8]?

    init(identifier: String, stack: ScreenStack, kind: Kind, stream: EventStream) {
        self.identifier = identifier
        self.stack = stack
        self.kind = kind
        self.stream = stream
    }

    /// Sends the view when it changed since the session last looked; false once the stream
    /// has ended (the session is over).
    func pushIfChanged(_ runtime: HubRuntime) -> Bool {
        let snapshot = Snapshot(stack)
        guard snapshot != lastSeen else { return true }
        let event: String
        let data: [UInt8]
        switch kind {
        case .model:
            (event, data) = ("model", stack.top.viewModel.serializedJSON())
            // A view still loading with nothing in it yet is not news: the first event is its
            // initial content, or what its chain made (empty only if it made nothing).
            if lastSent == nil, stack.top.loader.isLoading, data == Self.emptyModel { return true }
        case .preview:
            (event, data) = ("state", PreviewState.json(of: self, runtime: runtime))
        }
        lastSeen = snapshot
        guard data != lastSent else { return true }
        lastSent = data
        return stream.send(event, data: data)
    }

    /// The JSON of a view model with nothing in it.
    private static let emptyModel = Array("{}".utf8)

    /// Sends the view again even when it did not change (after a click, the page waits for
    /// it); what it sent.
    func pushAgain(_ runtime: HubRuntime) -> [UInt8] {
        lastSeen = nil
        lastSent = nil
        _ = pushIfChanged(runtime)
        return lastSent ?? []
    }

    /// Keeps the connection open; false once the stream has ended.
    func ping() -> Bool {
        stream.ping()
    }

    /// Ends the session's stream.
    func end() {
        stream.finish()
    }

    /// What a session compares to find out whether its view changed: which screen is on top,
    /// its view model, how its chain stands and its error.
    private struct Snapshot: Equatable {
        let top: ObjectIdentifier
        let depth: Int
        let viewModel: ViewModel
        let statuses: [ContentOperationStatus]
        let error: String?
        let loading: Bool

        init(_ stack: ScreenStack) {
            let top = stack.top
            self.top = ObjectIdentifier(top)
            depth = stack.screens.count
            viewModel = top.viewModel
            statuses = top.loader.operationStatuses
            error = top.lastError?.description
            loading = top.loader.isLoading
        }
    }
}
