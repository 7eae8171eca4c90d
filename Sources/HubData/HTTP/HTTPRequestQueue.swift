import HubCore

/// The requests of one run of an operation or action: at most `limit` in flight at once; the
/// others wait their turn, in the order they were made.
public final class HTTPRequestQueue {
    private let fetcher: HTTPFetcher
    private let limit: Int
    private var inFlight: [Int: HTTPCancellation] = [:]
    private var waiting: [(number: Int, start: () -> HTTPCancellation)] = []
    private var sequence = 0

    /// A queue sending through `fetcher`, `limit` (at least 1) requests at a time.
    public init(fetcher: HTTPFetcher, limit: Int) {
        self.fetcher = fetcher
        self.limit = max(1, limit)
    }

    /// How many requests are in flight, and how many wait.
    public var counts: (inFlight: Int, waiting: Int) { (inFlight.count, waiting.count) }

    /// Fetches `request` as ``HTTPFetcher/fetch(_:policy:partition:offline:timeout:cacheMode:watch:completion:)``
    /// does, once fewer than the limit are in flight; its timeout counts from then.
    public func fetch(
        _ request: HubHTTPRequest, policy: HTTPPolicy, partition: String, offline: Bool, timeout: Int? = nil,
        cacheMode: HTTPCacheMode = .default, watch: HTTPRevalidationWatch? = nil,
        completion: @escaping (Result<HubHTTPResponse, HTTPFailure>) -> Void
    ) -> HTTPCancellation {
        sequence += 1
        let number = sequence
        let start = { [unowned self] () -> HTTPCancellation in
            // The exchange keeps the queue until it ends: a queue made for one call lives as long.
            fetcher.fetch(
                request, policy: policy, partition: partition, offline: offline, timeout: timeout, cacheMode: cacheMode,
                watch: watch
            ) { [self] result in
                done(number)
                completion(result)
            }
        }
        if inFlight.count < limit {
            inFlight[number] = start()
        } else {
            waiting.append((number, start))
        }
        return HTTPCancellation { [weak self] in self?.cancel(number) }
    }

    /// Stops every request, in flight or waiting.
    public func cancelAll() {
        waiting.removeAll()
        let running = inFlight.values
        inFlight.removeAll()
        for cancellation in running { cancellation.cancel() }
    }

    private func cancel(_ number: Int) {
        waiting.removeAll { $0.number == number }
        inFlight.removeValue(forKey: number)?.cancel()
        startWaiting()
    }

    private func done(_ number: Int) {
        inFlight[number] = nil
        startWaiting()
    }

    private func startWaiting() {
        while inFlight.count < limit, !waiting.isEmpty {
            let next = waiting.removeFirst()
            inFlight[next.number] = next.start()
        }
    }
}
