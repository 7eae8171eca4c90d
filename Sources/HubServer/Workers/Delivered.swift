/// What `start` hands the function it is given, awaited: for the calls that hand their answer
/// to a function on whatever thread it ends (``RuntimeWorker/answer(limit:_:deliver:)``,
/// ``HubServer/loadView(_:ifNoneMatch:channel:deliver:)``). What `start` throws, which it does
/// only before it hands anything over, is thrown at once.
func delivered<Value: Sendable>(
    _ start: (_ deliver: @escaping @Sendable (Result<Value, any Error>) -> Void) throws -> Void
) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        do {
            try start { continuation.resume(with: $0) }
        } catch {
            continuation.resume(throwing: error)
        }
    }
}
