import CLua
import HubCore
import HubRender

// Opening screens, and the `hub.Screen` class.

extension HubRuntime {
    /// A screen for `uri`, after its first load finished (or nothing more can happen). With
    /// `options.load` false, it shows the initial view model and does not load. The screen
    /// keeps the runtime alive.
    public func open(
        _ uri: String, options: ScreenOptions = ScreenOptions(),
        connectivity: ManualConnectivityStateResolver = ManualConnectivityStateResolver()
    ) throws -> Screen {
        let screen = try makeScreen(uri, options: options, connectivity: connectivity)
        screen.owner = self
        return screen
    }

    /// A screen for `uri` that does not keep the runtime alive (for screens Lua holds).
    func makeScreen(
        _ uri: String, options: ScreenOptions, connectivity: ManualConnectivityStateResolver
    ) throws -> Screen {
        let factory = ViewModelLoaderFactory(
            featureRegistry: features, prependedFactories: prependedOperations, appendedFactories: appendedOperations,
            connectivityResolver: { connectivity }, configuration: BuilderConfiguration(resolvesIcons: true),
            schemaRegistry: schemas)
        guard let loader = try factory.createLoader(forViewURI: uri) else {
            throw RegistrationError("no feature handles the view URI '\(uri)'")
        }
        let folder = featureFolders[loader.featureInfo.identifier].map { folders[$0].path }
        let imageLoader = OfflineImageLoader(loop: loop, folder: folder, registry: images)
        let host = ComponentHost(registry: components, imageLoader: imageLoader) { [loop] in loop.now }
        let renderer = ViewRenderer(host: host, layoutManager: DefaultComponentLayoutManager(margin: options.margin))
        let screen = Screen(viewURI: uri, loader: loader, renderer: renderer)
        if options.load {
            screen.appear()
            settle(screen)
        } else {
            screen.showInitialContent()
        }
        return screen
    }

    /// Runs the event loop until the screen's loader has drained its queue (or nothing is left).
    public func settle(_ screen: Screen) {
        loop.run { !screen.loader.isLoading }
    }

    func openScreen(_ call: LuaStack) throws -> Int32 {
        let uri = try call.checkString(1, "hub.open")
        var options = ScreenOptions()
        let connectivity = ManualConnectivityStateResolver()
        if call.type(at: 2) == LUA_TTABLE {
            options.width = try call.integerField(2, "width") ?? options.width
            options.height = try call.integerField(2, "height")
            options.margin = try call.integerField(2, "margin") ?? options.margin
            options.load = call.booleanField(2, "load") ?? true
            call.rawField(2, "connectivity")
            if !call.isNil(-1) { connectivity.state = try connectivityState(call, at: -1) }
            call.pop()
        }
        let screen: Screen
        do {
            screen = try makeScreen(uri, options: options, connectivity: connectivity)
        } catch {
            throw LuaRaise(message: String(describing: error))
        }
        screenClass.push(call, LuaScreen(screen: screen, options: options, connectivity: connectivity))
        return 1
    }

    func connectivityState(_ call: LuaStack, at index: Int32) throws -> ConnectivityState {
        guard let text = call.string(at: index), let state = ConnectivityState(rawValue: text) else {
            throw LuaRaise(message: "connectivity must be \"online\" or \"offline\"")
        }
        return state
    }

    /// The index of the operation named by argument `index` (a name, or a 1-based position).
    func operationIndex(_ call: LuaStack, at index: Int32, in screen: Screen, function: String) throws -> Int {
        let operations = screen.loader.contentOperations
        if let position = call.integer(at: index) {
            guard operations.indices.contains(position - 1) else {
                throw LuaRaise(message: "'\(function)': no operation at position \(position) (the chain has \(operations.count))")
            }
            return position - 1
        }
        let name = try call.checkString(index, function)
        guard let found = operations.firstIndex(where: { $0.name == name }) else {
            let names = operations.map(\.name).joined(separator: ", ")
            throw LuaRaise(message: "'\(function)': no operation named '\(name)' (the chain has: \(names))")
        }
        return found
    }

    func defineScreen() {
        screenClass.property("uri") { $0.push($1.screen.viewURI) }
        screenClass.property("model") { $0.push(viewModel: $1.screen.viewModel) }
        screenClass.property("error") { [unowned self] in self.push($0, error: $1.screen.lastError) }
        screenClass.property("loading") { $0.push($1.screen.loader.isLoading) }
        screenClass.property("connectivity") { $0.push($1.connectivity.state.rawValue) }
        screenClass.property("chain") { [unowned self] stack, screen in
            let statuses = screen.screen.loader.operationStatuses
            stack.newTable(array: statuses.count)
            for (offset, status) in statuses.enumerated() {
                stack.newTable(record: 4)
                stack.push(status.name); stack.setRawField(-2, "name")
                stack.push(status.phase.rawValue); stack.setRawField(-2, "status")
                self.push(stack, error: status.error); stack.setRawField(-2, "error")
                stack.push(status.runs); stack.setRawField(-2, "runs")
                stack.setRawIndex(-2, offset + 1)
            }
        }
        screenClass.method("render") { stack, screen in
            var options = RenderOptions(width: screen.options.width, height: screen.options.height)
            if stack.type(at: 2) == LUA_TTABLE {
                options.width = try stack.integerField(2, "width") ?? options.width
                options.height = try stack.integerField(2, "height") ?? options.height
                options.ascii = stack.booleanField(2, "ascii") ?? false
                options.color = stack.booleanField(2, "color") ?? false
            }
            stack.push(screen.screen.render(options))
            return 1
        }
        screenClass.method("frames") { stack, screen in
            let layout = screen.screen.layout(width: screen.options.width, viewportHeight: screen.viewportHeight)
            let model = screen.screen.viewModel
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
            return 1
        }
        screenClass.method("scroll") { stack, screen in
            let rows = try stack.checkInt(2, "scroll")
            let viewport = screen.viewportHeight ?? screen.screen.layout(width: screen.options.width).contentHeight
            stack.push(screen.screen.scroll(by: rows, width: screen.options.width, viewportHeight: viewport))
            return 1
        }
        let settling: (String, @escaping (LuaStack, LuaScreen) throws -> Void) -> Void = { [unowned self] name, action in
            self.screenClass.method(name) { [unowned self] stack, screen in
                try action(stack, screen)
                self.settle(screen.screen)
                stack.pushValue(1)
                return 1
            }
        }
        settling("load") { _, screen in screen.screen.appear() }
        settling("reload") { _, screen in screen.screen.reload() }
        settling("scroll_to_end") { _, screen in screen.screen.loadNextPage() }
        settling("reschedule") { [unowned self] stack, screen in
            let index = try self.operationIndex(stack, at: 2, in: screen.screen, function: "reschedule")
            screen.screen.loader.rescheduleOperation(at: index)
        }
        settling("set_connectivity") { [unowned self] stack, screen in
            screen.connectivity.update(try self.connectivityState(stack, at: 2))
        }
        settling("perform") { stack, screen in
            let text = try stack.checkString(2, "perform")
            guard let identifier = Identifier(string: text) else {
                throw LuaRaise(message: "bad argument #1 to 'perform' ('namespace:name' expected, got '\(text)')")
            }
            let custom = try stack.jsonDictionary(at: 3, field: "custom")
            screen.screen.performAction(identifier, customData: custom, trigger: .contentOperation, component: nil)
        }
        screenClass.method("diff") { stack, screen in
            guard let diff = screen.screen.lastDiff else {
                stack.pushNil()
                return 1
            }
            let body = screen.screen.viewModel.body
            stack.newTable(record: 4)
            func pushIdentifiers(_ identifiers: [String], _ key: String) {
                stack.newTable(array: identifiers.count)
                for (offset, identifier) in identifiers.enumerated() {
                    stack.push(identifier)
                    stack.setRawIndex(-2, offset + 1)
                }
                stack.setRawField(-2, key)
            }
            pushIdentifiers(diff.inserted.map { body[$0].identifier }, "inserted")
            pushIdentifiers(diff.deletedIdentifiers, "removed")
            pushIdentifiers(diff.reloadedIdentifiers, "reloaded")
            stack.push(diff.headerChanged)
            stack.setRawField(-2, "header_changed")
            return 1
        }
        screenClass.method("snapshot") { [unowned self] stack, screen in
            let index = try self.operationIndex(stack, at: 2, in: screen.screen, function: "snapshot")
            guard let snapshot = screen.screen.loader.inputSnapshot(ofOperationAt: index) else {
                stack.pushNil()
                return 1
            }
            stack.push(viewModel: snapshot.build())
            return 1
        }
    }
}

/// A screen as Lua sees it, with its render options and its connectivity resolver.
final class LuaScreen {
    let screen: Screen
    let options: HubRuntime.ScreenOptions
    let connectivity: ManualConnectivityStateResolver

    init(screen: Screen, options: HubRuntime.ScreenOptions, connectivity: ManualConnectivityStateResolver) {
        self.screen = screen
        self.options = options
        self.connectivity = connectivity
    }

    /// The body's viewport height when the screen has a fixed height.
    var viewportHeight: Int? {
        options.height.map { max(0, $0 - screen.renderer.navigationBarHeight(for: screen.viewModel)) }
    }
}
