import Foundation
internal import LuaBridge

/// A folder holding a `feature.lua`, and the files its scripts may read.
package struct FeatureFolder {
    /// The folder's absolute, symlink-resolved path.
    package let path: String
    /// How errors name the folder's files: the path as given, relative to where Hub runs.
    package let displayPath: String

    package init(path: String) {
        let url = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
        self.path = url.path
        displayPath = FeatureFolder.relativeToWorkingDirectory(url.path)
    }

    /// The feature folders at `path`: the folder itself when it holds `feature.lua`, otherwise
    /// every folder below it that does, sorted by path.
    static func discover(at path: String) -> [FeatureFolder] {
        let manager = FileManager.default
        if manager.fileExists(atPath: (path as NSString).appendingPathComponent("feature.lua")) {
            return [FeatureFolder(path: path)]
        }
        return files(under: path) { $0 == "feature.lua" }
            .map { FeatureFolder(path: (path as NSString).appendingPathComponent(($0 as NSString).deletingLastPathComponent)) }
    }

    /// The paths, relative to `root` and sorted, of the files below it whose names pass
    /// `matches`; hidden files and folders (`.build`, `.git`) are skipped.
    package static func files(under root: String, matching matches: (String) -> Bool) -> [String] {
        let rootURL = URL(fileURLWithPath: root).standardizedFileURL
        guard let enumerator = FileManager.default.enumerator(at: rootURL, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        else { return [] }
        var files: [String] = []
        let prefix = rootURL.path.hasSuffix("/") ? rootURL.path : rootURL.path + "/"
        while let url = enumerator.nextObject() as? URL {
            let path = url.standardizedFileURL.path
            if matches(url.lastPathComponent), path.hasPrefix(prefix) { files.append(String(path.dropFirst(prefix.count))) }
        }
        return files.sorted()
    }

    /// When each file of the folder (relative path) was last modified; hidden files and
    /// folders themselves are left out.
    func modificationDates() -> [String: Date] {
        var dates: [String: Date] = [:]
        for relative in Self.files(under: path, matching: { _ in true }) {
            let attributes = try? FileManager.default.attributesOfItem(atPath: (path as NSString).appendingPathComponent(relative))
            if attributes?[.type] as? FileAttributeType == .typeRegular, let date = attributes?[.modificationDate] as? Date {
                dates[relative] = date
            }
        }
        return dates
    }

    /// The module name a file of the folder is required by (`operations/rows.lua` →
    /// `operations.rows`, `ui/init.lua` → `ui`); nil for a file that is not Lua.
    static func moduleName(of relative: String) -> String? {
        guard relative.hasSuffix(".lua") else { return nil }
        var name = String(relative.dropLast(4))
        if name.hasSuffix("/init") { name = String(name.dropLast(5)) }
        return name.replacingOccurrences(of: "/", with: ".")
    }

    /// The path of `absolute` relative to the folder; nil when it is not inside it.
    func relative(_ absolute: String) -> String? {
        let resolved = URL(fileURLWithPath: absolute).standardizedFileURL.resolvingSymlinksInPath().path
        guard resolved.hasPrefix(path + "/") else { return nil }
        return String(resolved.dropFirst(path.count + 1))
    }

    /// The folder `path` is in.
    static func parent(of path: String) -> String {
        (path as NSString).deletingLastPathComponent
    }

    /// The last component of `path`, e.g. the file name.
    static func lastComponent(of path: String) -> String {
        (path as NSString).lastPathComponent
    }

    private static func relativeToWorkingDirectory(_ path: String) -> String {
        let working = FileManager.default.currentDirectoryPath
        let prefix = working.hasSuffix("/") ? working : working + "/"
        if path == working || path + "/" == working { return "." }
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// The absolute path of `relative` inside the folder; nil when it would leave the folder.
    package func resolve(_ relative: String) -> String? {
        guard !relative.hasPrefix("/") else { return nil }
        let url = URL(fileURLWithPath: path).appendingPathComponent(relative).standardizedFileURL.resolvingSymlinksInPath()
        let resolved = url.path
        return resolved == path || resolved.hasPrefix(path + "/") ? resolved : nil
    }

    /// How errors name `absolute` (a path inside the folder).
    package func display(_ absolute: String) -> String {
        guard absolute.hasPrefix(path + "/") else { return absolute }
        return displayFile(String(absolute.dropFirst(path.count + 1)))
    }

    /// How errors name the folder's file `relative`: `Examples/Cities/tests/overview_test.lua`,
    /// or `tests/overview_test.lua` when Hub runs in the folder.
    package func displayFile(_ relative: String) -> String {
        displayPath == "." ? relative : displayPath + "/" + relative
    }

    /// Reads the bytes of the file `relative`, only inside the folder: what Lua reads of a file
    /// (scripts, `hub.read`), whatever its encoding.
    package func readBytes(_ relative: String) throws -> [UInt8] {
        guard let absolute = resolve(relative) else {
            throw LuaRaise(message: "'\(relative)' is outside the feature folder")
        }
        guard let data = FileManager.default.contents(atPath: absolute) else {
            throw LuaRaise(message: "cannot read '\(display(absolute))'")
        }
        return [UInt8](data)
    }

    /// Reads the text file `relative` (JSON), only inside the folder; it must be UTF-8 text.
    package func read(_ relative: String) throws -> String {
        guard let text = String(validating: try readBytes(relative), as: UTF8.self) else {
            throw LuaRaise(message: "'\(resolve(relative).map(display) ?? relative)' is not UTF-8 text")
        }
        return text
    }

    /// The source, chunk name and path in the folder of module `name` (`operations.rows` →
    /// `operations/rows.lua`).
    func module(_ name: String) throws -> (source: [UInt8], chunkName: String, relative: String) {
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix("."), !name.contains("..") else {
            throw LuaRaise(message: "invalid module name '\(name)'")
        }
        let relative = name.replacingOccurrences(of: ".", with: "/")
        for candidate in [relative + ".lua", relative + "/init.lua"] {
            if let absolute = resolve(candidate), FileManager.default.fileExists(atPath: absolute) {
                return (try readBytes(candidate), "@" + display(absolute), candidate)
            }
        }
        throw LuaRaise(message: "module '\(name)' not found in feature folder '\(displayPath)' (tried \(relative).lua, \(relative)/init.lua)")
    }
}
