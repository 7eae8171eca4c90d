import HubCore

/// A component factory that can list its components for a showcase (a catalogue of components).
public protocol ComponentFactoryShowcaseNameProvider: ComponentFactory {
    /// The names of the components to showcase.
    var showcaseableComponentNames: [String] { get }
    /// A human-readable name for the component `name`, or nil.
    func showcaseName(forComponentName name: String) -> String?
}

extension ComponentRegistry {
    /// Every `namespace:name` that factories offer for showcasing, sorted.
    public var showcaseableComponentIdentifiers: [Identifier] {
        namespaces.flatMap { namespace -> [Identifier] in
            guard let provider = factory(forNamespace: namespace) as? any ComponentFactoryShowcaseNameProvider else { return [] }
            return provider.showcaseableComponentNames.map { Identifier(namespace: namespace, name: $0) }
        }
    }

    /// The showcase name of `identifier`; nil when its namespace is unknown or not a provider.
    public func showcaseName(for identifier: Identifier) -> String? {
        (factory(forNamespace: identifier.namespace) as? any ComponentFactoryShowcaseNameProvider)?
            .showcaseName(forComponentName: identifier.name)
    }

    /// A showcase snapshot: `model` rendered alone by its component at its preferred size in a
    /// container of `containerSize`, as text lines (trailing blanks removed).
    public func showcaseSnapshot(of model: ComponentModel, containerSize: Size, ascii: Bool = false) -> String {
        let component = createComponent(for: model)
        let size = component.preferredSize(for: model, containerSize: containerSize)
        let surface = TextSurface(width: max(0, size.width), height: max(0, size.height), boxCharacters: ascii ? .ascii : .unicode)
        component.configure(with: model, containerSize: containerSize)
        component.render(model, into: surface.canvas)
        return surface.lines(color: false).joined(separator: "\n")
    }
}

extension DefaultComponentFactory: ComponentFactoryShowcaseNameProvider {
    public var showcaseableComponentNames: [String] { DefaultComponentFactory.names }

    public func showcaseName(forComponentName name: String) -> String? {
        guard DefaultComponentFactory.names.contains(name) else { return nil }
        let words = name.reduce(into: "") { text, character in
            if character.isUppercase { text.append(" ") }
            text.append(character)
        }
        return words.prefix(1).uppercased() + words.dropFirst().lowercased()
    }
}
