import HubCore

/// The Swift model behind a model table, so `hub.json.encode` can serialize it exactly.
final class ModelBox {
    /// A view model or a component model.
    enum Model {
        /// A view model, from `s.model` and the like.
        case view(ViewModel)
        /// A component model of a view model.
        case component(ComponentModel)
    }

    /// The metatable name of boxes.
    static let typeName = "hub.Model"
    /// The metatable field that holds a model table's box.
    static let field = "__hub_model"
    /// The model.
    let model: Model

    /// A box holding `model`.
    init(_ model: Model) {
        self.model = model
    }
}
