import Storage

/// The app's copy of its App Store receipt, kept as a file in the app's folder: gone after a
/// reinstall, when a restore must refresh it first.
public struct AppReceipt: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The receipt, or nil when the app has none.
    public func read() -> String? {
        guard let bytes = try? DurableFile.read(path), !bytes.isEmpty else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Keeps the newest receipt the Store handed out (rewritten with every purchase, so over the
    /// previous one's temporary, without creating or freeing a file).
    public func save(_ receipt: String) throws(StorageError) {
        try DurableFile.rewrite(Array(receipt.utf8), to: path)
    }
}
