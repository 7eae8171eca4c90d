import Foundation
import HubCore
import HubData
import HubLua
import HubRender
internal import LuaBridge

extension HubRuntime {
    /// The mistakes in the feature folders loaded so far, found without opening a view, in this
    /// order: folders that failed to load (each of their mistakes, when `isChecking` loaded
    /// them); a component or action registered twice (the second silently replaced the first);
    /// a feature whose `uri` or `uri_prefix` an earlier feature already opens; a feature naming
    /// a schema nothing registers; JSON files in a feature folder that do not parse. With
    /// `strict`, also: JSON values of the wrong type for the property the folder's schema reads
    /// there, and components that nothing registers named by JSON files or by the content of
    /// each feature's view (opened at its `uri` or `uri_prefix`), and the failures that view's
    /// operations silenced (handed an earlier one's error, an operation finished normally).
    /// Last, HTTP recordings (`tests/http/*.http`) that do not parse or record a request twice.
    /// A view's HTTP requests are answered from its feature's recordings when the manager's
    /// transport is a `RecordedHTTPTransport`.
    public func check(strict: Bool = false) -> [CheckProblem] {
        var problems = loadFailures.flatMap { failure in
            failure.errors.map { CheckProblem("", "\($0) (feature folder '\(failure.folder)' not loaded)") }
        }
        problems += repeatedRegistrations()
        problems += overlappingURIs()
        problems += unknownSchemas()
        problems += jsonFileProblems(strict: strict)
        if strict { problems += viewProblems() }
        problems += recordingProblems()
        return problems
    }

    /// Every feature folder loaded or tried, in order.
    private var checkedFolders: [FeatureFolder] {
        folders.map(\.folder) + loadFailures.map { FeatureFolder(path: $0.path) }
    }

    private func repeatedRegistrations() -> [CheckProblem] {
        bindings.ledger.repeated().map { entry, first in
            CheckProblem(
                entry.location,
                "\(entry.kind) '\(entry.identifier)' is registered again, replacing the registration at \(first.location)")
        }
    }

    private func overlappingURIs() -> [CheckProblem] {
        let features = manager.featureRegistry.all
        var problems: [CheckProblem] = []
        for (position, feature) in features.enumerated() {
            guard let uri = bindings.features.claimedURIs[feature.identifier], feature.viewURIPredicate.matches(uri),
                let earlier = features[..<position].first(where: { $0.viewURIPredicate.matches(uri) })
            else { continue }
            let whereEarlier = bindings.ledger.first("feature", earlier.identifier).map { " (\($0.location))" } ?? ""
            problems.append(CheckProblem(
                location(ofFeature: feature.identifier),
                "feature '\(feature.identifier)' claims '\(uri)', but feature '\(earlier.identifier)'\(whereEarlier) "
                    + "was registered first and opens it"))
        }
        return problems
    }

    private func unknownSchemas() -> [CheckProblem] {
        let schemas = manager.jsonSchemaRegistry
        return manager.featureRegistry.all.compactMap { feature in
            guard let schema = feature.customJSONSchemaIdentifier, schemas.copySchema(schema) == nil else { return nil }
            let known = schemas.customIdentifiers.isEmpty
                ? "no custom schema is registered"
                : "registered: " + schemas.customIdentifiers.map { "'\($0)'" }.joined(separator: ", ")
            return CheckProblem(
                location(ofFeature: feature.identifier),
                "feature '\(feature.identifier)' reads JSON with schema '\(schema)', which nothing registers (\(known)); "
                    + "its JSON is read with the default schema")
        }
    }

    /// Each JSON file of each folder that does not parse; with `strict`, the mistyped values and
    /// unknown components of those that do, read with the schema of the folder's first feature.
    private func jsonFileProblems(strict: Bool) -> [CheckProblem] {
        var problems: [CheckProblem] = []
        for folder in checkedFolders {
            let schema = manager.jsonSchemaRegistry.schema(
                for: manager.featureRegistry.all.first { $0.resourceFolder == folder.path }?.customJSONSchemaIdentifier)
            for relative in FeatureFolder.files(under: folder.path, matching: { $0.hasSuffix(".json") }) {
                guard let absolute = folder.resolve(relative), let text = try? folder.read(relative) else { continue }
                let file = folder.display(absolute)
                let value: JSONValue
                do {
                    value = try JSONParser.parse(text)
                } catch {
                    problems.append(CheckProblem("\(file):\(error.line):\(error.column)", "malformed JSON: \(error.message)"))
                    continue
                }
                if strict { problems += lint(value, text: text, file: file, schema: schema) }
            }
        }
        return problems
    }

    /// What is wrong with each folder's HTTP recordings, as `hub test` would find it.
    private func recordingProblems() -> [CheckProblem] {
        checkedFolders.flatMap { folder in
            RecordedHTTPTransport(folder: folder.path).takeProblems().map { problem in
                let (location, message) = LuaError.splitLocation(problem)
                return CheckProblem(location.map(folder.display) ?? "", location == nil ? problem : message)
            }
        }
    }

    private func lint(_ value: JSONValue, text: String, file: String, schema: JSONSchema) -> [CheckProblem] {
        let report = schema.lint(value, defaults: manager.builderConfiguration.componentDefaults)
        let located = { (pointer: JSONPointer) in
            JSONParser.location(of: pointer, in: text).map { "\(file):\($0.line):\($0.column)" } ?? file
        }
        return report.mistyped.map { CheckProblem(located($0.pointer), $0.description) }
            + report.components.filter { !manager.componentRegistry.makesComponent($0.identifier) }.map {
                CheckProblem(located($0.pointer), "\($0.pointer): no component '\($0.identifier)' is registered; \(fallbackNote)")
            }
    }

    /// What goes wrong in each feature's view (opened at its `uri` or `uri_prefix`, then drawn
    /// 80 columns wide): every operation that failed (at a `uri`: a prefix alone is no view of
    /// the feature's), each at the line where its error first happened, with what became of it; a view still loading when the chain should have
    /// settled; every component that failed to draw; and the components and actions its models
    /// name that nothing registers, once per view, each at the line that first named it (when
    /// `isChecking` traced it), else where the feature was registered. A feature whose URI an
    /// earlier feature opens is skipped: the view is the other feature's, checked for it (and the
    /// clash is a problem of its own). Actions are named, not performed: selecting one may change
    /// the store or open other views, which a check must not do.
    private func viewProblems() -> [CheckProblem] {
        var problems: [CheckProblem] = []
        let origins = bindings.builders.origins
        for feature in manager.featureRegistry.all {
            origins.forget()
            guard let uri = bindings.features.claimedURIs[feature.identifier],
                manager.featureRegistry.registration(forViewURI: uri)?.identifier == feature.identifier
            else { continue }
            let fallback = location(ofFeature: feature.identifier)
            let reported = self.problems.count
            // Answered from the feature's recordings when the runtime replays them, as in its
            // tests; a request none records fails its operation, which says so.
            let recordings = manager.httpTransport as? RecordedHTTPTransport
            recordings?.folder = feature.resourceFolder
            defer { _ = recordings?.takeProblems() }
            let screen: Screen
            do {
                screen = try open(uri)
            } catch {
                problems.append(CheckProblem(fallback, "view '\(uri)' does not open: \(error)"))
                continue
            }
            // Only timeouts left (the loop's clock is virtual): let the time they wait for pass,
            // as a test's hub.sleep would, so that a run that never ends shows as timed out.
            if screen.loader.isLoading {
                manager.loop.advance(by: manager.settleTimeout) { screen.loader.isLoading }
            }
            // A prefix alone is no view of the feature's: its operations may rightly refuse it.
            let failures = bindings.features.prefixClaims.contains(feature.identifier) ? [] : screen.loader.failures
            for failure in failures {
                problems.append(CheckProblem(
                    failure.error.location ?? fallback,
                    "view '\(uri)': operation '\(failure.error.operation ?? "?")' failed: \(failure.error.message)"
                        + Self.passedOn(failure.error) + "; \(failure.outcomeDescription)"))
            }
            if screen.loader.isLoading {
                problems.append(CheckProblem(fallback, "view '\(uri)' was still loading after \(manager.settleTimeout) ms"))
            }
            _ = try? render(screen)
            // What went wrong besides: components that failed to draw, observers that raised
            // (the silenced failures, reported as they happened, are among the failures above).
            let silenced = Set(screen.loader.silencedFailures.map(\.description))
            problems += self.problems.dropFirst(reported).filter { !silenced.contains($0.description) }.map { problem in
                CheckProblem(problem.location?.description ?? fallback, "view '\(uri)': \(problem)")
            }
            problems += unregisteredNames(in: screen.viewModel, of: uri, fallback: fallback)
        }
        return problems
    }

    /// ` (passed on at …)` when `error` was handed on, else nothing.
    private static func passedOn(_ error: ContentError) -> String {
        error.passedOn.isEmpty ? "" : " (passed on at \(error.passedOn.joined(separator: ", ")))"
    }

    /// The components and actions `viewModel`'s models name that nothing registers, each once.
    private func unregisteredNames(in viewModel: ViewModel, of uri: String, fallback: String) -> [CheckProblem] {
        var problems: [CheckProblem] = []
        let origins = bindings.builders.origins
        var reported: Set<Identifier> = []
        visitModels(of: viewModel) { model in
            if !reported.contains(model.componentIdentifier), !manager.componentRegistry.makesComponent(model.componentIdentifier) {
                reported.insert(model.componentIdentifier)
                problems.append(CheckProblem(
                    origins.places[model.componentIdentifier] ?? fallback,
                    "view '\(uri)': model '\(model.identifier)' names component '\(model.componentIdentifier)', "
                        + "which nothing registers; \(fallbackNote)"))
            }
            for action in model.target?.actionIdentifiers ?? [] where !reported.contains(action) {
                guard manager.actionRegistry.createAction(for: action) == nil else { continue }
                reported.insert(action)
                problems.append(CheckProblem(
                    fallback,
                    "view '\(uri)': model '\(model.identifier)' names action '\(action)', which nothing registers; "
                        + "selecting it goes on to the target's uri"))
            }
        }
        return problems
    }

    private var fallbackNote: String { "the fallback for its category draws it" }

    /// Calls `visit` with the header, then each body and overlay model, each followed by its
    /// children, depth first.
    private func visitModels(of viewModel: ViewModel, _ visit: (ComponentModel) -> Void) {
        func walk(_ model: ComponentModel) {
            visit(model)
            model.children?.forEach(walk)
        }
        viewModel.header.map(walk)
        viewModel.body.forEach(walk)
        viewModel.overlays.forEach(walk)
    }

    /// Where the feature `identifier` was registered; empty for one Swift registered.
    private func location(ofFeature identifier: String) -> String {
        bindings.ledger.first("feature", identifier)?.location ?? ""
    }
}
