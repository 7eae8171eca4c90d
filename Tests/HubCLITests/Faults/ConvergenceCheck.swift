import Foundation
import HubCore
import Testing

/// Live views converge: update streams of the Ledger's view held open while clients add to its
/// count as fast as the servers answer; once the clients stop, every stream shows the count the
/// store holds. How long the last of them took after the last answer is printed (the bound the
/// rate limit sets is the store tests' to check, on the virtual clock).
struct ConvergenceCheck {
    /// Opens `streams` update streams through `streamPort`, has `clients` clients count through
    /// `port` until `counts` are acknowledged, then waits for every stream to show the count
    /// `stored` reads; what it printed.
    @discardableResult
    static func run(
        _ name: String, port: Int, streamPort: Int, streams: Int = 6, clients: Int = 4, counts: Int = 400,
        stored: () throws -> Int
    ) throws -> String {
        let recorders = (0..<streams).map { _ in StreamRecorder(url: "http://127.0.0.1:\(streamPort)/views/ledger:view/updates") }
        defer { recorders.forEach { $0.cancel() } }
        for recorder in recorders {
            #expect(recorder.wait(seconds: 30) { lastCount(in: $0) != nil }, "a stream's first view: \(recorder.text.suffix(500))")
        }
        let load = LedgerLoad(port: port, action: "ledger:count", clients: clients)
        #expect(load.waitForAcknowledged(counts), "the counts were not acknowledged")
        let writes = load.stop()
        let stopped = Date()
        let count = try stored()
        let acknowledged = writes.count { $0.told.acknowledges }
        #expect(count >= acknowledged && count <= writes.count, "stored \(count), acknowledged \(acknowledged) of \(writes.count)")
        // A bound that only a stream left behind reaches (they stayed behind for minutes).
        for (index, recorder) in recorders.enumerated() {
            #expect(recorder.wait(seconds: 60) { lastCount(in: $0) == count }, "stream \(index) shows \(lastCount(in: recorder.text) ?? -1), not \(count)")
        }
        let line = "\(name): \(streams) streams showed the stored count \(count) (\(acknowledged) acknowledged) "
            + "\(Int(Date().timeIntervalSince(stopped) * 1_000)) ms after the last answer"
        print("convergence: \(line)")
        return line
    }

    /// The count the last complete model event of an update stream shows.
    static func lastCount(in stream: String) -> Int? {
        guard let data = lastEvent(in: stream).split(separator: "\n").first(where: { $0.hasPrefix("data: ") }),
            let model = try? JSONParser.parse(String(data.dropFirst(6)))
        else { return nil }
        return model.objectValue?["body"]?.arrayValue?.first?.objectValue?["text"]?.objectValue?["title"]?.stringValue.flatMap { Int($0) }
    }
}
