import Storage

/// Why the Server could not handle a request: its database failed.
public struct ServerError: Error, Equatable, CustomStringConvertible, Sendable {
    public let storage: StorageError

    public init(_ storage: StorageError) {
        self.storage = storage
    }

    public var description: String { storage.description }
}
