import HubCore
import HubRender
internal import LuaBridge

/// Screens from Lua: `hub.open(uri, options)` and the `hub.Screen` class, which drives a stack of
/// screens the manager opened (load, reschedule, scroll, perform, select, back) and reads back
/// the one on top (model, chain, errors, render, frames, diff, snapshots) and the stack's
/// events. Selecting a target opens its URI on top; `s:back()` closes it.
final class ScreenBindings {
    /// Opens and settles the screens.
    let manager: HubManager
    /// Runs the operations; profiles them for `s:profile`.
    let runner: ScriptRunner
    private let errors: ErrorTables
    private let problems: ProblemLog
    private let liveStacks: LiveStacks
    private let screenClass = LuaClass<LuaScreen>(name: "hub.Screen")

    init(
        lua: LuaState, manager: HubManager, runner: ScriptRunner, errors: ErrorTables, problems: ProblemLog,
        liveStacks: LiveStacks
    ) {
        self.manager = manager
        self.runner = runner
        self.errors = errors
        self.problems = problems
        self.liveStacks = liveStacks
        screenClass.register(lua.stack, describe: { "Screen(\($0.stack.viewURIs.joined(separator: " > ")))" }, properties: properties, methods: methods)
    }

    /// What opening a screen, or settling one after a load, reload, reschedule or action,
    /// costs the instruction budget beyond its operations' own instructions: the host work of
    /// running the chain and building view models.
    static let settlingCost = 20_000
    /// What rendering or laying out a screen costs the instruction budget.
    static let renderingCost = 5_000
    /// The connectivity states scripts name: `online` and `offline`.
    private static let connectivityStates: [ConnectivityState] = [.online, .offline]

    /// `hub.open(uri, { width, height, margin, load, connectivity })`: a screen after its first
    /// load (or showing its initial content, with `load = false`).
    func open(_ call: LuaStack) throws -> Int32 {
        let uri = try call.checkString(1, "hub.open")
        var options = ScreenOptions()
        let connectivity = ManualConnectivityStateResolver()
        try call.options(2, "hub.open", known: ["width", "height", "margin", "load", "connectivity"]) {
            options.width = try call.integerField(2, "width") ?? options.width
            options.height = try call.integerField(2, "height")
            options.margin = try call.integerField(2, "margin") ?? options.margin
            options.load = call.booleanField(2, "load") ?? true
            connectivity.state = try call.field(2, "connectivity") { index in
                call.isNil(index) ? nil : try call.option(at: index, Self.connectivityStates)
            } ?? connectivity.state
        }
        let stack: ScreenStack
        do {
            stack = try manager.openStack(uri, options: options, connectivity: connectivity)
        } catch {
            throw LuaRaise(message: problems.openError(error).description)
        }
        liveStacks.add(stack)
        screenClass.push(call, LuaScreen(stack: stack, connectivity: connectivity))
        return 1
    }

    // MARK: The class

    /// The properties of `hub.Screen`, all read-only.
    private var properties: [String: LuaProperty<LuaScreen>] {
        [
            "uri": .readOnly { $0.push($1.screen.viewURI) },
            "model": .readOnly { $0.push(viewModel: $1.screen.viewModel) },
            "error": .readOnly { [errors] in errors.push($0, $1.screen.lastError) },
            "loading": .readOnly { $0.push($1.screen.loader.isLoading) },
            "connectivity": .readOnly { $0.push($1.connectivity.state.rawValue) },
            "width": .readOnly { $0.push($1.screen.width) },
            "height": .readOnly { stack, screen in
                if let height = screen.screen.height { stack.push(height) } else { stack.pushNil() }
            },
            "chain": .readOnly { [errors] in $0.push(chain: $1.screen.loader.operationStatuses, errors: errors) },
            "failures": .readOnly { [errors] in $0.push(failures: $1.screen.loader.failures, errors: errors) },
            "stack": .readOnly { $0.push(strings: $1.stack.viewURIs) },
            "opened": .readOnly { $0.push(strings: $1.stack.openedExternally) },
            "events": .readOnly { $0.push(events: $1.stack.eventLog.events) },
        ]
    }

    /// The methods of `hub.Screen`: those that read the screen, those that draw it, and those
    /// that set work going and return the screen once it has settled.
    private var methods: LuaMethods<LuaScreen> {
        LuaMethods(self, [
            "resize": ScreenBindings.resize,
            "scroll": ScreenBindings.scroll,
            "diff": ScreenBindings.diff,
            "snapshot": ScreenBindings.snapshot,
        ])
            + LuaMethods(self, cost: Self.renderingCost, [
                "render": ScreenBindings.render,
                "frames": ScreenBindings.frames,
            ])
            + LuaMethods(self, cost: Self.settlingCost, [
                "load": ScreenBindings.load,
                "reload": ScreenBindings.reload,
                "scroll_to_end": ScreenBindings.scrollToEnd,
                "reschedule": ScreenBindings.reschedule,
                "set_connectivity": ScreenBindings.setConnectivity,
                "perform": ScreenBindings.perform,
                "select": ScreenBindings.select,
                "back": ScreenBindings.back,
                "profile": ScreenBindings.profile,
            ])
    }

    // MARK: Reading

    /// `s:resize(width, height)`: resizes the screen (a nil height shows all content); returns it.
    private func resize(_ stack: LuaStack, _ screen: LuaScreen) throws -> Int32 {
        let width = try stack.checkInt(2, "resize")
        let height = stack.isNil(3) ? nil : try stack.checkInt(3, "resize")
        screen.screen.resize(width: width, height: height)
        stack.pushValue(1)
        return 1
    }

    /// `s:scroll(rows)`: scrolls by `rows`; returns the rows it scrolled.
    private func scroll(_ stack: LuaStack, _ screen: LuaScreen) throws -> Int32 {
        stack.push(screen.screen.scroll(by: try stack.checkInt(2, "scroll")))
        return 1
    }

    /// `s:diff()`: what the last update changed (`inserted`, `removed`, `reloaded`,
    /// `header_changed`), or nil.
    private func diff(_ stack: LuaStack, _ screen: LuaScreen) -> Int32 {
        guard let diff = screen.screen.lastDiff else {
            stack.pushNil()
            return 1
        }
        let body = screen.screen.viewModel.body
        stack.newTable(record: 4)
        stack.push(strings: diff.inserted.map { body[$0].identifier })
        stack.setRawField(-2, "inserted")
        stack.push(strings: diff.deletedIdentifiers)
        stack.setRawField(-2, "removed")
        stack.push(strings: diff.reloadedIdentifiers)
        stack.setRawField(-2, "reloaded")
        stack.push(diff.headerChanged)
        stack.setRawField(-2, "header_changed")
        return 1
    }

    /// `s:snapshot(operation)`: the view model the operation (a name or a position) was given
    /// on its last run, or nil.
    private func snapshot(_ stack: LuaStack, _ screen: LuaScreen) throws -> Int32 {
        let index = try Self.operationIndex(stack, at: 2, in: screen.screen, function: "snapshot")
        if let snapshot = screen.screen.loader.inputSnapshot(ofOperationAt: index) {
            stack.push(viewModel: snapshot.build())
        } else {
            stack.pushNil()
        }
        return 1
    }

    /// The index of the operation named by argument `index` (a name, or a 1-based position).
    private static func operationIndex(_ call: LuaStack, at index: Int32, in screen: Screen, function: String) throws -> Int {
        let operations = screen.loader.contentOperations
        if let position = call.integer(at: index) {
            guard operations.indices.contains(position - 1) else {
                throw call.argumentError(index, function, "no operation at position \(position); the chain has \(operations.count)")
            }
            return position - 1
        }
        let name = try call.checkString(index, function)
        guard let found = operations.firstIndex(where: { $0.name == name }) else {
            let names = operations.map(\.name).joined(separator: ", ")
            throw call.argumentError(index, function, "no operation named '\(name)'; the chain has: \(names)")
        }
        return found
    }

    // MARK: Drawing

    /// `s:render { width, height, ascii, color }`: the screen drawn as text, resized first when
    /// given a width or a height.
    private func render(_ stack: LuaStack, _ screen: LuaScreen) throws -> Int32 {
        stack.push(try Self.draw(screen, stack, options: 2, of: "render"))
        return 1
    }

    /// The screen of argument `index` of `function`, or an argument error.
    func screen(_ stack: LuaStack, at index: Int32, of function: String) throws -> LuaScreen {
        try screenClass.check(stack, index, function: function)
    }

    /// `screen` drawn as text with the options `{ width, height, ascii, color }` at argument
    /// `index` of `function` (resized first when they give a width or a height): what
    /// `s:render(options)` and `hub.expect_render(s, path, options)` draw. A wrong option is an
    /// argument error of `function` at `index`.
    static func draw(_ screen: LuaScreen, _ stack: LuaStack, options index: Int32, of function: String) throws -> String {
        var ascii = false
        var color = false
        try stack.options(index, function, known: ["width", "height", "ascii", "color"]) {
            let width = try stack.integerField(index, "width")
            let height = try stack.integerField(index, "height")
            if width != nil || height != nil {
                screen.screen.resize(width: width ?? screen.screen.width, height: height ?? screen.screen.height)
            }
            ascii = stack.booleanField(index, "ascii") ?? false
            color = stack.booleanField(index, "color") ?? false
        }
        // Laid out once, both to charge its size and to draw.
        let layout = screen.screen.layout()
        let size = Self.renderingSize(of: screen.screen, layout: layout)
        try stack.chargeMemory(size)
        let text = screen.screen.render(ascii: ascii, color: color, layout: layout)
        // The cells are freed once drawn; the text is the Lua string's, which Lua counts.
        stack.releaseMemory(size)
        return text
    }

    /// `s:frames()`: where each component is laid out.
    private func frames(_ stack: LuaStack, _ screen: LuaScreen) -> Int32 {
        stack.push(frames: screen.screen.layout(), of: screen.screen.viewModel)
        return 1
    }

    /// Swift bytes a rendered cell takes while the view is drawn, as the memory limit counts it.
    static let cellSize = 40

    /// What drawing `screen`, laid out as `layout`, takes: its cells (all content rows without
    /// a height).
    static func renderingSize(of screen: Screen, layout: ViewLayout) -> Int {
        let size = screen.renderedSize(of: layout)
        let (cells, overflow) = size.width.multipliedReportingOverflow(by: max(0, size.height))
        let (bytes, tooMany) = cells.multipliedReportingOverflow(by: cellSize)
        return overflow || tooMany ? Int.max : bytes
    }

    // MARK: Setting work going

    /// `s:load()`: the screen appears, which loads it.
    private func load(_ stack: LuaStack, _ screen: LuaScreen) -> Int32 {
        screen.screen.appear()
        return settle(stack, screen)
    }

    /// `s:reload()`: runs the chain again.
    private func reload(_ stack: LuaStack, _ screen: LuaScreen) -> Int32 {
        screen.screen.reload()
        return settle(stack, screen)
    }

    /// `s:scroll_to_end()`: loads the next page, as reaching the end of the content does.
    private func scrollToEnd(_ stack: LuaStack, _ screen: LuaScreen) -> Int32 {
        screen.screen.loadNextPage()
        return settle(stack, screen)
    }

    /// `s:reschedule(operation)`: runs the operation (a name or a position) again.
    private func reschedule(_ stack: LuaStack, _ screen: LuaScreen) throws -> Int32 {
        let index = try Self.operationIndex(stack, at: 2, in: screen.screen, function: "reschedule")
        screen.screen.loader.rescheduleOperation(at: index)
        return settle(stack, screen)
    }

    /// `s:set_connectivity(state)`: goes `online` or `offline`.
    private func setConnectivity(_ stack: LuaStack, _ screen: LuaScreen) throws -> Int32 {
        let state = try stack.argument(2, "set_connectivity") { try stack.option(at: 2, Self.connectivityStates) }
        screen.connectivity.update(state)
        return settle(stack, screen)
    }

    /// `s:perform(id, custom)`: performs the custom action `id`, with the table `custom` as its
    /// data, as a content operation would; returns whether it was performed (or handled). An
    /// action that fails (the one performed, or one it chains to) raises its error table.
    private func perform(_ stack: LuaStack, _ screen: LuaScreen) throws -> Int32 {
        let identifier = try stack.checkIdentifier(2, "perform")
        let custom = try stack.optionalJSONObject(3, "perform")
        let performed = try settlingActions(of: screen) { top in
            top.performAction(identifier, customData: custom, trigger: .contentOperation, component: nil)
        }
        stack.push(performed)
        return 1
    }

    /// What `body` returns for the screen on top of `screen`'s stack once the actions it set
    /// going there have settled, and the screen they opened on top, if any; the error table of
    /// the first of them that failed is raised instead, located where it failed.
    private func settlingActions<Result>(of screen: LuaScreen, _ body: (Screen) -> Result) throws -> Result {
        let top = screen.screen
        let failures = ActionFailureRecorder(top)
        defer { failures.stop() }
        let result = body(top)
        manager.settle(top)
        if screen.screen !== top { manager.settle(screen.screen) }
        if let error = failures.errors.first {
            throw LuaRaiseValue { [errors] stack in errors.push(stack, error) }
        }
        return result
    }

    /// `s:select(target, custom)`: selects a component of the screen on top, as a tap would: its
    /// target's actions, else the selection action, which opens its target URI on top of the
    /// stack. The target is a component's identifier (a body component, else a child), a body
    /// position, or a path of positions (`{ 2, 1 }`: the first child of the second body
    /// component). Returns whether the selection was handled; false and why when the screen has
    /// no such component (an identifier, a position or a path alike). An action that fails
    /// raises its error table, as in ``perform(_:_:)``.
    private func select(_ stack: LuaStack, _ screen: LuaScreen) throws -> Int32 {
        let top = screen.screen
        let target = try stack.argument(2, "select") { try Self.indexPath(stack, at: 2, in: top.viewModel) }
        let custom = try stack.optionalJSONObject(3, "select")
        guard case .found(let path) = target else {
            stack.push(false)
            if case .missing(let reason) = target { stack.push(reason) }
            return 2
        }
        let handled = try settlingActions(of: screen) { $0.select(at: path, customData: custom) }
        stack.push(handled)
        return 1
    }

    /// What a selection's target names on the screen.
    private enum Target {
        /// The component at this 0-based index path.
        case found([Int])
        /// No component: why.
        case missing(String)
    }

    /// What argument `index` (an identifier, a position or a list of positions) names in
    /// `viewModel`; an error only for an argument of another type.
    private static func indexPath(_ stack: LuaStack, at index: Int32, in viewModel: ViewModel) throws -> Target {
        let path: [Int]
        if let position = stack.integer(at: index) {
            path = [position.saturatingSubtracting(1)]
        } else if let identifier = stack.string(at: index) {
            guard let found = viewModel.indexPath(ofIdentifier: identifier) else { return .missing("no component '\(identifier)' on the screen") }
            path = found
        } else {
            guard let positions = try stack.optionalIntegers(at: index), !positions.isEmpty else {
                throw stack.valueError(index, expected: "identifier, position or list of positions")
            }
            path = positions.map { $0.saturatingSubtracting(1) }
        }
        guard viewModel.model(at: path) != nil else {
            let shown = path.map { String($0 + 1) }.joined(separator: ", ")
            return .missing("no component at position \(path.count == 1 ? shown : "{ \(shown) }") (the body has \(viewModel.body.count))")
        }
        return .found(path)
    }

    /// `s:back()`: closes the screen on top, back to the one below; whether there was one.
    private func back(_ stack: LuaStack, _ screen: LuaScreen) -> Int32 {
        stack.push(screen.stack.back())
        return 1
    }

    /// Lets the event loop run until `screen`'s loader has settled; returns the screen.
    private func settle(_ stack: LuaStack, _ screen: LuaScreen) -> Int32 {
        manager.settle(screen.screen)
        stack.pushValue(1)
        return 1
    }
}

/// A stack of screens as Lua sees it, with the connectivity resolver `s:set_connectivity`
/// changes for all of them.
final class LuaScreen {
    /// The screens.
    let stack: ScreenStack
    /// The connectivity the screens' operations see.
    let connectivity: ManualConnectivityStateResolver

    /// `stack`, whose operations see the connectivity `connectivity` resolves.
    init(stack: ScreenStack, connectivity: ManualConnectivityStateResolver) {
        self.stack = stack
        self.connectivity = connectivity
    }

    /// The screen on top, which the screen's properties and methods are about.
    var screen: Screen { stack.top }
}
