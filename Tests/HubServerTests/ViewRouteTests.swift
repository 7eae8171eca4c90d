import Foundation
import HubCore
import HubLua
import HubRender
import Testing
@testable import HubServer

/// `GET /views/{uri}` and `POST /views/{uri}/actions` on a real server on a loopback port:
/// the JSON a view gives, entity tags, query parameters, actions and their vetoes, navigation.
@Suite struct ViewRouteTests {
    @Test func foodsJSONIsWhatHubJSONModelWritesOfItsFile() async throws {
        try await withServer([ServerPaths.examples]) { server in
            let response = try await server.get("/views/food:overview")
            #expect(response.status == 200)
            #expect(response.headers["content-type"] == "application/json")
            // What `hub json Examples/Food/data/food.json --model` writes (there pretty-printed).
            let runtime = try HubRuntime(clock: .virtual)
            let file = ServerPaths.example("Food/data/food.json")
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
            let fromFile = try runtime.manager.viewModel(fromJSON: bytes, source: file)
            #expect(response.text == String(decoding: fromFile.serializedJSON(), as: UTF8.self))
            #expect(try JSONParser.parse(bytes: response.body) == JSONParser.parse(bytes: fromFile.serializedJSON(pretty: true)))
        }
    }

    @Test func anEntityTagOfTheBytesAnswersIfNoneMatchWith304() async throws {
        try await withServer([ServerPaths.examples]) { server in
            let first = try await server.get("/views/cities:overview")
            let tag = try #require(first.headers["etag"])
            #expect(tag.count == 18 && tag.hasPrefix("\"") && tag.hasSuffix("\""))
            #expect(try await server.get("/views/cities:overview").headers["etag"] == tag)
            let unchanged = try await server.get("/views/cities:overview", headers: ["If-None-Match": "\"other\", \(tag)"])
            #expect(unchanged.status == 304)
            #expect(unchanged.body.isEmpty)
            #expect(try await server.get("/views/cities:overview", headers: ["If-None-Match": "\"other\""]).status == 200)
            #expect(try await server.get("/views/songs:list").headers["etag"] != tag)
        }
    }

    @Test func queryParametersArePartOfTheViewURIOperationsSee() async throws {
        try await withServer([ServerPaths.fixture("Live")]) { server throws in
            func title(_ path: String) async throws -> String? {
                let response = try await server.get(path)
                return try JSONParser.parse(bytes: response.body).objectValue?["body"]?.arrayValue?.first?.objectValue?["text"]?
                    .objectValue?["title"]?.stringValue
            }
            #expect(try await title("/views/echo:search?q=abba&page=2") == "echo:search?q=abba&page=2")
            #expect(try await title("/views/echo%3Aencoded%21") == "echo:encoded!")
        }
    }

    @Test func songsDeleteRemovesASongAndTheHandlerVetoesAProtectedOne() async throws {
        try await withServer([ServerPaths.examples], configure: { $0.workers = 1 }) { server in
            func songs(_ response: WireResponse) throws -> [String] {
                try JSONParser.parse(bytes: response.body).objectValue?["body"]?.arrayValue?.compactMap { $0.objectValue?["id"]?.stringValue } ?? []
            }
            #expect(try await songs(server.get("/views/songs:list")) == ["song-1", "song-2", "song-3"])
            // The third song's delete button (a child of its row): its selection performs delete:song.
            let deleted = try await server.post("/views/songs:list/actions", #"{"path": [2, 0]}"#)
            #expect(deleted.status == 200)
            #expect(try songs(deleted) == ["song-1", "song-2"])
            // Dancing Queen is protected: the feature's handler vetoes the delete.
            let vetoed = try await server.post("/views/songs:list/actions", #"{"component": "song-2", "path": [1, 0]}"#)
            #expect(vetoed.status == 200)
            #expect(try songs(vetoed) == ["song-1", "song-2"])
            // The action named, performed for the component as the button would.
            let named = try await server.post("/views/songs:list/actions", #"{"path": [0, 0], "id": "delete:song", "custom": {"id": "1"}}"#)
            #expect(try songs(named) == ["song-2"])
        }
    }

    @Test func selectingATargetNavigatesWith303ToTheViewItOpened() async throws {
        try await withServer([ServerPaths.examples]) { server in
            let response = try await server.post("/views/songs:list/actions", #"{"component": "song-3"}"#)
            #expect(response.status == 303)
            #expect(response.headers["location"] == "/views/songs:song:3")
            #expect(response.text == #"{"navigate":"songs:song:3"}"#)
            let song = try await server.get(try #require(response.headers["location"]))
            #expect(song.status == 200)
            #expect(try JSONParser.parse(bytes: song.body).objectValue?["title"] == .string("Wonderwall"))
        }
    }

    @Test func navigatingDoesNotLoadTheTargetThatTheClientThenGets() async throws {
        try await withServer([ServerPaths.fixture("Live")], configure: { $0.workers = 1 }) { server in
            let response = try await server.post("/views/link:view/actions", #"{"component": "to-counted"}"#)
            #expect(response.status == 303)
            let target = try await server.get(try #require(response.headers["location"]))
            let row = try JSONParser.parse(bytes: target.body).objectValue?["body"]?.arrayValue?.first
            #expect(row?.objectValue?["text"]?.objectValue?["title"] == .string("loaded 1 time(s)"))
        }
    }
    /// Pipelined on one connection, views loaded on the connection's event loop and requests
    /// the router answers come back in the order they were sent, and a view's answer is the
    /// same whichever answers it (a `%3A` in its path sends it to the router).
    @Test func pipelinedRequestsAreAnsweredInOrderAndAViewTheSameWhicheverAnswersIt() async throws {
        try await withServer([ServerPaths.examples]) { server in
            let port = server.port
            let paths = ["/views/cities:overview", "/metrics", "/views/songs:list", "/views/cities%3Aoverview", "/views/cities:overview"]
            let answers = try await offThePool { () throws -> [WireResponse] in
                let connection = try LoopbackConnection(port: port)
                connection.send(paths.map { "GET \($0) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" }.joined())
                return try paths.map { _ in
                    let (status, headers) = try connection.readHead()
                    return WireResponse(status: status, headers: headers, body: connection.read(count: Int(headers["content-length"] ?? "") ?? 0))
                }
            }
            #expect(answers.map(\.status) == [200, 200, 200, 200, 200])
            // /metrics was answered after the first view and before the others.
            #expect(answers[1].text.contains(#"hub_http_requests_total{method="GET",status="200"} 1"#), "\(answers[1].text)")
            #expect(try JSONParser.parse(bytes: answers[2].body).objectValue?["title"] != JSONParser.parse(bytes: answers[0].body).objectValue?["title"])
            let (direct, routed) = (answers[0], answers[3])
            #expect(routed.body == direct.body && answers[4].body == direct.body)
            #expect(Set(routed.headers.keys) == Set(direct.headers.keys), "\(routed.headers) against \(direct.headers)")
            for name in ["etag", "cache-control", "content-type", "content-length", "x-content-type-options", "server"] {
                #expect(routed.headers[name] == direct.headers[name], "\(name)")
            }
        }
    }
}
