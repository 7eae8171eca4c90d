import HubCore

/// Answers requests from the recordings of a feature folder, `<folder>/tests/http/*.http`, as
/// `hub test` does: a request gets what its ``HTTPRecording`` says, after the recording's delay
/// on the loop's clock, its dates moved to when it arrives (``HTTPRecording/replayed(_:at:)``).
/// A request no recording matches fails, and is a problem.
public final class RecordedHTTPTransport: HTTPTransport {
    /// The feature folder whose recordings answer; setting it reads them (nil: none).
    public var folder: String? {
        didSet { load() }
    }

    /// What went wrong, oldest first: recordings that could not be read, two recordings of one
    /// request, requests no recording matched.
    public private(set) var problems: [String] = []

    /// The recordings read, by file name.
    private var recordings: [(path: String, recording: HTTPRecording)] = []

    /// A transport answering from the recordings of the feature in `folder`.
    public init(folder: String? = nil) {
        self.folder = folder
        load()
    }

    /// The ``problems`` so far, which are forgotten.
    public func takeProblems() -> [String] {
        defer { problems = [] }
        return problems
    }

    /// Reads the recordings of ``folder``.
    private func load() {
        recordings = []
        guard let folder else { return }
        let (files, problem) = HTTPRecordingFolder.files(in: HTTPRecording.directory(ofFeature: folder))
        if let problem { problems.append(problem) }
        for file in files {
            guard let recording = file.recording else {
                if let problem = file.problem { problems.append(problem) }
                continue
            }
            if let first = recordings.first(where: { $0.recording.matches(recording.request) }) {
                problems.append(
                    "\(first.path) and \(file.path) both record \(recording.request.line)"
                        + (recording.request.body == nil ? "" : " with the same body") + ": the first is used")
                continue
            }
            recordings.append((file.path, recording))
        }
    }

    /// Completes with what the first recording (by file name) of `request` says, after its
    /// delay: its response (a failure when the body is larger than `limits` allow), its transport
    /// failure, or a timeout after `limits.timeout` when the delay is longer. Without a
    /// recording, fails on the loop's next turn and adds the problem.
    public func send(
        _ request: HubHTTPRequest, limits: HTTPExchangeLimits, on loop: HubEventLoop,
        completion: @escaping (Result<HubHTTPResponse, HTTPFailure>) -> Void
    ) -> HTTPCancellation {
        let delay: Int
        let result: Result<HubHTTPResponse, HTTPFailure>
        if let recording = recordings.first(where: { $0.recording.matches(request) })?.recording {
            if recording.delay > limits.timeout {
                delay = limits.timeout
                result = .failure(HTTPFailure(.timeout, "\(request.line): no response within \(limits.timeout) ms"))
            } else {
                delay = recording.delay
                result = Self.result(of: recording, for: request, limits: limits)
            }
        } else {
            let message = missing(request)
            problems.append(message)
            delay = 0
            result = .failure(HTTPFailure(.transport, message))
        }
        // Its dates move to when it arrives, on the loop's wall clock.
        let timer = loop.schedule(after: delay) { completion(result.map { HTTPRecording.replayed($0, at: loop.wallClock) }) }
        return HTTPCancellation { loop.cancel(timer) }
    }

    /// What `recording` answers `request` with, within `limits`.
    private static func result(
        of recording: HTTPRecording, for request: HubHTTPRequest, limits: HTTPExchangeLimits
    ) -> Result<HubHTTPResponse, HTTPFailure> {
        switch recording.outcome {
        case .response(let response) where response.body.count > limits.maxBodyBytes:
            .failure(HTTPFailure(.tooLarge, "\(request.line): the response is larger than \(limits.maxBodyBytes) bytes (max_response)"))
        case .response(let response):
            .success(response)
        case .failure(let message):
            .failure(HTTPFailure(.transport, "\(request.line): \(message)"))
        }
    }

    /// The problem of `request` having no recording.
    private func missing(_ request: HubHTTPRequest) -> String {
        // A recording of the same method and URL with another body is the likely mistake.
        let otherBody = recordings.contains { $0.recording.request.method == request.method && $0.recording.request.url == request.url }
        let what = request.line + (otherBody ? " with this body" : "")
        guard let folder else { return "no recording of \(what): no feature folder of recordings is set" }
        return "no recording of \(what) in \(HTTPRecording.directory(ofFeature: folder)): "
            + "run 'hub test --record \(folder)' to record it"
    }
}
