/// How Hub words a located problem on one line: what went wrong first, then who and where
/// (`message — feature 'books', operation 'rows', operations/rows.lua:3`), so that a terminal
/// 80 columns wide shows the cause however deep the folder lies; a location inside the feature
/// folder is shown relative to it (the full path stays in the error's fields and in `hub
/// check`, whose `file:line:` prefixes editors follow).
public enum ProblemLine {
    /// `message — context…, location, passed on at …`; just `message` when there is nothing
    /// after it.
    public static func text(
        _ message: String, context: [String], location: String?, passedOn: [String] = [], folder: String? = nil
    ) -> String {
        var parts = context
        if let location { parts.append(relative(location, to: folder)) }
        if !passedOn.isEmpty { parts.append("passed on at " + passedOn.map { relative($0, to: folder) }.joined(separator: ", ")) }
        return parts.isEmpty ? message : message + " — " + parts.joined(separator: ", ")
    }

    /// `location` (`path:line`) relative to `folder` when it lies inside it, else as it is.
    /// Lua cuts a long file name to its end (`...F25380E9/feature.lua:1`): such a location lies
    /// inside `folder` when what it keeps starts with an end of the folder's path and a `/`.
    public static func relative(_ location: String, to folder: String?) -> String {
        guard let folder, folder != "." else { return location }
        if location.hasPrefix(folder + "/") { return String(location.dropFirst(folder.count + 1)) }
        guard let end = keptEnd(of: folder, in: location) else { return location }
        return String(location.dropFirst(3 + end.count + 1))
    }

    /// The longest end of `folder`'s path that `location`, a file name Lua cut to its end
    /// (`...`), starts with, followed by `/`; nil when it is not cut or lies elsewhere.
    public static func keptEnd(of folder: String, in location: String) -> Substring? {
        guard location.hasPrefix("...") else { return nil }
        let kept = location.dropFirst(3)
        var end = folder[...]
        while !end.isEmpty {
            if kept.hasPrefix(end + "/") { return end }
            end = end.dropFirst()
        }
        return nil
    }
}
