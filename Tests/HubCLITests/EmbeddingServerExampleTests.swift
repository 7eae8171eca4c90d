import AsyncHTTPClient
import Foundation
import HubTestThreads
import NIOCore
import NIOHTTP1
import Testing

/// `Examples/EmbeddingServer`: a Hummingbird route answering with the views of an
/// AsyncHubRuntime, to many clients at once, after a selection, and with each failure's status
/// and its typed error's message.
@Suite(.offThePool) struct EmbeddingServerExampleTests {
    /// The basket as the server draws it before any selection.
    static let basket = """
                         Basket
        ────────────────────────────────────────
         2 × Apples
         6 × Plums

        """

    @Test func fiftyClientsAtOnceEachGetTheSettledBasketDrawnAsText() async throws {
        let (server, views) = try startServer()
        // A connection for each client: the shared client would send them eight at a time.
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 50
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let answers = await withTaskGroup(of: Answer.self) { group in
            for _ in 0..<50 {
                group.addTask { await Answer(of: HTTPClientRequest(url: views + "market:basket"), from: client) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        try await client.shutdown()
        #expect(answers.count == 50)
        #expect(answers.allSatisfy { $0 == Answer(status: 200, contentType: "text/plain; charset=utf-8", body: Self.basket) }, "\(answers)")
        try stop(server)
    }

    @Test func aSelectionIsAnsweredWithTheBasketItLeftOnceSettled() async throws {
        let (server, views) = try startServer()
        let more = Self.basket.replacingOccurrences(of: "2 × Apples", with: "3 × Apples")
        #expect(await Answer(of: post(views + "market:basket", "Apples")) == Answer(status: 200, body: more))
        #expect(await Answer(of: HTTPClientRequest(url: views + "market:basket")) == Answer(status: 200, body: more))
        #expect(await Answer(of: post(views + "market:basket", "Pears")) == Answer(status: 422, body: "no component 'Pears' on 'market:basket'\n"))
        #expect(await Answer(of: post(views + "market:basket", "")) == Answer(
            status: 400, body: "a POST selects the component whose identifier is its body, and the body is empty\n"))
        try stop(server)
    }

    @Test func aFailureIsAnsweredWithItsStatusAndTheTypedErrorsMessage() async throws {
        let (server, views) = try startServer()
        #expect(await Answer(of: HTTPClientRequest(url: views + "market:till")) == Answer(
            status: 500, body: "'market:till' failed to load: the till is closed — feature 'till', operation 'checkout'\n"))
        #expect(await Answer(of: HTTPClientRequest(url: views + "market:cellar")) == Answer(
            status: 404, body: "no feature handles the view URI 'market:cellar'\n"))
        try stop(server)
    }

    @Test func aPortItCannotReadIsAUsageError() throws {
        let result = try HubProcess.run(["--port", "eighty"], program: "HubEmbeddingServerExample")
        #expect(result.status == 2)
        #expect(result.errors == "usage: HubEmbeddingServerExample [--port 8080] (0: any free port); not understood: --port\n")
    }

    /// Starts the example on any free port, as the first line it prints says; it, and the URL
    /// its views are under.
    private func startServer() throws -> (LiveProcess, String) {
        let server = try LiveProcess(["--port", "0"], program: HubProcess.executable("HubEmbeddingServerExample"))
        #expect(server.wait { output, _ in output.contains("\n") }, "\(server.errorText)")
        let port = try #require(server.outputText.firstMatch(of: /^serving on http:\/\/127\.0\.0\.1:(\d+)\n/)?.1)
        return (server, "http://127.0.0.1:\(port)/views/")
    }

    /// Stops `server` as a service manager would, and expects it to exit cleanly.
    private func stop(_ server: LiveProcess) throws {
        server.send(SIGTERM)
        #expect(server.exitStatus(within: 20) == 0, "\(server.errorText)")
    }

    /// A POST of `body` to `url`.
    private func post(_ url: String, _ body: String) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.body = .bytes(ByteBuffer(string: body))
        return request
    }
}

/// What the server answered: its status, content type and body (or why there was no answer).
private struct Answer: Equatable, CustomStringConvertible {
    var status: UInt
    var contentType: String
    var body: String

    init(status: UInt, contentType: String = "text/plain; charset=utf-8", body: String) {
        (self.status, self.contentType, self.body) = (status, contentType, body)
    }

    /// What `client` is answered to `request`; status 0 and the error when it is not.
    init(of request: HTTPClientRequest, from client: HTTPClient = .shared) async {
        do {
            let response = try await client.execute(request, timeout: .seconds(30))
            let body = try await response.body.collect(upTo: 1 << 20)
            self.init(status: response.status.code, contentType: response.headers.first(name: "content-type") ?? "", body: String(buffer: body))
        } catch {
            self.init(status: 0, contentType: "", body: "\(error)")
        }
    }

    var description: String { "\(status) \(contentType): \(body)" }
}
