import Foundation
import HubLua
internal import LuaBridge

// `hub test --coverage`: counting the lines the tests run, and which lines could have run.

extension HubRuntime {
    /// Starts counting the lines of the feature folders' files that run from now on: call it
    /// before loading the folders, so that what their files do as they load counts, and every
    /// coroutine is made while it is on.
    public func startCoverage() {
        lua.startCoverage()
    }

    /// Every Lua file of the loaded feature folders under `directories` but their tests
    /// (`*_test.lua`), with the lines that can run in it (compiled, not run: functions no test
    /// called count too) and how often each ran since ``startCoverage()``. A file that does not
    /// compile has no line that can run and is left out.
    public func lineCoverage(under directories: [String]) -> LineCoverage {
        let covered = lua.coveredLines
        let isUnderRoots = Self.isUnder(directories)
        var files: [LineCoverage.File] = []
        for loaded in folders where isUnderRoots(loaded.folder.path) {
            let folder = loaded.folder
            for relative in FeatureFolder.files(under: folder.path, matching: { $0.hasSuffix(".lua") && !$0.hasSuffix("_test.lua") }) {
                guard let absolute = folder.resolve(relative), let source = try? folder.readBytes(relative) else { continue }
                let name = folder.display(absolute)
                guard let compiled = try? lua.compiledLines(of: source, chunkName: "@" + name) else { continue }
                let hits = covered[name] ?? [:]
                let lines = Dictionary(uniqueKeysWithValues: compiled.executableLines.map { ($0, hits[$0] ?? 0) })
                files.append(LineCoverage.File(path: absolute, displayPath: name, lines: lines))
            }
        }
        return LineCoverage(files: files.sorted { $0.path < $1.path }, droppedHits: lua.coverageDroppedHits)
    }
}
