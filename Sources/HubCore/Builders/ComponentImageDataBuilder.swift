/// Builds one image of a component model. It builds no image data unless it has a URI, a local
/// image, custom data, or a placeholder icon (when icons are resolved).
public final class ComponentImageDataBuilder {
    enum Slot: Equatable {
        case main
        case background
        case custom(String)
    }

    let component: ComponentModelBuilder
    let slot: Slot

    init(component: ComponentModelBuilder, slot: Slot) {
        self.component = component
        self.slot = slot
    }

    private var state: ImageState? {
        guard let componentState = component.state else { return nil }
        switch slot {
        case .main: return componentState.main
        case .background: return componentState.background
        case .custom(let identifier): return componentState.customImages[identifier]
        }
    }

    private func modify(_ body: (inout ImageState) -> Void) {
        component.modify { state in
            switch slot {
            case .main: body(&state.main)
            case .background: body(&state.background)
            case .custom(let identifier):
                var image = state.customImages[identifier] ?? ImageState()
                body(&image)
                state.customImages[identifier] = image
            }
        }
    }

    /// The remote image's URI.
    public var url: String? {
        get { state?.url }
        set { modify { $0.url = newValue } }
    }

    /// The identifier of the icon shown until the image has loaded.
    public var placeholderIconIdentifier: String? {
        get { state?.placeholder }
        set { modify { $0.placeholder = newValue } }
    }

    /// The name of a local image (a file in the feature folder).
    public var localImage: String? {
        get { state?.local }
        set { modify { $0.local = newValue } }
    }

    /// Free-form data for the image.
    public var customData: JSONDictionary? {
        get { state?.customData }
        set { modify { $0.customData = newValue } }
    }
}
