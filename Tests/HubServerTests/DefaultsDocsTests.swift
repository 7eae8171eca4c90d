import Foundation
import HubCore
import Testing
@testable import HubLua

/// The defaults the docs state are `HubDefaults`' values: each sentence below is built from
/// them and must be found in its document, so a default changed in the code and not in the doc
/// (or the other way round) fails here, naming the sentence.
@Suite struct DefaultsDocsTests {
    typealias Limits = HubDefaults.Limits
    typealias HTTP = HubDefaults.HTTP
    typealias Store = HubDefaults.Store
    typealias Server = HubDefaults.Server

    /// The repository's root.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `document`'s text with every run of white space (line breaks included) made one space.
    static func text(of document: String) throws -> String {
        let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// `number` as the docs write it: with a comma between each group of three digits.
    static func grouped(_ number: Int) -> String {
        Profile.grouped(number)
    }

    /// `bytes` in the unit the docs give it: MiB or KiB when they divide it, bytes otherwise.
    static func size(_ bytes: Int) -> String {
        if bytes % (1 << 20) == 0 { return "\(grouped(bytes >> 20)) MiB" }
        if bytes % (1 << 10) == 0 { return "\(grouped(bytes >> 10)) KiB" }
        return "\(grouped(bytes)) bytes"
    }

    /// `milliseconds` as the docs say a span in words: "a second", "a minute", or in seconds.
    static func span(_ milliseconds: Int) -> String {
        switch milliseconds {
        case 1_000: "a second"
        case 60_000: "a minute"
        default: "\(grouped(milliseconds / 1_000)) s"
        }
    }

    /// Expects each of `sentences` in `document`.
    static func expectStated(_ sentences: [String], in document: String) throws {
        let text = try text(of: document)
        for sentence in sentences {
            // Not `text.contains(sentence)` inside the expectation, which would print the whole text.
            let isStated = text.contains(sentence)
            #expect(isStated, "\(document) does not say '\(sentence)': it and HubDefaults disagree")
        }
    }

    @Test func docsLimitsStatesTheDefaults() throws {
        try Self.expectStated([
            "| instruction budget of a call | \(Self.grouped(Limits.instructionBudget)) instructions (about a second) |",
            "| memory | \(Self.size(Limits.memory)) per runtime |",
            "| time limit of a call | \(Self.grouped(Limits.timeLimit)) ms of wall-clock time",
            "| operation timeout | \(Self.grouped(Limits.operationTimeout)) ms of the runtime's clock",
            "| consecutive self-reschedules | \(Self.grouped(Limits.consecutiveReschedules)) by an operation's runs",
            "per feature folder: \(Self.grouped(Limits.waitingCallbacks)) waiting at once, "
                + "\(Self.grouped(Limits.callbacksPerSecond)) scheduled in a second of the loop's clock, "
                + "and one instruction budget \(Self.span(Limits.callbackBudgetWindow)) for all of them together",
            "| chained actions | \(Self.grouped(Limits.chainedActions)) in a row",
            "| waiting for a first load | \(Self.grouped(Limits.settleTimeout)) ms of the loop's time",
            "| screens of a stack | \(HubDefaults.stackDepth) (",
            "| response size | \(Self.size(HTTP.maxResponseBytes)) of body |",
            "up to the memory limit (\(Self.size(Limits.memory))), which caps it",
            "| request timeout | \(Self.grouped(HTTP.timeout)) ms for the whole exchange",
            "| requests in flight | \(HTTP.maxInFlight) per operation or action run",
            "| redirects | \(HTTP.maxRedirects) (301,",
            "`stopped after \(HTTP.maxRedirects) redirects`",
            "| cache | \(Self.size(HTTP.cacheBytes)), shared by every screen",
            "at most `max_keys` keys (\(Self.grouped(Store.maxKeys)) by default;",
            "values of at most `max_value` bytes of JSON (\(Self.size(Store.maxValueBytes)) by default; code 7)",
            "locked by another process for longer than the busy timeout (2, after \(Store.sqliteBusyTimeoutSeconds) s)",
            "(a stack keeps \(HubDefaults.stackDepth)), views kept by `hub serve` "
                + "(\(Self.grouped(HubDefaults.Server.viewCacheCapacity)) and \(Self.size(HubDefaults.Server.viewCacheBytes)))",
        ], in: "docs/limits.md")
    }

    @Test func docsServingStatesTheDefaults() throws {
        try Self.expectStated([
            "| `--host` | `\(Server.host)` |",
            "| `--port` | \(Server.port) |",
            "| `--width` | \(HubDefaults.width) |",
            "| `--max-body` | \(Self.size(Server.maxBodyBytes)) |",
            "| `--request-timeout` | \(Self.span(Server.requestTimeout)) |",
            "| `--max-requests-per-worker` | \(Self.grouped(Server.maxRequestsPerWorker)) |",
            "| `--max-streams-per-worker` | \(Self.grouped(Server.maxStreamsPerWorker)) |",
            "| \(Self.grouped(Server.maxConnections)); \(Server.headerTimeoutSeconds) s; \(Server.idleTimeoutSeconds) s; "
                + "\(Server.clientTimeoutSeconds) s |",
            "| `--log-level` | `\(Server.logLevel)` |",
            "| `--store` | `\(Server.storePath)` |",
            "| `--max-connections` | \(Self.grouped(Server.maxConnections)) |",
            "| `--header-timeout` | \(Server.headerTimeoutSeconds) s |",
            "| `--idle-timeout` | \(Server.idleTimeoutSeconds) s |",
            "| `--client-timeout` | \(Server.clientTimeoutSeconds) s |",
            "| views kept | \(Self.grouped(Server.viewCacheCapacity)) |",
            "| bytes kept | \(Self.size(Server.viewCacheBytes)), each view counted",
            "| a view bigger than \(Self.size(Server.viewCacheBytes)) | not kept |",
            "sent on every stream every \(Server.pingIntervalSeconds) s",
            "makes lines wait, up to \(Self.size(Server.logBacklogBytes)).",
            "fell behind by more than \(Server.logBacklogBytes) bytes`",
            "`hub serve` writes what waits before it exits (for at most \(Server.logFlushSeconds) s)",
            "A stack holds the last \(HubDefaults.stackDepth) screens",
        ], in: "docs/serving.md")
    }

    @Test func docsAuthoringStatesTheDefaults() throws {
        try Self.expectStated([
            "default \(Self.size(HTTP.maxResponseBytes)), at most the memory limit) caps a response's body",
            "| `network` | \(HTTP.maxRedirects) | more than \(HTTP.maxRedirects) redirects |",
            "a run has at most \(HTTP.maxInFlight) in flight",
            "The cache holds \(Self.size(HTTP.cacheBytes)),",
            "at most `limit` (default \(Self.grouped(Store.listPage)),",
            "`max_value` (bytes of JSON, default \(Self.size(Store.maxValueBytes))) and `max_keys` (default \(Self.grouped(Store.maxKeys)))",
            "| 2 | locked by another process past the wait allowed (\(Store.sqliteBusyTimeoutSeconds) s) |",
            "A sample is taken every `--every` instructions (default \(Self.grouped(HubDefaults.Profile.period)))",
        ], in: "docs/authoring.md")
    }

    @Test func theEmbeddingArticleStatesTheDefaults() throws {
        try Self.expectStated([
            "(``AsyncHubRuntime/init(waitingLimit:_:)``, \(Self.grouped(HubDefaults.Embedding.waitingCalls)) unless told otherwise)",
        ], in: "Sources/HubLua/HubLua.docc/Embedding.md")
        try Self.expectStated([
            "(the last \(Self.grouped(HubDefaults.problemsKept)) distinct problems at most;",
        ], in: "docs/embedding.md")
    }
}
