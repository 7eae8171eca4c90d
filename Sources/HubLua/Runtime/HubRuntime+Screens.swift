import HubCore
import HubRender
internal import LuaBridge

extension HubRuntime {
    /// A screen for `uri`, opened by the manager (see `HubManager/open(_:options:connectivity:initialViewModel:)`).
    /// The screen keeps the runtime alive, since its operations and components run here. When
    /// no feature handles `uri`, the error says which feature folders failed to load.
    public func open(
        _ uri: String, options: ScreenOptions = ScreenOptions(),
        connectivity: any ConnectivityStateResolver = ManualConnectivityStateResolver()
    ) throws(OpenError) -> Screen {
        do {
            let screen = try manager.open(uri, options: options, connectivity: connectivity)
            screen.owner = self
            bindings.liveStacks.add(screen)
            return screen
        } catch {
            throw problemLog.openError(error)
        }
    }

    /// A stack of screens whose first shows `uri` (see `HubManager/openStack(_:options:connectivity:)`),
    /// kept up to date by ``reload(_:)`` while the caller holds it.
    public func openStack(
        _ uri: String, options: ScreenOptions = ScreenOptions(),
        connectivity: any ConnectivityStateResolver = ManualConnectivityStateResolver()
    ) throws(OpenError) -> ScreenStack {
        do {
            let stack = try manager.openStack(uri, options: options, connectivity: connectivity)
            bindings.liveStacks.add(stack)
            return stack
        } catch {
            throw problemLog.openError(error)
        }
    }

    /// `screen` as text (see `Screen/render(ascii:color:layout:)`), unless drawing it would take
    /// more memory than the runtime lets scripts use (a view of many very tall components,
    /// printed whole): then an error saying how big it is. Its Lua components' calls share one
    /// budget. This is how a screen the runtime opened is rendered; `Screen`'s own `render` is
    /// the drawing underneath, without the runtime's limits.
    public func render(_ screen: Screen, ascii: Bool = false, color: Bool = false) throws(RenderError) -> String {
        try renderChecked(screen) { screen.render(ascii: ascii, color: color, layout: $0) }
    }

    /// `screen` as text with every component it drew and where (see
    /// `Screen/renderTracingComponents(ascii:layout:)`), under the same limits as ``render(_:ascii:color:)``.
    public func renderTracingComponents(_ screen: Screen, ascii: Bool = false) throws(RenderError) -> (text: String, components: [DrawnComponent]) {
        try renderChecked(screen) { screen.renderTracingComponents(ascii: ascii, layout: $0) }
    }

    /// What `draw` makes of `screen`'s layout, once the rendering is known to fit the memory
    /// limit; Lua components' calls share one budget.
    private func renderChecked<Result>(_ screen: Screen, _ draw: (ViewLayout) -> Result) throws(RenderError) -> Result {
        try lua.sharingOneBudget { () throws(RenderError) -> Result in
            // Laid out once, both to check the size and to draw.
            let layout = screen.layout()
            let bytes = ScreenBindings.renderingSize(of: screen, layout: layout)
            guard lua.memoryLimit == 0 || bytes <= lua.memoryLimit else {
                let size = screen.renderedSize(of: layout)
                throw RenderError(viewURI: screen.viewURI, width: size.width, height: size.height, memoryLimit: lua.memoryLimit)
            }
            return draw(layout)
        }
    }

    /// The laid-out frames of `screen` as JSON (see `Screen/frameReport()`); its Lua
    /// components' calls share one budget.
    public func frameReport(of screen: Screen) -> String {
        lua.sharingOneBudget { screen.frameReport() }
    }
}
