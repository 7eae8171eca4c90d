import AsyncHTTPClient
import Foundation
import HubCore
import NIOCore
import NIOHTTP1

/// Clients writing entries of the Ledger fixture through `hub serve` as fast as it answers,
/// each on a thread of its own, until stopped: each write's key and value, and what its client
/// was told. A client that is refused or gets no answer (the server killed, not listening)
/// asks again after a pause that only paces it (any length gives the same outcomes) and that
/// stopping cuts short. Whoever waits for the writes is woken by each answer: no polling.
///
/// Unchecked: every stored property but the constants is read and written under `condition`.
final class LedgerLoad: @unchecked Sendable {
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
    private let running = DispatchGroup()
    /// Guards what follows, and is signalled at each write sent or answered, and at stop.
    private let condition = NSCondition()
    /// The writes answered so far, in the order their answers came.
    private var writes: [Write] = []
    /// Per client, how many writes it has sent, and how many were answered (one less while
    /// one is under way).
    private var sentCounts: [Int]
    private var answeredCounts: [Int]
    private var stopping = false

    /// Starts `clients` clients performing `action` on the server on `port`, each value
    /// `valueBytes` long.
    init(port: Int, action: String = "ledger:write", clients: Int = 6, valueBytes: Int = 64) {
        self.port = port
        self.action = action
        sentCounts = Array(repeating: 0, count: clients)
        answeredCounts = Array(repeating: 0, count: clients)
        for client in 0..<clients {
            running.enter()
            let thread = Thread { [self] in
                defer { running.leave() }
                write(as: client, valueBytes: valueBytes)
            }
            thread.start()
        }
    }

    /// `body`'s result on the load's state, under its lock.
    private func locked<Result>(_ body: () -> Result) -> Result {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }

    /// The writes answered so far, in the order their answers came.
    var sent: [Write] { locked { writes } }

    /// Waits (up to `seconds`) until `holds` is true of the load, checked at each change;
    /// whether it came true.
    private func wait(seconds: Double, until holds: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        return locked {
            while !holds() {
                guard condition.wait(until: deadline) else { return holds() }
            }
            return true
        }
    }

    /// Waits until `count` more writes than now were acknowledged; whether they were.
    func waitForAcknowledged(_ count: Int, seconds: Double = 60) -> Bool {
        let before = sent.count { $0.told.acknowledges }
        return wait(seconds: seconds) { writes.count { $0.told.acknowledges } >= before + count }
    }

    /// Waits until `count` more writes than now were not acknowledged; whether they were.
    func waitForRefused(_ count: Int, seconds: Double = 60) -> Bool {
        let before = sent.count { !$0.told.acknowledges }
        return wait(seconds: seconds) { writes.count { !$0.told.acknowledges } >= before + count }
    }

    /// Waits until every client has a write under way; whether they all have. With the server
    /// stopped, they then all wait on it.
    func waitUntilEveryClientWaits(seconds: Double = 60) -> Bool {
        wait(seconds: seconds) { sentCounts.indices.allSatisfy { answeredCounts[$0] < sentCounts[$0] } }
    }

    /// Stops the clients once their writes under way are answered; every write sent.
    func stop() -> [Write] {
        locked {
            stopping = true
            condition.broadcast()
        }
        running.wait()
        return sent
    }

    /// Client `client`'s loop: a write with a key of its own at a time, until stopped.
    private func write(as client: Int, valueBytes: Int) {
        var number = 0
        while !locked({ stopping }) {
            number += 1
            let key = "c\(client)-\(number)"
            // Bytes that a repair would change: not ASCII, a quote, a backslash.
            let value = "✓ \"\(key)\" \\ " + String(repeating: "é", count: max(0, valueBytes - 16) / 2)
            locked {
                sentCounts[client] += 1
                condition.broadcast()
            }
            let told = send(key: key, value: value)
            locked {
                writes.append(Write(key: key, value: value, told: told))
                answeredCounts[client] += 1
                condition.broadcast()
                // Paced, not hammering a server that refuses or is away; stopping cuts it short.
                let resume = Date().addingTimeInterval(told.acknowledges ? 0 : told == .noAnswer ? 0.02 : 0.005)
                while !stopping, Date() < resume { _ = condition.wait(until: resume) }
            }
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
