import HubCore
import HubRender
internal import LuaBridge

/// A component written in Lua (docs/components.md, "Components in Lua"): `traits`, `size(self, model, container)` and
/// `render(self, model, canvas)`, and optionally `prepare(self)`, `configure(self, model,
/// container)`, `image_size(self, image, model, container)` / `on_image(self, image, model)`,
/// `ui_state(self)` / `restore(self, state)`, `selection(self, state)`, `resized(self, width,
/// height)`, `will_appear(self)`, `content_offset(self, rows)`, `on_action(self, ctx)` (told of
/// every action performed in the view). It draws the model's children with
/// `self:render_child(i, canvas, x, y, w, h)` and measures them with `self:child_size(i, w, h)`
/// (the sizes these hand the child are clamped into ±``Size/componentLimit``, since components
/// compute with them), and performs actions for its model with `self:perform(id, custom)`.
///
/// Script errors are reported to the runtime and drawn in the component's frame; they never
/// stop rendering.
final class LuaComponent: ComponentWithChildren, ComponentWithImageHandling, ComponentWithRestorableUIState,
    ComponentWithSelectionState, ComponentViewObserver, ComponentContentOffsetObserver, ComponentActionPerformer,
    ComponentActionObserver
{
    static let optionalFunctions = [
        "prepare", "configure", "image_size", "on_image", "ui_state", "restore", "selection", "resized", "will_appear",
        "content_offset", "on_action",
    ]

    let identifier: Identifier
    let layoutTraits: Set<LayoutTrait>
    weak var childDelegate: (any ComponentChildDelegate)?
    weak var actionDelegate: (any ComponentActionDelegate)?
    /// Weak: screens (and so their components) may outlive the runtime; then nothing is drawn.
    private weak var bindings: ComponentBindings?
    /// The component table, shared by the component's instances.
    private let spec: LuaReference
    private let functions: Set<String>
    /// This instance's `self` table: its own fields over the component table.
    private var instance: LuaReference?
    private var currentModel: ComponentModel?
    /// The last script error, for the error box drawn instead of the component.
    private var lastFailure: String?

    init(bindings: ComponentBindings, identifier: Identifier, spec: LuaComponentFactory.Spec) {
        self.bindings = bindings
        self.identifier = identifier
        self.spec = spec.table
        functions = spec.functions
        layoutTraits = spec.traits
        instance = makeInstance(bindings)
    }

    /// The instance table: its own fields over the component table, with the child helpers.
    private func makeInstance(_ bindings: ComponentBindings) -> LuaReference {
        let stack = bindings.lua.stack
        stack.newTable(record: 2)
        LuaBridge.pushFunction(stack) { [weak self] call in
            guard let self, self.bindings != nil else { return 0 }
            let child = try self.child(call, at: 2, function: "render_child")
            let canvas = try CanvasBindings.canvasClass.check(call, 3, function: "render_child")
            let (x, y) = (try call.checkInt(4, "render_child"), try call.checkInt(5, "render_child"))
            let size = Size(width: try call.checkInt(6, "render_child"), height: try call.checkInt(7, "render_child"))
                .clampedForComponents
            self.childDelegate?.renderChild(child, into: canvas.canvas(for: Rect(x: x, y: y, width: size.width, height: size.height)))
            return 0
        }
        stack.setRawField(-2, "render_child")
        LuaBridge.pushFunction(stack) { [weak self] call in
            guard let self else { return 0 }
            let child = try self.child(call, at: 2, function: "child_size")
            let container = Size(width: try call.checkInt(3, "child_size"), height: try call.checkInt(4, "child_size"))
                .clampedForComponents
            let size = self.childDelegate?.preferredSize(ofChild: child, containerSize: container) ?? .zero
            call.push(size.width)
            call.push(size.height)
            return 2
        }
        stack.setRawField(-2, "child_size")
        LuaBridge.pushFunction(stack, cost: ScreenBindings.settlingCost) { [weak self] call in
            guard let self else { return 0 }
            let identifier = try call.checkIdentifier(2, "perform")
            let custom = try call.optionalJSONObject(3, "perform")
            call.push(self.actionDelegate?.component(self, performAction: identifier, customData: custom) ?? false)
            return 1
        }
        stack.setRawField(-2, "perform")
        stack.newTable(record: 1)
        stack.push(spec)
        stack.setRawField(-2, "__index")
        stack.setMetatable(-2)
        return bindings.lua.reference(popping: stack)
    }

    private func child(_ call: LuaStack, at index: Int32, function: String) throws -> ComponentModel {
        let position = try call.checkInt(index, function)
        guard let child = currentModel?.child(at: position.saturatingSubtracting(1)) else {
            throw call.argumentError(index, function, "the model has no child \(position)")
        }
        return child
    }

    /// Calls `function(self, ...)`; returns false (and reports) on a script error.
    @discardableResult
    private func call(_ function: String, results: Int32 = 0, arguments: (LuaStack) -> Int32 = { _ in 0 }) -> Bool {
        guard let bindings, let instance else { return false }
        let stack = bindings.lua.stack
        stack.push(spec)
        stack.rawField(-1, function)
        stack.remove(at: -2)
        guard stack.type(at: -1) == .function else {
            stack.pop()
            return false
        }
        stack.push(instance)
        let count = arguments(stack)
        do {
            try bindings.lua.call(arguments: count + 1, results: results)
            return true
        } catch {
            let (message, location) = (error.message, error.location)
            let folder = bindings.problems.folder(containing: location)
            lastFailure = ProblemLine.text(message, context: ["\(identifier) \(function)"], location: location, folder: folder)
            report(message, in: function, at: location)
            return false
        }
    }

    /// Reports `message`, which the component's `function` (defined or failing at `location`)
    /// caused: `message — component 'ns:name', function, file:line`.
    private func report(_ message: String, in function: String, at location: String?) {
        guard let bindings else { return }
        bindings.problems.report(.component(
            identifier.description, function: function, message: message, location: location,
            folder: bindings.problems.folder(containing: location)))
    }

    /// `file:line` where the component's function `name` is defined; nil when unknown.
    private func definition(of name: String) -> String? {
        guard let stack = bindings?.lua.stack else { return nil }
        stack.push(spec)
        stack.rawField(-1, name)
        stack.remove(at: -2)
        guard stack.type(at: -1) == .function else {
            stack.pop()
            return nil
        }
        guard let (source, line) = stack.popFunctionDefinition() else { return nil }
        return "\(source.hasPrefix("@") ? String(source.dropFirst()) : source):\(line)"
    }

    private func pushContainer(_ stack: LuaStack, _ size: Size) {
        stack.newTable(record: 2)
        stack.push(size.width)
        stack.setRawField(-2, "width")
        stack.push(size.height)
        stack.setRawField(-2, "height")
    }

    /// The most rows a Lua component may ask for: a text view has no use for more, and a
    /// script must not make a render allocate without bound.
    static let maximumHeight = 10_000

    /// Reads two integers (width, height) left by a call; nil when they are not numbers. A
    /// height above ``maximumHeight`` is reported and cut to it.
    private func popSize(_ name: String) -> Size? {
        guard let bindings else { return nil }
        let stack = bindings.lua.stack
        defer { stack.pop(2) }
        guard let width = stack.integer(at: -2) ?? stack.number(at: -2).map(Self.floor),
            let height = stack.integer(at: -1) ?? stack.number(at: -1).map(Self.floor)
        else {
            report("must return two integers (width, height)", in: name, at: definition(of: name))
            return nil
        }
        guard height <= Self.maximumHeight else {
            report(
                "returned a height of \(height) rows; components are at most \(Self.maximumHeight) rows high", in: name,
                at: definition(of: name))
            return Size(width: width, height: Self.maximumHeight).clampedForComponents
        }
        return Size(width: width, height: height).clampedForComponents
    }

    /// A size returned as floats, floored (0 when it is not finite).
    private static func floor(_ value: Double) -> Int {
        value.isFinite && abs(value) < 1e9 ? Int(value.rounded(.down)) : 0
    }

    // MARK: Component

    func preferredSize(for model: ComponentModel, containerSize: Size) -> Size {
        let previous = currentModel
        currentModel = model
        defer { currentModel = previous }
        let called = call("size", results: 2) { stack in
            stack.push(model: model)
            self.pushContainer(stack, containerSize)
            return 2
        }
        return (called ? popSize("size") : nil) ?? Size(width: containerSize.width, height: 1)
    }

    func prepareForReuse() {
        call("prepare")
    }

    func configure(with model: ComponentModel, containerSize: Size) {
        currentModel = model
        guard functions.contains("configure") else { return }
        call("configure") { stack in
            stack.push(model: model)
            self.pushContainer(stack, containerSize)
            return 2
        }
    }

    func render(_ model: ComponentModel, into canvas: TextCanvas) {
        currentModel = model
        let rendered = call("render") { stack in
            stack.push(model: model)
            CanvasBindings.canvasClass.push(stack, canvas)
            return 2
        }
        if !rendered {
            ErrorBox.draw(lastFailure ?? "\(identifier) failed to render", in: canvas)
        }
    }

    // MARK: Capabilities

    var handlesImages: Bool { functions.contains("image_size") || functions.contains("on_image") }

    func preferredImageSize(for image: ComponentImageData, model: ComponentModel, containerSize: Size) -> Size {
        guard functions.contains("image_size") else { return preferredSize(for: model, containerSize: containerSize) }
        let called = call("image_size", results: 2) { stack in
            stack.push(image: image)
            stack.push(model: model)
            self.pushContainer(stack, containerSize)
            return 3
        }
        return (called ? popSize("image_size") : nil) ?? .zero
    }

    func imageDidLoad(_ image: LoadedImage, for data: ComponentImageData, model: ComponentModel, animated: Bool) {
        call("on_image") { stack in
            stack.newTable(record: 6)
            stack.push(image.url); stack.setRawField(-2, "uri")
            stack.push(image.name); stack.setRawField(-2, "name")
            stack.push(image.size.width); stack.setRawField(-2, "width")
            stack.push(image.size.height); stack.setRawField(-2, "height")
            stack.push(data.identifier ?? data.type.rawValue); stack.setRawField(-2, "slot")
            stack.push(animated); stack.setRawField(-2, "animated")
            stack.push(model: model)
            return 2
        }
    }

    var restoresUIState: Bool { functions.contains("ui_state") }

    var currentUIState: JSONValue? {
        guard let bindings, call("ui_state", results: 1) else { return nil }
        let stack = bindings.lua.stack
        defer { stack.pop() }
        do {
            let value = try stack.json(at: -1)
            return value == .null ? nil : value
        } catch {
            report("\(error)", in: "ui_state", at: nil)
            return nil
        }
    }

    func restoreUIState(_ state: JSONValue) {
        call("restore") { stack in
            stack.push(json: state)
            return 1
        }
    }

    var tracksSelection: Bool { functions.contains("selection") }

    func updateSelectionState(_ state: ComponentSelectionState) {
        call("selection") { stack in
            stack.push(state.rawValue)
            return 1
        }
    }

    var observesView: Bool { functions.contains("resized") || functions.contains("will_appear") }

    func viewDidResize(to size: Size) {
        call("resized") { stack in
            stack.push(size.width)
            stack.push(size.height)
            return 2
        }
    }

    func viewWillAppear() {
        call("will_appear")
    }

    var observesContentOffset: Bool { functions.contains("content_offset") }

    func contentOffsetDidChange(to offset: Int) {
        call("content_offset") { stack in
            stack.push(offset)
            return 1
        }
    }

    var observesActions: Bool { functions.contains("on_action") }

    func actionPerformed(_ context: ActionContext) {
        call("on_action") { stack in
            ActionContextBindings.push(stack, context)
            return 1
        }
    }
}
