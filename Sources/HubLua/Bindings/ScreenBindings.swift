import HubCore
import HubRender

/// Screens from Lua: `hub.open(uri, options)` and the `hub.Screen` class, which drives a screen
/// the manager opened (load, reschedule, scroll, perform) and reads it back (model, chain,
/// errors, render, frames, diff, snapshots).
final class ScreenBindings {
    private let manager: HubManager
    private let errors: ErrorTables
    private let problems: ProblemLog
    private let screenClass = LuaClass<LuaScreen>(name: "hub.Screen") { "Screen(\($0.screen.viewURI))" }

    init(lua: LuaState, manager: HubManager, errors: ErrorTables, problems: ProblemLog) {
        self.manager = manager
        self.errors = errors
        self.problems = problems
        defineProperties()
        defineMethods()
        screenClass.register(lua.stack)
    }

    /// What opening a screen, or settling one after a load, reload, reschedule or action,
    /// costs the instruction budget beyond its operations' own instructions: the host work of
    /// running the chain and building view models.
    static let settlingCost = 20_000
    /// What rendering or laying out a screen costs the instruction budget.
    static let renderingCost = 5_000

    /// `hub.open`.
    var library: LuaLibrary {
        LuaLibrary(self, cost: Self.settlingCost, ["open": ScreenBindings.open])
    }

    /// `hub.open(uri, { width, height, margin, load, connectivity })`: a screen after its first
    /// load (or showing its initial content, with `load = false`).
    private func open(_ call: LuaStack) throws -> Int32 {
        let uri = try call.checkString(1, "hub.open")
        var options = ScreenOptions()
        let connectivity = ManualConnectivityStateResolver()
        if call.type(at: 2) == .table {
            options.width = try call.integerField(2, "width") ?? options.width
            options.height = try call.integerField(2, "height")
            options.margin = try call.integerField(2, "margin") ?? options.margin
            options.load = call.booleanField(2, "load") ?? true
            call.rawField(2, "connectivity")
            if !call.isNil(-1) { connectivity.state = try Self.connectivityState(call, at: -1) }
            call.pop()
        } else if !call.isNil(2) {
            throw call.typeError(2, "hub.open", expected: "table or nil")
        }
        let screen: Screen
        do {
            screen = try manager.open(uri, options: options, connectivity: connectivity)
        } catch {
            throw LuaRaise(message: problems.openError(error).description)
        }
        screenClass.push(call, LuaScreen(screen: screen, connectivity: connectivity))
        return 1
    }

    private static func connectivityState(_ call: LuaStack, at index: Int32) throws -> ConnectivityState {
        guard let text = call.string(at: index), let state = ConnectivityState(rawValue: text) else {
            throw LuaRaise(message: "connectivity must be \"online\" or \"offline\"")
        }
        return state
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

    // MARK: Properties

    private func defineProperties() {
        screenClass.property("uri") { $0.push($1.screen.viewURI) }
        screenClass.property("model") { $0.push(viewModel: $1.screen.viewModel) }
        screenClass.property("error") { [errors] in errors.push($0, $1.screen.lastError) }
        screenClass.property("loading") { $0.push($1.screen.loader.isLoading) }
        screenClass.property("connectivity") { $0.push($1.connectivity.state.rawValue) }
        screenClass.property("width") { $0.push($1.screen.width) }
        screenClass.property("height") { stack, screen in
            if let height = screen.screen.height { stack.push(height) } else { stack.pushNil() }
        }
        screenClass.property("chain") { [errors] stack, screen in
            let statuses = screen.screen.loader.operationStatuses
            stack.newTable(array: statuses.count)
            for (offset, status) in statuses.enumerated() {
                stack.newTable(record: 4)
                stack.push(status.name); stack.setRawField(-2, "name")
                stack.push(status.phase.rawValue); stack.setRawField(-2, "status")
                errors.push(stack, status.error); stack.setRawField(-2, "error")
                stack.push(status.runs); stack.setRawField(-2, "runs")
                stack.setRawIndex(-2, offset + 1)
            }
        }
    }

    // MARK: Methods

    private func defineMethods() {
        screenClass.method("render", cost: Self.renderingCost) { stack, screen in
            var ascii = false
            var color = false
            if stack.type(at: 2) == .table {
                let width = try stack.integerField(2, "width")
                let height = try stack.integerField(2, "height")
                if width != nil || height != nil {
                    screen.screen.resize(width: width ?? screen.screen.width, height: height ?? screen.screen.height)
                }
                ascii = stack.booleanField(2, "ascii") ?? false
                color = stack.booleanField(2, "color") ?? false
            }
            try stack.chargeMemory(Self.renderingSize(of: screen.screen))
            stack.push(screen.screen.render(ascii: ascii, color: color))
            return 1
        }
        screenClass.method("resize") { stack, screen in
            let width = try stack.checkInt(2, "resize")
            let height = stack.isNil(3) ? nil : try stack.checkInt(3, "resize")
            screen.screen.resize(width: width, height: height)
            stack.pushValue(1)
            return 1
        }
        screenClass.method("frames", cost: Self.renderingCost) { stack, screen in
            Self.pushFrames(stack, screen.screen.viewModel, screen.screen.layout())
            return 1
        }
        screenClass.method("scroll") { stack, screen in
            stack.push(screen.screen.scroll(by: try stack.checkInt(2, "scroll")))
            return 1
        }
        defineSettlingMethods()
        screenClass.method("diff") { stack, screen in
            guard let diff = screen.screen.lastDiff else {
                stack.pushNil()
                return 1
            }
            let body = screen.screen.viewModel.body
            stack.newTable(record: 4)
            Self.pushList(stack, diff.inserted.map { body[$0].identifier })
            stack.setRawField(-2, "inserted")
            Self.pushList(stack, diff.deletedIdentifiers)
            stack.setRawField(-2, "removed")
            Self.pushList(stack, diff.reloadedIdentifiers)
            stack.setRawField(-2, "reloaded")
            stack.push(diff.headerChanged)
            stack.setRawField(-2, "header_changed")
            return 1
        }
        screenClass.method("snapshot") { stack, screen in
            let index = try Self.operationIndex(stack, at: 2, in: screen.screen, function: "snapshot")
            if let snapshot = screen.screen.loader.inputSnapshot(ofOperationAt: index) {
                stack.push(viewModel: snapshot.build())
            } else {
                stack.pushNil()
            }
            return 1
        }
    }

    /// Methods that set work going, then let the event loop run until the screen's loader has
    /// settled; each returns the screen.
    private func defineSettlingMethods() {
        let settling: [(String, (LuaStack, LuaScreen) throws -> Void)] = [
            ("load", { _, screen in screen.screen.appear() }),
            ("reload", { _, screen in screen.screen.reload() }),
            ("scroll_to_end", { _, screen in screen.screen.loadNextPage() }),
            ("reschedule", { stack, screen in
                let index = try Self.operationIndex(stack, at: 2, in: screen.screen, function: "reschedule")
                screen.screen.loader.rescheduleOperation(at: index)
            }),
            ("set_connectivity", { stack, screen in
                screen.connectivity.update(try Self.connectivityState(stack, at: 2))
            }),
            ("perform", { stack, screen in
                let identifier = try stack.checkIdentifier(2, "perform")
                let custom = try stack.jsonDictionary(at: 3, field: "custom")
                screen.screen.performAction(identifier, customData: custom, trigger: .contentOperation, component: nil)
            }),
        ]
        for (name, action) in settling {
            screenClass.method(name, cost: Self.settlingCost) { [manager] stack, screen in
                try action(stack, screen)
                manager.settle(screen.screen)
                stack.pushValue(1)
                return 1
            }
        }
    }

    /// Swift bytes a rendered cell takes while the view is drawn, as the memory limit counts it.
    static let cellSize = 40

    /// What drawing `screen` takes: its cells (all content rows without a height).
    static func renderingSize(of screen: Screen) -> Int {
        let size = screen.renderedSize
        let (cells, overflow) = size.width.multipliedReportingOverflow(by: max(0, size.height))
        let (bytes, tooMany) = cells.multipliedReportingOverflow(by: cellSize)
        return overflow || tooMany ? Int.max : bytes
    }

    /// `[-0, +1]` Pushes a list of strings.
    private static func pushList(_ stack: LuaStack, _ strings: [String]) {
        stack.newTable(array: strings.count)
        for (offset, string) in strings.enumerated() {
            stack.push(string)
            stack.setRawIndex(-2, offset + 1)
        }
    }

    /// `[-0, +1]` Pushes the frames of `layout`: `header`, `body`, `overlays` (each frame `id`,
    /// `x`, `y`, `width`, `height`) and `content_height`.
    private static func pushFrames(_ stack: LuaStack, _ model: ViewModel, _ layout: ViewLayout) {
        func pushFrame(_ model: ComponentModel, _ rect: Rect) {
            stack.newTable(record: 5)
            stack.push(model.identifier); stack.setRawField(-2, "id")
            stack.push(rect.x); stack.setRawField(-2, "x")
            stack.push(rect.y); stack.setRawField(-2, "y")
            stack.push(rect.width); stack.setRawField(-2, "width")
            stack.push(rect.height); stack.setRawField(-2, "height")
        }
        func pushFrames(_ models: [ComponentModel], _ rects: [Rect]) {
            stack.newTable(array: rects.count)
            for (offset, (model, rect)) in zip(models, rects).enumerated() {
                pushFrame(model, rect)
                stack.setRawIndex(-2, offset + 1)
            }
        }
        stack.newTable(record: 4)
        if let header = model.header, let rect = layout.header { pushFrame(header, rect) } else { stack.pushNil() }
        stack.setRawField(-2, "header")
        pushFrames(model.body, layout.body)
        stack.setRawField(-2, "body")
        pushFrames(model.overlays, layout.overlays)
        stack.setRawField(-2, "overlays")
        stack.push(layout.contentHeight)
        stack.setRawField(-2, "content_height")
    }
}

/// A screen as Lua sees it, with the connectivity resolver `s:set_connectivity` changes.
final class LuaScreen {
    let screen: Screen
    let connectivity: ManualConnectivityStateResolver

    init(screen: Screen, connectivity: ManualConnectivityStateResolver) {
        self.screen = screen
        self.connectivity = connectivity
    }
}
