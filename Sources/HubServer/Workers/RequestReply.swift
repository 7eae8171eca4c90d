import Synchronization

/// The one answer to a request a worker took: the first ``send(_:)`` resumes the handler that
/// waits for it (on whatever thread sends it); later ones do nothing.
final class RequestReply<Value: Sendable>: Sendable {
    private let continuation: Mutex<CheckedContinuation<Value, any Error>?>
    /// Told once the answer is sent (the worker counts the request as done).
    private let onSent: @Sendable () -> Void

    init(_ continuation: CheckedContinuation<Value, any Error>, onSent: @escaping @Sendable () -> Void) {
        self.continuation = Mutex(continuation)
        self.onSent = onSent
    }

    /// Answers with `result`, unless an answer was sent already.
    func send(_ result: Result<Value, any Error>) {
        guard let continuation = continuation.withLock({ $0.take() }) else { return }
        onSent()
        continuation.resume(with: result)
    }

    /// Answers with what `body` returns or throws.
    func send(_ body: () throws -> Value) {
        send(Result { try body() })
    }
}
