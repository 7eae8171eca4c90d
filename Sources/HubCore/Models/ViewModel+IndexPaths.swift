extension ViewModel {
    /// The body component at `indexPath`: a body index, then child indexes (`[2, 0]` is the
    /// first child of the third body component); nil when there is none.
    public func model(at indexPath: [Int]) -> ComponentModel? {
        guard let first = indexPath.first, body.indices.contains(first) else { return nil }
        var model = body[first]
        for index in indexPath.dropFirst() {
            guard let children = model.children, children.indices.contains(index) else { return nil }
            model = children[index]
        }
        return model
    }

    /// Where `model` is among the body components and their children, searched in order: the
    /// first place holding a model equal to it, else the first with its identifier; nil when
    /// it is in neither.
    public func indexPath(of model: ComponentModel) -> [Int]? {
        Self.indexPath(in: body, where: { $0 == model }) ?? Self.indexPath(in: body, where: { $0.identifier == model.identifier })
    }

    /// Where the component `identifier` is: the body component with that identifier, else the
    /// first child (searched in order, depth first) that has it; nil when there is none.
    public func indexPath(ofIdentifier identifier: String) -> [Int]? {
        if let index = body.firstIndex(where: { $0.identifier == identifier }) { return [index] }
        return Self.indexPath(in: body, where: { $0.identifier == identifier })
    }

    private static func indexPath(in models: [ComponentModel], where matches: (ComponentModel) -> Bool) -> [Int]? {
        for (index, candidate) in models.enumerated() {
            if matches(candidate) { return [index] }
            if let path = indexPath(in: candidate.children ?? [], where: matches) { return [index] + path }
        }
        return nil
    }
}
