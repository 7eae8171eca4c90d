import Foundation
import HubTestThreads
import Testing

/// `--width` takes a positive number of columns, in every command that takes it.
@Suite(.offThePool) struct WidthOptionTests {
    /// Each command that takes `--width`, with what it needs besides.
    static let commands: [(name: String, arguments: [String])] = [
        ("render", ["render", "--features", "Examples/Cities", "cities:overview"]),
        ("watch", ["watch", "--features", "Examples/Cities", "cities:overview", "--reloads", "0"]),
        ("json", ["json", "Examples/Food/data/food.json"]),
        ("serve", ["serve", "--features", "Examples/Cities", "--port", "0", "--store", "memory"]),
    ]

    @Test(arguments: ["0", "-3"])
    func zeroAndNegativeWidthsAreRefusedWithAClearMessage(_ width: String) throws {
        for command in Self.commands {
            let result = try HubProcess.run(command.arguments + ["--width=\(width)"])
            #expect(result.status == 64, "hub \(command.name) --width=\(width)")
            #expect(result.output.isEmpty)
            #expect(result.errors.hasPrefix("Error: --width must be a positive number of columns, got \(width)\nUsage: hub \(command.name) "),
                "hub \(command.name) --width=\(width): \(result.errors)")
        }
    }

    @Test func aZeroHeightIsRefusedToo() throws {
        let result = try HubProcess.run(["render", "--features", "Examples/Cities", "cities:overview", "--height", "0"])
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix("Error: --height must be a positive number of rows, got 0\n"))
    }

    @Test func aPositiveWidthStillRenders() throws {
        let result = try HubProcess.run(["render", "--features", "Examples/Cities", "cities:overview", "--width", "1"])
        #expect(result.status == 0, "\(result.errors)")
    }
}
