import HubCore

/// A transport whose exchanges belong to one feature folder at a time, the one whose tests run:
/// `hub test` answers requests from that folder's recordings (``RecordedHTTPTransport``), or
/// records them there (``RecordingHTTPTransport``).
public protocol FolderRecordingTransport: HTTPTransport {
    /// The feature folder whose `tests/http/` recordings are used; nil: none.
    var folder: String? { get set }
    /// What went wrong since the last call (a request with no recording, a file that could not
    /// be read or written); forgets it.
    func takeProblems() -> [String]
}

extension RecordedHTTPTransport: FolderRecordingTransport {}
extension RecordingHTTPTransport: FolderRecordingTransport {}
