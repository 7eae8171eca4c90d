import HubCore
import NIOCore
import NIOPosix
import PostgresNIO

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What an error of PostgreSQL, or of the connection to it, means for a store call.
enum PostgresFailure: Error, Equatable {
    /// The server cannot be reached, or the connection was lost: `reason` says how.
    case unavailable(String)
    /// A serialization failure or a deadlock: the transaction may run again.
    case retry(String)
    /// Any other failure, as the store reports it.
    case failure(StoreFailure.Kind, String)

    /// The failure `error` stands for.
    init(_ error: any Error) {
        switch error {
        case let failure as PostgresFailure:
            self = failure
        case let error as PSQLError:
            self = Self.classify(error)
        case let error as NIOConnectionError:
            self = .unavailable(error.connectionErrors.first.map { Self.reason(of: $0.error) } ?? "cannot connect to \(error.host):\(error.port)")
        case let error as PostgresDecodingError:
            self = .failure(.backend, "an unexpected answer: \(error)")
        default:
            self = .unavailable(Self.reason(of: error))
        }
    }

    /// Whether the connection that failed this way is no longer usable.
    var losesConnection: Bool {
        if case .unavailable = self { return true }
        return false
    }

    /// The failure a caller sees: `subject` names what the call was about (a key, a namespace).
    func storeFailure(endpoint: String, subject: String) -> StoreFailure {
        switch self {
        case .unavailable(let reason):
            return StoreFailure(.unavailable, "PostgreSQL at \(endpoint) is unavailable: \(reason)")
        case .retry(let message):
            return StoreFailure(.busy, "\(subject): PostgreSQL at \(endpoint) kept failing the transaction: \(message)")
        case .failure(.full, let message):
            return StoreFailure(.full, "\(subject): PostgreSQL at \(endpoint) is out of disk space: \(message)")
        case .failure(.readOnly, let message):
            return StoreFailure(.readOnly, "\(subject): PostgreSQL at \(endpoint) accepts no writes: \(message)")
        case .failure(let kind, let message):
            return StoreFailure(kind, "\(subject): PostgreSQL at \(endpoint): \(message)")
        }
    }

    private static func classify(_ error: PSQLError) -> PostgresFailure {
        switch error.code {
        case .server:
            let state = error.serverInfo?[.sqlState] ?? ""
            let message = error.serverInfo?[.message] ?? "an error without a message"
            return classify(sqlState: state, message: message)
        case .connectionError:
            return .unavailable(error.underlying.map { reason(of: $0) } ?? "cannot connect")
        case .serverClosedConnection, .uncleanShutdown:
            return .unavailable("the server closed the connection")
        case .clientClosedConnection:
            return .unavailable("the connection was closed")
        case .messageDecodingFailure, .unexpectedBackendMessage:
            return .unavailable("the server's answer could not be read (\(error.code))")
        case .sslUnsupported:
            return .failure(.backend, "the server does not support TLS (sslmode=disable connects without it)")
        case .queryCancelled:
            return .failure(.busy, "the query was cancelled")
        default:
            return .failure(.backend, error.underlying.map { "\(error.code): \(reason(of: $0))" } ?? "\(error.code)")
        }
    }

    /// The SQLSTATE of an error the server reported; nil for other errors.
    static func sqlState(of error: any Error) -> String? {
        guard let error = error as? PSQLError, error.code == .server else { return nil }
        return error.serverInfo?[.sqlState]
    }

    /// The failure an error the server reported stands for.
    static func classify(sqlState state: String, message: String) -> PostgresFailure {
        let detailed = "\(message) (SQLSTATE \(state))"
        switch state {
        case "40001", "40P01":
            return .retry(detailed)
        case "53100":
            return .failure(.full, detailed)
        case "25006":
            return .failure(.readOnly, detailed)
        case "53300", "57P01", "57P02", "57P03":
            // Too many connections, or the server shutting down, crashed, starting up.
            return .unavailable(message)
        case "55P03", "57014":
            // A lock not granted, a statement cancelled past its timeout.
            return .failure(.busy, detailed)
        case "XX001", "XX002":
            return .failure(.corrupt, detailed)
        default:
            if state.hasPrefix("08") { return .unavailable(message) }
            return .failure(.backend, detailed)
        }
    }

    /// A short reason for an error of the network or of SwiftNIO.
    private static func reason(of error: any Error) -> String {
        switch error {
        case let error as IOError:
            return String(cString: strerror(error.errnoCode)).lowercased()
        case let error as NIOConnectionError:
            return error.connectionErrors.first.map { reason(of: $0.error) } ?? "cannot connect to \(error.host):\(error.port)"
        case let error as ChannelError:
            switch error {
            case .connectTimeout(let amount):
                return "no connection within \(Double(amount.nanoseconds) / 1e9) s"
            case .ioOnClosedChannel, .alreadyClosed, .eof, .outputClosed, .inputClosed:
                return "the connection was closed"
            default:
                return "\(error)"
            }
        case let error as PSQLError:
            switch classify(error) {
            case .unavailable(let reason): return reason
            case .retry(let message), .failure(_, let message): return message
            }
        default:
            return "\(error)"
        }
    }
}
