import Foundation
import HubCore

extension HTTPRecording {
    /// The recording `text` holds, in the format ``HTTPRecording`` describes; `file` names where
    /// it came from, in errors.
    public init(parsing text: String, file: String) throws(HTTPRecordingError) {
        var lines = RecordingLines(text)
        func error(_ line: Int, _ message: String) -> HTTPRecordingError {
            HTTPRecordingError(file: file, line: line, message: message)
        }

        // Comments, then the request line.
        var first: RecordingLines.Line?
        while let line = lines.next() {
            if line.text.hasPrefix("#") || line.isBlank { continue }
            first = line
            break
        }
        guard let first else {
            throw error(max(1, lines.lastNumber), "missing the request line ('<METHOD> <URL>')")
        }
        let parts = first.text.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].allSatisfy({ $0.isASCII && $0.isLetter }), !parts[1].isEmpty
        else {
            throw error(first.number, "bad request line '\(first.text)': expected '<METHOD> <URL>'")
        }
        var request = HubHTTPRequest(method: String(parts[0]), url: String(parts[1]))

        // The request's headers, its body, then the response line.
        var responseLine: RecordingLines.Line?
        while let line = lines.next(), !line.isBlank {
            if Self.isOutcomeLine(line.text) {
                responseLine = line
                break
            }
            let (name, value) = try Self.header(line, error)
            request.headers.add(name, value)
        }
        var bodyLines: [String] = []
        let bodyStart = lines.lastNumber + 1
        if responseLine == nil {
            while let line = lines.next() {
                if Self.isOutcomeLine(line.text) {
                    responseLine = line
                    break
                }
                bodyLines.append(line.raw)
            }
        }
        guard let responseLine else {
            throw error(max(1, lines.lastNumber), "missing the response line ('HTTP <status>' or 'FAIL <message>')")
        }
        if !bodyLines.isEmpty {
            request.body = try Self.body(Array(bodyLines.joined(separator: "\n").utf8), headers: &request.headers) {
                error(bodyStart, $0)
            }
        }

        // What came back.
        if responseLine.text.hasPrefix("FAIL") {
            let (message, delay) = try Self.failureLine(responseLine, error)
            while let line = lines.next() {
                if !line.isBlank { throw error(line.number, "nothing may follow the 'FAIL' line") }
            }
            self.init(request: request, outcome: .failure(message), delay: delay)
        } else {
            let (status, delay) = try Self.statusLine(responseLine, error)
            var response = HubHTTPResponse(status: status)
            while let line = lines.next(), !line.isBlank {
                let (name, value) = try Self.header(line, error)
                response.headers.add(name, value)
            }
            let bodyLine = lines.lastNumber + 1
            response.body = try Self.body(lines.rest, headers: &response.headers) { error(bodyLine, $0) }
            self.init(request: request, outcome: .response(response), delay: delay)
        }
    }

    /// Whether `line` is a response line (or a failure line), well formed or not.
    static func isOutcomeLine(_ line: String) -> Bool {
        line == "HTTP" || line == "FAIL" || line.hasPrefix("HTTP ") || line.hasPrefix("HTTP/") || line.hasPrefix("FAIL ")
    }

    /// The name and value of the header line `line`.
    private static func header(
        _ line: RecordingLines.Line, _ error: (Int, String) -> HTTPRecordingError
    ) throws(HTTPRecordingError) -> (String, String) {
        let text = line.text
        let colon = text.firstIndex(of: ":") ?? text.endIndex
        let name = text[..<colon]
        guard colon < text.endIndex, !name.isEmpty, name.unicodeScalars.allSatisfy(isTokenCharacter) else {
            throw error(line.number, "bad header line '\(text)': expected '<name>: <value>' (and an empty line before a body)")
        }
        return (String(name), String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
    }

    /// Whether `scalar` may be part of a header name.
    private static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar))
    }

    /// The status and delay of the response line `line` (`HTTP 200 after 300 ms`).
    private static func statusLine(
        _ line: RecordingLines.Line, _ error: (Int, String) -> HTTPRecordingError
    ) throws(HTTPRecordingError) -> (Int, Int) {
        let words = line.text.split(separator: " ", omittingEmptySubsequences: false)
        guard words[0] == "HTTP", words.count >= 2, words[1].count == 3, words[1].allSatisfy({ $0.isASCII && $0.isNumber }),
            let status = Int(words[1]), status >= 100, words.count == 2 || words[2] == "after"
        else {
            throw error(line.number, "bad status line '\(line.text)': expected 'HTTP <3-digit status>', optionally followed by ' after <N> ms'")
        }
        guard words.count > 2 else { return (status, 0) }
        guard words.count == 5, let delay = delay(words[3]), words[4] == "ms" else {
            throw error(line.number, "bad delay in '\(line.text)': expected ' after <N> ms', N a whole number of milliseconds")
        }
        return (status, delay)
    }

    /// The message and delay of the failure line `line` (`FAIL connection refused after 300 ms`).
    private static func failureLine(
        _ line: RecordingLines.Line, _ error: (Int, String) -> HTTPRecordingError
    ) throws(HTTPRecordingError) -> (String, Int) {
        var message = Substring(line.text.dropFirst(4))
        var delay = 0
        if let suffix = delaySuffix(in: message) {
            guard let milliseconds = Self.delay(suffix.amount) else {
                throw error(line.number, "bad delay in '\(line.text)': expected ' after <N> ms', N a whole number of milliseconds")
            }
            delay = milliseconds
            message = message[..<suffix.start]
        }
        return (String(message.drop(while: { $0 == " " })), delay)
    }

    /// Where ` after <amount> ms` ends `text`, when it does (the amount is one word).
    static func delaySuffix(in text: Substring) -> (start: Substring.Index, amount: Substring)? {
        guard text.hasSuffix(" ms"), let after = text.dropLast(3).range(of: " after ", options: .backwards) else { return nil }
        let amount = text[after.upperBound..<text.index(text.endIndex, offsetBy: -3)]
        guard !amount.isEmpty, !amount.contains(" ") else { return nil }
        return (after.lowerBound, amount)
    }

    /// The milliseconds `text` says, when it is a whole number.
    private static func delay(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    /// The body whose text is `bytes`: decoded from base64 when `headers` say so (the header
    /// removed then).
    private static func body(
        _ bytes: [UInt8], headers: inout HubHTTPHeaders, _ error: (String) -> HTTPRecordingError
    ) throws(HTTPRecordingError) -> [UInt8] {
        guard headers[bodyEncodingHeader]?.lowercased() == "base64" else { return bytes }
        headers.set(bodyEncodingHeader, nil)
        let encoded = bytes.filter { ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n")].contains($0) }
        guard let data = Data(base64Encoded: Data(encoded)) else {
            throw error("the body is not base64, as 'x-hub-body: base64' says")
        }
        return Array(data)
    }

    /// The pseudo-header that says a body is written in base64.
    static let bodyEncodingHeader = "x-hub-body"
}

/// The lines of a recording's text, read one after another.
struct RecordingLines {
    /// One line: its number (from 1), its text without the line break.
    struct Line {
        let number: Int
        /// The line without its `\n`.
        let raw: String
        /// The line without its `\n` or `\r\n`.
        var text: String { raw.hasSuffix("\r") ? String(raw.unicodeScalars.dropLast()) : raw }
        /// Whether the line is empty or only spaces.
        var isBlank: Bool { raw.allSatisfy(\.isWhitespace) }
    }

    private let bytes: [UInt8]
    private var position = 0
    /// The number of the last line read (0 before any).
    private(set) var lastNumber = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The next line; nil at the end of the text.
    mutating func next() -> Line? {
        guard position < bytes.count else { return nil }
        let end = bytes[position...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        let line = Line(number: lastNumber + 1, raw: String(decoding: bytes[position..<end], as: UTF8.self))
        lastNumber += 1
        position = min(end + 1, bytes.count)
        return line
    }

    /// The bytes after the last line read, verbatim.
    var rest: [UInt8] { Array(bytes[position...]) }
}
