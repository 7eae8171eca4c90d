import Synchronization

/// The one answer to a request a worker took: the first ``send(_:)`` hands it to whoever waits
/// for it (on whatever thread sends it); later ones do nothing.
final class RequestReply<Value: Sendable>: Sendable {
    private let deliver: Mutex<(@Sendable (Result<Value, any Error>) -> Void)?>
    /// Told once the answer is sent (the worker counts the request as done).
    private let onSent: @Sendable () -> Void

    /// A reply that hands its answer to `deliver`.
    init(onSent: @escaping @Sendable () -> Void, deliver: @escaping @Sendable (Result<Value, any Error>) -> Void) {
        self.deliver = Mutex(deliver)
        self.onSent = onSent
    }

    /// Whether an answer was sent (by the worker, or past the deadline without it).
    var isSent: Bool { deliver.withLock { $0 == nil } }

    /// Answers with `result`, unless an answer was sent already.
    func send(_ result: Result<Value, any Error>) {
        guard let deliver = deliver.withLock({ $0.take() }) else { return }
        onSent()
        deliver(result)
    }

    /// Answers with what `body` returns or throws.
    func send(_ body: () throws -> Value) {
        send(Result { try body() })
    }
}
