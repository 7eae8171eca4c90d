import Foundation

/// Runs a fuzz target's check over files (the corpus, or inputs a fuzzer saved), for the fuzz
/// programs built without the fuzzer: `FuzzDSL corpus/DSL crash-123`, or
/// `FuzzDSL --show crash-123` to print what an input stands for (the script it generates).
public enum CorpusReplay {
    /// Runs `check` on every file named in `arguments` (folders: every file inside) and prints
    /// how many ran; with `--show` first, prints `show` of each file instead.
    public static func run(_ arguments: [String], check: ([UInt8]) -> Void, show: ([UInt8]) -> String) {
        let showing = arguments.first == "--show"
        var count = 0
        for path in arguments.dropFirst(showing ? 1 : 0) {
            for file in files(at: path) {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                if showing {
                    print("-- \(file)\n\(show([UInt8](data)))")
                } else {
                    check([UInt8](data))
                }
                count += 1
            }
        }
        if !showing { print("\(count) inputs passed") }
    }

    private static func files(at path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return [] }
        guard isFolder.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().map { (path as NSString).appendingPathComponent($0) }
    }
}
