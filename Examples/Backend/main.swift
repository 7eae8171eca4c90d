// The backend the GitHub example downloads its search results from: serves the files of a folder
// over HTTP on loopback, with ETags (and 304 answers to If-None-Match) and Cache-Control max-age,
// as a content service would. Scripts/demo starts it on Examples/GitHub/data.
//
//   HubExampleBackend FOLDER [--port 8099] [--max-age 60]
import Foundation
import Hummingbird
import Logging

/// The command line: the folder to serve, the loopback port, and the max-age of the answers.
struct BackendOptions {
    var folder = "Examples/GitHub/data"
    var port = 8099
    var maxAge = 60

    init(arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--port": port = try Self.number(rest.popFirst(), for: argument)
            case "--max-age": maxAge = try Self.number(rest.popFirst(), for: argument)
            default: folder = argument
            }
        }
    }

    private static func number(_ text: String?, for option: String) throws -> Int {
        guard let text, let value = Int(text), value >= 0 else { throw UsageError(message: "\(option) needs a number") }
        return value
    }
}

struct UsageError: Error, CustomStringConvertible {
    var message: String
    var description: String { "usage: HubExampleBackend FOLDER [--port 8099] [--max-age 60]: \(message)" }
}

let options: BackendOptions
do {
    options = try BackendOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}
guard FileManager.default.fileExists(atPath: options.folder) else {
    FileHandle.standardError.write(Data("HubExampleBackend: no folder \(options.folder)\n".utf8))
    exit(1)
}

var logger = Logger(label: "hub-example-backend")
logger.logLevel = .warning
let router = Router()
router.add(middleware: FileMiddleware(
    options.folder, cacheControl: CacheControl([(MediaType(type: .any), [.maxAge(options.maxAge)])]), logger: logger))
let application = Application(
    router: router,
    configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: options.port), serverName: "hub-example-backend"),
    onServerRunning: { channel in
        // Written at once (standard output may be a pipe): whoever started the backend waits for it.
        FileHandle.standardOutput.write(Data("serving \(options.folder) on http://127.0.0.1:\(channel.localAddress?.port ?? options.port)\n".utf8))
    },
    logger: logger)
try await application.runService()
