/// The parts of a component's state that most components leave empty: its icon, images,
/// target and children. Kept behind one reference, nil while all are empty, so that a plain
/// component is a third the size to make, copy and free. Copy-on-write: states that share it
/// (snapshots) copy it on their first change.
final class ComponentExtras {
    // Unchecked exclusivity: reached only through a state's accessors below, never re-entrantly.
    @exclusivity(unchecked) var icon: String?
    @exclusivity(unchecked) var main = ImageState()
    @exclusivity(unchecked) var background = ImageState()
    @exclusivity(unchecked) var customImages: [String: ImageState] = [:]
    @exclusivity(unchecked) var target: TargetState?
    @exclusivity(unchecked) var children = ComponentList()

    init() {}

    /// A copy holding the same values.
    func copy() -> ComponentExtras {
        let copy = ComponentExtras()
        copy.icon = icon
        copy.main = main
        copy.background = background
        copy.customImages = customImages
        copy.target = target
        copy.children = children
        return copy
    }
}

extension ComponentState {
    /// The extras to change: made when there are none, copied when shared.
    private mutating func ownedExtras() -> ComponentExtras {
        // Checked before binding it: the binding would be a second reference.
        if isKnownUniquelyReferenced(&extras), let extras { return extras }
        let owned = extras?.copy() ?? ComponentExtras()
        extras = owned
        return owned
    }

    var icon: String? {
        get { extras?.icon }
        _modify { yield &ownedExtras().icon }
    }

    var main: ImageState {
        get { extras?.main ?? ImageState() }
        _modify { yield &ownedExtras().main }
    }

    var background: ImageState {
        get { extras?.background ?? ImageState() }
        _modify { yield &ownedExtras().background }
    }

    var customImages: [String: ImageState] {
        get { extras?.customImages ?? [:] }
        _modify { yield &ownedExtras().customImages }
    }

    var target: TargetState? {
        get { extras?.target }
        _modify { yield &ownedExtras().target }
    }

    var children: ComponentList {
        get { extras?.children ?? ComponentList() }
        _modify { yield &ownedExtras().children }
    }
}
