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
    public static func relative(_ location: String, to folder: String?) -> String {
        guard let folder, folder != ".", location.hasPrefix(folder + "/") else { return location }
        return String(location.dropFirst(folder.count + 1))
    }
}
