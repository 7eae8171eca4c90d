import HubCore

extension HTTPRecording {
    /// The response header fields holding HTTP-dates that move with the recording's Date.
    static let shiftedDateFields = ["date", "expires", "last-modified"]

    /// `response` as replayed at `now` (milliseconds since the epoch): when it has a Date, its
    /// Date, Expires and Last-Modified are moved by the same amount, so that its Date is `now`
    /// and the cache finds it as old, and as fresh, as it was when it was recorded. A field that
    /// is not an HTTP-date (an invalid Expires) stays as it is.
    public static func replayed(_ response: HubHTTPResponse, at now: Int) -> HubHTTPResponse {
        guard let date = response.headers["date"].flatMap(HTTPDate.seconds) else { return response }
        let shift = HTTPDate.seconds(milliseconds: now) - date
        var replayed = response
        replayed.headers = HubHTTPHeaders(
            response.headers.map { field in
                guard shiftedDateFields.contains(field.name), let seconds = HTTPDate.seconds(field.value) else { return (field.name, field.value) }
                return (field.name, HTTPDate.string(seconds + shift))
            })
        return replayed
    }
}
