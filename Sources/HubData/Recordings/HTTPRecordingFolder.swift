import Foundation

extension HTTPRecording {
    /// The folder holding the recordings of the feature in `folder`: `<folder>/tests/http`.
    public static func directory(ofFeature folder: String) -> String {
        var folder = folder
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        return folder.isEmpty ? "tests/http" : folder + "/tests/http"
    }
}

/// The recording files of a folder, read.
enum HTTPRecordingFolder {
    /// One `*.http` file.
    struct File {
        let name: String
        let path: String
        /// What it records; nil when it could not be read.
        let recording: HTTPRecording?
        /// Why it could not be read (with its path); nil when it could.
        let problem: String?
    }

    /// The `*.http` files of `directory`, sorted by name (none when it does not exist), and why
    /// the directory could not be listed.
    static func files(in directory: String) -> (files: [File], problem: String?) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            return ([], nil)
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".http") }.sorted()
        } catch {
            return ([], "\(directory): cannot list the recordings: \(error.localizedDescription)")
        }
        return (names.map { read($0, in: directory) }, nil)
    }

    /// The file `name` of `directory`, read.
    static func read(_ name: String, in directory: String) -> File {
        let path = directory + "/" + name
        guard let data = FileManager.default.contents(atPath: path) else {
            return File(name: name, path: path, recording: nil, problem: "\(path): cannot read the recording")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            return File(name: name, path: path, recording: nil, problem: "\(path): the recording is not UTF-8 text")
        }
        do {
            return File(name: name, path: path, recording: try HTTPRecording(parsing: text, file: path), problem: nil)
        } catch {
            return File(name: name, path: path, recording: nil, problem: error.description)
        }
    }
}
