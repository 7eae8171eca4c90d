internal import LuaBridge

/// Where scripts registered things (features, components, actions), in order, for `hub check`:
/// each registration with its `file:line`, so that duplicates and overlapping URIs can be told
/// where they are.
package final class RegistrationLedger {
    /// One registration.
    package struct Entry {
        /// What was registered: `feature`, `component` or `action`.
        package var kind: String
        /// Its identifier.
        package var identifier: String
        /// `file:line` of the call that registered it (empty when unknown).
        package var location: String
        /// The feature folder (its path) that registered it.
        var folder: String
    }

    private(set) var entries: [Entry] = []

    /// Records a registration of `kind` `identifier` by the folder at `folder`, made at
    /// `location` (`file:line: `, as `LuaStack.location` gives it). The same call running again
    /// (its module reloaded) is not another registration.
    func record(_ kind: String, _ identifier: String, at location: String, folder: String) {
        let entry = Entry(
            kind: kind, identifier: identifier, location: location.hasSuffix(": ") ? String(location.dropLast(2)) : location,
            folder: folder)
        guard !entries.contains(where: { $0.kind == kind && $0.identifier == identifier && $0.location == entry.location })
        else { return }
        entries.append(entry)
    }

    /// Forgets the registrations of the folder at `folder` (rolled back, or reloaded).
    func forget(folder: String) {
        entries.removeAll { $0.folder == folder }
    }

    /// The registrations of `kind` `identifier` after the first, each with the first: the same
    /// identifier registered again, which replaced the earlier registration.
    package func repeated() -> [(entry: Entry, first: Entry)] {
        var firsts: [String: Entry] = [:]
        var repeated: [(Entry, Entry)] = []
        for entry in entries {
            let key = entry.kind + " " + entry.identifier
            if let first = firsts[key] { repeated.append((entry, first)) } else { firsts[key] = entry }
        }
        return repeated
    }

    /// The first registration of `kind` `identifier`.
    package func first(_ kind: String, _ identifier: String) -> Entry? {
        entries.first { $0.kind == kind && $0.identifier == identifier }
    }
}
