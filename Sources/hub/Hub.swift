import ArgumentParser
import Foundation
import HubCore
import HubLua
import HubRender

@main
struct Hub: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hub",
        abstract: "Render and test Hub features written in Lua.",
        subcommands: [Render.self, JSON.self, Test.self])
}

/// Where features are loaded from.
struct FeatureOptions: ParsableArguments {
    @Option(name: .customLong("features"), help: "A feature folder, or a folder of feature folders (repeatable; default: .).")
    var folders: [String] = []

    /// A runtime with every feature folder loaded; load errors go to standard error.
    func makeRuntime(clock: EventLoop.Clock) throws -> HubRuntime {
        let runtime = try HubRuntime(clock: clock)
        for folder in folders.isEmpty ? ["."] : folders {
            do {
                try runtime.loadFeatures(at: folder)
            } catch {
                FileHandle.standardError.write(Data("hub: \(error)\n".utf8))
                throw ExitCode.failure
            }
        }
        return runtime
    }
}

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print a view as a text layout.")

    @OptionGroup var features: FeatureOptions

    @Argument(help: "The view URI, e.g. cities:overview.")
    var uri: String

    @Option(help: "Columns (default: the terminal's width, or 80).")
    var width = TerminalSize.columns

    @Option(help: "Rows of output, navigation bar included (default: all content).")
    var height: Int?

    @Option(help: "The layout margin in cells.")
    var margin = 1

    @Flag(help: "Use plain ASCII for lines and boxes.")
    var ascii = false

    @Flag(help: "Print the laid-out frames as JSON instead of text.")
    var json = false

    @Option(help: "ANSI styles: auto (a terminal, and NO_COLOR unset), always or never.")
    var color: ColorChoice = .auto

    func run() throws {
        let runtime = try features.makeRuntime(clock: .real)
        let screen: Screen
        do {
            screen = try runtime.open(uri, options: .init(width: width, height: height, margin: margin))
        } catch {
            FileHandle.standardError.write(Data("hub: \(error)\n".utf8))
            throw ExitCode.failure
        }
        print(json ? screen.frameReport() : screen.render(ascii: ascii, color: color.isOn), terminator: "")
        for problem in runtime.problems {
            FileHandle.standardError.write(Data("hub: \(problem)\n".utf8))
        }
        if let error = screen.lastError {
            FileHandle.standardError.write(Data("hub: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }
}

struct JSON: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a JSON file as a view, or print its view model as default-schema JSON.")

    @Argument(help: "A JSON file: a view model object, or an array of body components.")
    var file: String

    @Option(help: "A Lua file that registers JSON schemas with hub.schema.")
    var schemaFile: String?

    @Option(help: "The identifier of the schema to read the file with (default: the default schema).")
    var schema: String?

    @Option(help: "Columns (default: the terminal's width, or 80).")
    var width = TerminalSize.columns

    @Option(help: "The layout margin in cells.")
    var margin = 1

    @Flag(help: "Print the view model as default-schema JSON instead of rendering it.")
    var model = false

    @Option(help: "ANSI styles: auto, always or never.")
    var color: ColorChoice = .auto

    func run() throws {
        let runtime = try HubRuntime(clock: .virtual)
        do {
            if let schemaFile { try runtime.runScript(at: schemaFile) }
            guard let data = FileManager.default.contents(atPath: file) else {
                throw ContentError(domain: JSONDomain.name, message: "cannot read \(file)")
            }
            let viewModel = try runtime.manager.viewModel(fromJSON: [UInt8](data), source: file, schema: schema)
            if model {
                print(JSONValue.object(viewModel.serialize()).serialized(pretty: true))
            } else {
                let renderer = runtime.manager.makeRenderer(margin: margin)
                print(renderer.render(viewModel, options: RenderOptions(width: width, color: color.isOn)), terminator: "")
            }
        } catch {
            FileHandle.standardError.write(Data("hub: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }
}

/// The terminal standard output is printed to.
enum TerminalSize {
    /// The terminal's columns when standard output is one, otherwise 80.
    static var columns: Int {
        var size = winsize()
        guard isatty(STDOUT_FILENO) != 0, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}

/// When to print ANSI styles.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto
    case always
    case never

    /// Whether styles are on: `auto` means standard output is a terminal and NO_COLOR is unset.
    var isOn: Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto: return isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        }
    }
}

struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the features' tests (tests/*_test.lua) and print N passed, N failed.")

    @Argument(help: "Folders holding feature folders with tests.")
    var folders: [String] = ["."]

    func run() throws {
        let runtime = try HubRuntime(clock: .virtual)
        var loadFailed = false
        for folder in folders {
            do {
                try runtime.loadFeatures(at: folder)
            } catch {
                print("FAIL loading \(folder): \(error)")
                loadFailed = true
            }
        }
        let summary = runtime.runTests(under: folders) { print($0) }
        if summary.failed > 0 || loadFailed || summary.passed == 0 {
            throw ExitCode.failure
        }
    }
}
