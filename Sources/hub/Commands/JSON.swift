import ArgumentParser
import Foundation
import HubCore
import HubLua
import HubRender

struct JSON: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "json",
        abstract: "Render a JSON file as a view, or print its view model as default-schema JSON.")

    @Argument(help: "A JSON file: a view model object, or an array of body components.")
    var file: String

    @Option(help: "A Lua file that registers JSON schemas with hub.schema.")
    var schemaFile: String?

    @Option(help: "The identifier of the schema to read the file with (default: the default schema).")
    var schema: String?

    // Optional, so that help states the default once (see WidthOption.help).
    @Option(name: .customLong("width"), help: WidthOption.help)
    var givenWidth: Int?

    @Option(help: "The layout margin in cells.")
    var margin = HubDefaults.margin

    @Flag(help: "Print the view model as default-schema JSON instead of rendering it.")
    var model = false

    @Option(help: "ANSI styles: auto, always or never.")
    var color: ColorChoice = .auto

    @OptionGroup var limits: LimitOptions

    func validate() throws {
        try WidthOption.validate(givenWidth)
    }

    func run() throws {
        let runtime = try HubRuntime(clock: .virtual)
        limits.apply(to: runtime)
        do {
            if let schemaFile { try runtime.runScript(at: schemaFile) }
            guard let data = FileManager.default.contents(atPath: file) else {
                throw ContentError(domain: JSONDomain.name, message: "cannot read \(file)")
            }
            let viewModel = try runtime.manager.viewModel(fromJSON: [UInt8](data), source: file, schema: schema)
            if schema == nil, Self.isEmpty(viewModel) {
                Hub.warn("warning: the default schema found no view model content in \(file) (no title, header, body or overlays); "
                    + "if the file is in another schema, pass --schema-file FILE.lua --schema ID")
            }
            if model {
                // Written straight from the model into one buffer, with no dictionaries between.
                FileHandle.standardOutput.write(Data(viewModel.serializedJSON(pretty: true) + [UInt8(ascii: "\n")]))
                // Nothing is left to do: leaving the model and the runtime to the operating system
                // saves freeing them object by object (about a twentieth of a large file's run),
                // as compilers skip freeing their trees at exit.
                Foundation.exit(EXIT_SUCCESS)
            } else {
                let renderer = runtime.manager.makeRenderer(margin: margin)
                print(renderer.render(viewModel, options: RenderOptions(width: givenWidth ?? TerminalSize.columns, color: color.isOn)), terminator: "")
            }
        } catch {
            Hub.warn(error)
            throw ExitCode.failure
        }
    }

    /// Whether `viewModel` shows nothing: what the default schema makes of JSON in another schema.
    static func isEmpty(_ viewModel: ViewModel) -> Bool {
        viewModel.navigationItem == nil && viewModel.header == nil && viewModel.body.isEmpty && viewModel.overlays.isEmpty
    }
}
