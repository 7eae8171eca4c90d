/// The command line: `--port N`, the loopback port to listen on (0: any free one).
struct ServerOptions {
    var port = 8080

    init(arguments: [String]) throws(UsageError) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            guard argument == "--port", let text = rest.popFirst(), let port = Int(text), (0...65_535).contains(port) else {
                throw UsageError(argument: argument)
            }
            self.port = port
        }
    }
}

/// A command line the server does not understand: the argument where it stopped.
struct UsageError: Error, CustomStringConvertible {
    var argument: String

    var description: String {
        "usage: HubEmbeddingServerExample [--port 8080] (0: any free port); not understood: \(argument)"
    }
}
