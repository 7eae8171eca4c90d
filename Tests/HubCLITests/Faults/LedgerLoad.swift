import AsyncHTTPClient
import Foundation
import HubCore
import NIOCore
import NIOHTTP1
import Synchronization

/// Clients writing entries of the Ledger fixture through `hub serve` as fast as it answers,
/// each on a thread of its own, until stopped: each write's key and value, and what its client
/// was told. A client that gets no answer (the server killed, stopped, not listening) tries
/// again a moment later.
final class LedgerLoad: Sendable {
    /// What a client was told about one write.
    enum Told: Hashable, Sendable, Comparable, CustomStringConvertible {
        /// The server answered with this status.
        case status(UInt)
        /// No answer: the connection failed, was closed, or timed out.
        case noAnswer

        /// Whether the write was acknowledged (2xx).
        var acknowledges: Bool {
            if case .status(let code) = self { return (200..<300).contains(code) }
            return false
        }

        var description: String {
            switch self {
            case .status(let code): "\(code)"
            case .noAnswer: "no answer"
            }
        }
    }

    /// One write a client sent.
    struct Write: Sendable {
        let key: String
        let value: String
        let told: Told
    }

    /// The load's own client: a connection that cannot be made fails its request at once
    /// (the shared client's pool would wait for the server until the request's deadline).
    private static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout = .init(connect: .seconds(2), read: .seconds(30))
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    private let port: Int
    /// The Ledger action each write performs: `ledger:write` (an entry) or `ledger:count`.
    private let action: String
    private let writes = Mutex<[Write]>([])
    private let stopping = Atomic<Bool>(false)
    private let running = DispatchGroup()

    /// Starts `clients` clients performing `action` on the server on `port`, each value
    /// `valueBytes` long.
    init(port: Int, action: String = "ledger:write", clients: Int = 6, valueBytes: Int = 64) {
        self.port = port
        self.action = action
        for client in 0..<clients {
            running.enter()
            let thread = Thread { [self] in
                defer { running.leave() }
                write(as: client, valueBytes: valueBytes)
            }
            thread.start()
        }
    }

    /// The writes sent so far, in the order their answers came.
    var sent: [Write] { writes.withLock { $0 } }

    /// Waits (up to `seconds`) until `condition` holds of the writes sent so far; whether it did.
    func wait(seconds: Double = 60, until condition: ([Write]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition(sent) { return true }
            usleep(10_000)
        }
        return condition(sent)
    }

    /// Waits until `count` more writes than now were acknowledged; whether they were.
    func waitForAcknowledged(_ count: Int, seconds: Double = 60) -> Bool {
        let before = sent.count { $0.told.acknowledges }
        return wait(seconds: seconds) { $0.count { $0.told.acknowledges } >= before + count }
    }

    /// Waits until `count` more writes than now were not acknowledged; whether they were.
    func waitForRefused(_ count: Int, seconds: Double = 60) -> Bool {
        let before = sent.count { !$0.told.acknowledges }
        return wait(seconds: seconds) { $0.count { !$0.told.acknowledges } >= before + count }
    }

    /// Stops the clients once their writes under way are answered; every write sent.
    func stop() -> [Write] {
        stopping.store(true, ordering: .relaxed)
        running.wait()
        return sent
    }

    /// Client `client`'s loop: a write with a key of its own at a time, until stopped.
    private func write(as client: Int, valueBytes: Int) {
        var number = 0
        while !stopping.load(ordering: .relaxed) {
            number += 1
            let key = "c\(client)-\(number)"
            // Bytes that a repair would change: not ASCII, a quote, a backslash.
            let value = "✓ \"\(key)\" \\ " + String(repeating: "é", count: max(0, valueBytes - 16) / 2)
            let told = send(key: key, value: value)
            writes.withLock { $0.append(Write(key: key, value: value, told: told)) }
            // A server that refuses or is away is asked again a moment later, not at once.
            if !told.acknowledges { usleep(told == .noAnswer ? 20_000 : 5_000) }
        }
    }

    /// Sends one write; what the client was told.
    private func send(key: String, value: String) -> Told {
        let custom = JSONValue.object(["key": .string(key), "value": .string(value)]).serialized()
        let body = #"{"component": "count", "id": "\#(action)", "custom": \#(custom)}"#
        guard var request = try? HTTPClient.Request(url: "http://127.0.0.1:\(port)/views/ledger:view/actions", method: .POST, body: .string(body))
        else { return .noAnswer }
        request.headers.add(name: "content-type", value: "application/json")
        do {
            let response = try Self.client.execute(request: request, deadline: .now() + .seconds(30)).wait()
            return .status(response.status.code)
        } catch {
            return .noAnswer
        }
    }
}
