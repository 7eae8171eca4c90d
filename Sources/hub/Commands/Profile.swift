import ArgumentParser
import Foundation
import HubCore
import HubLua
import HubRender
import HubTools

struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Open a view, run its chain until it settles, and report where the time and instructions went.",
        discussion: """
            Per operation: its runs, wall time, time in Lua and in Swift called from Lua \
            (builders, JSON), time waiting on hub.http, hub.store, hub.sleep and hub.await (waits, \
            not work), the instructions its budget counted and the bytes it allocated. Then the \
            functions and lines found running, sampled every --every instructions the budget \
            counts (Lua's, and what host calls and allocations cost, a host function sampled \
            where it is called), so the same view gives the same samples and a small view gets \
            them too.
            """)

    @OptionGroup var features: FeatureOptions

    @Argument(help: "The view URI, e.g. cities:overview.")
    var uri: String

    @Option(help: "Instructions between two samples.")
    var every = HubDefaults.Profile.period

    @Option(help: "How many functions and lines the table lists.")
    var top = HubDefaults.Profile.rows

    @Flag(help: "Print the samples as folded stacks (frame;frame;frame count), for flame graph tools.")
    var folded = false

    @Option(help: "Also write the samples as a speedscope file (https://www.speedscope.app) to this path.")
    var speedscope: String?

    func validate() throws {
        if every <= 0 { throw ValidationError("--every must be a positive number of instructions, got \(every)") }
        if top <= 0 { throw ValidationError("--top must be a positive number, got \(top)") }
    }

    /// Profiles opening the view; what went wrong on the way (a failed operation, a chain still
    /// loading at the settle timeout) is reported on standard error and makes the exit status
    /// non-zero, after the profile.
    func run() throws {
        let runtime = try features.makeRuntime(clock: .real) { FileHandle.standardError.write(Data("\($0)\n".utf8)) }
        runtime.startProfile(every: every)
        let screen: Screen
        do {
            screen = try runtime.open(uri)
        } catch {
            _ = runtime.stopProfile()
            Hub.warn(error)
            throw ExitCode.failure
        }
        guard let profile = runtime.stopProfile() else { throw ExitCode.failure }
        print(folded ? profile.foldedStacks : profile.table(top: top), terminator: "")
        // The table says so itself; folded stacks and speedscope files have no place for it.
        if folded && profile.droppedSamples > 0 {
            Hub.warn("\(profile.droppedSamples) samples were dropped: past the \(ProfileReport.recordBytes >> 20) MiB of samples a profile keeps (sample less often with --every)")
        }
        if let speedscope {
            do {
                try profile.speedscope(name: uri).write(to: URL(fileURLWithPath: speedscope))
            } catch {
                Hub.warn("cannot write \(speedscope): \(error.localizedDescription)")
                throw ExitCode.failure
            }
        }
        runtime.problems.forEach(Hub.warn)
        if let error = screen.lastError { Hub.warn(error) }
        if screen.loader.isLoading {
            Hub.warn("'\(uri)' was still loading after \(runtime.manager.settleTimeout) ms; the profile covers what ran until then")
        }
        if !runtime.problems.isEmpty || screen.lastError != nil || screen.loader.isLoading { throw ExitCode.failure }
    }
}
