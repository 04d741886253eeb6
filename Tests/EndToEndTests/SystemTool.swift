import Foundation

/// Runs a system tool (`mount`, `chattr`) and waits for it; what it said on stderr is the error
/// when it fails.
enum SystemTool {
    static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(text: "\(tool) \(arguments.joined(separator: " ")): \(String(decoding: said, as: UTF8.self))")
        }
    }

    /// A tool's failure, with what it said.
    struct Failure: Error, CustomStringConvertible {
        let text: String
        var description: String { text }
    }
}
