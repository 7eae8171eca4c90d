// A Hummingbird server whose routes answer with the views of a Lua feature folder: each request's
// task opens its view on an AsyncHubRuntime, many at once, and waits for it to settle without
// holding a thread of the cooperative pool (Examples/Embedding shows the runtime on its own).
// Built as `HubEmbeddingServerExample`:
//
//   HubEmbeddingServerExample [--port 8080]       0: any free port
//
//   GET  /views/market:basket                     the settled view, drawn as text
//   POST /views/market:basket  with body "Apples" selects the row "Apples", then the same
//   GET  /views/market:till                       500 and why: its Swift operation fails
//
// Its first line of output says where it listens; SIGTERM or SIGINT stop it.

import Foundation
import HubLua
import Hummingbird

let options: ServerOptions
do {
    options = try ServerOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}

let hub = try await AsyncHubRuntime {
    let runtime = try HubRuntime()
    try runtime.loadFeatures(at: #filePath.replacingOccurrences(of: "main.swift", with: "Market"))
    try runtime.registerTill()
    return runtime
}
let router = Router()
ViewRoutes(hub: hub).add(to: router)
let application = Application(
    router: router,
    configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: options.port), serverName: "hub-embedding-server"),
    onServerRunning: { channel in
        // Written at once (standard output may be a pipe): whoever started the server waits for it.
        FileHandle.standardOutput.write(Data("serving on http://127.0.0.1:\(channel.localAddress?.port ?? options.port)\n".utf8))
    })
try await application.runService()
