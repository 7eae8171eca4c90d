import HubCore
internal import LuaBridge

// Each kind of problem, worded as Hub words it (message first, then who and where).

extension HubProblem {
    /// The component `identifier`'s `function` (`render`, `size`) failed with `message` at
    /// `location`: `message — component 'ns:name', render, file:line`.
    static func component(_ identifier: String, function: String, message: String, location: String?, folder: String?) -> HubProblem {
        HubProblem(
            .component, message: message, identifier: identifier, location: location, folder: folder,
            description: ProblemLine.text(message, context: ["component '\(identifier)'", function], location: location, folder: folder))
    }

    /// An action's or operation's failure that nothing took, worded as the error is.
    static func failure(_ error: ContentError) -> HubProblem {
        HubProblem(
            error.action == nil ? .operation : .action, message: error.message, feature: error.feature,
            identifier: error.action ?? error.operation, location: error.location, folder: error.folder, error: error,
            description: error.description)
    }

    /// `failure`, which the next operation silenced, worded as that ``ChainFailure`` is.
    static func silenced(_ failure: ChainFailure) -> HubProblem {
        HubProblem(
            .silenced, message: failure.error.message, feature: failure.error.feature, identifier: failure.error.operation,
            location: failure.error.location, folder: failure.error.folder, error: failure.error, description: failure.description)
    }

    /// A `hub.after` callback scheduled at `scheduled` failed with `message` at `location`:
    /// `message — hub.after callback from feature.lua:3, feature.lua:5`.
    static func callback(message: String, scheduled: String, location: String?, folder: String?) -> HubProblem {
        HubProblem(
            .callback, message: message, identifier: nil, location: location, folder: folder,
            description: ProblemLine.text(
                message, context: ["hub.after callback from \(ProblemLine.relative(scheduled, to: folder))"], location: location,
                folder: folder))
    }

    /// The function `identifier` a script of `folder` handed Hub (of `feature`, when known),
    /// called as `context` says, raised `error`: `uri_match: feature.lua:4: message`.
    static func hook(_ identifier: String, context: String, feature: String?, folder: String?, error: any Error) -> HubProblem {
        let luaError = error as? LuaError
        return HubProblem(
            .hook, message: luaError?.message ?? "\(error)", feature: feature, identifier: identifier, location: luaError?.location,
            folder: folder, description: "\(context): \(error)")
    }

    /// The revalidation of a response that the `hub.http` call at `location` (in `operation` of
    /// `feature`, when one made it) was answered stale failed, as `message` says:
    /// `revalidating GET https://… in the background: the server answered 503 — feature 'a',
    /// operation 'rows', feature.lua:4`.
    static func revalidation(
        _ message: String, feature: String?, operation: String?, location: String?, folder: String?
    ) -> HubProblem {
        let context = [feature.map { "feature '\($0)'" }, operation.map { "operation '\($0)'" }].compactMap(\.self)
        return HubProblem(
            .revalidation, message: message, feature: feature, identifier: operation, location: location, folder: folder,
            description: ProblemLine.text(message, context: context, location: location, folder: folder))
    }

    /// The chain of the view `viewURI` reran too often, as `message` says.
    static func storeChanges(of viewURI: String, message: String) -> HubProblem {
        HubProblem(.storeChanges, message: message, identifier: viewURI, location: nil, folder: nil, description: "view '\(viewURI)': \(message)")
    }
}
