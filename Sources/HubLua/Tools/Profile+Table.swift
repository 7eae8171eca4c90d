import Foundation
import HubCore

// A profile as a table to read: the operations, then the functions and lines with the most
// samples.

extension Profile {
    /// The operations (time, instructions, memory, waits), then the `top` functions by samples
    /// (self, then total) and the `top` lines.
    package func table(top: Int = HubDefaults.Profile.rows) -> String {
        var text = operationsTable()
        text += "\n\(samples.count) sample\(samples.count == 1 ? "" : "s"), one every \(Self.grouped(every)) instructions"
        let counted = operations.reduce(0) { $0 + $1.instructions }
        if samples.isEmpty, dropped == 0, counted > 0 {
            text += ": the operations counted \(Self.grouped(counted)) in all, too few for one (sample more often)"
        }
        text += dropped > 0 ? " (\(dropped) dropped: past the \(Self.recordBytes >> 20) MiB of samples a profile keeps, or out of memory)\n" : "\n"
        guard !samples.isEmpty else { return text }
        text += "\n" + Self.columns(
            ["self", "total", "function"],
            functions.prefix(top).map { ["\($0.selfSamples)", "\($0.totalSamples)", Self.place(of: $0.frame)] }, text: [2])
        text += "\n" + Self.columns(
            ["samples", "line"], lines.prefix(top).map { ["\($0.samples)", "\($0.file):\($0.line)"] }, text: [1])
        return text
    }

    /// One row per operation: runs, wall time, Lua and host (Swift) time, waits, instructions
    /// and bytes allocated.
    private func operationsTable() -> String {
        let rows = operations.indices.map { index in
            let operation = operations[index]
            let waits = operation.waits.keys.sorted().map { "\($0) \(Self.milliseconds(operation.waits[$0] ?? 0))" }
            return [
                operationLabel(index), "\(operation.runs)", Self.milliseconds(operation.milliseconds),
                Self.milliseconds(operation.luaMilliseconds), Self.milliseconds(operation.hostMilliseconds),
                waits.isEmpty ? "-" : waits.joined(separator: ", "), Self.grouped(operation.instructions),
                Self.bytes(operation.allocatedBytes),
            ]
        }
        guard !rows.isEmpty else { return "no operation ran\n" }
        return Self.columns(
            ["operation", "runs", "ms", "lua ms", "host ms", "waits ms", "instructions", "allocated"], rows, text: [0, 5])
    }

    /// `name file:line` (`name [C]`) for a table.
    private static func place(of frame: Frame) -> String {
        "\(frame.name) \(frame.line.map { "\(frame.file):\($0)" } ?? frame.file)"
    }

    /// Rows under a header, each column as wide as its widest cell, two spaces apart: the
    /// columns `text` left-aligned (the last one unpadded), the others right-aligned.
    static func columns(_ header: [String], _ rows: [[String]], text: Set<Int>) -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.indices.map { column in
                let padding = String(repeating: " ", count: widths[column] - row[column].count)
                guard text.contains(column) else { return padding + row[column] }
                return column == row.count - 1 ? row[column] : row[column] + padding
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    /// `1.5` (milliseconds, one decimal).
    static func milliseconds(_ value: Double) -> String {
        String(format: "%.1f", value)
    }

    /// `1,234,567`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return value < 0 ? "-" + out : out
    }

    /// `512 B`, `12.3 KiB`, `4.5 MiB`.
    static func bytes(_ value: UInt64) -> String {
        if value < 1024 { return "\(value) B" }
        if value < 1 << 20 { return String(format: "%.1f KiB", Double(value) / 1024) }
        return String(format: "%.1f MiB", Double(value) / 1_048_576)
    }
}
