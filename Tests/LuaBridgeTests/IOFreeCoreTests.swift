import Foundation
import Testing

/// HubCore is the model and the chain, with no I/O: it reads and writes no file and reaches no
/// network, other process or kernel. What features fetch and keep (HubData, the backends) and
/// the process's facts (HubSystem) live where their I/O is; HubCore keeps the protocols they
/// implement. Its sources are scanned for the APIs that do I/O, and its manifest entry for what
/// it depends on.
@Suite struct IOFreeCoreTests {
    /// How each kind of I/O is spelled in Swift on Linux, and what it reaches.
    static let ioSpellings: [(pattern: String, reaches: String)] = [
        (#"\bFileManager\b|\bFileHandle\b|\bBundle\b|\bInputStream\b|\bOutputStream\b"#, "files"),
        (#"\b(Data|String|NSData|NSString)\(contentsOf|contentsOfFile:|contentsOfDirectory"#, "files"),
        (#"\.write\(to(File)?:|\.write\(toFile:"#, "files"),
        (#"\b(fopen|fdopen|opendir|mkdir|unlink|rename|lstat|realpath|mmap)\("#, "files"),
        (#""/(proc|sys|dev|etc|tmp)/"#, "the system's files"),
        (#"\b(URLSession|URLRequest|getaddrinfo|socket|SocketPort)\b"#, "the network"),
        (#"\bProcess\(\)|\bProcessInfo\b|\b(getenv|setenv|fork|execv|posix_spawn)\("#, "processes and the environment"),
        (#"\b(dlopen|dlsym|sysconf|syscall|sched_getaffinity|mallopt)\("#, "the kernel and the loader"),
        (#"\b(Glibc|Musl|Darwin)\."#, "the C library's system calls"),
    ]

    /// What HubCore's files may import: Foundation (for its values: dates, URLs, conditions),
    /// the standard library's locks, and swift-collections' heap. The C library (Glibc, Musl,
    /// Darwin), and through it `open`, `read` and `socket`, is not among them.
    static let allowedImports: Set<String> = ["Foundation", "Synchronization", "HeapModule"]

    /// Where `file`'s code (comments left out) spells I/O: `path:line: reaches: code`.
    static func io(in file: URL, named path: String) throws -> [String] {
        let text = try String(contentsOf: file, encoding: .utf8)
        // Simple word boundaries: Unicode's keep `FileManager.default` one word.
        let spellings = try ioSpellings.map { (try Regex($0.pattern).wordBoundaryKind(.simple), $0.reaches) }
        let importLine = try Regex(#"^\s*(?:@testable |@_exported |public |package |internal )*import\s+(?:(?:struct|class|enum|func|var|let) )?([A-Za-z_]+)"#)
        var found: [String] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = line.trimmingCharacters(in: .whitespaces)
            guard !code.hasPrefix("//") else { continue }
            if let match = code.firstMatch(of: importLine), let module = match.output[1].substring,
                !allowedImports.contains(String(module))
            {
                found.append("\(path):\(index + 1): imports \(module): \(code)")
            }
            for (pattern, reaches) in spellings where code.contains(pattern) {
                found.append("\(path):\(index + 1): reaches \(reaches): \(code)")
            }
        }
        return found
    }

    /// The Swift files of `folder` (relative to the package), by path, sorted.
    static func swiftFiles(in folder: String) throws -> [(url: URL, path: String)] {
        let root = PackageGraph.root.appendingPathComponent(folder)
        let enumerator = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
        return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            .map { ($0, folder + "/" + $0.path.dropFirst(root.path.count + 1)) }
            .sorted { $0.path < $1.path }
    }

    @Test func hubCoreSpellsNoIO() throws {
        let files = try Self.swiftFiles(in: "Sources/HubCore")
        #expect(files.count > 80, "HubCore's sources are found: \(files.count)")
        for (url, path) in files {
            for line in try Self.io(in: url, named: path) {
                Issue.record("HubCore does no I/O, but \(line)")
            }
        }
    }

    /// The scan sees I/O where it is: the recordings' files, the process's `/proc`, a file's
    /// import of the C library.
    @Test func theScanFindsTheIOOfTheModulesThatDoIt() throws {
        let folder = try Self.io(
            in: PackageGraph.root.appendingPathComponent("Sources/HubData/Recordings/HTTPRecordingFolder.swift"), named: "folder")
        #expect(folder.contains { $0.hasPrefix("folder:") && $0.contains(": reaches files: ") && $0.contains("FileManager.default.fileExists") })
        let cores = try Self.io(in: PackageGraph.root.appendingPathComponent("Sources/HubSystem/AllowedCores.swift"), named: "cores")
        #expect(cores.contains { $0.contains(": reaches the system's files: ") && $0.contains("/proc/self/status") })
        let memory = try Self.io(in: PackageGraph.root.appendingPathComponent("Sources/HubSystem/ProcessMemory.swift"), named: "memory")
        #expect(memory.first == "memory:2: imports Glibc: import Glibc")
    }

    @Test func hubCoreDependsOnlyOnTheHeap() throws {
        let graph = try PackageGraph.targetDependencies()
        #expect(graph["HubCore"] == ["HeapModule"])
    }
}
