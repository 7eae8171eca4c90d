import Hummingbird
import Metrics
import Prometheus
import Synchronization

/// The server's metrics, through swift-metrics into a Prometheus registry of the server's own
/// (no process-wide bootstrap, so servers in one process keep theirs apart), served as
/// Prometheus text at `/metrics`:
///
/// - `hub_http_requests_total{method, status}`: requests answered;
/// - `hub_view_requests_total{feature}` and `hub_view_errors_total{feature}`: views asked for
///   and how many failed (a feature of `-` when no feature handles the URI);
/// - `hub_chain_duration_seconds{feature}`: from opening a view to its chain settling;
/// - `hub_view_cache_hits_total{feature}`: views answered from what their reload policy kept;
/// - `hub_rejected_requests_total{reason}`: requests refused (a 4xx), by
///   ``rejectionReason(_:)``;
/// - `hub_update_streams_open` and `hub_update_streams_capacity`: the update streams (and
///   previews) open, and the most the server keeps at once;
/// - `hub_update_streams_opened_total`: streams opened, however long they lasted;
/// - `hub_update_streams_refused_total`: streams refused (503) because every worker was full;
/// - the connections' (ServerMetrics+Connections.swift).
///
/// Each counter and timer is made once, when first counted, and kept by its dimensions' values:
/// making one again looks it up in the registry (its labels checked, sorted and joined) at every
/// request.
final class ServerMetrics: Sendable {
    private let registry = PrometheusCollectorRegistry()
    let factory: PrometheusMetricsFactory
    /// Made at once, so that they read 0 before the first stream.
    private let openedStreams: Metrics.Counter
    private let refusedStreams: Metrics.Counter
    private let counters = Mutex<[Key: Metrics.Counter]>([:])
    private let timers = Mutex<[Key: Timer]>([:])

    /// A metric by its label and its dimensions' values (at most two).
    private struct Key: Hashable {
        let label: String
        let first: String
        var second = ""
    }

    init() {
        factory = PrometheusMetricsFactory(registry: registry)
        openedStreams = Counter(label: "hub_update_streams_opened_total", factory: factory)
        refusedStreams = Counter(label: "hub_update_streams_refused_total", factory: factory)
    }

    /// A request answered with `status`.
    func answered(method: String, status: Int) {
        let status = String(status)
        counter(Key(label: "hub_http_requests_total", first: method, second: status)) { [("method", method), ("status", status)] }.increment()
    }

    /// A view of `feature` loaded, its chain settling in `seconds`.
    func loaded(feature: String, chainSeconds seconds: Double) {
        counter(Key(label: "hub_view_requests_total", first: feature)) { [("feature", feature)] }.increment()
        let key = Key(label: "hub_chain_duration_seconds", first: feature)
        Self.kept(key, in: timers) { Timer(label: key.label, dimensions: [("feature", feature)], factory: factory) }
            .recordNanoseconds(Int64(seconds * 1e9))
    }

    /// A view of `feature` answered from what its reload policy kept, no chain run.
    func answeredFromCache(feature: String) {
        counter(Key(label: "hub_view_cache_hits_total", first: feature)) { [("feature", feature)] }.increment()
    }

    /// A view of `feature` (nil: no feature handles it) failed.
    func failed(feature: String?) {
        let feature = feature ?? "-"
        counter(Key(label: "hub_view_requests_total", first: feature)) { [("feature", feature)] }.increment()
        counter(Key(label: "hub_view_errors_total", first: feature)) { [("feature", feature)] }.increment()
    }

    /// A request refused, for `reason` (``rejectionReason(_:)``).
    func rejected(reason: String) {
        counter(Key(label: "hub_rejected_requests_total", first: reason)) { [("reason", reason)] }.increment()
    }

    /// Why a request answered `status` (a 4xx) was refused: `host` (421, a name the server does
    /// not answer to), `origin` (403, a write from another origin's page), `content_type` (415,
    /// a write without a JSON body), `not_found` (404), `method` (405), `body_too_large` (413),
    /// `unprocessable` (422), `bad_request` (400: a malformed URI, body or `Host`); another
    /// status is its code.
    static func rejectionReason(_ status: HTTPResponse.Status) -> String {
        switch status {
        case .misdirectedRequest: "host"
        case .forbidden: "origin"
        case .unsupportedMediaType: "content_type"
        case .notFound: "not_found"
        case .methodNotAllowed: "method"
        case .contentTooLarge: "body_too_large"
        case .unprocessableContent: "unprocessable"
        case .badRequest: "bad_request"
        default: String(status.code)
        }
    }

    /// How many update streams are open, of the `capacity` the server keeps.
    func streams(open: Int, capacity: Int) {
        Gauge(label: "hub_update_streams_open", factory: factory).record(open)
        Gauge(label: "hub_update_streams_capacity", factory: factory).record(capacity)
    }

    /// An update stream opened.
    func openedStream() {
        openedStreams.increment()
    }

    /// An update stream refused: every worker holds as many as it keeps.
    func refusedStream() {
        refusedStreams.increment()
    }

    /// The metrics in Prometheus's text format.
    var text: String {
        registry.emitToString()
    }

    /// The counter `key` names, made with `dimensions` the first time.
    private func counter(_ key: Key, dimensions: () -> [(String, String)]) -> Metrics.Counter {
        Self.kept(key, in: counters) { Counter(label: key.label, dimensions: dimensions(), factory: factory) }
    }

    /// What `store` keeps for `key`, made by `make` (and kept) the first time.
    private static func kept<Metric: Sendable>(_ key: Key, in store: borrowing Mutex<[Key: Metric]>, make: () -> Metric) -> Metric {
        if let kept = store.withLock({ $0[key] }) { return kept }
        let made = make()
        return store.withLock { store in
            if let kept = store[key] { return kept }
            store[key] = made
            return made
        }
    }
}
