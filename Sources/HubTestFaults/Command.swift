import Foundation

/// Runs `program` (found on the `PATH`) with `arguments` and fails unless it exits with 0: how
/// tests make real faults (`mount`, `chattr`).
public func run(_ program: String, _ arguments: String...) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [program] + arguments
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        throw FaultError("\(program) \(arguments.joined(separator: " ")) failed: \(message)")
    }
}

/// Makes `file` immutable (`+i`) or not (`-i`): read-only even for root, as CI runs, where a
/// file's mode would not stop a write.
public func chattr(_ flag: String, _ file: String) throws {
    try run("chattr", flag, file)
}

/// Why a fault could not be made.
public struct FaultError: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
