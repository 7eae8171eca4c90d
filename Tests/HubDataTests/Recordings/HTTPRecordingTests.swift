import HubCore
import Testing

@testable import HubData

struct HTTPRecordingTests {
    private let example = RecordingExample.food

    private func parse(_ text: String) throws -> HTTPRecording {
        try HTTPRecording(parsing: text, file: "t.http")
    }

    /// The description of the error reading `text` throws; nil when it reads.
    private func error(_ text: String) -> String? {
        do {
            _ = try HTTPRecording(parsing: text, file: "tests/http/t.http")
            return nil
        } catch {
            return error.description
        }
    }

    @Test func exampleReadsAndRendersBackExactly() throws {
        let recording = try parse(example)
        #expect(recording.request == HubHTTPRequest(method: "GET", url: "http://127.0.0.1:8099/food.json", headers: ["accept": "application/json"]))
        #expect(recording.delay == 300)
        let response = HubHTTPResponse(
            status: 200, headers: HubHTTPHeaders([("content-type", "application/json"), ("etag", "\"abc\"")]),
            body: Array(#"{"title": "Delicious Food"}"#.utf8))
        #expect(recording.outcome == .response(response))
        #expect(recording.text == example)
        #expect(try parse(recording.text) == recording)
    }

    @Test func bodyIsTheRestOfTheFileVerbatim() throws {
        let text = "GET http://h/x\n\nHTTP 404\n\nnot here\n\n"
        let recording = try parse(text)
        #expect(recording.outcome == .response(HubHTTPResponse(status: 404, body: Array("not here\n\n".utf8))))
        #expect(recording.delay == 0)
        #expect(recording.text == HTTPRecording.comment + "\n" + text)
        // No headers and no body: the empty line is still written.
        let empty = HTTPRecording(request: HubHTTPRequest(url: "http://h/"), outcome: .response(HubHTTPResponse(status: 204)))
        #expect(empty.text == HTTPRecording.comment + "\nGET http://h/\n\nHTTP 204\n\n")
        #expect(try parse(empty.text) == empty)
    }

    @Test func headerNamesAreWrittenLowerCase() throws {
        let recording = try parse("GET http://h/\nAccept: text/plain\n\nHTTP 200\nContent-Type:  text/plain \n\nhi")
        #expect(recording.request.headers.fields.map(\.name) == ["accept"])
        guard case .response(let response) = recording.outcome else { Issue.record("not a response"); return }
        #expect(response.headers.fields.map(\.name) == ["content-type"])
        #expect(response.headers["content-type"] == "text/plain")
        #expect(recording.text.contains("\naccept: text/plain\n\nHTTP 200\ncontent-type: text/plain\n\nhi"))
    }

    @Test func requestBodyOfAPost() throws {
        let text = """
            # Recorded by hub test --record. Edit the status, headers, body or delay by hand.
            POST http://127.0.0.1:8099/search
            content-type: application/json

            {
              "q": "soup"
            }

            HTTP 201
            location: /search/1

            created
            """
        let recording = try parse(text)
        #expect(recording.request.method == "POST")
        #expect(recording.request.body == Array("{\n  \"q\": \"soup\"\n}\n".utf8))
        #expect(recording.request.headers == ["content-type": "application/json"])
        #expect(recording.outcome == .response(HubHTTPResponse(status: 201, headers: ["location": "/search/1"], body: Array("created".utf8))))
        #expect(recording.text == text)

        // No line between the headers' empty line and the response line: no body.
        #expect(try parse("POST http://h/\n\nHTTP 200\n\n").request.body == nil)
        // An empty body is no body.
        let empty = HTTPRecording(request: HubHTTPRequest(method: "POST", url: "http://h/", body: []), outcome: .failure("refused"))
        #expect(empty.request.body == nil)
        #expect(try parse(empty.text) == empty)
    }

    @Test func requestBodyThatLooksLikeAResponseLineIsWrittenInBase64() throws {
        let body = Array("line\nHTTP 200\nFAIL".utf8)
        let recording = HTTPRecording(
            request: HubHTTPRequest(method: "PUT", url: "http://h/p", body: body), outcome: .response(HubHTTPResponse(status: 200)))
        #expect(recording.text == HTTPRecording.comment + "\nPUT http://h/p\nx-hub-body: base64\n\nbGluZQpIVFRQIDIwMApGQUlM\nHTTP 200\n\n")
        let read = try parse(recording.text)
        #expect(read == recording)
        #expect(read.request.headers.contains("x-hub-body") == false)
    }

    @Test func failLineWithoutAndWithDelay() throws {
        let plain = try parse("GET http://h/\n\nFAIL connection refused\n")
        #expect(plain.outcome == .failure("connection refused"))
        #expect(plain.delay == 0)
        #expect(plain.text == HTTPRecording.comment + "\nGET http://h/\n\nFAIL connection refused\n")

        let late = try parse("GET http://h/\n\nFAIL connection reset by peer after 2500 ms")
        #expect(late.outcome == .failure("connection reset by peer"))
        #expect(late.delay == 2500)
        #expect(late.text == HTTPRecording.comment + "\nGET http://h/\n\nFAIL connection reset by peer after 2500 ms\n")
        #expect(try parse(late.text) == late)

        // Words that are not a delay stay in the message; empty lines may follow.
        let wordy = try parse("GET http://h/\n\nFAIL gave up after a few ms\n\n\n")
        #expect(wordy.outcome == .failure("gave up after a few ms"))
        #expect(wordy.delay == 0)
    }

    @Test func failMessageEndingLikeADelayKeepsIt() throws {
        let recording = HTTPRecording(request: HubHTTPRequest(url: "http://h/"), outcome: .failure("reset after 3 ms"))
        #expect(recording.text.hasSuffix("\nFAIL reset after 3 ms after 0 ms\n"))
        #expect(try parse(recording.text) == recording)
    }

    @Test func binaryBodyIsWrittenInBase64AndReadBack() throws {
        let recording = HTTPRecording(
            request: HubHTTPRequest(url: "http://h/image.png"),
            outcome: .response(HubHTTPResponse(status: 200, headers: ["content-type": "image/png"], body: [0xFF, 0x00, 0x80, 0x41])))
        #expect(
            recording.text
                == HTTPRecording.comment + "\nGET http://h/image.png\n\nHTTP 200\ncontent-type: image/png\nx-hub-body: base64\n\n/wCAQQ==\n")
        let read = try parse(recording.text)
        #expect(read == recording)
        guard case .response(let response) = read.outcome else { Issue.record("not a response"); return }
        #expect(response.body == [0xFF, 0x00, 0x80, 0x41])
        #expect(response.headers == ["content-type": "image/png"])
        // Written by hand over lines.
        let wrapped = try parse("GET http://h/\n\nHTTP 200\nx-hub-body: base64\n\n/wCA\nQQ==")
        #expect(wrapped.outcome == .response(HubHTTPResponse(status: 200, body: [0xFF, 0x00, 0x80, 0x41])))
    }

    @Test func commentsAndEmptyLinesBeforeTheRequestAreIgnored() throws {
        let recording = try parse("# one\n#two\n\n# three\nDELETE http://h/item/1\n\nHTTP 204\n\n")
        #expect(recording.request == HubHTTPRequest(method: "DELETE", url: "http://h/item/1"))
        #expect(recording.outcome == .response(HubHTTPResponse(status: 204)))
        #expect(recording.text == HTTPRecording.comment + "\nDELETE http://h/item/1\n\nHTTP 204\n\n")
    }

    @Test func carriageReturnsEndStructuralLines() throws {
        let recording = try parse("GET http://h/\r\naccept: a\r\n\r\nHTTP 200 after 5 ms\r\netag: x\r\n\r\nbody\r\n")
        #expect(recording.request.headers == ["accept": "a"])
        #expect(recording.delay == 5)
        #expect(recording.outcome == .response(HubHTTPResponse(status: 200, headers: ["etag": "x"], body: Array("body\r\n".utf8))))
    }

    @Test func errorsSayFileAndLine() {
        let file = "tests/http/t.http"
        #expect(error("") == "\(file):1: missing the request line ('<METHOD> <URL>')")
        #expect(error("# only\n# comments\n") == "\(file):2: missing the request line ('<METHOD> <URL>')")
        #expect(error("# c\nGET\n") == "\(file):2: bad request line 'GET': expected '<METHOD> <URL>'")
        #expect(error("GET http://h/ extra\n") == "\(file):1: bad request line 'GET http://h/ extra': expected '<METHOD> <URL>'")
        #expect(error("GET http://h/\naccept: a\n\nbody\n") == "\(file):4: missing the response line ('HTTP <status>' or 'FAIL <message>')")
        #expect(error("GET http://h/") == "\(file):1: missing the response line ('HTTP <status>' or 'FAIL <message>')")
        #expect(
            error("GET http://h/\n\nHTTP 20\n")
                == "\(file):3: bad status line 'HTTP 20': expected 'HTTP <3-digit status>', optionally followed by ' after <N> ms'")
        #expect(
            error("GET http://h/\n\nHTTP/1.1 200 OK\n")
                == "\(file):3: bad status line 'HTTP/1.1 200 OK': expected 'HTTP <3-digit status>', optionally followed by ' after <N> ms'")
        #expect(
            error("GET http://h/\n\nHTTP 200 OK\n")
                == "\(file):3: bad status line 'HTTP 200 OK': expected 'HTTP <3-digit status>', optionally followed by ' after <N> ms'")
        #expect(
            error("GET http://h/\naccept\n\nHTTP 200\n")
                == "\(file):2: bad header line 'accept': expected '<name>: <value>' (and an empty line before a body)")
        #expect(
            error("GET http://h/\n\nHTTP 200\netag: x\n{\"a\": 1}\n")
                == "\(file):5: bad header line '{\"a\": 1}': expected '<name>: <value>' (and an empty line before a body)")
        #expect(
            error("GET http://h/\n\nHTTP 200 after soon ms\n")
                == "\(file):3: bad delay in 'HTTP 200 after soon ms': expected ' after <N> ms', N a whole number of milliseconds")
        #expect(
            error("GET http://h/\n\nHTTP 200 after 300\n")
                == "\(file):3: bad delay in 'HTTP 200 after 300': expected ' after <N> ms', N a whole number of milliseconds")
        #expect(
            error("GET http://h/\n\nFAIL refused after -5 ms\n")
                == "\(file):3: bad delay in 'FAIL refused after -5 ms': expected ' after <N> ms', N a whole number of milliseconds")
        #expect(error("GET http://h/\n\nFAIL refused\nmore\n") == "\(file):4: nothing may follow the 'FAIL' line")
        #expect(
            error("GET http://h/\n\nHTTP 200\nx-hub-body: base64\n\n!!!!\n")
                == "\(file):6: the body is not base64, as 'x-hub-body: base64' says")
    }

    @Test func fileNamesAreReadableAndDeterministic() {
        func name(_ url: String, method: String = "GET", body: String? = nil, disambiguated: Bool = false) -> String {
            HTTPRecording.fileName(for: HubHTTPRequest(method: method, url: url, body: body.map { Array($0.utf8) }), disambiguated: disambiguated)
        }
        #expect(name("http://127.0.0.1:8099/food.json") == "get-127.0.0.1-8099-food.json.http")
        #expect(name("https://Example.com/") == "get-example.com-root.http")
        #expect(name("https://example.com") == "get-example.com-root.http")
        #expect(name("https://api.example.com/v1/items?page=2&sort=name#top") == "get-api.example.com-v1-items-page-2-sort-name.http")
        #expect(name("http://user@h:81/a%20b/", method: "DELETE") == "delete-h-81-a-20b.http")
        let long = String(repeating: "abcdefghij/", count: 10)
        #expect(name("http://h/" + long) == "get-h-abcdefghij-abcdefghij-abcdefghij-abcdefghij-abcdefghij-abcde.http")
        #expect(name("http://h/" + String(repeating: "a", count: 59) + "/b") == "get-h-" + String(repeating: "a", count: 59) + ".http")

        let soup = name("http://127.0.0.1:8099/search", method: "POST", body: #"{"q":"soup"}"#, disambiguated: true)
        let salad = name("http://127.0.0.1:8099/search", method: "POST", body: #"{"q":"salad"}"#, disambiguated: true)
        #expect(soup == "post-127.0.0.1-8099-search-f269cf47.http")
        #expect(salad == "post-127.0.0.1-8099-search-3ab700ff.http")
        #expect(name("http://127.0.0.1:8099/food.json", disambiguated: true) == "get-127.0.0.1-8099-food.json-36e1d991.http")

        let recording = HTTPRecording(request: HubHTTPRequest(method: "post", url: "http://h:1/x"), outcome: .failure("refused"))
        #expect(recording.fileName == "post-h-1-x.http")
    }

    @Test func aHostileRequestStillNamesOneFileInTheFolder() {
        func name(_ method: String, _ url: String) -> String {
            HTTPRecording.fileName(for: HubHTTPRequest(method: method, url: url), disambiguated: false)
        }
        #expect(name("/../../../../outside/pwned", "http://127.0.0.1:18001/x") == "outside-pwned-127.0.0.1-18001-x.http")
        #expect(name("GET /x HTTP/1.1\r\nHost: h\r\n\r\nGET /POISON", "http://h/x") == "get-x-http-1.1-h-h-x.http")
        #expect(name("..", "http://h/x") == "request-h-x.http")
        #expect(name("", "http://h/x") == "request-h-x.http")
        #expect(name("GET", "http://../../../etc/passwd") == "get-..-..-..-etc-passwd.http")
        #expect(name("GET", "http://h:1/../../etc/passwd") == "get-h-1-..-..-etc-passwd.http")
        #expect(name("GET", "http://h:123456789012/x") == "get-h-12345678-x.http")
        #expect(name("GÉT", "http://hé.example/ü") == "g-t-h-.example-root.http")

        let hostile = [
            name(String(repeating: "a", count: 5_000), "http://" + String(repeating: "h", count: 5_000) + ":" + String(repeating: "9", count: 5_000) + "/" + String(repeating: "p", count: 5_000)),
            name("/\u{0}/..", "http://\u{0}/..%2F..%2F"),
            name(".hidden", "http://./."),
        ]
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        for file in hostile {
            #expect(file.allSatisfy(allowed.contains), "\(file)")
            #expect(!file.hasPrefix(".") && !file.hasPrefix("-"), "\(file)")
            #expect(file.utf8.count <= 161, "\(file)")
        }
        #expect(hostile[0] == String(repeating: "a", count: 16) + "-" + String(repeating: "h", count: 60) + "-99999999-" + String(repeating: "p", count: 60) + ".http")
    }

    @Test func matchingIsByMethodURLAndBody() {
        let recording = HTTPRecording(
            request: HubHTTPRequest(method: "POST", url: "http://h/s", headers: ["accept": "a"], body: Array("q".utf8)),
            outcome: .failure("refused"))
        #expect(recording.matches(HubHTTPRequest(method: "POST", url: "http://h/s", body: Array("q".utf8))))
        #expect(recording.matches(HubHTTPRequest(method: "post", url: "http://h/s", headers: ["accept": "b"], body: Array("q".utf8))))
        #expect(!recording.matches(HubHTTPRequest(method: "PUT", url: "http://h/s", body: Array("q".utf8))))
        #expect(!recording.matches(HubHTTPRequest(method: "POST", url: "http://h/s?", body: Array("q".utf8))))
        #expect(!recording.matches(HubHTTPRequest(method: "POST", url: "http://h/s", body: Array("r".utf8))))
        #expect(!recording.matches(HubHTTPRequest(method: "POST", url: "http://h/s")))

        let bodiless = HTTPRecording(request: HubHTTPRequest(url: "http://h/"), outcome: .failure("refused"))
        #expect(bodiless.matches(HubHTTPRequest(url: "http://h/", body: [])))
        #expect(bodiless.matches(HubHTTPRequest(url: "http://h/")))
    }

    @Test func recordingOfAnExchangeLeavesOutVolatileHeadersAndTheRequestLine() {
        let request = HubHTTPRequest(url: "http://h/")
        let response = HubHTTPResponse(
            status: 200,
            headers: HubHTTPHeaders([
                ("Date", "Mon, 01 Jan 2024 00:00:00 GMT"), ("content-type", "text/plain"), ("content-length", "2"),
                ("connection", "keep-alive"), ("keep-alive", "timeout=5"), ("transfer-encoding", "chunked"), ("etag", "\"1\""),
            ]),
            body: Array("hi".utf8), fromCache: true)
        let recorded = HTTPRecording(recordingOf: request, result: .success(response))
        // Date is kept: a replay moves it to its own time (the cache reads ages against it).
        let kept = HubHTTPHeaders([("date", "Mon, 01 Jan 2024 00:00:00 GMT"), ("content-type", "text/plain"), ("etag", "\"1\"")])
        #expect(recorded?.outcome == .response(HubHTTPResponse(status: 200, headers: kept, body: Array("hi".utf8))))
        #expect(recorded?.delay == 0)

        let failed = HTTPRecording(recordingOf: request, result: .failure(HTTPFailure(.transport, "GET http://h/: connection\nrefused")))
        #expect(failed?.outcome == .failure("connection refused"))
        #expect(HTTPRecording(recordingOf: request, result: .failure(HTTPFailure(.timeout, "GET http://h/: no response"))) == nil)
    }

    @Test func recordingsLeaveOutSecrets() {
        let request = HubHTTPRequest(url: "http://h/", headers: HubHTTPHeaders([
            ("Authorization", "Bearer s3cret"), ("cookie", "session=1"), ("accept", "application/json"),
        ]))
        let response = HubHTTPResponse(status: 200, headers: HubHTTPHeaders([("set-cookie", "session=2"), ("etag", "\"1\"")]), body: [])
        let recorded = HTTPRecording(recordingOf: request, result: .success(response))
        #expect(recorded?.request.headers == HubHTTPHeaders([
            ("accept", "application/json"), ("authorization", "(not recorded)"), ("cookie", "(not recorded)"),
        ]))
        #expect(recorded?.outcome == .response(HubHTTPResponse(status: 200, headers: HubHTTPHeaders([("etag", "\"1\"")]), body: [])))
        #expect(recorded?.text.contains("s3cret") == false)
    }
}
