import HubCore
import Testing

@testable import HubData

/// HTTP-dates (RFC 9110 §5.6.7): the three formats read, IMF-fixdate written.
struct HTTPDateTests {
    @Test func theThreeFormatsAreReadAndIMFFixdateWritten() {
        let seconds = 784_111_777  // Sun, 06 Nov 1994 08:49:37 GMT
        #expect(HTTPDate.seconds("Sun, 06 Nov 1994 08:49:37 GMT") == seconds)
        #expect(HTTPDate.seconds("Sunday, 06-Nov-94 08:49:37 GMT") == seconds)
        #expect(HTTPDate.seconds("Sun Nov  6 08:49:37 1994") == seconds)
        #expect(HTTPDate.string(seconds) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.string(0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.string(-1) == "Wed, 31 Dec 1969 23:59:59 GMT")
        #expect(HTTPDate.string(951_782_400) == "Tue, 29 Feb 2000 00:00:00 GMT")
        #expect(HTTPDate.seconds("Tue, 29 Feb 2000 00:00:00 GMT") == 951_782_400)
        // RFC 850's two-digit year: within 50 years ahead, else the century before.
        #expect(HTTPDate.seconds("Thursday, 01-Jan-26 00:00:00 GMT") == 1_767_225_600)
    }

    @Test func whatIsNoHTTPDateIsNil() {
        for text in ["", "0", "-1", "tomorrow", "2026-01-01T00:00:00Z", "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 06 Foo 1994 08:49:37 GMT",
            "Sun, 36 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:49:37 GMT", "Sun, 06 Nov 94 08:49:37 GMT"]
        {
            #expect(HTTPDate.seconds(text) == nil, "\(text)")
        }
    }

    @Test func millisecondsRoundDownToSeconds() {
        #expect(HTTPDate.seconds(milliseconds: 1_999) == 1)
        #expect(HTTPDate.seconds(milliseconds: -1) == -1)
        #expect(HTTPDate.seconds(milliseconds: -1_000) == -1)
    }
}
