/// What one run of a content operation works with, and how it reports its outcome.
///
/// Only the first ``finish()`` or ``fail(_:)`` of a run counts; later calls are ignored.
public final class ContentOperationContext {
    /// The URI of the view being loaded.
    public let viewURI: String
    /// The feature whose view is being loaded.
    public let featureInfo: FeatureInfo
    /// The connectivity of the whole run (every operation of one run sees the same).
    public let connectivityState: ConnectivityState
    /// The builder to add content to: a copy of the previous operation's output.
    public let viewModelBuilder: ViewModelBuilder
    /// The previous operation's error, if it failed.
    public let previousError: ContentError?
    /// The page being appended (1, 2, 3, ...), or nil for a main run.
    public let pageIndex: Int?
    /// The operation's own handle: reschedule it or perform actions.
    public let handle: ContentOperationHandle
    /// Milliseconds of the loop's time the run may take before it fails (nil: no timeout).
    public let timeout: Int?

    private var completion: ((ContentError?) -> Void)?
    /// Where ``record(work:)`` reports to.
    private let workRecorder: ((Int) -> Void)?

    init(
        viewURI: String, featureInfo: FeatureInfo, connectivityState: ConnectivityState,
        viewModelBuilder: ViewModelBuilder, previousError: ContentError?, pageIndex: Int?,
        handle: ContentOperationHandle, timeout: Int? = nil, recordingWork workRecorder: ((Int) -> Void)? = nil,
        completion: @escaping (ContentError?) -> Void
    ) {
        self.workRecorder = workRecorder
        self.timeout = timeout
        self.viewURI = viewURI
        self.featureInfo = featureInfo
        self.connectivityState = connectivityState
        self.viewModelBuilder = viewModelBuilder
        self.previousError = previousError
        self.pageIndex = pageIndex
        self.handle = handle
        self.completion = completion
    }

    /// Whether this run has finished or failed.
    public var isCompleted: Bool { completion == nil }

    /// Reports how much work the run did, in the operation's own unit (a Lua operation reports
    /// the instructions its budget counted), for tools (``ContentOperationStatus/lastRunWork``).
    /// The last report of a run counts, before or after it completed.
    public func record(work: Int) {
        workRecorder?(work)
    }

    /// Ends the run successfully; the builder's content flows on to the next operation.
    public func finish() {
        complete(nil)
    }

    /// Ends the run with `error`; the next operation receives it as its previous error.
    public func fail(_ error: any Error) {
        complete(ContentError.from(error))
    }

    private func complete(_ error: ContentError?) {
        guard let completion else { return }
        self.completion = nil
        completion(error)
    }
}
