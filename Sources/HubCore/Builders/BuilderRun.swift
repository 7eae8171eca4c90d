import Synchronization

/// A builder belongs to the run of a content operation it was given: the loader numbers each
/// run's builder tree when the run starts and marks it when the run ends, after which the
/// tree is nobody's (the next run builds from a snapshot of it). Bridges refuse builders of a
/// run that has ended instead of letting their writes go nowhere.
package protocol BuilderRun: AnyObject {
    /// The run building this builder's tree: a number no other run has; 0 when no run of an
    /// operation does (a builder made by itself).
    var run: UInt64 { get }
    /// What that run was (`operation 'name' of uri`) once it has ended; nil while it lasts.
    var endedRun: String? { get }
}

extension BuilderStore {
    /// The runs numbered so far, in this process.
    static let runs = Atomic<UInt64>(0)
}

extension ViewModelBuilder: BuilderRun {
    package var run: UInt64 { store.run }
    package var endedRun: String? { store.endedRun }

    /// Numbers the tree as built by a new run.
    func beginRun() {
        store.run = BuilderStore.runs.add(1, ordering: .relaxed).newValue
    }

    /// Marks the tree's run as ended; `description` says what it was.
    func endRun(_ description: String) {
        store.endedRun = description
    }
}

extension ComponentModelBuilder: BuilderRun {
    package var run: UInt64 { store.run }
    package var endedRun: String? { store.endedRun }
}

extension ComponentImageDataBuilder: BuilderRun {
    package var run: UInt64 { component.run }
    package var endedRun: String? { component.endedRun }
}

extension ComponentTargetBuilder: BuilderRun {
    package var run: UInt64 { component.run }
    package var endedRun: String? { component.endedRun }
}
