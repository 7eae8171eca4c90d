import CLua
import CLuaShim

// Line coverage: the budget's hook also counts the lines that run while it is on (coverage.c),
// and compiled chunks tell which lines can run at all.

extension LuaState {
    /// Starts counting the lines of file chunks (`@path`) that run from now on, in this state's
    /// main thread and every thread made after this call (each operation's and action's
    /// coroutine), forgetting any earlier count. Off, the hook takes no line events at all.
    /// False when out of memory.
    /// At most `recordBytes` of file names and counts are kept (a script may load any number of
    /// chunks, under any name, with a statement on any line, and the record is outside its
    /// memory limit): later hits that need more are dropped and counted
    /// (``coverageDroppedHits``).
    @discardableResult
    package func startCoverage(recordBytes: Int = LuaState.coverageRecordBytes) -> Bool {
        hub_coverage_start(L, recordBytes) != 0
    }

    /// The memory a line record keeps at most by default.
    package static let coverageRecordBytes = 64 << 20

    /// How many line hits were dropped since ``startCoverage(recordBytes:)``: past the
    /// record's bound, or out of memory. 0 when off.
    package var coverageDroppedHits: Int {
        limits.pointee.coverage.map { Int(hub_coverage_dropped($0)) } ?? 0
    }

    /// Stops counting lines and forgets the counts.
    package func stopCoverage() {
        hub_coverage_stop(L)
    }

    /// Whether lines are being counted.
    package var isCoveringLines: Bool { limits.pointee.coverage != nil }

    /// How often each line of each file chunk started running since ``startCoverage(recordBytes:)``, by
    /// chunk name without its `@` (a file's path as it was loaded), then line; empty when off.
    /// The `end` line of a function written over several lines is not counted (see
    /// ``LuaFunctionLines/statementLines``).
    package var coveredLines: [String: [Int: Int]] {
        guard let coverage = limits.pointee.coverage else { return [:] }
        var files: [String: [Int: Int]] = [:]
        for file in 0..<hub_coverage_file_count(coverage) {
            var lines: [Int: Int] = [:]
            if let counts = hub_coverage_file_counts(coverage, file) {
                for line in 0..<Int(hub_coverage_file_size(coverage, file)) where counts[line] > 0 {
                    lines[line] = Int(counts[line])
                }
            }
            files[String(cString: hub_coverage_file_name(coverage, file))] = lines
        }
        return files
    }

    /// Compiles `source` as the text chunk `chunkName`, without running it, and gives the
    /// lines of its main function and of every function inside it, run or not (see
    /// ``LuaFunctionLines``). Throws the syntax error of a chunk that does not compile.
    package func compiledLines(of source: [UInt8], chunkName: String) throws(LuaError) -> LuaFunctionLines {
        try load(bytes: source, chunkName: chunkName)
        defer { stack.pop() }
        var bytes: [UInt8] = []
        // lua_dump calls the writer with each piece, here in the host: nothing can raise.
        let status = withUnsafeMutablePointer(to: &bytes) { buffer in
            lua_dump(L, { _, piece, size, buffer in
                guard let piece, let buffer else { return 0 }
                buffer.assumingMemoryBound(to: [UInt8].self).pointee.append(
                    contentsOf: UnsafeRawBufferPointer(start: piece, count: size))
                return 0
            }, buffer, 0)
        }
        guard status == 0 else { throw LuaError(message: "cannot dump \(chunkName)") }
        return try LuaFunctionLines(dump: bytes)
    }
}
