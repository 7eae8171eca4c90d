import Foundation
import HubCore

/// Sends requests through another transport, as `hub test --record` does, and writes what came
/// back for each (its response, or its transport failure) to the feature folder's
/// `tests/http/`, one ``HTTPRecording`` file per request, for ``RecordedHTTPTransport`` to
/// replay. Nothing is written anywhere else: a `tests/http/` (or a file in it) that is a
/// symbolic link is a problem, and the exchange is not recorded.
///
/// An exchange that failed (the transport failed, or the server answered 5xx: a backend that is
/// down) is written only when ``recordsFailures`` says so: otherwise a recording of the request
/// is kept as it is, and the exchange is a problem either way, so that a backend that was down
/// never replaces a good recording silently.
public final class RecordingHTTPTransport: HTTPTransport {
    /// The feature folder the recordings are written to (nil: none is written).
    public var folder: String?

    /// Whether exchanges that failed are recorded too (`hub test --record-failures`).
    public var recordsFailures = false

    /// The paths of the recording files written, in the order first written.
    public private(set) var written: [String] = []

    /// What went wrong, oldest first: exchanges that could not be recorded and why.
    public private(set) var problems: [String] = []

    /// Sends what this transport records.
    private let transport: any HTTPTransport

    /// A transport sending through `transport`, recording into the feature in `folder`.
    public init(sending transport: any HTTPTransport, folder: String? = nil) {
        self.transport = transport
        self.folder = folder
    }

    /// The ``problems`` so far, which are forgotten.
    public func takeProblems() -> [String] {
        defer { problems = [] }
        return problems
    }

    /// Sends `request` through the wrapped transport and, when it completes (not when it is
    /// cancelled), writes what came back before passing it on.
    public func send(
        _ request: HubHTTPRequest, limits: HTTPExchangeLimits, on loop: HubEventLoop,
        completion: @escaping (Result<HubHTTPResponse, HTTPFailure>) -> Void
    ) -> HTTPCancellation {
        transport.send(request, limits: limits, on: loop) { [weak self] result in
            self?.record(request, result)
            completion(result)
        }
    }

    /// Writes the recording of `request` having come back with `result`.
    private func record(_ request: HubHTTPRequest, _ result: Result<HubHTTPResponse, HTTPFailure>) {
        guard let recording = HTTPRecording(recordingOf: request, result: result) else {
            if case .failure(let failure) = result {
                problems.append("\(failure.message): not recorded (only responses and transport failures are)")
            }
            return
        }
        guard let folder else {
            return problems.append("\(request.line): not recorded: no feature folder to record into is set")
        }
        let directory = HTTPRecording.directory(ofFeature: folder)
        let (name, recorded) = fileName(for: request, in: directory)
        let path = directory + "/" + name
        if !recordsFailures, let failure = recording.failure {
            let why = "the live exchange failed (\(failure)); 'hub test --record-failures' records failures"
            return problems.append(recorded ? "\(path): kept: \(why)" : "\(request.line): not recorded: \(why)")
        }
        do {
            let place = try HTTPRecordingFolder.writablePath(for: name, inFeature: folder)
            try Data(recording.text.utf8).write(to: URL(fileURLWithPath: place), options: .atomic)
        } catch let error as HTTPRecordingFolder.OutsidePlace {
            return problems.append("\(request.line): not recorded: \(error)")
        } catch {
            return problems.append("\(path): cannot write the recording of \(request.line): \(error.localizedDescription)")
        }
        if !written.contains(path) { written.append(path) }
    }

    /// The name of the file to record `request` in, in `directory`, and whether that file
    /// records it already: the file already recording it, else its readable name unless another
    /// file has it, else its disambiguated name.
    private func fileName(for request: HubHTTPRequest, in directory: String) -> (name: String, recorded: Bool) {
        let files = HTTPRecordingFolder.files(in: directory).files
        if let same = files.first(where: { $0.recording?.matches(request) == true }) { return (same.name, true) }
        let name = HTTPRecording.fileName(for: request, disambiguated: false)
        // A file that cannot be read is left alone too: it may be a recording being edited.
        return (files.contains { $0.name == name } ? HTTPRecording.fileName(for: request, disambiguated: true) : name, false)
    }
}
