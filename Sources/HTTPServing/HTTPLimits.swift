/// What one server takes at most: threads polling connections, connections at once, seconds a
/// connection may stay idle (a slow or vanished client), bytes of a request's headers and of its
/// body.
public struct HTTPLimits: Sendable, Equatable {
    public var threads: UInt32 = 2
    public var connections: UInt32 = 1_000
    public var idleSeconds: UInt32 = 10
    public var headerBytes: Int = 32 * 1024
    public var bodyBytes: Int = 1024 * 1024

    public init() {}
}
