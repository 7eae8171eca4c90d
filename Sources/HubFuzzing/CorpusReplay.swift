import Foundation

/// Runs a fuzz target's check over files (the corpus, or inputs a fuzzer saved), for the fuzz
/// programs built without the fuzzer: `FuzzJSON corpus/json crash-123`.
public enum CorpusReplay {
    /// Runs `check` on every file named in `arguments` (folders: every file inside) and prints
    /// how many ran.
    public static func run(_ arguments: [String], check: ([UInt8]) -> Void) {
        var count = 0
        for path in arguments {
            for file in files(at: path) {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                check([UInt8](data))
                count += 1
            }
        }
        print("\(count) inputs passed")
    }

    private static func files(at path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return [] }
        guard isFolder.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().map { (path as NSString).appendingPathComponent($0) }
    }
}
