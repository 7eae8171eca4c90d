import Foundation

/// Turns builder state into immutable models.
struct ModelFactory {
    let configuration: BuilderConfiguration

    /// The view model of `state`. `previousBody` (an earlier delivery's body, given up by its
    /// holder) only makes it cheaper: the body is made in its storage, keeping its models that
    /// are still delivered where they are.
    func viewModel(from state: ViewModelState, buildDate: Date, reusing previousBody: consuming [ComponentModel] = []) -> ViewModel {
        ViewModel(
            identifier: state.identifier,
            navigationItem: state.title.map { NavigationItem(title: $0) },
            header: state.header.map { component(from: $0, type: .header, parentPath: [], index: 0) },
            body: components(from: state.body, type: .body, parentPath: [], reusing: previousBody),
            overlays: components(from: state.overlays, type: .overlay, parentPath: []),
            customData: state.customData,
            buildDate: buildDate)
    }

    /// Orders `states` by preferred index, as Hub Framework does: starting from creation order,
    /// each state with a preferred index (ascending) is moved to that index, or to the end when
    /// the index is past the end.
    static func resolvePreferredIndices(_ nodes: [ComponentNode]) -> [ComponentNode] {
        var ordered = nodes
        let preferred = nodes.enumerated()
            .compactMap { entry in entry.element.preferredIndex.map { (entry.offset, $0, entry.element.identifier) } }
            .sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
        for (_, index, identifier) in preferred {
            guard let current = ordered.firstIndex(where: { $0.identifier == identifier }) else { continue }
            let state = ordered.remove(at: current)
            if index >= 0 && index < ordered.count {
                ordered.insert(state, at: index)
            } else {
                ordered.append(state)
            }
        }
        return ordered
    }

    /// The models of `list`, made in `previous`'s storage (see ``viewModel(from:buildDate:reusing:)``).
    private func components(
        from list: ComponentList, type: ComponentType, parentPath: [Int], reusing previous: consuming [ComponentModel] = []
    ) -> [ComponentModel] {
        if list.chunks.contains(where: \.hasPreferredIndex) {
            return Self.resolvePreferredIndices(list.nodes).enumerated().map {
                component(from: $0.element, type: type, parentPath: parentPath, index: $0.offset)
            }
        }
        // Without preferred indices, a chunk that did not change since it built its models at
        // the same place gives them as one array, without a look at each of its components.
        // Models already in place in `previous` stay there: comparing references spares a
        // retain of each (and the release when the previous body is freed), which on a large
        // view touch every model's memory.
        var models = previous
        if models.isEmpty { models.reserveCapacity(list.count) }
        for (number, chunk) in list.chunks.enumerated() {
            let start = number * ComponentChunk.capacity
            let place = BuiltComponent.Place(type: type, parentPath: parentPath, index: start, resolvesIcons: configuration.resolvesIcons)
            let built = chunk.models(at: place) { nodes in
                nodes.enumerated().map { component(from: $0.element, type: type, parentPath: parentPath, index: start + $0.offset) }
            }
            let end = start + built.count
            if end <= models.count, zip(models[start..<end], built).allSatisfy({ $0.sharesStorage(with: $1) }) { continue }
            models.replaceSubrange(start..<min(end, models.count), with: built)
        }
        if models.count > list.count { models.removeSubrange(list.count...) }
        return models
    }

    /// The model of `node`, reused from the last build when the node did not change since.
    private func component(from node: ComponentNode, type: ComponentType, parentPath: [Int], index: Int) -> ComponentModel {
        node.model(type: type, parentPath: parentPath, index: index, resolvesIcons: configuration.resolvesIcons) {
            node.withState { component(from: $0, type: type, indexPath: Self.indexPath(parentPath, index)) }
        }
    }

    /// `parentPath` + [`index`], made in one allocation.
    private static func indexPath(_ parentPath: [Int], _ index: Int) -> [Int] {
        guard !parentPath.isEmpty else { return [index] }
        var path = parentPath
        path.append(index)
        return path
    }

    /// The model of the state `state` points to. Each field is read where it is stored: a copy
    /// of the state would retain every one of them, and release them all again.
    private func component(from state: UnsafePointer<ComponentState>, type: ComponentType, indexPath: [Int]) -> ComponentModel {
        var customImages: [String: ComponentImageData] = [:]
        for (identifier, image) in state.pointee.customImages {
            customImages[identifier] = imageData(from: image, identifier: identifier, type: .custom)
        }
        let children = components(from: state.pointee.children, type: type, parentPath: indexPath)
        return ComponentModel(ComponentModel.Properties(
            identifier: state.pointee.identifier,
            type: type,
            index: indexPath.last ?? 0,
            indexPath: indexPath,
            componentIdentifier: Identifier(namespace: state.pointee.namespace, name: state.pointee.name),
            componentCategory: state.pointee.category,
            fields: state.pointee.fields,
            mainImageData: imageData(from: state.pointee.main, identifier: nil, type: .main),
            backgroundImageData: imageData(from: state.pointee.background, identifier: nil, type: .background),
            customImageData: customImages,
            icon: configuration.resolvesIcons ? state.pointee.icon.map { Icon(identifier: $0, isPlaceholder: false) } : nil,
            target: state.pointee.target.map(target(from:)),
            children: children.isEmpty ? nil : children))
    }

    private func imageData(from state: ImageState, identifier: String?, type: ComponentImageType) -> ComponentImageData? {
        let placeholder = configuration.resolvesIcons ? state.placeholder.map { Icon(identifier: $0, isPlaceholder: true) } : nil
        guard state.url != nil || state.local != nil || state.customData != nil || placeholder != nil else { return nil }
        return ComponentImageData(
            identifier: identifier, type: type, url: state.url, placeholderIcon: placeholder,
            localImage: state.local, customData: state.customData)
    }

    private func target(from state: TargetState) -> ComponentTarget {
        ComponentTarget(
            uri: state.uri,
            actionIdentifiers: state.actions.isEmpty ? nil : state.actions,
            customData: state.customData,
            initialViewModel: state.view.map { viewModel(from: $0.value, buildDate: Date()) })
    }
}
