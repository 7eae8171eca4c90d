import Foundation
import HubCore
import Testing

@testable import HubData

/// A feature folder under the temporary directory, for recordings.
private struct TemporaryFeature {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("hub-recordings-\(UUID().uuidString)").path
    var directory: String { path + "/tests/http" }

    func write(_ name: String, _ text: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/" + name))
    }

    func read(_ name: String) -> String? {
        FileManager.default.contents(atPath: directory + "/" + name).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The names of the files in `tests/http`, sorted.
    var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// What one exchange completed with, and when (the loop's time).
private final class Completion {
    var result: Result<HubHTTPResponse, HTTPFailure>?
    var time: Int?
    var calls = 0
}

struct RecordedHTTPTransportTests {
    private let limits = HTTPExchangeLimits(maxBodyBytes: 1_000, timeout: 10_000)
    private let food = HubHTTPRequest(url: "http://127.0.0.1:8099/food.json", headers: ["accept": "application/json"])
    private let foodText = RecordingExample.food
    private let foodResponse = HubHTTPResponse(
        status: 200, headers: HubHTTPHeaders([("content-type", "application/json"), ("etag", "\"abc\"")]),
        body: Array(#"{"title": "Delicious Food"}"#.utf8))

    /// Sends `request` through `transport` on `loop` without running the loop.
    private func start(
        _ request: HubHTTPRequest, through transport: any HTTPTransport, on loop: HubEventLoop, limits: HTTPExchangeLimits? = nil
    ) -> (Completion, HTTPCancellation) {
        let completion = Completion()
        let cancellation = transport.send(request, limits: limits ?? self.limits, on: loop) { result in
            completion.result = result
            completion.time = loop.now
            completion.calls += 1
        }
        return (completion, cancellation)
    }

    /// Sends `request` through `transport` and runs `loop` until it completes.
    private func exchange(
        _ request: HubHTTPRequest, through transport: any HTTPTransport, on loop: HubEventLoop, limits: HTTPExchangeLimits? = nil
    ) -> Completion {
        let (completion, _) = start(request, through: transport, on: loop, limits: limits)
        loop.run(until: { completion.result != nil })
        return completion
    }

    // MARK: Replaying

    @Test func responseArrivesAfterTheDelayInVirtualTime() throws {
        let feature = TemporaryFeature()
        defer { feature.remove() }
        try feature.write("get-127.0.0.1-8099-food.json.http", foodText)
        let transport = RecordedHTTPTransport(folder: feature.path)
        let loop = HubEventLoop(clock: .virtual)

        let (completion, _) = start(food, through: transport, on: loop)
        #expect(completion.calls == 0)
        loop.advance(by: 299)
        #expect(completion.calls == 0)
        loop.run(until: { completion.result != nil })
        #expect(completion.result == .success(foodResponse))
        #expect(completion.time == 300)
        #expect(completion.calls == 1)
        #expect(transport.problems == [])
    }

    @Test func requestHeadersAreNotMatched() throws {
        let feature = TemporaryFeature()
        defer { feature.remove() }
        try feature.write("food.http", foodText)
        let transport = RecordedHTTPTransport(folder: feature.path)
        let other = HubHTTPRequest(url: "http://127.0.0.1:8099/food.json", headers: ["accept": "text/html", "if-none-match": "\"abc\""])

        let completion = exchange(other, through: transport, on: HubEventLoop(clock: .virtual))
        #expect(completion.result == .success(foodResponse))
    }

    @Test func failLineFailsInTheTransportAfterItsDelay() throws {
        let feature = TemporaryFeature()
        defer { feature.remove() }
        try feature.write("down.http", "GET http://127.0.0.1:8099/down\n\nFAIL connection refused after 50 ms\n")
        let transport = RecordedHTTPTransport(folder: feature.path)

        let completion = exchange(HubHTTPRequest(url: "http://127.0.0.1:8099/down"), through: transport, on: HubEventLoop(clock: .virtual))
        #expect(completion.result == .failure(HTTPFailure(.transport, "GET http://127.0.0.1:8099/down: connection refused")))
        #expect(completion.time == 50)
    }

    @Test func missingRecordingFailsAtOnceAndIsAProblem() throws {
        let feature = TemporaryFeature()
        defer { feature.remove() }
        try feature.write("food.http", foodText)
        let transport = RecordedHTTPTransport(folder: feature.path)
        let loop = HubEventLoop(clock: .virtual)

        let (completion, _) = start(HubHTTPRequest(url: "http://127.0.0.1:8099/other"), through: transport, on: loop)
        #expect(completion.calls == 0)
        loop.run(until: { completion.result != nil })
        let message = "no recording of GET http://127.0.0.1:8099/other in \(feature.path)/tests/http: "
            + "run 'hub test --record \(feature.path)' to record it"
        #expect(completion.result == .failure(HTTPFailure(.transport, message)))
        #expect(completion.time == 0)
        #expect(transport.problems == [message])

        let post = exchange(HubHTTPRequest(method: "POST", url: "http://127.0.0.1:8099/food.json", body: [1]), through: transport, on: loop)
        let other = "no recording of POST http://127.0.0.1:8099/food.json in \(feature.path)/tests/http: "
            + "run 'hub test --record \(feature.path)' to record it"
        #expect(post.result == .failure(HTTPFailure(.transport, other)))
        let body = exchange(HubHTTPRequest(url: "http://127.0.0.1:8099/food.json", body: [1]), through: transport, on: loop)
        let withBody = "no recording of GET http://127.0.0.1:8099/food.json with this body in \(feature.path)/tests/http: "
            + "run 'hub test --record \(feature.path)' to record it"
        #expect(body.result == .failure(HTTPFailure(.transport, withBody)))

        #expect(transport.takeProblems() == [message, other, withBody])
        #expect(transport.problems == [])
    }

    @Test func withoutAFolderNothingIsRecorded() {
        let transport = RecordedHTTPTransport()
        let completion = exchange(food, through: transport, on: HubEventLoop(clock: .virtual))
        let message = "no recording of GET http://127.0.0.1:8099/food.json: no feature folder of recordings is set"
        #expect(completion.result == .failure(HTTPFailure(.transport, message)))
        #expect(transport.problems == [message])
    }

    @Test func bodyLargerThanTheLimitFailsAsTooLarge() throws {
        let feature = TemporaryFeature()
        defer { feature.remove() }
        try feature.write("food.http", foodText)
        let transport = RecordedHTTPTransport(folder: feature.path)
        let loop = HubEventLoop(clock: .virtual)

        let small = exchange(food, through: transport, on: loop, limits: HTTPExchangeLimits(maxBodyBytes: 26, timeout: 1_000))
        let tooLarge = "GET http://127.0.0.1:8099/food.json: the response is larger than 26 bytes (max_response)"
        #expect(small.result == .failure(HTTPFailure(.tooLarge, tooLarge)))
        #expect(small.time == 300)
        let exact = exchange(food, through: transport, on: loop, limits: HTTPExchangeLimits(maxBodyBytes: 27, timeout: 1_000))
        #expect(exact.result == .success(foodResponse))
    }

    @Test func delayLongerThanTheTimeoutTimesOut() throws {
        let feature = TemporaryFeature()
        defer { feature.remove() }
        try feature.write("food.http", foodText)
        let transport = RecordedHTTPTransport(folder: feature.path)
        let loop = HubEventLoop(clock: .virtual)

        let late = exchange(food, through: transport, on: loop, limits: HTTPExchangeLimits(maxBodyBytes: 1_000, timeout: 299))
        #expect(late.result == .failure(HTTPFailure(.timeout, "GET http://127.0.0.1:8099/food.json: no response within 299 ms")))
        #expect(late.time == 299)
        let start = loop.now
        let onTime = exchange(food, through: transport, on: loop, limits: HTTPExchangeLimits(maxBodyBytes: 1_000, timeout: 300))
        #expect(onTime.result == .success(foodResponse))
        #expect(onTime.time == start + 300)
    }

    @Test func cancellationStopsTheExchange() throws {
        let feature = TemporaryFeature()
        defer { feature.remove() }
        try feature.write("food.http", foodText)
        let transport = RecordedHTTPTransport(folder: feature.path)
        let loop = HubEventLoop(clock: .virtual)

        let (completion, cancellation) = start(food, through: transport, on: loop)
        loop.advance(by: 100)
        cancellation.cancel()
        #expect(loop.nextDue == nil)
        loop.advance(by: 1_000)
        #expect(completion.calls == 0)

        let (missing, stop) = start(HubHTTPRequest(url: "http://h/none"), through: transport, on: loop)
        stop.cancel()
        loop.advance(by: 1)
        #expect(missing.calls == 0)
    }

    @Test func firstOfTwoFilesOfOneRequestWinsAndBothAreNamed() throws {
        let feature = TemporaryFeature()
        defer { feature.remove() }
        try feature.write("b.http", "GET http://h/x\n\nHTTP 500\n\nsecond")
        try feature.write("a.http", "GET http://h/x\n\nHTTP 200\n\nfirst")
        try feature.write("c.http", "GET\n")
        try feature.write("notes.txt", "not a recording")
        let transport = RecordedHTTPTransport(folder: feature.path)
        #expect(
            transport.problems == [
                "\(feature.directory)/a.http and \(feature.directory)/b.http both record GET http://h/x: the first is used",
                "\(feature.directory)/c.http:1: bad request line 'GET': expected '<METHOD> <URL>'",
            ])

        let completion = exchange(HubHTTPRequest(url: "http://h/x"), through: transport, on: HubEventLoop(clock: .virtual))
        #expect(completion.result == .success(HubHTTPResponse(status: 200, body: Array("first".utf8))))
    }

    @Test func settingTheFolderReadsItsRecordings() throws {
        let feature = TemporaryFeature()
        defer { feature.remove() }
        let transport = RecordedHTTPTransport()
        try feature.write("food.http", foodText)
        transport.folder = feature.path
        let completion = exchange(food, through: transport, on: HubEventLoop(clock: .virtual))
        #expect(completion.result == .success(foodResponse))
    }

    // MARK: Recording

    @Test func recordedFilesReplayIdentically() throws {
        let source = TemporaryFeature()
        let target = TemporaryFeature()
        defer {
            source.remove()
            target.remove()
        }
        let search = HubHTTPRequest(
            method: "POST", url: "http://127.0.0.1:8099/search", headers: ["content-type": "application/json"],
            body: Array(#"{"q": "soup"}"#.utf8))
        let image = HubHTTPRequest(url: "http://127.0.0.1:8099/image.png")
        let down = HubHTTPRequest(url: "http://127.0.0.1:8099/down")
        try source.write("1.http", foodText)
        let created = HubHTTPResponse(status: 201, body: Array("ok\n".utf8))
        try source.write("2.http", HTTPRecording(request: search, outcome: .response(created), delay: 10).text)
        try source.write("3.http", HTTPRecording(request: image, outcome: .response(HubHTTPResponse(status: 200, body: [0xFF, 0xD8, 0x00]))).text)
        try source.write("4.http", HTTPRecording(request: down, outcome: .failure("connection refused"), delay: 20).text)

        let recorder = RecordingHTTPTransport(sending: RecordedHTTPTransport(folder: source.path), folder: target.path)
        recorder.recordsFailures = true
        let loop = HubEventLoop(clock: .virtual)
        let requests = [food, search, image, down]
        let recorded = requests.map { exchange($0, through: recorder, on: loop).result }
        #expect(recorded[0] == .success(foodResponse))
        #expect(recorded[3] == .failure(HTTPFailure(.transport, "GET http://127.0.0.1:8099/down: connection refused")))
        #expect(recorder.problems == [])
        let names = [
            "get-127.0.0.1-8099-food.json.http", "post-127.0.0.1-8099-search.http", "get-127.0.0.1-8099-image.png.http",
            "get-127.0.0.1-8099-down.http",
        ]
        #expect(recorder.written == names.map { target.directory + "/" + $0 })
        #expect(target.names == names.sorted())
        // The delay is left at 0.
        #expect(target.read(names[0]) == foodText.replacingOccurrences(of: "HTTP 200 after 300 ms", with: "HTTP 200"))
        #expect(target.read(names[3]) == HTTPRecording.comment + "\nGET http://127.0.0.1:8099/down\n\nFAIL connection refused\n")

        let replay = RecordedHTTPTransport(folder: target.path)
        let replayed = requests.map { exchange($0, through: replay, on: loop) }
        #expect(replayed.map(\.result) == recorded)
        #expect(replayed.map(\.calls) == [1, 1, 1, 1])
        #expect(replay.problems == [])
    }

    @Test func volatileHeadersAreNotWritten() throws {
        let source = TemporaryFeature()
        let target = TemporaryFeature()
        defer {
            source.remove()
            target.remove()
        }
        try source.write(
            "x.http", "GET http://h/x\n\nHTTP 200\ndate: Mon, 01 Jan 2024 00:00:00 GMT\ncontent-length: 2\ncache-control: max-age=60\n\nhi")
        let recorder = RecordingHTTPTransport(sending: RecordedHTTPTransport(folder: source.path), folder: target.path)

        _ = exchange(HubHTTPRequest(url: "http://h/x"), through: recorder, on: HubEventLoop(clock: .virtual))
        // The date is kept, as the replay moved it: to the virtual clock's start.
        #expect(
            target.read("get-h-x.http")
                == HTTPRecording.comment + "\nGET http://h/x\n\nHTTP 200\ndate: Thu, 01 Jan 2026 00:00:00 GMT\ncache-control: max-age=60\n\nhi")
    }

    @Test func anotherRequestWithTheSameNameIsDisambiguatedAndTheSameOneOverwritten() throws {
        let source = TemporaryFeature()
        let target = TemporaryFeature()
        defer {
            source.remove()
            target.remove()
        }
        let soup = HubHTTPRequest(method: "POST", url: "http://127.0.0.1:8099/search", body: Array(#"{"q":"soup"}"#.utf8))
        let salad = HubHTTPRequest(method: "POST", url: "http://127.0.0.1:8099/search", body: Array(#"{"q":"salad"}"#.utf8))
        try source.write("soup.http", HTTPRecording(request: soup, outcome: .response(HubHTTPResponse(status: 200, body: Array("soup".utf8)))).text)
        try source.write("salad.http", HTTPRecording(request: salad, outcome: .response(HubHTTPResponse(status: 200, body: Array("salad".utf8)))).text)
        let backend = RecordedHTTPTransport(folder: source.path)
        let recorder = RecordingHTTPTransport(sending: backend, folder: target.path)
        let loop = HubEventLoop(clock: .virtual)

        _ = exchange(soup, through: recorder, on: loop)
        _ = exchange(salad, through: recorder, on: loop)
        let plain = target.directory + "/post-127.0.0.1-8099-search.http"
        let disambiguated = target.directory + "/post-127.0.0.1-8099-search-3ab700ff.http"
        #expect(recorder.written == [plain, disambiguated])

        // The backend changes its answers: recording again overwrites each request's file.
        try source.write("soup.http", HTTPRecording(request: soup, outcome: .response(HubHTTPResponse(status: 202, body: Array("soup 2".utf8)))).text)
        try source.write("salad.http", HTTPRecording(request: salad, outcome: .response(HubHTTPResponse(status: 201, body: Array("salad 2".utf8)))).text)
        backend.folder = source.path
        _ = exchange(salad, through: recorder, on: loop)
        _ = exchange(soup, through: recorder, on: loop)
        #expect(recorder.written == [plain, disambiguated])
        #expect(target.names == ["post-127.0.0.1-8099-search-3ab700ff.http", "post-127.0.0.1-8099-search.http"])

        let replay = RecordedHTTPTransport(folder: target.path)
        #expect(exchange(soup, through: replay, on: loop).result == .success(HubHTTPResponse(status: 202, body: Array("soup 2".utf8))))
        #expect(exchange(salad, through: replay, on: loop).result == .success(HubHTTPResponse(status: 201, body: Array("salad 2".utf8))))
        #expect(replay.problems == [])
        #expect(recorder.problems == [])
    }

    @Test func anExchangeThatFailedKeepsTheRecordingItWouldReplaceUnlessFailuresAreRecorded() throws {
        let source = TemporaryFeature()
        let target = TemporaryFeature()
        defer {
            source.remove()
            target.remove()
        }
        let soup = HubHTTPRequest(url: "http://127.0.0.1:8099/soup")
        let salad = HubHTTPRequest(url: "http://127.0.0.1:8099/salad")
        let good = HTTPRecording(request: soup, outcome: .response(HubHTTPResponse(status: 200, body: Array("soup".utf8))))
        try target.write("get-127.0.0.1-8099-soup.http", good.text)
        // The backend is down: soup's proxy answers 503, salad's connection is refused.
        try source.write("soup.http", HTTPRecording(request: soup, outcome: .response(HubHTTPResponse(status: 503))).text)
        try source.write("salad.http", HTTPRecording(request: salad, outcome: .failure("connection refused")).text)
        let recorder = RecordingHTTPTransport(sending: RecordedHTTPTransport(folder: source.path), folder: target.path)
        let loop = HubEventLoop(clock: .virtual)

        #expect(exchange(soup, through: recorder, on: loop).result == .success(HubHTTPResponse(status: 503)))
        _ = exchange(salad, through: recorder, on: loop)
        #expect(recorder.written == [])
        #expect(target.names == ["get-127.0.0.1-8099-soup.http"])
        #expect(target.read("get-127.0.0.1-8099-soup.http") == good.text)
        #expect(recorder.takeProblems() == [
            "\(target.directory)/get-127.0.0.1-8099-soup.http: kept: the live exchange failed (HTTP 503); "
                + "'hub test --record-failures' records failures",
            "GET http://127.0.0.1:8099/salad: not recorded: the live exchange failed (connection refused); "
                + "'hub test --record-failures' records failures",
        ])

        // Recording failures on purpose writes them.
        recorder.recordsFailures = true
        _ = exchange(soup, through: recorder, on: loop)
        _ = exchange(salad, through: recorder, on: loop)
        #expect(recorder.takeProblems() == [])
        #expect(target.names == ["get-127.0.0.1-8099-salad.http", "get-127.0.0.1-8099-soup.http"])
        #expect(target.read("get-127.0.0.1-8099-soup.http")?.contains("\nHTTP 503\n") == true)
    }

    @Test func fileThatCannotBeReadIsLeftAlone() throws {
        let source = TemporaryFeature()
        let target = TemporaryFeature()
        defer {
            source.remove()
            target.remove()
        }
        try source.write("x.http", "GET http://h/x\n\nHTTP 200\n\nx")
        try target.write("get-h-x.http", "GET http://h/x\n\nHTTP 2OO\n\nbeing edited")
        let recorder = RecordingHTTPTransport(sending: RecordedHTTPTransport(folder: source.path), folder: target.path)

        _ = exchange(HubHTTPRequest(url: "http://h/x"), through: recorder, on: HubEventLoop(clock: .virtual))
        #expect(recorder.written == [target.directory + "/get-h-x-d3b7647a.http"])
        #expect(target.read("get-h-x.http") == "GET http://h/x\n\nHTTP 2OO\n\nbeing edited")
    }

    @Test func failuresOtherThanTheTransportsAndCancellationsAreNotRecorded() throws {
        let source = TemporaryFeature()
        let target = TemporaryFeature()
        defer {
            source.remove()
            target.remove()
        }
        try source.write("x.http", "GET http://h/slow\n\nHTTP 200 after 5000 ms\n\nlate")
        let recorder = RecordingHTTPTransport(sending: RecordedHTTPTransport(folder: source.path), folder: target.path)
        let loop = HubEventLoop(clock: .virtual)

        let slow = exchange(
            HubHTTPRequest(url: "http://h/slow"), through: recorder, on: loop, limits: HTTPExchangeLimits(maxBodyBytes: 100, timeout: 1_000))
        #expect(slow.result == .failure(HTTPFailure(.timeout, "GET http://h/slow: no response within 1000 ms")))
        #expect(
            recorder.takeProblems() == ["GET http://h/slow: no response within 1000 ms: not recorded (only responses and transport failures are)"])

        let (cancelled, cancellation) = start(HubHTTPRequest(url: "http://h/slow"), through: recorder, on: loop)
        cancellation.cancel()
        loop.advance(by: 10_000)
        #expect(cancelled.calls == 0)
        #expect(recorder.written == [])
        #expect(recorder.problems == [])
        #expect(target.names == [])
    }

    @Test func writeFailuresAndAMissingFolderAreProblems() throws {
        let source = TemporaryFeature()
        defer { source.remove() }
        try source.write("x.http", "GET http://h/x\n\nHTTP 200\n\nx")
        let recorder = RecordingHTTPTransport(sending: RecordedHTTPTransport(folder: source.path))
        let loop = HubEventLoop(clock: .virtual)

        let unrecorded = exchange(HubHTTPRequest(url: "http://h/x"), through: recorder, on: loop)
        #expect(unrecorded.result == .success(HubHTTPResponse(status: 200, body: Array("x".utf8))))
        #expect(recorder.takeProblems() == ["GET http://h/x: not recorded: no feature folder to record into is set"])

        // The feature folder is a file: tests/http cannot be made in it.
        recorder.folder = source.directory + "/x.http"
        let unwritten = exchange(HubHTTPRequest(url: "http://h/x"), through: recorder, on: loop)
        #expect(unwritten.result == .success(HubHTTPResponse(status: 200, body: Array("x".utf8))))
        let problems = recorder.takeProblems()
        #expect(problems.count == 1)
        let path = "\(source.directory)/x.http/tests/http/get-h-x.http"
        #expect(problems.first?.hasPrefix("\(path): cannot write the recording of GET http://h/x: ") == true)
        #expect(recorder.written == [])
    }

    // MARK: Writing only inside tests/http

    /// Records `GET http://h/x` (answered `hi` from another folder) into `target`, whose
    /// `tests/http` `prepare` sets up; returns the recorder's problems, after checking that the
    /// exchange itself went on and nothing was written.
    private func recordThroughALink(into target: TemporaryFeature, _ prepare: () throws -> Void) throws -> [String] {
        let source = TemporaryFeature()
        defer { source.remove() }
        try source.write("x.http", "GET http://h/x\n\nHTTP 200\n\nhi")
        try prepare()
        let recorder = RecordingHTTPTransport(sending: RecordedHTTPTransport(folder: source.path), folder: target.path)
        let result = exchange(HubHTTPRequest(url: "http://h/x"), through: recorder, on: HubEventLoop(clock: .virtual)).result
        #expect(result == .success(HubHTTPResponse(status: 200, body: Array("hi".utf8))))
        #expect(recorder.written == [])
        return recorder.takeProblems()
    }

    /// Runs `body` with two new temporary feature folders, the one recorded into and one
    /// outside it, and removes both after.
    private func withTargetAndOutside(_ body: (TemporaryFeature, TemporaryFeature, FileManager) throws -> Void) throws {
        let (target, outside) = (TemporaryFeature(), TemporaryFeature())
        defer {
            target.remove()
            outside.remove()
        }
        try body(target, outside, FileManager.default)
    }

    @Test func onlyAPlainFileNameIsWritten() throws {
        let target = TemporaryFeature()
        defer { target.remove() }
        for name in ["../../outside.http", ".hidden.http", "", "a/b.http"] {
            #expect {
                try HTTPRecordingFolder.writablePath(for: name, inFeature: target.path)
            } throws: { error in
                "\(error)" == "\(HTTPRequestRules.shown(name)) is not a plain file name: recordings are written only inside the feature folder's own tests/http/"
            }
        }
        #expect(try HTTPRecordingFolder.writablePath(for: "get-h-x.http", inFeature: target.path) == target.directory + "/get-h-x.http")
    }

    @Test func aTestsHTTPFolderThatIsASymbolicLinkIsNotWrittenThrough() throws {
        try withTargetAndOutside { target, outside, files in
            let problems = try recordThroughALink(into: target) {
                try files.createDirectory(atPath: outside.path, withIntermediateDirectories: true)
                try files.createDirectory(atPath: target.path + "/tests", withIntermediateDirectories: true)
                try files.createSymbolicLink(atPath: target.directory, withDestinationPath: outside.path)
            }
            #expect(problems == [
                "GET http://h/x: not recorded: \(target.directory) is a symbolic link: recordings are written only inside the feature folder's own tests/http/"
            ])
            #expect(try files.contentsOfDirectory(atPath: outside.path) == [])
        }
    }

    @Test func aTestsFolderThatIsASymbolicLinkIsNotWrittenThrough() throws {
        try withTargetAndOutside { target, outside, files in
            let problems = try recordThroughALink(into: target) {
                try files.createDirectory(atPath: outside.path, withIntermediateDirectories: true)
                try files.createDirectory(atPath: target.path, withIntermediateDirectories: true)
                try files.createSymbolicLink(atPath: target.path + "/tests", withDestinationPath: outside.path)
            }
            #expect(problems == [
                "GET http://h/x: not recorded: \(target.path)/tests is a symbolic link: recordings are written only inside the feature folder's own tests/http/"
            ])
            // Not even tests/http is made through the link.
            #expect(try files.contentsOfDirectory(atPath: outside.path) == [])
        }
    }

    @Test func aRecordingFileThatIsASymbolicLinkIsNotWrittenThrough() throws {
        try withTargetAndOutside { target, outside, files in
            // The file outside records the request: the recorder would rewrite it where it is.
            let victim = outside.path + "/victim.http"
            let recorded = "GET http://h/x\n\nHTTP 200\n\nold"
            let problems = try recordThroughALink(into: target) {
                try files.createDirectory(atPath: outside.path, withIntermediateDirectories: true)
                try Data(recorded.utf8).write(to: URL(fileURLWithPath: victim))
                try files.createDirectory(atPath: target.directory, withIntermediateDirectories: true)
                try files.createSymbolicLink(atPath: target.directory + "/get-h-x.http", withDestinationPath: victim)
            }
            #expect(problems == [
                "GET http://h/x: not recorded: \(target.directory)/get-h-x.http is a symbolic link: recordings are written only inside the feature folder's own tests/http/"
            ])
            #expect(files.contents(atPath: victim) == Data(recorded.utf8))
            #expect(target.names == ["get-h-x.http"])
        }
    }
}
