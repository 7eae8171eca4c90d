import Foundation
internal import LuaBridge

/// A golden file of a feature folder: the text a render must match byte for byte
/// (`hub.expect_render`). It is read only inside the folder, as `hub.read` reads; `hub test
/// --update` writes it, also only inside the folder, never through a symbolic link that leads
/// out of it.
struct GoldenFile {
    /// What checking a render against the golden file did.
    enum Outcome: Equatable {
        /// The render matched the file.
        case matched
        /// The file was missing, and now holds the render (the file's display path).
        case created(String)
        /// The file differed, and now holds the render (the file's display path).
        case updated(String)
    }

    /// The feature folder the file belongs to.
    let folder: FeatureFolder
    /// The path as the test gave it, relative to the folder.
    let relative: String
    /// The file's absolute path.
    let absolute: String

    /// The golden file `relative` of `folder`; throws when the path leads out of the folder.
    init(_ relative: String, in folder: FeatureFolder) throws {
        guard let absolute = folder.resolve(relative) else {
            throw LuaRaise(message: "'\(relative)' is outside the feature folder")
        }
        self.folder = folder
        self.relative = relative
        self.absolute = absolute
    }

    /// How messages name the file: its path relative to where Hub runs.
    var displayPath: String { folder.display(absolute) }

    /// Compares `text` with the file. When `updating`, writes `text` into a missing or
    /// different file; otherwise throws a missing file (saying how to create it) or a
    /// different one (with the unified diff from the file to `text`).
    func check(_ text: String, updating: Bool) throws -> Outcome {
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: absolute, isDirectory: &isFolder)
        if isFolder.boolValue { throw LuaRaise(message: "'\(relative)' is a folder, not a golden file") }
        let rendered = Data(text.utf8)
        guard exists else {
            guard updating else {
                throw LuaRaise(message: "no golden file '\(relative)' (\(displayPath)): run hub test --update to create it from this render")
            }
            try write(rendered)
            return .created(displayPath)
        }
        guard let golden = FileManager.default.contents(atPath: absolute) else {
            throw LuaRaise(message: "cannot read '\(displayPath)'")
        }
        if golden == rendered { return .matched }
        guard updating else { throw LuaRaise(message: mismatch(golden: golden, rendered: text)) }
        try write(rendered)
        return .updated(displayPath)
    }

    /// The failure of a render that differs from the file's `golden` bytes: the unified diff
    /// from the file to the render.
    func mismatch(golden: Data, rendered: String) -> String {
        let diff = LineDiff(from: String(decoding: golden, as: UTF8.self), to: rendered)
        let header = "render does not match '\(relative)' (run hub test --update to accept it):"
        guard diff.hasChanges else { return header + "\nthe golden file is not UTF-8 text" }
        return header + "\n" + diff.unified(oldName: relative, newName: "render")
    }

    /// Writes `data` into the file, creating the folders on its way; refuses a path that a
    /// symbolic link leads out of the feature folder.
    private func write(_ data: Data) throws {
        guard let target = Self.writablePath(absolute, in: folder) else {
            throw LuaRaise(message: "'\(relative)' is outside the feature folder")
        }
        do {
            try FileManager.default.createDirectory(
                atPath: FeatureFolder.parent(of: target), withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: target), options: .atomic)
        } catch {
            throw LuaRaise(message: "cannot write '\(displayPath)': \(error.localizedDescription)")
        }
    }

    /// Where writing `absolute` (a path in `folder`, made of no `.` or `..`) really writes,
    /// following each symbolic link on the way; nil when a link leads out of the folder or
    /// nowhere. What does not exist yet is created there, so it cannot be a link.
    static func writablePath(_ absolute: String, in folder: FeatureFolder) -> String? {
        guard absolute.hasPrefix(folder.path + "/") else { return nil }
        var current = folder.path
        for component in absolute.dropFirst(folder.path.count + 1).split(separator: "/") {
            current += "/" + component
            let attributes = try? FileManager.default.attributesOfItem(atPath: current)
            guard attributes?[.type] as? FileAttributeType == .typeSymbolicLink else { continue }
            let resolved = URL(fileURLWithPath: current).resolvingSymlinksInPath().path
            guard resolved != current, resolved == folder.path || resolved.hasPrefix(folder.path + "/") else { return nil }
            current = resolved
        }
        return current
    }
}
