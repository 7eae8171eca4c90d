import HubCore
internal import LuaBridge

/// The content operation factory of a Lua feature (or of `hub.prepend_operations` and
/// `hub.append_operations`): fresh operation instances per view.
final class LuaFeatureOperations: ContentOperationFactory {
    enum Entry {
        /// A checked operation table and the limits it sets.
        case operation(LuaReference, LuaLimits)
        /// A `function(uri) -> { operations }` from `hub.factory`.
        case factory(LuaReference)
    }

    /// Weak: the feature registry may be held after the runtime is gone.
    private weak var runner: OperationBindings?
    private weak var features: FeatureBindings?
    private let feature: String
    private let entries: [Entry]
    /// The feature's limits, under each operation's own.
    private let limits: LuaLimits

    init(features: FeatureBindings, runner: OperationBindings, feature: String, entries: [Entry], limits: LuaLimits) {
        self.features = features
        self.runner = runner
        self.feature = feature
        self.entries = entries
        self.limits = limits
    }

    func createContentOperations(forViewURI viewURI: String) -> [any ContentOperation] {
        guard let runner else {
            return [failing("the Lua runtime is gone", operation: feature)]
        }
        return entries.flatMap { entry -> [any ContentOperation] in
            switch entry {
            case .operation(let spec, let own):
                return [LuaContentOperation(runner: runner, spec: spec, featureIdentifier: feature, limits: own.merged(over: limits))]
            case .factory(let function): return runFactory(function, viewURI: viewURI, runner: runner)
            }
        }
    }

    /// The operations a `hub.factory` function returns for `viewURI`; a failing operation when
    /// it raises or returns something else than a list.
    private func runFactory(_ function: LuaReference, viewURI: String, runner: OperationBindings) -> [any ContentOperation] {
        let lua = runner.lua
        do {
            return try lua.call(function, arguments: { $0.push(viewURI); return 1 }) { stack in
                guard stack.type(at: -1) == .table else {
                    return [failing("hub.factory function must return a list of operations", operation: "factory")]
                }
                let list = stack.top
                var operations: [any ContentOperation] = []
                for position in stride(from: 1, through: stack.rawLength(list), by: 1) {
                    stack.rawIndex(list, position)
                    guard let features, case .operation(let spec, let own) = try features.entry(
                        stack, owner: "feature '\(feature)': hub.factory", position: position)
                    else { continue }
                    operations.append(LuaContentOperation(runner: runner, spec: spec, featureIdentifier: feature, limits: own.merged(over: limits)))
                }
                return operations
            }
        } catch let error as LuaError {
            return [FailingOperation(name: "factory", error: ContentError(
                domain: "hub.lua", message: error.message, location: error.location, feature: feature, operation: "factory"))]
        } catch {
            return [failing(String(describing: error), operation: "factory")]
        }
    }

    private func failing(_ message: String, operation: String) -> FailingOperation {
        FailingOperation(name: operation, error: ContentError(domain: "hub.lua", message: message, feature: feature, operation: operation))
    }
}

/// A feature's `reload_policy(uri, current_view_model)`; a script error counts as "reload".
final class LuaReloadPolicy: ContentReloadPolicy {
    /// Weak: a loader (and its policy) may outlive the runtime; then it always reloads.
    private weak var lua: LuaState?
    private let problems: ProblemLog
    private let function: LuaReference
    private let feature: String

    init(lua: LuaState, problems: ProblemLog, function: LuaReference, feature: String) {
        self.lua = lua
        self.problems = problems
        self.function = function
        self.feature = feature
    }

    func shouldReload(viewURI: String, currentViewModel: ViewModel) -> Bool {
        guard let lua else { return true }
        let arguments: (LuaStack) -> Int32 = { stack in
            stack.push(viewURI)
            stack.push(viewModel: currentViewModel)
            return 2
        }
        return problems.attempt("reload_policy", context: "feature '\(feature)': reload_policy", feature: feature) {
            try lua.call(function, arguments: arguments) { $0.boolean(at: -1) }
        } ?? true
    }
}

/// An operation standing in for one that could not be created: it always fails with `error`.
final class FailingOperation: ContentOperation {
    let name: String
    private let error: ContentError

    init(name: String, error: ContentError) {
        self.name = name
        self.error = error
    }

    func perform(_ context: ContentOperationContext) {
        context.fail(error)
    }
}
