import Foundation
import HubCore
import HubTestThreads
import Testing

/// `hub --version`, and the help of `hub` and of each of its commands.
@Suite(.offThePool) struct HelpCLITests {
    static let subcommands = ["render", "json", "test", "check", "watch", "repl", "serve", "profile"]

    /// The entries of the help's section `title` (`OPTIONS`, `SUBCOMMANDS`), each with its
    /// wrapped lines joined and runs of spaces made one.
    static func entries(_ title: String, of help: String) -> [String] {
        var entries: [String] = []
        var inSection = false
        for line in help.components(separatedBy: "\n") {
            if !line.hasPrefix(" ") {
                inSection = line == title + ":"
                continue
            }
            guard inSection else { continue }
            if line.hasPrefix("   "), !entries.isEmpty {
                entries[entries.count - 1] += " " + line
            } else {
                entries.append(line)
            }
        }
        return entries.map(collapsed)
    }

    /// `text` with its runs of white space made one space, and none at its ends.
    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The help's usage, its lines joined.
    static func usage(of help: String) -> String {
        let lines = help.components(separatedBy: "\n").drop { !$0.hasPrefix("USAGE: ") }.prefix { !$0.isEmpty }
        return collapsed(lines.joined(separator: " "))
    }

    @Test func versionPrintsTheVersion() throws {
        let result = try HubProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.output == "0.20.0\n")
        #expect(result.errors.isEmpty)
    }

    @Test(arguments: subcommands)
    func eachOptionStatesItsDefaultOnce(_ name: String) throws {
        let help = try HubProcess.run([name, "--help"])
        #expect(help.status == 0)
        let entries = Self.entries("OPTIONS", of: help.output) + Self.entries("ARGUMENTS", of: help.output)
        #expect(entries.count >= 2)
        for entry in entries {
            #expect(entry.components(separatedBy: "default:").count <= 2, "hub \(name) --help: \(entry)")
        }
    }

    @Test func widthAndWorkersStateTheirDefaultsInWords() throws {
        for name in ["render", "watch", "json"] {
            let help = try HubProcess.run([name, "--help"]).output
            #expect(Self.entries("OPTIONS", of: help).contains("--width <width> Columns (default: the terminal's width, or 80)."), "\(help)")
        }
        let serve = try HubProcess.run(["serve", "--help"]).output
        #expect(Self.entries("OPTIONS", of: serve).contains(
            "--workers <workers> Worker threads, each with its own Lua runtime (default: one per core the process may run on)."), "\(serve)")
        #expect(Self.entries("OPTIONS", of: serve).contains(
            "--width <width> The width views are laid out and previews drawn at, in cells. (default: 80)"), "\(serve)")
    }

    @Test func theHelpStatesTheDefaultsOfHubDefaults() throws {
        typealias Server = HubDefaults.Server
        let defaults: [String: [(option: String, value: String)]] = [
            "serve": [
                ("--host <host>", Server.host), ("--port <port>", "\(Server.port)"), ("--max-body <max-body>", "\(Server.maxBodyBytes)"),
                ("--request-timeout <request-timeout>", "\(Double(Server.requestTimeout) / 1_000)"),
                ("--max-requests-per-worker <max-requests-per-worker>", "\(Server.maxRequestsPerWorker)"),
                ("--max-connections <max-connections>", "\(Server.maxConnections)"),
                ("--header-timeout <header-timeout>", "\(Server.headerTimeoutSeconds)"),
                ("--idle-timeout <idle-timeout>", "\(Server.idleTimeoutSeconds)"),
                ("--client-timeout <client-timeout>", "\(Server.clientTimeoutSeconds)"),
                ("--max-streams-per-worker <max-streams-per-worker>", "\(Server.maxStreamsPerWorker)"),
                ("--log-level <log-level>", Server.logLevel),
                ("--memory <memory>", "\(HubDefaults.Limits.memory >> 20)"), ("--budget <budget>", "\(HubDefaults.Limits.instructionBudget)"),
                ("--timeout <timeout>", "\(HubDefaults.Limits.operationTimeout)"), ("--time-limit <time-limit>", "\(HubDefaults.Limits.timeLimit)"),
            ],
            "profile": [("--every <every>", "\(HubDefaults.Profile.period)"), ("--top <top>", "\(HubDefaults.Profile.rows)")],
        ]
        for (name, options) in defaults {
            let entries = Self.entries("OPTIONS", of: try HubProcess.run([name, "--help"]).output)
            for (option, value) in options {
                let entry = entries.first { $0.hasPrefix(option + " ") }
                #expect(entry?.hasSuffix("(default: \(value)).") == true || entry?.hasSuffix("(default: \(value))") == true,
                    "hub \(name) --help: \(entry ?? "no \(option)")")
            }
        }
    }

    @Test func serveUsageNamesEveryOption() throws {
        let help = try HubProcess.run(["serve", "--help"]).output
        let usage = Self.usage(of: help)
        #expect(usage.hasPrefix("USAGE: hub serve [--features <features> ...] [--host <host>]"), "\(usage)")
        let options = Self.entries("OPTIONS", of: help).compactMap { $0.firstMatch(of: /--[a-z-]+/).map { String($0.output) } }
        #expect(options.count == 26, "\(options)")
        for option in options where !["--help", "--version"].contains(option) {
            #expect(usage.contains("[\(option)"), "the usage leaves out \(option): \(usage)")
        }
    }

    @Test func noUsageIsOnlyOptions() throws {
        for name in Self.subcommands {
            let usage = Self.usage(of: try HubProcess.run([name, "--help"]).output)
            #expect(usage != "USAGE: hub \(name) <options>", "\(usage)")
        }
    }

    @Test func theOverviewNamesEveryCommandWithItsAbstract() throws {
        let overview = try HubProcess.run(["--help"])
        #expect(overview.status == 0)
        let listed = Self.entries("SUBCOMMANDS", of: overview.output)
        for name in Self.subcommands {
            let help = try HubProcess.run([name, "--help"]).output
            let abstract = Self.collapsed(help.components(separatedBy: "\n\n").first ?? "")
            let text = String(abstract.dropFirst("OVERVIEW: ".count))
            #expect(abstract.hasPrefix("OVERVIEW: ") && !text.isEmpty)
            #expect(listed.contains("\(name) \(text)"), "hub --help lists \(listed), not '\(name) \(text)'")
        }
        #expect(listed.count == Self.subcommands.count, "\(listed)")
    }
}
