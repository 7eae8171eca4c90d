import ArgumentParser
import Foundation
import HubCore
import HubLua
import HubRender
import HubSystem

@main
struct Hub: ParsableCommand {
    static let configuration = CommandConfiguration(
        // Every command names itself: otherwise swift-argument-parser derives each name from
        // `String(describing:)` of its type, whose conformance lookups took 6 % of a cold start.
        commandName: "hub",
        abstract: "Render and test Hub features written in Lua.",
        version: Hub.version,
        subcommands: [Render.self, JSON.self, Test.self, Check.self, Watch.self, Repl.self, Serve.self, ProfileCommand.self])

    /// Sets the process's memory policy, then parses the arguments and runs the command.
    static func main() {
        ProcessMemory.keepLargeBlocksInTheHeap()
        main(nil)
    }

    /// Hub's version, which `hub --version` prints.
    static let version = "0.20.0"

    /// Writes `message` to standard error as `hub: message`.
    static func warn(_ message: Any) {
        FileHandle.standardError.write(Data("hub: \(message)\n".utf8))
    }
}
