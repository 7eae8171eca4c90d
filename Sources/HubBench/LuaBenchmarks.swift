import Foundation
import HubCore
import HubLua
import HubRender
import HubTools

/// The Lua bridge: an operation building rows through the builders against the same tables in
/// plain Lua, host calls against a C function, a builder property set against a host call, and
/// the instruction budget's hook against no hook. Every time is taken with `os.clock` inside
/// Lua, both sides in the same state, and the median of `rounds` rounds is reported.
enum LuaBenchmarks {
    static let rounds = 7
    /// Rows each operation builds.
    static let rows = 10_000
    /// Calls in each host-call loop.
    static let calls = 100_000
    /// Iterations of the empty loop.
    static let loopIterations = 10_000_000

    static func run(_ run: BenchmarkRun) {
        do {
            try building(run)
            try hostCalls(run)
            try budgetHook(run)
        } catch {
            print("Lua bridge: \(error)")
            exit(1)
        }
    }

    /// The feature `bench:<name>` whose operation times `rows` runs of `row` (with `i`, a
    /// table `plain` and the view `v` in scope, as the issue's `v:body(id)` has it) and leaves the time (seconds) in the view's custom data. A build
    /// ends with a call into Swift (`view:has_body`), so that its time includes Swift taking
    /// every row, which the bridge otherwise does when the operation returns.
    static func feature(_ name: String, row: String, builds: Bool) -> String {
        """
        hub.feature { id = "\(name)", title = "\(name)", uri = "bench:\(name)", operations = {
          hub.operation { name = "\(name)", perform = function(ctx)
            local v = ctx.view
            local t = os.clock()
            local plain = {}
            for i = 1, \(rows) do
              \(row)
            end
            local built = \(builds ? "v:has_body(\"row-\(rows)\")" : "#plain == \(rows)")
            ctx.view.custom = { time = os.clock() - t, built = built }
          end },
        } }

        """
    }

    /// `lua_build_vs_pure_lua` (fields set one by one) and `lua_build_table_vs_pure_lua` (one
    /// `view:body { ... }` a row), on the user's path: each side runs in its own operation of a
    /// freshly opened screen, the two alternating which goes first, with no collection forced,
    /// while the last screens opened stay open (as in a REPL session or a server's open
    /// views): each pays for the garbage and the live heap a real runtime has.
    static func building(_ run: BenchmarkRun) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-bench-\(UUID().uuidString)/Rows")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let source = [
            feature("fields-plain", row: #"local r = {}; r.id = "row-" .. i; r.component = "default:row"; r.title = "Row " .. i; r.subtitle = "Subtitle " .. i; plain[i] = r"#, builds: false),
            feature("fields-build", row: #"local r = v:body("row-" .. i); r.component = "default:row"; r.title = "Row " .. i; r.subtitle = "Subtitle " .. i"#, builds: true),
            feature("table-plain", row: #"plain[i] = { id = "row-" .. i, component = "default:row", title = "Row " .. i, subtitle = "Subtitle " .. i }"#, builds: false),
            feature("table-build", row: #"v:body { id = "row-" .. i, component = "default:row", title = "Row " .. i, subtitle = "Subtitle " .. i }"#, builds: true),
        ].joined()
        try source.write(to: folder.appendingPathComponent("feature.lua"), atomically: true, encoding: .utf8)
        let runtime = try HubRuntime(clock: .real)
        try runtime.loadFeatures(at: folder.path)
        var open: [Screen] = []
        func time(_ name: String) throws -> Double {
            let screen = try runtime.open("bench:\(name)")
            open = Array((open + [screen]).suffix(4))
            let custom = screen.viewModel.customData
            guard case .double(let seconds)? = custom?["time"], custom?["built"] == .bool(true) else {
                throw BenchmarkError("\(name) gave no time: \(String(describing: custom))")
            }
            return seconds * 1e9
        }
        for form in ["fields", "table"] {
            var plain: [Double] = []
            var build: [Double] = []
            for round in 0..<rounds {
                if round % 2 == 0 {
                    plain.append(try time("\(form)-plain"))
                    build.append(try time("\(form)-build"))
                } else {
                    build.append(try time("\(form)-build"))
                    plain.append(try time("\(form)-plain"))
                }
            }
            // The table form builds the very table the plain side builds, and hands it to Hub
            // besides: it is reported, with no target.
            let name = form == "fields" ? "lua_build_vs_pure_lua" : "lua_build_table_vs_pure_lua"
            let how = form == "fields" ? "view:body(id) and three fields" : "view:body { ... }"
            run.report(name, .time("\(rows) rows through \(how)", median(build)), .time("the same plain Lua tables", median(plain)),
                target: form == "fields" ? 1.5 : nil)
        }
    }

    /// `host_call_vs_c_floor`, `setter_vs_host_call`, and lupa's host call beside them.
    static func hostCalls(_ run: BenchmarkRun) throws {
        let probe = try BridgeProbe(instructionBudget: HubDefaults.Limits.instructionBudget)
        var host: [Double] = []
        var c: [Double] = []
        var setter: [Double] = []
        for _ in 0..<rounds {
            let times = try probe.run("""
                local host, c, row = host_noop, c_noop, row
                local t = os.clock()
                for _ = 1, \(calls) do host() end
                local host_time = os.clock() - t
                t = os.clock()
                for _ = 1, \(calls) do c() end
                local c_time = os.clock() - t
                t = os.clock()
                for _ = 1, \(calls) do row.title = "x" end
                return host_time, c_time, os.clock() - t
                """, results: 3)
            host.append(times[0] * 1e9 / Double(calls))
            c.append(times[1] * 1e9 / Double(calls))
            setter.append(times[2] * 1e9 / Double(calls))
        }
        run.report("host_call_vs_c_floor", .time("a Swift function called from Lua", median(host)),
            .time("a C function, as Lua's own libraries register them", median(c)), target: 2.0)
        run.report("setter_vs_host_call", .time("row.title = \"x\"", median(setter)), .time("a bare host call", median(host)), target: 1.5)
        if let lupa = lupaHostCall() {
            run.report("lupa_host_call_vs_hub", .time("lupa (Python, LuaJIT) calling a Python function from Lua", lupa),
                .time("Hub calling a Swift function", median(host)))
        }
    }

    /// `budget_loop_vs_unhooked`: an empty loop under the instruction budget against without.
    static func budgetHook(_ run: BenchmarkRun) throws {
        let budgeted = try BridgeProbe(instructionBudget: HubDefaults.Limits.instructionBudget)
        let free = try BridgeProbe()
        let loop = "local t = os.clock(); for _ = 1, \(loopIterations) do end; return os.clock() - t"
        var hooked: [Double] = []
        var unhooked: [Double] = []
        for _ in 0..<rounds {
            hooked.append(try budgeted.run(loop, results: 1)[0] * 1e9 / Double(loopIterations))
            unhooked.append(try free.run(loop, results: 1)[0] * 1e9 / Double(loopIterations))
        }
        run.report("budget_loop_vs_unhooked", .time("an empty loop's iteration under the budget", median(hooked)),
            .time("without", median(unhooked)))
    }

    /// Nanoseconds per call of a Python function from Lua through lupa (Debian's python3-lupa,
    /// over LuaJIT), the median of `rounds`; nil when it is not installed.
    static func lupaHostCall() -> Double? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", """
            import statistics
            from lupa import LuaRuntime
            lua = LuaRuntime()
            lua.globals().noop = lambda: None
            f = lua.eval("function(n) local f, t = noop, os.clock(); for _ = 1, n do f() end; return os.clock() - t end")
            print(statistics.median(f(\(calls)) for _ in range(\(rounds))) * 1e9 / \(calls))
            """]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return process.terminationStatus == 0 ? Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) : nil
    }

    static func median(_ samples: [Double]) -> Double {
        samples.sorted()[samples.count / 2]
    }
}
