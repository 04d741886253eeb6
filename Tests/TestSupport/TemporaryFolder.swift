import Foundation

/// A fresh folder in the system's temporary directory, removed with everything in it when the
/// test lets go of it.
public final class TemporaryFolder {
    public let url: URL

    /// Creates the folder.
    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("storesim-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    public var path: String { url.path }

    /// The path of a file in the folder (which need not exist).
    public func file(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// Writes a file in the folder and returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        let file = file(name)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
