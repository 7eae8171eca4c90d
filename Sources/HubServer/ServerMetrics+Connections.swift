import Metrics

// The connections' metrics:
//
// - `hub_connections_open`: connections open (refused ones aside);
// - `hub_connections_refused_total`: connections answered 503 past `--max-connections`;
// - `hub_header_timeouts_total`: connections closed for taking longer than `--header-timeout`
//   to send a request (its header fields and body);
// - `hub_accept_pauses_total{error}`: pauses in accepting, the file table full (`EMFILE`: the
//   process's limit, `ENFILE`: the system's).

extension ServerMetrics {
    /// `count` connections are open.
    func connectionsOpen(_ count: Int) {
        Gauge(label: "hub_connections_open", factory: factory).record(count)
    }

    /// A connection was refused: too many were open.
    func connectionRefused() {
        Counter(label: "hub_connections_refused_total", factory: factory).increment()
    }

    /// A connection was closed: it took too long to send a request (header fields and body).
    func headerTimedOut() {
        Counter(label: "hub_header_timeouts_total", factory: factory).increment()
    }

    /// Accepting paused: the file table was full (`error`: `EMFILE`, say).
    func acceptPaused(_ error: String) {
        Counter(label: "hub_accept_pauses_total", dimensions: [("error", error)], factory: factory).increment()
    }
}
