import HubCore
internal import LuaBridge

/// What whoever runs Hub grants feature folders beyond their own, decided outside every feature
/// folder: by the embedding app (``HubRuntime/grants``) or by an operator's file (`hub
/// --grants FILE`). No folder can grant itself any of it.
public struct HubGrants: Sendable, Equatable {
    /// The folders, by name (the last component of their path), whose scripts may add what
    /// reaches every feature: `hub.prepend_operations`, `hub.append_operations` and
    /// `hub.action_handler`. Their code still runs with their own folder's rights.
    public var appWide: Set<String>
    /// The namespaces of other features each feature (by id) may use, besides those whose
    /// owners grant it (`store = { share_with = { ... } }`).
    public var shares: [String: Set<String>]

    /// Grants of `appWide` hooks and `shares`; none by default.
    public init(appWide: Set<String> = [], shares: [String: Set<String>] = [:]) {
        self.appWide = appWide
        self.shares = shares
    }

    /// The grants a JSON text says: `{ "app_wide": ["Analytics"], "shares": { "reviews":
    /// ["books"] } }`, both keys optional; anything else is an error saying what.
    public init(json text: String) throws(GrantsError) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(text)
        } catch {
            throw GrantsError(message: "\(error)")
        }
        guard case .object(let fields) = value else { throw GrantsError(message: "expected an object { \"app_wide\", \"shares\" }") }
        if let unknown = fields.keys.sorted().first(where: { !["app_wide", "shares"].contains($0) }) {
            throw GrantsError(message: "unknown key '\(unknown)' (the keys are \"app_wide\" and \"shares\")")
        }
        appWide = Set(try Self.strings(fields["app_wide"] ?? .array([]), at: "app_wide"))
        guard case .object(let shares) = fields["shares"] ?? .object([:]) else {
            throw GrantsError(message: "\"shares\" must be an object of feature ids to lists of namespaces")
        }
        self.shares = [:]
        for (feature, namespaces) in shares { self.shares[feature] = Set(try Self.strings(namespaces, at: "shares.\(feature)")) }
    }

    /// The strings of the list `value`, or an error naming `path`.
    private static func strings(_ value: JSONValue, at path: String) throws(GrantsError) -> [String] {
        guard case .array(let items) = value else { throw GrantsError(message: "\"\(path)\" must be a list of strings") }
        var strings: [String] = []
        for item in items {
            guard case .string(let string) = item else { throw GrantsError(message: "\"\(path)\" must be a list of strings") }
            strings.append(string)
        }
        return strings
    }
}

extension HubGrants {
    /// Raises, for `function` of `folder`'s scripts, unless ``appWide`` lists the folder: what
    /// the function adds would `reach` beyond the folder.
    func checkAppWide(_ folder: FeatureFolder, function: String, reach: String) throws {
        let name = FeatureFolder.lastComponent(of: folder.path)
        guard !appWide.contains(name) else { return }
        throw LuaRaise(message: "\(function): what it adds would \(reach), which only whoever runs Hub grants: "
            + "add \"\(name)\" to \"app_wide\" in the file of hub --grants (HubRuntime.grants.appWide)")
    }
}

/// Why a grants file could not be read.
public struct GrantsError: Error, Equatable, CustomStringConvertible {
    /// What is wrong in it.
    public var message: String
    public var description: String { message }
}

/// The grants the runtime's bindings consult, shared by them so that ``HubRuntime/grants`` set
/// before loading reaches every one.
final class GrantsBox {
    var grants = HubGrants()
}
