/// Which of the optional capability protocols a component's class adopts.
///
/// Asking the runtime whether an object conforms to a protocol (`as? any P`) costs a lookup in
/// its conformance cache, hundreds of instructions, and a first render asks several questions
/// of every component it makes. The answers depend only on the class, so a host finds them
/// once per class (``ComponentHost``) and its wrappers cast only to what the class adopts.
struct ComponentConformances: OptionSet {
    let rawValue: UInt8

    static let children = Self(rawValue: 1 << 0)
    static let imageHandling = Self(rawValue: 1 << 1)
    static let restorableUIState = Self(rawValue: 1 << 2)
    static let selectionState = Self(rawValue: 1 << 3)
    static let viewObserver = Self(rawValue: 1 << 4)
    static let contentOffsetObserver = Self(rawValue: 1 << 5)
    static let actionPerformer = Self(rawValue: 1 << 6)
    static let actionObserver = Self(rawValue: 1 << 7)

    /// The protocols `component` adopts.
    init(of component: any Component) {
        var adopted: Self = []
        if component is any ComponentWithChildren { adopted.insert(.children) }
        if component is any ComponentWithImageHandling { adopted.insert(.imageHandling) }
        if component is any ComponentWithRestorableUIState { adopted.insert(.restorableUIState) }
        if component is any ComponentWithSelectionState { adopted.insert(.selectionState) }
        if component is any ComponentViewObserver { adopted.insert(.viewObserver) }
        if component is any ComponentContentOffsetObserver { adopted.insert(.contentOffsetObserver) }
        if component is any ComponentActionPerformer { adopted.insert(.actionPerformer) }
        if component is any ComponentActionObserver { adopted.insert(.actionObserver) }
        self = adopted
    }

    init(rawValue: UInt8) {
        self.rawValue = rawValue
    }
}
