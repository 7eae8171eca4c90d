import HubCore

/// Screens on top of one another, as a navigation controller holds view controllers: the first
/// shows the view URI the stack was opened for, and each screen its screens' actions open (the
/// selection action opens a selected target's URI) goes on top, showing the target's initial
/// view model first. URIs no feature handles go to the system's opener, which here records them.
/// All the stack's screens record their events in one log. It holds at most ``maxDepth``
/// screens: opening one more closes the first.
public final class ScreenStack: Navigator {
    /// The manager that opens the stack's screens.
    public let manager: HubManager
    /// The screens, the first opened at the bottom; never empty.
    public private(set) var screens: [Screen]
    /// The URIs handed to the system's opener (no feature handles them), in order.
    public private(set) var openedExternally: [String] = []
    /// What happened on the stack's screens, oldest first.
    public let eventLog: ScreenEventLog
    /// The most screens the stack holds (at least 1): opening one more closes the first
    /// (`HubDefaults/stackDepth` unless set).
    public var maxDepth = HubDefaults.stackDepth
    private let margin: Int
    private let connectivity: any ConnectivityStateResolver

    /// A stack whose first screen shows `viewURI`, opened by `manager` with `options` (see
    /// ``HubManager/open(_:options:connectivity:initialViewModel:eventLog:)``).
    init(
        manager: HubManager, viewURI: String, options: ScreenOptions, connectivity: any ConnectivityStateResolver
    ) throws(ScreenOpeningError) {
        self.manager = manager
        self.connectivity = connectivity
        margin = options.margin
        eventLog = ScreenEventLog()
        let root = try manager.makeScreen(viewURI, options: options, connectivity: connectivity, initialViewModel: nil, eventLog: eventLog)
        screens = [root]
        root.navigator = self
        manager.show(root, load: options.load)
    }

    /// The screen on top: the one shown.
    public var top: Screen { screens[screens.count - 1] }

    /// The view URIs of the screens, bottom first.
    public var viewURIs: [String] { screens.map(\.viewURI) }

    /// Opens `uri` on top, the size of the screen on top now, and loads it; a URI no feature
    /// handles goes to the system's opener instead. With ``maxDepth`` screens open already, the
    /// first is closed (its chain stops) and let go. Returns false only when a feature handles
    /// the URI but has no content operations for it.
    @discardableResult
    public func navigate(to uri: String) -> Bool {
        let from = top
        guard manager.canOpen(uri) else {
            openedExternally.append(uri)
            from.record(.openedExternally, detail: uri)
            return true
        }
        let options = ScreenOptions(width: from.width, height: from.height, margin: margin)
        guard let screen = try? manager.makeScreen(uri, options: options, connectivity: connectivity, initialViewModel: nil, eventLog: eventLog)
        else { return false }
        screen.navigator = self
        screens.append(screen)
        from.record(.navigated, detail: uri)
        closeOldest()
        manager.show(screen, load: true)
        return true
    }

    /// Closes the screens at the bottom past ``maxDepth``: their chains are told their views
    /// closed (what they run stops), and they navigate no more.
    private func closeOldest() {
        let excess = screens.count - max(1, maxDepth)
        guard excess > 0 else { return }
        for screen in screens.prefix(excess) {
            screen.navigator = nil
            screen.loader.close()
        }
        screens.removeFirst(excess)
    }

    /// Opens every screen of the stack again, in order, the same size, each loaded afresh (as
    /// after its feature was reloaded); a screen whose URI no feature handles any more is
    /// dropped, with the ones above it. Returns whether the first screen could be opened again.
    @discardableResult
    public func reopen() -> Bool {
        var reopened: [Screen] = []
        for old in screens {
            let options = ScreenOptions(width: old.width, height: old.height, margin: margin)
            guard let screen = try? manager.makeScreen(
                old.viewURI, options: options, connectivity: connectivity, initialViewModel: nil, eventLog: eventLog)
            else { break }
            screen.navigator = self
            manager.show(screen, load: true)
            reopened.append(screen)
        }
        guard !reopened.isEmpty else { return false }
        screens = reopened
        return true
    }

    /// Closes the screen on top, back to the one below; false (and nothing happens) when only
    /// the first screen is left.
    @discardableResult
    public func back() -> Bool {
        guard screens.count > 1 else { return false }
        let closed = screens.removeLast()
        closed.record(.back, detail: top.viewURI)
        return true
    }
}
