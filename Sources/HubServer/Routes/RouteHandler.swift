/// What answers a route of ``ServerRoutes``: HubServer+Routes.swift says what each does.
enum RouteHandler: Sendable, Equatable {
    /// A view's model (``ViewAnswering`` answers most of these on the event loop).
    case view
    /// An action on a view, and the view after it.
    case action
    /// A view's update stream.
    case viewUpdates
    /// The preview page.
    case previewPage
    /// A preview's update stream.
    case previewUpdates
    /// The preview page's script.
    case previewScript
    /// The preview page's style sheet.
    case previewStyleSheet
    /// A click on a preview.
    case select
    /// A preview's back button.
    case back
    /// A preview's pane resized.
    case resize
    /// The metrics.
    case metrics
}
