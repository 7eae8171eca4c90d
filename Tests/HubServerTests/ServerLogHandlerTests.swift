import Glibc
import Logging
import Synchronization
import Testing
@testable import HubServer

/// The server's log lines (``ServerLogHandler``): the very lines swift-log's `StreamLogHandler`
/// writes for the same messages, and the time and duration they carry.
@Suite struct ServerLogHandlerTests {
    /// Lines written, kept for a test to read.
    final class Lines: TextOutputStream, Sendable {
        private let kept = Mutex<[String]>([])
        var all: [String] { kept.withLock { $0 } }
        func write(_ string: String) { kept.withLock { $0.append(string) } }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String { "the disk is full" }
    }

    /// Logs the same messages through a ``ServerLogHandler`` and a `StreamLogHandler`, each set
    /// up by `prepare`, and returns the lines of each.
    static func bothLines(
        label: String = "hub.serve", provider: Logger.MetadataProvider? = nil, _ prepare: (inout Logger) -> Void,
        _ log: (Logger) -> Void
    ) -> (server: [String], stream: [String]) {
        let server = Lines()
        let stream = Lines()
        var serverLogger = Logger(label: label) { label in
            ServerLogHandler(label: label, metadataProvider: provider, write: { server.write($0) })
        }
        var streamLogger = Logger(label: label) { label in StreamLogHandler(label: label, stream: stream, metadataProvider: provider) }
        prepare(&serverLogger)
        prepare(&streamLogger)
        log(serverLogger)
        log(streamLogger)
        return (server.all, stream.all)
    }

    /// A line without its first field, the time.
    static func untimed(_ line: String) -> Substring {
        line.drop { $0 != " " }
    }

    @Test func eachLineIsStreamLogHandlersLine() {
        let provider = Logger.MetadataProvider { ["trace": "t-1", "zone": "provided"] }
        let cases: [(label: String, provider: Logger.MetadataProvider?, metadata: Logger.Metadata)] = [
            ("hub.serve", nil, [:]),
            ("hub.serve", nil, ["hb.request.id": "5f2e0c"]),
            ("hub.serve", nil, ["b": "2", "a": "1", "list": ["x", "y"], "map": ["k": "v"]]),
            ("hub.serve", provider, ["zone": "logger"]),
            ("", nil, ["hb.request.id": "5f2e0c"]),
        ]
        for (label, provider, metadata) in cases {
            let (server, stream) = Self.bothLines(label: label, provider: provider) { logger in
                logger.logLevel = .debug
                for (key, value) in metadata { logger[metadataKey: key] = value }
            } _: { logger in
                logger.info("GET /views/rows:view 200 0.4 ms")
                logger.debug("plain")
                logger.trace("below the level")
                logger.notice("refused (host)", metadata: ["zone": "message", "extra": "1"])
                logger.error("failed", error: Failure(), metadata: ["count": .stringConvertible(3)])
                logger.critical("café ✓", source: "Elsewhere")
            }
            #expect(server.count == 5)
            #expect(server.map(Self.untimed) == stream.map(Self.untimed), "label '\(label)', metadata \(metadata)")
        }
    }

    @Test func aLineReadsAsTheServerWritesIt() throws {
        let (server, _) = Self.bothLines { $0[metadataKey: "hb.request.id"] = "5f2e0c" } _: { logger in
            logger.info("GET /views/rows:view 200 0.4 ms")
        }
        let line = try #require(server.first)
        #expect(Self.untimed(line) == " info hub.serve: hb.request.id=5f2e0c [HubServerTests] GET /views/rows:view 200 0.4 ms\n")
        #expect(line.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4} .*\n/) != nil)
    }

    /// A message or metadata value with control characters is still one line: they are
    /// written out, and nothing else of the line changes.
    @Test func controlCharactersAreWrittenOutSoThatARecordIsOneLine() throws {
        let (server, stream) = Self.bothLines { $0[metadataKey: "note"] = "a\nb" } _: { logger in
            logger.info("x\n2031-01-01T00:00:00+0000 error hub.serve: [HubServer] forged\rover\ttab\u{1B}[2K\u{7F}\u{85}\u{2028}end")
        }
        #expect(server.map(Self.untimed) == [
            #" info hub.serve: note=a\nb [HubServerTests] x\n2031-01-01T00:00:00+0000 error hub.serve: [HubServer] forged\rover\ttab\u{1B}[2K\u{7F}\u{85}\u{2028}end"#
                + "\n"
        ])
        #expect(server.first?.filter(\.isNewline) == "\n")
        // StreamLogHandler's record breaks at each: the two line feeds, the carriage return,
        // U+0085 and U+2028, besides its own line feed.
        #expect(stream.first?.filter(\.isNewline).count == 6)
    }

    @Test func escapingWritesOutControlCharactersOnly() {
        #expect(LoggedText.escaped("GET /views/café:✓ 200 … ok \\n") == "GET /views/café:✓ 200 … ok \\n")
        #expect(LoggedText.escaped("\r\n") == #"\r\n"#)
        #expect(LoggedText.escaped("\u{0}\u{8}\u{1F} \u{7F}\u{80}\u{9F}\u{A0}\u{2028}\u{2029}\u{2030}") == #"\u{0}\u{8}\u{1F} \u{7F}\u{80}\u{9F}"# + "\u{A0}" + #"\u{2028}\u{2029}"# + "\u{2030}")
        #expect(LoggedText.escaped("").isEmpty)
    }

    @Test func theTimeIsStreamLogHandlersForTheSameSecond() throws {
        // Taken again when a second ended between the two.
        for _ in 0..<3 {
            let before = time(nil)
            let (server, stream) = Self.bothLines { _ in } _: { $0.info("now") }
            guard time(nil) == before else { continue }
            #expect(server == stream)
            #expect(EverySecond.logTimestamp.now == String(try #require(stream.first).prefix { $0 != " " }))
            return
        }
        Issue.record("three seconds ended while two lines were logged")
    }

    @Test func theTimeOfASecondIsLocalTimeInStrftimesFormat() {
        var parts = tm()
        var second: time_t = 1_795_707_044
        localtime_r(&second, &parts)
        let offset = Int(parts.tm_gmtoff)
        let zone = "\(offset < 0 ? "-" : "+")\(Self.twoDigits(abs(offset) / 3600))\(Self.twoDigits(abs(offset) % 3600 / 60))"
        let expected = "\(parts.tm_year + 1900)-\(Self.twoDigits(Int(parts.tm_mon) + 1))-\(Self.twoDigits(Int(parts.tm_mday)))T"
            + "\(Self.twoDigits(Int(parts.tm_hour))):\(Self.twoDigits(Int(parts.tm_min))):\(Self.twoDigits(Int(parts.tm_sec)))\(zone)"
        #expect(EverySecond.logTimestamp.text(of: second) == expected)
        if offset == 0 { #expect(expected == "2026-11-26T15:30:44+0000") }
    }

    static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    @Test func durationsHaveOneDecimal() {
        #expect(LoggedText.tenths(0) == "0.0")
        #expect(LoggedText.tenths(0.04) == "0.0")
        #expect(LoggedText.tenths(0.05) == "0.1")
        #expect(LoggedText.tenths(1.449) == "1.4")
        #expect(LoggedText.tenths(12.36) == "12.4")
        #expect(LoggedText.tenths(10_000.0) == "10000.0")
        #expect(LoggedText.tenths(.infinity) == "inf")
    }
}

@Suite struct StringConcatenatingTests {
    @Test func thePartsFollowEachOtherWhole() {
        #expect(String(concatenating: "GET", " ", "", "/views/café:✓", " 200") == "GET /views/café:✓ 200")
        #expect(String(concatenating: "").isEmpty)
        let long = String(repeating: "ab", count: 3_000)
        #expect(String(concatenating: long, "!", long) == long + "!" + long)
    }
}
