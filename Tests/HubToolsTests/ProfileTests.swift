import Foundation
import HubCore
import HubHTTP
import HubRender
import HubTestBackend
import HubTestFeatures
import Testing
@testable import HubLua
@testable import HubTools

/// `hub profile` and `s:profile`: the numbers of a known operation, from instruction counts
/// (deterministic), never from wall time.
@Suite struct ProfileTests {
    /// `profiled:view` runs `spin(1000)` then `rows`; `profiled:large` runs `spin(100000)`
    /// (see the fixture's comment for the instructions they run).
    private static let fixture = TestPaths.fixture("Profiled")

    /// The profile of opening `uri`, sampled every `every` instructions, the fixture's
    /// feature file as samples name it, and the screen.
    private static func profile(every: Int, uri: String = "profiled:view") throws -> (ProfileReport, file: String, screen: Screen) {
        let runtime = try makeRuntime(fixture)
        #expect(runtime.startProfile(every: every))
        #expect(!runtime.startProfile(every: every), "profiles do not nest")
        let screen = try runtime.open(uri)
        let profile = try #require(runtime.stopProfile())
        #expect(runtime.stopProfile() == nil)
        let spin = try #require(profile.profile.frames.first { $0.name == "spin" })
        return (profile, spin.file, screen)
    }

    /// `text` with the fixture's feature file as `feature.lua`.
    private static func relative(_ text: String, _ file: String) -> String {
        text.replacingOccurrences(of: file, with: "feature.lua")
    }

    @Test func eachOperationsSamplesAreItsInstructionsWithAPeriodOfOne() throws {
        let (profile, file, _) = try Self.profile(every: 1)
        #expect(profile.profile.operations.map(\.name) == ["spin", "rows"])
        #expect(profile.profile.operations.map(\.runs) == [1, 1])
        let spin = try #require(profile.profile.frames.firstIndex { $0.name == "spin" })
        let inSpin = profile.profile.samples.filter { $0.stack.last == spin }
        #expect(inSpin.count == 2_006 && inSpin.allSatisfy { $0.operation == 0 })
        // Counted one at a time: 2,012 instructions and the 138 charged (see below).
        #expect(profile.profile.operations[0].instructions == 2_150)
        let loop = try #require(profile.profile.lines.first)
        #expect(loop.line == 5 && loop.samples == 2_004 && file.hasSuffix("Fixtures/Profiled/feature.lua"), "\(loop) \(file)")
        let top = try #require(profile.profile.functions.first)
        #expect(top.frame.name == "spin" && top.frame.line == 3 && top.selfSamples == 2_006 && top.totalSamples == 2_006)
    }

    @Test func foldedStacksOfATinyChainAreExact() throws {
        let (profile, file, _) = try Self.profile(every: 1)
        // Each perform runs 6 instructions of its own, and 16 the budget charges for what its
        // run allocates before it; spin 2,006 under spin's. A host call's cost (100: ctx.state,
        // ctx.view, view:body), with the bytes it and the writes before it allocate, is sampled
        // with the host function innermost.
        #expect(Self.relative(profile.foldedStacks, file) == """
            rows;(anonymous)@feature.lua:12 22
            rows;(anonymous)@feature.lua:12;body@[C] 152
            rows;(anonymous)@feature.lua:12;index@[C] 116
            spin;(anonymous)@feature.lua:11 28
            spin;(anonymous)@feature.lua:11;index@[C] 116
            spin;(anonymous)@feature.lua:11;spin@feature.lua:3 2006

            """)
        // Every instruction the budget counted is a sample.
        #expect(profile.profile.samples.count == 2_440)
        #expect(profile.profile.operations.map(\.instructions) == [2_150, 290])
    }

    @Test func theSameOperationGivesTheSameInstructionsAndSamples() throws {
        let first = try Self.profile(every: 1_000, uri: "profiled:large")
        let second = try Self.profile(every: 1_000, uri: "profiled:large")
        let instructions = first.0.profile.operations[0].instructions
        // 200,012 instructions (spin's 200,006 and the perform's 6), counted a thousand at a
        // time, and 138 the budget charges for the run's allocations and host calls.
        #expect(instructions == 200_138)
        #expect(second.0.profile.operations[0].instructions == instructions)
        #expect(Self.relative(first.0.foldedStacks, first.file) == Self.relative(second.0.foldedStacks, second.file))
        let spin = try #require(first.0.profile.frames.firstIndex { $0.name == "spin" })
        #expect(first.0.profile.samples.filter { $0.stack.last == spin }.count == 200)
        // The chain's status says the same as the profile.
        #expect(first.screen.loader.operationStatuses[0].lastRunWork == instructions)
        #expect(first.0.profile.operations[0].allocatedBytes > 0)
    }

    @Test func theChainHasEachOperationsInstructionsWithoutAProfile() throws {
        let runtime = try makeRuntime(Self.fixture)
        let screen = try runtime.open("profiled:large")
        let statuses = screen.loader.operationStatuses
        #expect(statuses.allSatisfy { $0.lastRunMilliseconds != nil })
        let spin = try #require(statuses[0].lastRunWork)
        #expect(spin == 200_138)
        let rows = try #require(statuses[1].lastRunWork)
        #expect(rows < 1_000, "\(rows)")
        let chain = try runtime.evaluate(
            "local s = hub.open('profiled:large') return { s.chain[1].instructions, s.chain[2].instructions }",
            inFolder: "Profiled", chunkName: "=chain")
        // Opened from a script, each run also costs what a nested execution costs its caller.
        let nested = (chain.arrayValue ?? []).compactMap(\.intValue)
        #expect(nested.count == 2 && (0..<1_000).contains(nested[0] - spin) && (0..<1_000).contains(nested[1] - rows), "\(nested)")
    }

    @Test func waitsAreCountedAsWaitsNotWork() throws {
        let folder = try makeFeatureFolder("""
            hub.feature { id = "sleepy", uri = "sleepy:view", operations = {
              hub.operation { name = "nap", perform = function(ctx) hub.sleep(50) ctx.view:body("a").title = "awake" end },
            } }
            """, named: "sleepy")
        let runtime = try makeRuntime(folder)
        runtime.startProfile()
        _ = try runtime.open("sleepy:view")
        let profile = try #require(runtime.stopProfile())
        let nap = try #require(profile.profile.operations.first)
        #expect(nap.name == "nap" && nap.view == "sleepy:view" && nap.waits.keys.sorted() == ["sleep"])
        #expect(nap.hostMilliseconds <= nap.runningMilliseconds)
        #expect(profile.table().hasPrefix("operation  runs"), "\(profile.table())")
        #expect(profile.table().contains("\nnap        "), "\(profile.table())")
    }

    @Test func eachOperationHasItsOwnSwiftTimeAndMemory() throws {
        let folder = try makeFeatureFolder("""
            hub.feature { id = "costly", uri = "costly:view", operations = {
              hub.operation { name = "spin", perform = function(ctx) local x = 0 for i = 1, 100000 do x = x + i end end },
              hub.operation { name = "rows", perform = function(ctx)
                for i = 1, 2000 do ctx.view:body("row-" .. i).title = "Row " .. i end
              end },
              hub.operation { name = "text", perform = function(ctx) ctx.state.text = string.rep("x", 1 << 20) end },
            } }
            """, named: "costly")
        let runtime = try makeRuntime(folder)
        runtime.startProfile()
        let screen = try runtime.open("costly:view")
        let profile = try #require(runtime.stopProfile())
        #expect(screen.viewModel.body.count == 2_000)
        #expect(profile.profile.operations.map(\.name) == ["spin", "rows", "text"])
        let (spin, rows, text) = (profile.profile.operations[0], profile.profile.operations[1], profile.profile.operations[2])
        // Swift making 2,000 components is the rows operation's host time, within its running time.
        #expect(rows.hostMilliseconds > 0 && rows.hostMilliseconds <= rows.runningMilliseconds, "\(rows)")
        // Memory: the text operation allocated its megabyte; the loop allocated nothing of note.
        #expect(text.allocatedBytes >= 1 << 20, "\(text)")
        #expect(spin.allocatedBytes < 1 << 12, "\(spin)")
        #expect(rows.allocatedBytes > spin.allocatedBytes)
    }

    @Test func httpWaitsAreCountedAsWaitsNotWork() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/slow.json", .json(#"{"ok": true}"#, after: 200))
        let folder = try makeFeatureFolder(backend.substituted("""
            hub.feature { id = "fetching", uri = "fetching:view", hosts = { "$HOST" }, operations = { hub.operation { name = "fetch", perform = function(ctx)
              ctx.view:body("a").title = tostring(hub.http.get("$BACKEND/slow.json"):json().ok)
            end } } }
            """), named: "fetching")
        let runtime = try HubRuntime(clock: .real)
        runtime.manager.httpTransport = AsyncHTTPTransport()
        try runtime.loadFeatures(at: folder)
        runtime.startProfile()
        let screen = try runtime.open("fetching:view")
        let profile = try #require(runtime.stopProfile())
        #expect(screen.viewModel.body.map(\.title) == ["true"])
        let fetch = try #require(profile.profile.operations.first { $0.name == "fetch" })
        #expect(fetch.waits.keys.sorted() == ["http"], "\(fetch.waits)")
        let waited = fetch.waits["http"] ?? 0
        // The backend answered 200 ms after the request: that is waiting, apart from the running.
        #expect(waited >= 200, "\(fetch)")
        #expect(fetch.runningMilliseconds + waited <= fetch.milliseconds + 0.5, "\(fetch)")
    }

    @Test func theSpeedscopeFileFollowsSpeedscopesFileFormat() throws {
        let (profile, _, _) = try Self.profile(every: 10)
        let data = try profile.speedscope(name: "profiled:view")
        try SpeedscopeFormat.validate(data)
        let object = try JSONSerialization.jsonObject(with: data)
        let file = try #require(object as? [String: Any])
        let sampled = try #require((file["profiles"] as? [[String: Any]])?.first)
        #expect(sampled["endValue"] as? Int == profile.profile.samples.count * 10)
        let frames = try #require((file["shared"] as? [String: Any])?["frames"] as? [[String: Any]])
        #expect(frames.contains { $0["name"] as? String == "spin" && $0["line"] as? Int == 3 })
        #expect(frames.contains { $0["name"] as? String == "rows" && $0["file"] == nil })
    }

    @Test func screenProfileProfilesWhatTheFunctionDoes() throws {
        let runtime = try makeRuntime(Self.fixture)
        let result = try runtime.evaluate("""
            local s = hub.open("profiled:view")
            local profile = s:profile(function(screen) screen:reschedule("spin") end, { every = 1 })
            local reload = s:profile()
            local ok, message = pcall(s.profile, s, function() error("inside") end)
            local function find(list, test) for _, entry in ipairs(list) do if test(entry) then return entry end end end
            -- The host call's cost comes first; then what spin ran.
            local spin = find(profile.functions, function(f) return f.name == "spin" end)
            local loop = find(profile.lines, function(l) return l.file:find("Profiled/feature.lua", 1, true) end)
            return {
              names = { profile.operations[1].name, profile.operations[2].name },
              samples = profile.samples, every = profile.every, top = profile.functions[1].name,
              self = spin.self, line = loop.line, line_samples = loop.samples,
              text = profile.text:find("spin", 1, true) ~= nil, folded = profile.folded:find("spin@", 1, true) ~= nil,
              reload = #reload.operations, ok = ok, message = tostring(message):find("inside", 1, true) ~= nil,
              bad = select(2, pcall(function() return s:profile(3) end)),
            }
            """, inFolder: "Profiled", chunkName: "=profile")
        let object = try #require(result.objectValue)
        #expect(object["names"] == .array([.string("spin"), .string("rows")]))
        #expect(object["every"] == .int(1) && object["top"] == .string("reschedule") && object["self"] == .int(2_006))
        #expect(object["line"] == .int(5) && object["line_samples"] == .int(2_004))
        #expect(object["text"] == .bool(true) && object["folded"] == .bool(true) && object["reload"] == .int(2))
        #expect(object["ok"] == .bool(false) && object["message"] == .bool(true))
        #expect(object["bad"]?.stringValue?.contains("bad argument #1 to 'profile'") == true, "\(String(describing: object["bad"]))")
    }
}

/// speedscope's documented file format (src/lib/file-format-spec.ts, whose JSON schema is
/// https://www.speedscope.app/file-format-schema.json) for a file of sampled profiles: checked
/// key by key, with the types and the constraints the format states.
enum SpeedscopeFormat {
    struct Violation: Error, CustomStringConvertible {
        var description: String
    }

    static func validate(_ data: Data) throws {
        func fail(_ message: String) -> Violation { Violation(description: message) }
        guard let file = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { throw fail("not an object") }
        let allowed: Set<String> = ["$schema", "version", "shared", "profiles", "name", "activeProfileIndex", "exporter"]
        if let extra = Set(file.keys).subtracting(allowed).first { throw fail("unknown key \(extra)") }
        guard file["$schema"] as? String == "https://www.speedscope.app/file-format-schema.json" else { throw fail("$schema") }
        guard file["version"] is String else { throw fail("version is not a string") }
        if let name = file["name"], !(name is String) { throw fail("name is not a string") }
        guard let shared = file["shared"] as? [String: Any], let frames = shared["frames"] as? [[String: Any]] else {
            throw fail("shared.frames is not a list of objects")
        }
        for frame in frames {
            guard frame["name"] is String else { throw fail("a frame without a name") }
            if let file = frame["file"], !(file is String) { throw fail("a frame's file is not a string") }
            for key in ["line", "col"] where frame[key] != nil && !(frame[key] is NSNumber) { throw fail("a frame's \(key)") }
            if let extra = Set(frame.keys).subtracting(["name", "file", "line", "col"]).first { throw fail("a frame's \(extra)") }
        }
        guard let profiles = file["profiles"] as? [[String: Any]], !profiles.isEmpty else { throw fail("no profiles") }
        if let active = file["activeProfileIndex"] {
            guard let index = active as? Int, profiles.indices.contains(index) else { throw fail("activeProfileIndex") }
        }
        let units: Set<String> = ["none", "nanoseconds", "microseconds", "milliseconds", "seconds", "bytes"]
        for profile in profiles {
            guard profile["type"] as? String == "sampled" else { throw fail("not a sampled profile") }
            guard profile["name"] is String else { throw fail("a profile without a name") }
            guard let unit = profile["unit"] as? String, units.contains(unit) else { throw fail("unit") }
            guard let start = profile["startValue"] as? Double, let end = profile["endValue"] as? Double, end >= start else {
                throw fail("startValue and endValue")
            }
            guard let samples = profile["samples"] as? [[Int]], let weights = profile["weights"] as? [Double] else {
                throw fail("samples and weights")
            }
            guard samples.count == weights.count else { throw fail("\(samples.count) samples, \(weights.count) weights") }
            guard samples.allSatisfy({ $0.allSatisfy { frames.indices.contains($0) } }) else { throw fail("a frame index out of range") }
            guard weights.reduce(0, +) == end - start else { throw fail("the weights do not add up to endValue - startValue") }
            if let extra = Set(profile.keys).subtracting(["type", "name", "unit", "startValue", "endValue", "samples", "weights"]).first {
                throw fail("a profile's \(extra)")
            }
        }
    }
}
