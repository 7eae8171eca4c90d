import Foundation
import HubCore

extension HTTPRecording {
    /// The comment line the writer puts first.
    public static let comment = "# Recorded by hub test --record. Edit the status, headers, body or delay by hand."

    /// The text of the recording's file, in the format ``HTTPRecording`` describes; reading it
    /// back gives this recording.
    public var text: String {
        var text = Self.comment + "\n" + request.line + "\n"
        let requestBody = (request.body ?? []).isEmpty ? nil : Self.written(request.body ?? [], isRequest: true)
        Self.write(request.headers, base64: requestBody?.isBase64 == true, to: &text)
        if let requestBody { text += requestBody.text + "\n" }
        switch outcome {
        case .response(let response):
            text += "HTTP \(response.status)" + (delay > 0 ? " after \(delay) ms" : "") + "\n"
            let body = Self.written(response.body, isRequest: false)
            Self.write(response.headers, base64: body.isBase64, to: &text)
            text += body.text
        case .failure(let message):
            let message = Self.oneLine(message)
            text += message.isEmpty ? "FAIL" : "FAIL " + message
            // Said even when 0 if the message itself ends like a delay, which would be read as one.
            if delay > 0 || Self.delaySuffix(in: Substring(" " + message)) != nil { text += " after \(delay) ms" }
            text += "\n"
        }
        return text
    }

    /// Writes the header lines of `headers` (and the pseudo-header of a base64 body) and the
    /// empty line after them.
    private static func write(_ headers: HubHTTPHeaders, base64: Bool, to text: inout String) {
        for field in headers { text += "\(field.name): \(field.value)\n" }
        if base64 { text += "\(bodyEncodingHeader): base64\n" }
        text += "\n"
    }

    /// How `body` is written: as its text, or in base64 (on a line) when it is not UTF-8 or, in
    /// a request, when a line of it could be taken for the response line.
    private static func written(_ body: [UInt8], isRequest: Bool) -> (text: String, isBase64: Bool) {
        if let text = String(validating: body, as: UTF8.self),
            !isRequest || !body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).contains(where: {
                $0.starts(with: "HTTP".utf8) || $0.starts(with: "FAIL".utf8)
            })
        {
            return (text, false)
        }
        return (Data(body).base64EncodedString() + (isRequest ? "" : "\n"), true)
    }
}
