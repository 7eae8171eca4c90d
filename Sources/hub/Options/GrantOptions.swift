import ArgumentParser
import Foundation
import HubLua

/// What the operator grants feature folders beyond their own (docs/limits.md, "What a feature
/// folder can reach"), for every command that loads features.
struct GrantOptions: ParsableArguments {
    @Option(
        name: .customLong("grants"),
        help: ArgumentHelp(
            "A JSON file of what the operator grants feature folders beyond their own.",
            discussion: "{ \"app_wide\": [folder names that may prepend or append operations to every chain or set "
                + "hub.action_handler], \"shares\": { \"feature\": [namespaces of other features it may use] } }"))
    var file: String?

    /// What the file grants (nothing without one); an unreadable or wrong file is said on
    /// standard error, and the command fails.
    func load() throws -> HubGrants {
        guard let file else { return HubGrants() }
        do {
            return try HubGrants(json: try String(contentsOfFile: file, encoding: .utf8))
        } catch {
            Hub.warn("--grants \(file): \((error as? GrantsError)?.message ?? error.localizedDescription)")
            throw ExitCode.failure
        }
    }
}
