import Foundation

extension HTTPRecordingFolder {
    /// Why a recording is not written where it would go: the place is not within the feature
    /// folder's own `tests/http/`.
    struct OutsidePlace: Error, CustomStringConvertible {
        let description: String
    }

    /// The path the recording file `name` is written to in the feature folder `folder`'s
    /// `tests/http/` (made when missing), once it is certain to lie there with symbolic links
    /// resolved: `name` is one plain file name, neither `tests` nor `tests/http` is a symbolic
    /// link (or anything but a folder), and the file is a regular one when it exists. Throws
    /// ``OutsidePlace`` otherwise, or why a folder could not be made.
    static func writablePath(for name: String, inFeature folder: String) throws -> String {
        let directory = HTTPRecording.directory(ofFeature: folder)
        let outside = "recordings are written only inside the feature folder's own tests/http/"
        guard !name.isEmpty, !name.hasPrefix("."), !name.contains("/"), !name.utf8.contains(0), name.utf8.count <= 255 else {
            throw OutsidePlace(description: "\(HTTPRequestRules.shown(name)) is not a plain file name: \(outside)")
        }
        let manager = FileManager.default
        let featureFolder = String(directory.dropLast("/tests/http".count))
        if !featureFolder.isEmpty { try manager.createDirectory(atPath: featureFolder, withIntermediateDirectories: true) }
        var made = featureFolder
        for part in ["tests", "http"] {
            made = made.isEmpty ? part : made + "/" + part
            switch type(ofItemAt: made) {
            case nil: try manager.createDirectory(atPath: made, withIntermediateDirectories: false)
            case .typeDirectory?: continue
            case .typeSymbolicLink?: throw OutsidePlace(description: "\(made) is a symbolic link: \(outside)")
            default: throw OutsidePlace(description: "\(made) is not a folder: \(outside)")
            }
        }
        let path = directory + "/" + name
        switch type(ofItemAt: path) {
        case nil, .typeRegular?: return path
        case .typeSymbolicLink?: throw OutsidePlace(description: "\(path) is a symbolic link: \(outside)")
        default: throw OutsidePlace(description: "\(path) is not a regular file: \(outside)")
        }
    }

    /// What is at `path` itself (a symbolic link is not followed); nil when nothing is.
    private static func type(ofItemAt path: String) -> FileAttributeType? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
    }
}
